// ONNX Identity, every version (1, 13, 14, 16, 19, 21, 23, 24, 25).
// The output is the input value itself: the same tensor storage, the same sequence items, the same
// optional (empty or not). Nothing is copied.
#include "ops/shape/register.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

std::vector<Value> identity(const KernelContext& ctx) { return {ctx.value(0)}; }

OpVersion identity_version(int since_version, const TypeSet& tensors) {
  OpVersion v;
  v.op_type = "Identity";
  v.since_version = since_version;
  // From 14 the type variable is V: sequences join tensors; from 16 optionals of both.
  const std::string var = since_version >= 14 ? "V" : "T";
  v.inputs = {{"input", var}};
  v.outputs = {{"output", var}};
  TypeConstraint c{var, tensors};
  // The sequence and optional element types stay the 15 classic ones in every version: the spec
  // grows only the tensor types.
  if (since_version >= 14) c.sequences = type_sets::kClassic;
  if (since_version >= 16) {
    c.optional_tensors = type_sets::kClassic;
    c.optional_sequences = type_sets::kClassic;
  }
  v.type_constraints = {c};
  v.kernel = identity;
  return v;
}

}  // namespace

void register_identity(Registry& registry) {
  using namespace type_sets;
  // since_version, and the tensor types of T / V it allows.
  const std::pair<int, TypeSet> versions[] = {
      {1, kClassic},         {13, kWithBFloat16},  // + bfloat16
      {14, kWithBFloat16},                         // + sequences
      {16, kWithBFloat16},                         // + optionals
      {19, kWithFloat8},                           // + the four float8 types
      {21, kWithInt4},                             // + uint4, int4
      {23, kWithFloat4},                           // + float4e2m1
      {24, kWithFloat8E8M0},                       // + float8e8m0
      {25, kWithInt2},                             // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(identity_version(since, types));
  registry.declare_accuracy("Identity", {AccuracyKind::Exact, "the input value itself"});
}

}  // namespace onnx_ref
