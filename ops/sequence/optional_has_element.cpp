// ONNX OptionalHasElement (15, 18): a bool scalar, true when the optional holds an element. From
// 18 the input may be left out (false) or be a plain tensor or sequence (true).
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

OpVersion optional_has_element_version(int since) {
  OpVersion v;
  v.op_type = "OptionalHasElement";
  v.since_version = since;
  v.inputs = {{"input", "O", since >= 18 ? ParamOption::Optional : ParamOption::Single}};
  v.outputs = {{"output", "B"}};
  v.type_constraints = {sequence::optional_inputs(since), {"B", type_sets::kBool}};
  v.kernel = [](const KernelContext& ctx) -> std::vector<Value> {
    const bool has = ctx.has_input(0) && (!ctx.value(0).is_optional() || ctx.value(0).has_element());
    return {Tensor::from_values<uint8_t>(ElementType::Bool, {}, {static_cast<uint8_t>(has)})};
  };
  return v;
}

}  // namespace

void register_optional_has_element(Registry& registry) {
  registry.add(optional_has_element_version(15));
  registry.add(optional_has_element_version(18));  // the input may be absent, or not an optional
  registry.declare_accuracy("OptionalHasElement", {AccuracyKind::Exact, "a decision"});
}

}  // namespace onnx_ref
