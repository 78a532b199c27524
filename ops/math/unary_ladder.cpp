// Version ladders of unary element-wise operators (ops/math/unary_ladder.h).
#include "ops/math/unary_ladder.h"

namespace onnx_ref::math {

void register_unary_ladder(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                           const std::vector<UnaryStep>& steps, const std::vector<AttributeSpec>& attributes,
                           const Kernel& kernel, const UnaryNames& names) {
  register_unary_ladder(registry, op_type, accuracy, steps, attributes,
                        KernelSetter([kernel](OpVersion& v) { v.kernel = kernel; }), names);
}

void register_unary_ladder(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                           const std::vector<UnaryStep>& steps, const std::vector<AttributeSpec>& attributes,
                           const KernelSetter& set_kernel, const UnaryNames& names) {
  for (const UnaryStep& step : steps) {
    OpVersion v;
    v.op_type = op_type;
    v.since_version = step.since;
    v.inputs = {{names.input, names.input_var}};
    v.outputs = {{names.output, names.output_var}};
    v.type_constraints = {{names.input_var, step.types}};
    if (names.output_types) v.type_constraints.push_back({names.output_var, *names.output_types});
    v.attributes = attributes;
    if (step.consumed_inputs)
      v.attributes.push_back({"consumed_inputs", AttrType::Ints, false, std::nullopt, /*ignored=*/true});
    set_kernel(v);
    registry.add(std::move(v));
  }
  std::vector<int> versions;
  for (const UnaryStep& step : steps) versions.push_back(step.since);
  registry.declare_accuracy(op_type, accuracy, versions);
}

}  // namespace onnx_ref::math
