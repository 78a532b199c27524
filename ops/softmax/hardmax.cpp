// ONNX Hardmax, every version (1, 11, 13): 1 for the first largest element of each line, 0
// elsewhere. Versions 1 and 11 take lines of the input coerced to 2-D at `axis` (default 1): one
// 1 per row of [prod(d[0:axis]), prod(d[axis:])], not one per line along `axis` (ONNX's Python
// reference applies the 13 rule to them, which the spec text does not say); 13 works along `axis`
// (default -1) and adds bfloat16.
// Contract: exact. Ties go to the lower index; a NaN counts as the largest value (the first NaN
// wins, as numpy's argmax); +0 and -0 are equal.
#include <cmath>

#include "ops/float_dispatch.h"
#include "ops/softmax/register.h"
#include "ops/softmax/softmax_family.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

void hardmax_lines(const Tensor& in, Tensor& out, const LineLayout& lines) {
  dispatch_float(in.type(), "hardmax_lines", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* x = in.template data_as<S>();
    S* y = reinterpret_cast<S*>(out.mutable_data());
    const S zero = narrow<S>(0.0), one = narrow<S>(1.0);
    for (int64_t o = 0; o < lines.outer; ++o)
      for (int64_t i = 0; i < lines.inner; ++i) {
        const int64_t base = o * lines.count * lines.inner + i;
        int64_t best = 0;
        double best_value = widen(x[base]);
        for (int64_t k = 1; k < lines.count && !std::isnan(best_value); ++k) {
          const double v = widen(x[base + k * lines.inner]);
          if (std::isnan(v) || v > best_value) {
            best = k;
            best_value = v;
          }
        }
        for (int64_t k = 0; k < lines.count; ++k) y[base + k * lines.inner] = k == best ? one : zero;
      }
  });
}

}  // namespace

void register_hardmax(Registry& registry) {
  add_softmax_ladder(registry, "Hardmax",
                     {AccuracyKind::Exact, "1 at the first largest element of each line, 0 elsewhere"}, hardmax_lines);
}

}  // namespace onnx_ref
