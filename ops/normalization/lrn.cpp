// ONNX LRN, every version (1, 13): local response normalization across channels,
//   square_sum[n, c, ...] = sum of x[n, i, ...]^2 for i in [c - floor((size-1)/2), c + ceil((size-1)/2)]
//   y = x / (bias + alpha / size * square_sum)^beta
// over an input of shape (N, C, D1, ..., Dk), k >= 0. 1: float16, float, double; 13 adds bfloat16.
// Contract: rounded at named points. square_sum is the exact sum of squares rounded once to double;
// alpha / size, its product with square_sum, the addition of bias, the power (correctly rounded,
// numeric/elementary.h) and the division are each rounded to double in that order, and the result
// once to the element type. The float attributes are used as the model holds them. size must be
// at least 1.
#include <algorithm>
#include <cmath>
#include <vector>

#include "numeric/elementary.h"
#include "numeric/interval_rounding.h"
#include "ops/normalization/normalization.h"
#include "ops/normalization/register.h"
#include "ops/reduce/accumulators.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// For a result narrower than double: x / RN(base^beta) rounded to double and then to T, decided
// from glibc's pow without the correctly rounded power. The estimate p is within kEstimateError
// (relative) of base^beta wherever that is a normal double (numeric/elementary.h), and so of the
// correctly rounded power; x / power is monotone in the power, and both roundings are monotone,
// so T's value is decided when both ends of t = x / p widened by that error round to the same
// value of T (decide_small allows for the two roundings to double, 2^-52 |t|). Stores that
// value, exactly, as a double.
template <class S>
bool decide_narrow_as(double x, double base, double beta, double& out) {
  if (!(base > 0) || !std::isfinite(base)) return false;
  const double p = std::pow(base, beta);
  if (!(p > 0x1p-1000 && p < 0x1p1000) || !std::isfinite(x)) return false;
  const double t = x / p;
  S y;
  if (!numeric::decide_small<S>(t, std::fabs(t) * (numeric::kEstimateError * 1.01), y)) return false;
  out = widen(y);
  return true;
}

bool decide_narrow(ElementType type, double x, double base, double beta, double& out) {
  switch (type) {
    case ElementType::Float:
      return decide_narrow_as<float>(x, base, beta, out);
    case ElementType::Float16:
      return decide_narrow_as<Float16Bits>(x, base, beta, out);
    case ElementType::BFloat16:
      return decide_narrow_as<BFloat16Bits>(x, base, beta, out);
    default:
      return false;
  }
}

// The sum of the squares of w[0..n) (values widened from float, float16 or bfloat16, so each
// square is exact in double and non-negative) rounded once to double, decided without ExactSum
// when a compensated sum settles it; false otherwise. TwoSum keeps hi + (the exact sum of the
// errors) equal to the exact sum S; lo, their sum in double, is within (n - 1) u mag of it (mag =
// sum of |errors|). r = RN(hi + lo) is within a factor 2 of hi, so hi - r is exact, and
// t = RN((hi - r) + lo) is within 2 u |t| of (hi + lo) - r. So S lies within |t| + E of r, E =
// n u mag + 2 u |t| (rounded up by the factor 2); when that is less than half the gap from r to
// either neighbour, S rounds to r.
bool square_sum_decided(const double* w, int64_t n, double& out) {
  constexpr double u = 0x1p-53;
  double hi = 0, lo = 0, mag = 0;
  for (int64_t k = 0; k < n; ++k) {
    const double q = w[k] * w[k];
    const double s = hi + q, bb = s - hi, e = (hi - (s - bb)) + (q - bb);
    hi = s;
    lo += e;
    mag += std::fabs(e);
  }
  if (!std::isfinite(hi) || !std::isfinite(lo)) return false;
  const double r = hi + lo;
  if (r == 0) {  // every square is zero: S = +0
    out = hi;
    return hi == 0 && lo == 0;
  }
  const double t = (hi - r) + lo;
  const double E = 2 * (static_cast<double>(n) * u * mag + 2 * u * std::fabs(t));
  const double half_gap = std::min(std::nextafter(r, HUGE_VAL) - r, r - std::nextafter(r, 0.0)) / 2;
  if (!(std::fabs(t) + E < half_gap)) return false;
  out = r;
  return true;
}

