// ONNX Unsqueeze, every version (1, 11, 13, 21, 23, 24, 25).
// The axes name positions in the OUTPUT (rank = input rank + number of axes). They are a required
// attribute until 11 (only non-negative in 1, [-r, r-1] from 11) and a required int64 input from
// 13. The output shares the input's storage (unsqueeze_output_shape in ops/shape/shape_ops.cpp).
// An empty axes list leaves the shape as it is.
#include "ops/shape/register.h"
#include "ops/shape/shape_ops.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

// The kernel takes `axes`, read at load.
auto unsqueeze_from_attribute(NegativeAxes negative) {
  return [negative](const KernelContext& ctx, const std::vector<int64_t>& axes) -> std::vector<Value> {
    const Tensor& in = ctx.input(0);
    return {in.reshaped(unsqueeze_output_shape(in.shape(), axes, negative))};
  };
}

std::vector<Value> unsqueeze_from_input(const KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  return {in.reshaped(unsqueeze_output_shape(in.shape(), read_axes_input(ctx.input(1)), NegativeAxes::FromBack))};
}

OpVersion unsqueeze_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Unsqueeze";
  v.since_version = since_version;
  v.outputs = {{"expanded", "T"}};
  if (since_version >= 13) {
    v.inputs = {{"data", "T"}, {"axes", "tensor(int64)"}};
    v.type_constraints = {{"T", types}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
    v.kernel = unsqueeze_from_input;
  } else {
    v.inputs = {{"data", "T"}};
    v.attributes = {{"axes", AttrType::Ints, true}};
    v.type_constraints = {{"T", types}};
    v.set_kernel([](const Attributes& attrs) { return attrs.get_ints("axes"); },
                 unsqueeze_from_attribute(since_version >= 11 ? NegativeAxes::FromBack : NegativeAxes::Refused));
  }
  return v;
}

}  // namespace

void register_unsqueeze(Registry& registry) {
  using namespace type_sets;
  // since_version, and the types of T it allows.
  const std::pair<int, TypeSet> versions[] = {
      {1, kClassic},         {11, kClassic},  // + negative axes
      {13, kWithBFloat16},                    // + bfloat16; axes become an input
      {21, kWithInt4},                        // + the four float8 types, uint4, int4
      {23, kWithFloat4},                      // + float4e2m1
      {24, kWithFloat8E8M0},                  // + float8e8m0
      {25, kWithInt2},                        // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(unsqueeze_version(since, types));
  registry.declare_accuracy("Unsqueeze", {AccuracyKind::Exact, "the input's elements, shared storage"});
}

}  // namespace onnx_ref
