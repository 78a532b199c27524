// ONNX LpPool, every version (1, 2, 11, 18, 22). Contract: correctly rounded — each output is
// (sum over its window of |x|^p)^(1/p), the exact value rounded once to the element type (nearest,
// ties to even; ops/pool/lp_norm.h); padding contributes zeros. p is a whole number from 1 to
// 1024 (refused otherwise: 0 and negative p have no norm; LpPool-1's float p must be whole).
//   1: p float, kernel_shape optional in the schema (required here: there is no window without it).
//   2: p int, kernel_shape required.  11: the same rules, restated.  18: + ceil_mode, dilations.
//   22: + bfloat16.
#include "ops/float_dispatch.h"
#include "ops/pool/lp_norm.h"
#include "ops/pool/pooling.h"
#include "ops/pool/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// LpPool's attributes, parsed at load.
struct LpPoolParams {
  WindowSpec window;
  int64_t p = 2;
};

LpPoolParams parse_lp_pool_params(const Attributes& attrs, int since) {
  // LpPool-1 lists kernel_shape as optional but has no window without it.
  if (!attrs.has("kernel_shape")) throw Error("LpPool needs attribute 'kernel_shape'");
  return {parse_window_spec(attrs, since >= 18, since >= 18), pool::read_lp_pool_p(attrs)};
}

std::vector<Value> lp_pool(const KernelContext& ctx, const LpPoolParams& params) {
  const Tensor& x = ctx.input(0);
  const int64_t p_exp = params.p;
  const pool::PoolPlan p = pool::plan_pool(x, params.window);
  Tensor y = Tensor::uninitialized(x.type(), p.out_shape);
  dispatch_float(x.type(), "LpPool", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = x.data_as<S>();
    S* py = reinterpret_cast<S*>(y.mutable_data());
    std::vector<double> window;
    pool::for_each_window(p, [&](int64_t o, const pool::WindowTaps& taps) {
      for (int64_t nc = 0; nc < p.N * p.C; ++nc) {
        const S* xc = px + nc * p.in_size;
        window.clear();
        for (int64_t t : taps.index)
          if (t >= 0) window.push_back(widen(xc[t]));
        py[nc * p.out_size + o] = narrow<S>(pool::lp_norm_rounded(window, p_exp, numeric::format_of<S>()));
      }
    });
  });
  return {y};
}

OpVersion lp_pool_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "LpPool";
  v.since_version = since;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"auto_pad", AttrType::String, false, std::string("NOTSET")},
                  {"kernel_shape", AttrType::Ints, since >= 2},
                  {"pads", AttrType::Ints},
                  {"strides", AttrType::Ints}};
  if (since == 1)
    v.attributes.push_back({"p", AttrType::Float, false, 2.0f});
  else
    v.attributes.push_back({"p", AttrType::Int, false, int64_t{2}});
  if (since >= 18) {
    v.attributes.push_back({"ceil_mode", AttrType::Int, false, int64_t{0}});
    v.attributes.push_back({"dilations", AttrType::Ints});
  }
  v.type_constraints = {{"T", types}};
  v.set_kernel([since](const Attributes& attrs) { return parse_lp_pool_params(attrs, since); }, lp_pool);
  return v;
}

}  // namespace

void register_lp_pool(Registry& registry) {
  for (int since : {1, 2, 11, 18}) registry.add(lp_pool_version(since, type_sets::kFloats));
  registry.add(lp_pool_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy(
      "LpPool", {AccuracyKind::CorrectlyRounded, "the exact (sum over the window of |x|^p)^(1/p) rounded once"});
}

}  // namespace onnx_ref
