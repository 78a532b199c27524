#include "ops/math/transcendental.h"

namespace onnx_ref::math {

AttributeSpec ignored_consumed_inputs() {
  return {"consumed_inputs", AttrType::Ints, false, std::nullopt, /*ignored=*/true};
}

OpVersion float_unary_version(const std::string& op_type, int since, const TypeSet& types, const UnaryNames& names,
                              std::vector<AttributeSpec> attributes, Kernel kernel) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since;
  v.inputs = {{names.input, "T"}};
  v.outputs = {{names.output, "T"}};
  v.type_constraints = {{"T", types}};
  v.attributes = std::move(attributes);
  v.kernel = std::move(kernel);
  return v;
}

void register_floats_then_bfloat16(Registry& registry, const std::string& op_type, const Accuracy& accuracy, int first,
                                   int with_bfloat16, const UnaryNames& names, Kernel kernel) {
  registry.add(float_unary_version(op_type, first, type_sets::kFloats, names, {}, kernel));
  registry.add(float_unary_version(op_type, with_bfloat16, type_sets::kFloatsIR4, names, {}, kernel));
  registry.declare_accuracy(op_type, accuracy);
}

void register_classic_unary(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                            const UnaryNames& names, Kernel kernel) {
  registry.add(float_unary_version(op_type, 1, type_sets::kFloats, names, {ignored_consumed_inputs()}, kernel));
  registry.add(float_unary_version(op_type, 6, type_sets::kFloats, names, {}, kernel));
  registry.add(float_unary_version(op_type, 13, type_sets::kFloatsIR4, names, {}, kernel));
  registry.declare_accuracy(op_type, accuracy);
}

}  // namespace onnx_ref::math
