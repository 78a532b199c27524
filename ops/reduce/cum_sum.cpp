// ONNX CumSum, every version (11, 14): running sums along the axis given as input (a scalar,
// int32 or int64), with `exclusive` (each sum leaves its own element out) and `reverse`.
//   11: float, double, int32, int64, uint32, uint64.  14: adds float16 and bfloat16.
// Contract: correctly rounded. Integers wrap (two's complement). A floating result is its exact prefix sum
// rounded once (nearest, ties to even): the prefix is kept exactly (numeric/exact_sum.h), so no
// error builds up along the line. IEEE rules for infinities and NaN; an exactly zero prefix is -0
// only when every element in it is -0; the empty prefix (exclusive) is +0.
#include <cmath>
#include <type_traits>

#include "numeric/exact_sum.h"
#include "ops/reduce/cumulative.h"
#include "ops/reduce/register.h"
#include "ops/type_sets.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// The exact prefix rounded once to S; `all_negative_zero`: every element so far is -0.
template <class S>
S cum_sum_rounded(const ExactSum& sum, bool all_negative_zero) {
  const double nearest = sum.round_nearest();
  if (!std::isfinite(nearest)) return narrow<S>(nearest);  // NaN, or an infinity in the prefix
  if (sum.sign() == 0) return narrow<S>(all_negative_zero ? -0.0 : 0.0);
  if constexpr (std::is_same_v<S, double>)
    return nearest;
  else
    return narrow<S>(sum.round_odd());  // to odd, then to at most 24 bits: rounded once in effect
}

void cum_sum_line(ElementType type, const CumulativeLine& line) {
  dispatch_real(type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* x = reinterpret_cast<const S*>(line.in);
    S* y = reinterpret_cast<S*>(line.out);
    if constexpr (std::is_same_v<S, BoolByte>) {
      throw std::logic_error("CumSum: no bool kernel");
    } else if constexpr (std::is_integral_v<S>) {
      uint64_t acc = 0;
      for (int64_t j = 0; j < line.count; ++j) {
        const uint64_t v = static_cast<uint64_t>(x[j * line.stride]);
        if (!line.exclusive) acc += v;
        y[j * line.stride] = static_cast<S>(acc);
        if (line.exclusive) acc += v;
      }
    } else {
      ExactSum sum;
      int64_t added = 0;
      bool all_negative_zero = true;
      auto add = [&](double v) {
        sum.add(v);
        ++added;
        all_negative_zero = all_negative_zero && v == 0 && std::signbit(v);
      };
      for (int64_t j = 0; j < line.count; ++j) {
        const double v = widen(x[j * line.stride]);
        if (!line.exclusive) add(v);
        y[j * line.stride] = cum_sum_rounded<S>(sum, added > 0 && all_negative_zero);
        if (line.exclusive) add(v);
      }
    }
  });
}

}  // namespace

void register_cum_sum(Registry& registry) {
  using namespace type_sets;
  const TypeSet types{ElementType::Float, ElementType::Double, ElementType::Int32,
                      ElementType::Int64, ElementType::UInt32, ElementType::UInt64};
  registry.add(make_cumulative_version("CumSum", 11, types, cum_sum_line));
  registry.add(
      make_cumulative_version("CumSum", 14, types.with({ElementType::Float16, ElementType::BFloat16}), cum_sum_line));
  registry.declare_accuracy(
      "CumSum", {AccuracyKind::CorrectlyRounded, "each output the exact prefix sum rounded once; integers wrap"});
}

}  // namespace onnx_ref
