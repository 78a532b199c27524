// ONNX Constant, every version (1, 9, 11, 12, 13, 19, 21, 23, 24, 25).
// The value is an attribute: `value` (a tensor) in every version, `sparse_value` from 11 (made
// dense when the model is loaded), and from 12 `value_float(s)`, `value_int(s)`,
// `value_string(s)`. Exactly one must be set (checked at load). Its element type is the output
// type, known at load through attribute_type, so a value outside T (Constant-1 takes only float16,
// float and double) is refused before anything runs.
#include "ops/generators/generator_rules.h"
#include "ops/generators/register.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

std::vector<std::string> value_attributes(int since_version) {
  if (since_version >= 12)
    return {"sparse_value", "value",      "value_float",  "value_floats",
            "value_int",    "value_ints", "value_string", "value_strings"};
  if (since_version >= 11) return {"sparse_value", "value"};
  return {"value"};
}

OpVersion constant_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Constant";
  v.since_version = since_version;
  v.outputs = {{"output", "T"}};
  v.type_constraints = {{"T", types}};
  if (since_version >= 11) {
    v.attributes = {{"sparse_value", AttrType::SparseTensor}, {"value", AttrType::Tensor}};
    if (since_version >= 12)
      v.attributes.insert(v.attributes.end(), {{"value_float", AttrType::Float},
                                               {"value_floats", AttrType::Floats},
                                               {"value_int", AttrType::Int},
                                               {"value_ints", AttrType::Ints},
                                               {"value_string", AttrType::String},
                                               {"value_strings", AttrType::Strings}});
  } else {
    v.attributes = {{"value", AttrType::Tensor, true}};
  }
  const std::vector<std::string> names = value_attributes(since_version);
  v.attribute_type = [names](const Attributes& attrs, const std::string&) -> std::optional<ElementType> {
    return constant_value_type(attrs, constant_value_attribute(attrs, names));
  };
  // The value is made once, at load; every call returns it (tensors are immutable and share storage).
  v.set_kernel(
      [names](const Attributes& attrs) { return constant_value(attrs, constant_value_attribute(attrs, names)); },
      [](const KernelContext&, const Tensor& value) -> std::vector<Value> { return {value}; });
  return v;
}

}  // namespace

void register_constant(Registry& registry) {
  using namespace type_sets;
  // since_version, and the types of T it allows.
  const std::pair<int, TypeSet> versions[] = {
      {1, kFloats},          {9, kClassic},  // every classic type
      {11, kClassic},                        // + sparse_value
      {12, kClassic},                        // + value_float(s), value_int(s), value_string(s)
      {13, kWithBFloat16},                   // + bfloat16
      {19, kWithFloat8},                     // + the four float8 types
      {21, kWithInt4},                       // + uint4, int4
      {23, kWithFloat4},                     // + float4e2m1
      {24, kWithFloat8E8M0},                 // + float8e8m0
      {25, kWithInt2},                       // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(constant_version(since, types));
  registry.declare_accuracy("Constant", {AccuracyKind::Exact, "the attribute's value"});
}

}  // namespace onnx_ref
