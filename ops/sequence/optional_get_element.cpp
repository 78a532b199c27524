// ONNX OptionalGetElement (15, 18): the element of a non-empty optional (an empty one is an
// error). From 18 a plain tensor or sequence passes through as it is.
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

OpVersion optional_get_element_version(int since) {
  OpVersion v;
  v.op_type = "OptionalGetElement";
  v.since_version = since;
  v.inputs = {{"input", "O"}};
  v.outputs = {{"output", "V"}};
  TypeConstraint values{"V", type_sets::kClassic};
  values.sequences = type_sets::kClassic;
  v.type_constraints = {sequence::optional_inputs(since), values};
  v.infer_outputs = [](const Attributes&, const std::vector<std::optional<ValueType>>& in, size_t) {
    return std::vector<std::optional<ValueType>>{in[0] ? std::optional<ValueType>(in[0]->unwrapped()) : std::nullopt};
  };
  v.kernel = [](const KernelContext& ctx) -> std::vector<Value> {
    const Value& input = ctx.value(0);
    if (!input.is_optional()) return {input};
    if (!input.has_element())
      throw Error("the optional is empty (" + input.type().to_string() + "): it has no element to get");
    return {input.element()};
  };
  return v;
}

}  // namespace

void register_optional_get_element(Registry& registry) {
  registry.add(optional_get_element_version(15));
  registry.add(optional_get_element_version(18));  // + plain tensors and sequences
  registry.declare_accuracy("OptionalGetElement", {AccuracyKind::Exact, "the element, unchanged"});
}

}  // namespace onnx_ref
