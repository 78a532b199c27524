// ONNX Size, every version (1, 13, 19, 21, 23, 24, 25): the input's element count as an int64
// scalar. Tensor shapes are checked when tensors are made, so the count never overflows here.
#include "ops/shape/register.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

std::vector<Value> size(const KernelContext& ctx) {
  return {Tensor::from_values<int64_t>(ElementType::Int64, {}, {ctx.input(0).element_count()})};
}

OpVersion size_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Size";
  v.since_version = since_version;
  v.inputs = {{"data", "T"}};
  v.outputs = {{"size", "T1"}};
  v.type_constraints = {{"T", types}, {"T1", type_sets::kInt64}};
  v.kernel = size;
  return v;
}

}  // namespace

void register_size(Registry& registry) {
  using namespace type_sets;
  // since_version, and the types of T it allows.
  const std::pair<int, TypeSet> versions[] = {
      {1, kClassic},         {13, kWithBFloat16},  // + bfloat16
      {19, kWithFloat8},                           // + the four float8 types
      {21, kWithInt4},                             // + uint4, int4
      {23, kWithFloat4},                           // + float4e2m1
      {24, kWithFloat8E8M0},                       // + float8e8m0
      {25, kWithInt2},                             // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(size_version(since, types));
  registry.declare_accuracy("Size", {AccuracyKind::Exact, "the input's element count"});
}

}  // namespace onnx_ref
