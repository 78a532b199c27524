// ONNX AveragePool, every version (1, 7, 10, 11, 19, 22). Contract: correctly rounded — each output
// is the exact sum of its window's elements divided by the count, rounded once to the element type
// (gemm/exact_quotient.h). The count is the number of taps reading the input, or with
// count_include_pad = 1 (7 and later) the number of taps inside the explicitly padded extent (taps
// beyond it, which ceil_mode can add, never count). A window with a zero count is an Error.
//   1: auto_pad, kernel_shape, pads, strides.  7: + count_include_pad.  10: + ceil_mode.
//   11: the same rules, restated.  19: + dilations.  22: + bfloat16.
#include <cmath>

#include "gemm/exact_quotient.h"
#include "numeric/interval_rounding.h"
#include "ops/float_dispatch.h"
#include "ops/pool/pooling.h"
#include "ops/pool/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// AveragePool's attributes, parsed at load.
struct AveragePoolParams {
  WindowSpec window;
  bool include_pad = false;
};

AveragePoolParams parse_average_pool_params(const Attributes& attrs, int since) {
  AveragePoolParams params{parse_window_spec(attrs, since >= 19, since >= 10), false};
  if (since >= 7) {
    const int64_t c = attrs.get_int("count_include_pad");
    if (c != 0 && c != 1) throw Error("attribute 'count_include_pad' must be 0 or 1, got " + std::to_string(c));
    params.include_pad = c == 1;
  }
  return params;
}

std::vector<Value> average_pool(const KernelContext& ctx, const AveragePoolParams& params) {
  const Tensor& x = ctx.input(0);
  const pool::PoolPlan p = pool::plan_pool(x, params.window);
  const bool include_pad = params.include_pad;
  Tensor y = Tensor::uninitialized(x.type(), p.out_shape);
  dispatch_float(x.type(), "AveragePool", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = x.data_as<S>();
    S* py = reinterpret_cast<S*>(y.mutable_data());
    pool::for_each_window(p, [&](int64_t o, const pool::WindowTaps& taps) {
      int64_t inside = 0;
      for (int64_t t : taps.index) inside += t >= 0;
      const int64_t count = include_pad ? taps.in_padded_extent : inside;
      if (count == 0) throw Error("the window of output position " + std::to_string(o) + " counts no element");
      for (int64_t nc = 0; nc < p.N * p.C; ++nc) {
        const S* xc = px + nc * p.in_size;
        if constexpr (!std::is_same_v<S, double>) {
          // The window summed in double beside the sum of magnitudes: the elements are exact in
          // double and their sums never underflow inexactly, so the sum s is within
          // gamma_{n-1} sum|x| <= 2 n u sum|x| of the exact sum; s / count adds half an ulp,
          // which decide_small allows for. When the interval rounds to one value, that is the
          // answer; otherwise the exact path below decides.
          double s = 0, mag = 0;
          int64_t n = 0;
          for (int64_t t : taps.index)
            if (t >= 0) {
              const double v = widen(xc[t]);
              s += v;
              mag += std::fabs(v);
              ++n;
            }
          const double c = static_cast<double>(count);
          S out;
          if (n < (int64_t{1} << 40) &&
              numeric::decide_small<S>(s / c, 2 * static_cast<double>(n) * 0x1p-53 * mag / c, out)) {
            py[nc * p.out_size + o] = out;
            continue;
          }
        }
        ExactSum sum;
        for (int64_t t : taps.index)
          if (t >= 0) sum.add(widen(xc[t]));
        py[nc * p.out_size + o] = gemm::round_quotient<S>(sum, static_cast<uint64_t>(count));
      }
    });
  });
  return {y};
}

OpVersion average_pool_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "AveragePool";
  v.since_version = since;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"auto_pad", AttrType::String, false, std::string("NOTSET")},
                  {"kernel_shape", AttrType::Ints, true},
                  {"pads", AttrType::Ints},
                  {"strides", AttrType::Ints}};
  if (since >= 7) v.attributes.push_back({"count_include_pad", AttrType::Int, false, int64_t{0}});
  if (since >= 10) v.attributes.push_back({"ceil_mode", AttrType::Int, false, int64_t{0}});
  if (since >= 19) v.attributes.push_back({"dilations", AttrType::Ints});
  v.type_constraints = {{"T", types}};
  v.set_kernel([since](const Attributes& attrs) { return parse_average_pool_params(attrs, since); }, average_pool);
  return v;
}

}  // namespace

void register_average_pool(Registry& registry) {
  for (int since : {1, 7, 10, 11, 19}) registry.add(average_pool_version(since, type_sets::kFloats));
  registry.add(average_pool_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("AveragePool",
                            {AccuracyKind::CorrectlyRounded, "the exact window sum over the count rounded once"});
}

}  // namespace onnx_ref
