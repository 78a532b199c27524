// ONNX AveragePool, every version (1, 7, 10, 11, 19, 22). Contract: correctly rounded — each output
// is the exact sum of its window's elements divided by the count, rounded once to the element type
// (gemm/exact_quotient.h). The count is the number of taps reading the input, or with
// count_include_pad = 1 (7 and later) the number of taps inside the explicitly padded extent (taps
// beyond it, which ceil_mode can add, never count). A window with a zero count is an Error.
//   1: auto_pad, kernel_shape, pads, strides.  7: + count_include_pad.  10: + ceil_mode.
//   11: the same rules, restated.  19: + dilations.  22: + bfloat16.
#include "gemm/exact_quotient.h"
#include "ops/pool/register.h"
#include "ops/pool/pooling.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

std::vector<Value> average_pool(const KernelContext& ctx, int since) {
  const Tensor& x = ctx.input(0);
  const pool::PoolPlan p = pool::plan_pool(x, ctx.attrs, since >= 19, since >= 10);
  const bool include_pad = since >= 7 && ctx.attrs.get_int("count_include_pad") == 1;
  Tensor y = Tensor::uninitialized(x.type(), p.out_shape);
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (!is_float_storage<S>) {
      throw std::logic_error("AveragePool: no kernel for " + std::string(name_of(x.type())));
    } else {
      const S* px = x.data_as<S>();
      S* py = reinterpret_cast<S*>(y.mutable_data());
      pool::for_each_window(p, [&](int64_t o, const pool::WindowTaps& taps) {
        int64_t inside = 0;
        for (int64_t t : taps.index) inside += t >= 0;
        const int64_t count = include_pad ? taps.in_padded_extent : inside;
        if (count == 0) throw Error("the window of output position " + std::to_string(o) + " counts no element");
        for (int64_t nc = 0; nc < p.N * p.C; ++nc) {
          const S* xc = px + nc * p.in_size;
          ExactSum sum;
          for (int64_t t : taps.index)
            if (t >= 0) sum.add(widen(xc[t]));
          py[nc * p.out_size + o] = gemm::round_quotient<S>(sum, static_cast<uint64_t>(count));
        }
      });
    }
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
  v.check_attributes = [since](const Attributes& attrs) {
    parse_auto_pad(std::get<std::string>(attrs.get("auto_pad")));
    if (since >= 7) {
      const int64_t c = attrs.get_int("count_include_pad");
      if (c != 0 && c != 1) throw Error("attribute 'count_include_pad' must be 0 or 1, got " + std::to_string(c));
    }
  };
  v.kernel = [since](const KernelContext& ctx) { return average_pool(ctx, since); };
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
