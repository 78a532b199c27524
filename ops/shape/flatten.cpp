// ONNX Flatten, every version (1, 9, 11, 13, 21, 23, 24, 25).
// The shape arithmetic is flatten_output_shape in ops/shape_rules.cpp; the output shares the input's
// storage.
#include "ops/shape/register.h"
#include "ops/shape_rules.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

// Axis range [0, r] before version 11, [-r, r] from 11 on.
auto flatten_kernel(bool negative_axis_allowed) {
  return [negative_axis_allowed](const KernelContext& ctx, int64_t axis) -> std::vector<Value> {
    const Tensor& in = ctx.input(0);
    return {in.reshaped(flatten_output_shape(in.shape(), axis, negative_axis_allowed))};
  };
}

OpVersion flatten_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Flatten";
  v.since_version = since_version;
  v.inputs = {{"input", "T"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T", types}};
  v.set_kernel([](const Attributes& attrs) { return attrs.get_int("axis"); }, flatten_kernel(since_version >= 11));
  return v;
}

}  // namespace

void register_flatten(Registry& registry) {
  using namespace type_sets;
  // since_version, and the types of T it allows.
  const std::pair<int, TypeSet> versions[] = {
      {1, kFloats},          {9, kClassic},  // every classic type
      {11, kClassic},                        // + negative axis
      {13, kWithBFloat16},                   // + bfloat16
      {21, kWithInt4},                       // + the four float8 types, uint4, int4
      {23, kWithFloat4},                     // + float4e2m1
      {24, kWithFloat8E8M0},                 // + float8e8m0
      {25, kWithInt2},                       // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(flatten_version(since, types));
  registry.declare_accuracy("Flatten", {AccuracyKind::Exact, "the input's elements, shared storage"});
}

}  // namespace onnx_ref
