// ONNX CumProd, every version (26): running products along the axis given as input (a scalar,
// int32 or int64), with `exclusive` (each product leaves its own element out) and `reverse`.
// Contract: rounded at named points. Integers wrap (two's complement). A floating result is the
// previous result times the next element, rounded once to the element type (nearest, ties to
// even), in scan order, as the spec's running product reads; for float16, bfloat16 and float the
// product of two elements is exact in double, so each step is one correctly rounded product. The
// empty product (exclusive) is 1.
#include <type_traits>

#include "ops/reduce/register.h"
#include "ops/reduce/cumulative.h"
#include "ops/type_sets.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

void cum_prod_line(ElementType type, const CumulativeLine& line) {
  dispatch_real(type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* x = reinterpret_cast<const S*>(line.in);
    S* y = reinterpret_cast<S*>(line.out);
    if constexpr (std::is_same_v<S, BoolByte>) {
      throw std::logic_error("CumProd: no bool kernel");
    } else if constexpr (std::is_integral_v<S>) {
      uint64_t acc = 1;
      for (int64_t j = 0; j < line.count; ++j) {
        const uint64_t v = static_cast<uint64_t>(x[j * line.stride]);
        if (!line.exclusive) acc *= v;
        y[j * line.stride] = static_cast<S>(acc);
        if (line.exclusive) acc *= v;
      }
    } else {
      S acc = narrow<S>(1.0);
      for (int64_t j = 0; j < line.count; ++j) {
        const S v = x[j * line.stride];
        if (!line.exclusive) acc = narrow<S>(widen(acc) * widen(v));
        y[j * line.stride] = acc;
        if (line.exclusive) acc = narrow<S>(widen(acc) * widen(v));
      }
    }
  });
}

}  // namespace

void register_cum_prod(Registry& registry) {
  const TypeSet types{ElementType::BFloat16, ElementType::Double, ElementType::Float, ElementType::Float16,
                      ElementType::Int32,    ElementType::Int64,  ElementType::UInt32, ElementType::UInt64};
  registry.add(make_cumulative_version("CumProd", 26, types, cum_prod_line));
  registry.declare_accuracy("CumProd",
                            {AccuracyKind::RoundedAtNamedPoints, "each output the previous one times the next element, rounded once; integers wrap"});
}

}  // namespace onnx_ref