// LRN's attributes, parsed at load (size at least 1).
struct LrnParams {
  int64_t size = 1;
  double alpha = 0, beta = 0, bias = 0;
};

LrnParams parse_lrn_params(const Attributes& attrs) {
  const int64_t size = attrs.get_int("size");
  if (size < 1)
    throw Error("attribute size = " + std::to_string(size) + " must be at least 1 (the channels summed over)");
  return {size, std::get<float>(attrs.get("alpha")), std::get<float>(attrs.get("beta")),
          std::get<float>(attrs.get("bias"))};
}

std::vector<Value> lrn(const KernelContext& ctx, const LrnParams& params) {
  using namespace normalization;
  const Tensor& x = ctx.input(0);
  if (x.rank() < 2) throw Error("input X must have rank 2 or more (N, C, ...), but it is " + x.describe());
  const int64_t size = params.size;
  const double alpha = params.alpha, beta = params.beta, bias = params.bias;
  const int64_t batches = x.shape()[0], channels = x.shape()[1];
  int64_t inner = 1;
  for (int64_t d = 2; d < x.rank(); ++d) inner *= x.shape()[static_cast<size_t>(d)];
  const MemoryCharge widened_charge =
      charge_scratch<double>(2 * static_cast<uint64_t>(x.element_count()), "LRN's widened input and result");
  const std::vector<double> xs = widen_elements(x);
  std::vector<double> y(xs.size());
  const int64_t before = (size - 1) / 2, after = size - 1 - before;
  const double alpha_over_size = alpha / static_cast<double>(size);
  const bool narrower = x.type() != ElementType::Double;
  // Each (image, channel) row of outputs is computed from X alone: rows run on any thread.
  parallel_for(
      batches * channels, std::max<int64_t>(1, 4096 / std::max<int64_t>(1, inner)), [&](int64_t r0, int64_t r1) {
        std::vector<double> window;
        for (int64_t row = r0; row < r1; ++row) {
          const int64_t n = row / channels, c = row % channels;
          const int64_t lo = std::max<int64_t>(0, c - before), hi = std::min<int64_t>(channels - 1, c + after);
          for (int64_t i = 0; i < inner; ++i) {
            window.clear();
            for (int64_t k = lo; k <= hi; ++k)
              window.push_back(xs[static_cast<size_t>((n * channels + k) * inner + i)]);
            double square_sum;
            if (!narrower || !square_sum_decided(window.data(), static_cast<int64_t>(window.size()), square_sum))
              square_sum = exact_square_sum_run(window.data(), static_cast<int64_t>(window.size()));
            const double base = bias + alpha_over_size * square_sum;
            const auto at = static_cast<size_t>((n * channels + c) * inner + i);
            if (narrower && decide_narrow(x.type(), xs[at], base, beta, y[at])) continue;
            const double power =
                numeric::correctly_rounded(numeric::Fn::Pow, numeric::Format::Double, base, numeric::Args{beta});
            y[at] = xs[at] / power;
          }
        }
      });
  return {narrow_elements(x.type(), x.shape(), y)};
}

OpVersion lrn_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "LRN";
  v.since_version = since;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"alpha", AttrType::Float, false, 1e-4f},
                  {"beta", AttrType::Float, false, 0.75f},
                  {"bias", AttrType::Float, false, 1.0f},
                  {"size", AttrType::Int, true}};
  v.type_constraints = {{"T", types}};
  v.set_kernel(parse_lrn_params, lrn);
  return v;
}

}  // namespace

void register_lrn(Registry& registry) {
  registry.add(lrn_version(1, type_sets::kFloats));
  registry.add(lrn_version(13, type_sets::kFloatsIR4));
  registry.declare_accuracy("LRN", {AccuracyKind::RoundedAtNamedPoints,
                                    "the exact square sum rounded once to double; each step of the formula rounded to "
                                    "double; the result once to T"});
}

}  // namespace onnx_ref
