// The statistics and element conversions of ops/normalization/normalization.h.
#include "ops/normalization/normalization.h"

#include <array>
#include <limits>
#include <stdexcept>

#include "numeric/exact_sum.h"
#include "ops/broadcast.h"
#include "ops/float_dispatch.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::normalization {

namespace {

// a * b added to `sum` exactly: the rounded product plus its error from an FMA (exact unless the
// product is below 2^-969, where the error term would be subnormal). An overflowing product adds
// its infinity alone (its FMA error would be NaN).
void add_exact_product(ExactSum& sum, double a, double b) {
  const double p = a * b;
  sum.add(p);
  if (std::isfinite(p)) sum.add(std::fma(a, b, -p));
}

}  // namespace

MeanVariance mean_variance(std::span<const double> values) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  if (values.empty()) return {kNaN, kNaN};
  if (values.size() > UINT32_MAX)
    throw Error("a normalized group of " + std::to_string(values.size()) + " elements is beyond 2^32 - 1");
  const auto n = static_cast<uint32_t>(values.size());
  ExactSum sum;
  for (double v : values) sum.add(v);
  const double mean = sum.round_quotient(n, false);
  if (!std::isfinite(mean)) return {mean, kNaN};
  ExactSum squares;
  for (double v : values) {
    // v - mean = hi + lo exactly (Knuth's TwoSum), so (v - mean)^2 = hi^2 + 2 hi lo + lo^2.
    const double hi = v - mean;
    if (!std::isfinite(hi)) {
      squares.add(hi * hi);  // NaN stays NaN; an overflowing deviation squares to +inf
      continue;
    }
    const double back = hi - v;
    const double lo = (v - (hi - back)) + (-mean - back);
    add_exact_product(squares, hi, hi);
    add_exact_product(squares, 2 * hi, lo);
    add_exact_product(squares, lo, lo);
  }
  return {mean, squares.round_quotient(n, false)};
}

std::vector<double> widen_elements(const Tensor& tensor) {
  std::vector<double> out(static_cast<size_t>(tensor.element_count()));
  dispatch_float(tensor.type(), "widen_elements", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* x = tensor.data_as<S>();
    for (size_t i = 0; i < out.size(); ++i) out[i] = widen(x[i]);
  });
  return out;
}

Tensor narrow_elements(ElementType type, const Shape& shape, std::span<const double> values) {
  Tensor out = Tensor::uninitialized(type, shape);
  dispatch_float(type, "narrow_elements", [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* y = reinterpret_cast<S*>(out.mutable_data());
    for (size_t i = 0; i < values.size(); ++i) y[i] = narrow<S>(values[i]);
  });
  return out;
}

// `param` (a scale or bias) broadcast to X's shape, as doubles; Error unless it broadcasts
// unidirectionally (the result must keep X's shape).
std::vector<double> broadcast_parameter(const Tensor& param, const Shape& x_shape, const char* name) {
  const Shape both[] = {x_shape, param.shape()};
  if (broadcast_shapes(both) != x_shape)
    throw Error(std::string("input ") + name + " " + param.describe() +
                " does not broadcast unidirectionally to X's shape " + shape_to_string(x_shape));
  const std::vector<double> values = widen_elements(param);
  std::vector<double> out;
  out.reserve(values.size());
  int64_t total = 1;
  for (int64_t d : x_shape) total *= d;
  out.resize(static_cast<size_t>(total));
  for_each_broadcast_row<1>(
      x_shape, {&param.shape()},
      [&](int64_t at, const std::array<int64_t, 1>& in, const std::array<int64_t, 1>& step, int64_t row) {
        for (int64_t i = 0; i < row; ++i) out[at + i] = values[in[0] + i * step[0]];
      });
  return out;
}

void require_shape(const Tensor& tensor, const Shape& expected, const std::string& input_name) {
  if (tensor.shape() != expected)
    throw Error("input " + input_name + " must have shape " + shape_to_string(expected) + ", but it is " +
                tensor.describe());
}

}  // namespace onnx_ref::normalization
