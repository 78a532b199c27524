// ONNX GlobalLpPool, every version (1, 2, 22): X [N, C, spatial...] to Y [N, C, 1, ...]. Contract:
// correctly rounded — each output is (sum over the channel of |x|^p)^(1/p), the exact value rounded
// once to the element type (nearest, ties to even; ops/pool/lp_norm.h). p is a whole number from 1
// to 1024 (refused otherwise).
//   1: p float.  2: p int.  22: + bfloat16.
#include "ops/float_dispatch.h"
#include "ops/pool/global_pool.h"
#include "ops/pool/lp_norm.h"
#include "ops/pool/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// The kernel takes `p`, parsed and checked at load.
std::vector<Value> global_lp_pool(const KernelContext& ctx, int64_t p_exp) {
  const Tensor& x = ctx.input(0);
  const pool::GlobalWindows windows = pool::global_windows(x);
  const int64_t size = windows.size, channels = windows.channels;
  Tensor y = Tensor::uninitialized(x.type(), windows.out);
  dispatch_float(x.type(), "GlobalLpPool", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = x.data_as<S>();
    S* py = reinterpret_cast<S*>(y.mutable_data());
    const MemoryCharge window_charge =
        charge_scratch<double>(static_cast<uint64_t>(size), "GlobalLpPool's widened window");
    std::vector<double> window(static_cast<size_t>(size));
    for (int64_t c = 0; c < channels; ++c) {
      for (int64_t i = 0; i < size; ++i) window[static_cast<size_t>(i)] = widen(px[c * size + i]);
      py[c] = narrow<S>(pool::lp_norm_rounded(window, p_exp, numeric::format_of<S>()));
    }
  });
  return {y};
}

OpVersion global_lp_pool_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "GlobalLpPool";
  v.since_version = since;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  if (since == 1)
    v.attributes = {{"p", AttrType::Float, false, 2.0f}};
  else
    v.attributes = {{"p", AttrType::Int, false, int64_t{2}}};
  v.type_constraints = {{"T", types}};
  v.set_kernel(pool::read_lp_pool_p, global_lp_pool);
  return v;
}

}  // namespace

void register_global_lp_pool(Registry& registry) {
  for (int since : {1, 2}) registry.add(global_lp_pool_version(since, type_sets::kFloats));
  registry.add(global_lp_pool_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy(
      "GlobalLpPool", {AccuracyKind::CorrectlyRounded, "the exact (sum over the channel of |x|^p)^(1/p) rounded once"});
}

}  // namespace onnx_ref
