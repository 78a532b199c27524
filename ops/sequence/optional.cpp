// ONNX Optional-15: an optional holding the input, or, without an input, an empty optional of the
// type the `type` attribute gives (then required). When both are given they must agree.
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

ValueType optional_of(const ValueType& t) {
  return {t.kind == ValueKind::Sequence ? ValueKind::OptionalSequence : ValueKind::OptionalTensor, t.elem};
}

std::optional<ValueType> type_attribute(const Attributes& attrs) {
  if (!attrs.has("type")) return std::nullopt;
  const auto& t = std::get<ValueType>(attrs.get("type"));
  if (t.is_optional())
    throw Error("attribute 'type' is " + t.to_string() + "; it gives the element's type, not an optional");
  return t;
}

std::vector<std::optional<ValueType>> optional_outputs(const Attributes& attrs,
                                                       const std::vector<std::optional<ValueType>>& in, size_t) {
  const auto declared = type_attribute(attrs);
  const std::optional<ValueType> input = in.empty() ? std::nullopt : in[0];
  if (declared && input && !(*declared == *input))
    throw Error("attribute 'type' is " + declared->to_string() + " but the input is " + input->to_string());
  if (in.empty() && !declared)
    throw Error("without an input, attribute 'type' is required (it types the empty optional)");
  const auto& t = input ? input : declared;
  return {t ? std::optional<ValueType>(optional_of(*t)) : std::nullopt};
}

}  // namespace

void register_optional(Registry& registry) {
  OpVersion v;
  v.op_type = "Optional";
  v.since_version = 15;
  v.inputs = {{"input", "V", ParamOption::Optional}};
  v.outputs = {{"output", "O"}};
  v.attributes = {{"type", AttrType::TypeProto}};
  TypeConstraint values{"V", type_sets::kClassic};
  values.sequences = type_sets::kClassic;
  TypeConstraint optionals{"O"};
  optionals.optional_tensors = type_sets::kClassic;
  optionals.optional_sequences = type_sets::kClassic;
  v.type_constraints = {values, optionals};
  v.infer_outputs = optional_outputs;
  v.set_kernel(type_attribute,
               [](const KernelContext& ctx, const std::optional<ValueType>& type) -> std::vector<Value> {
                 if (ctx.has_input(0)) return {Value::some(ctx.value(0))};
                 // An input left out by an empty name reaches here too: only the attribute can type the result.
                 if (!type) throw Error("without an input, attribute 'type' is required (it types the empty optional)");
                 return {Value::none(optional_of(*type))};
               });
  registry.add(v);
  registry.declare_accuracy("Optional", {AccuracyKind::Exact, "the input, unchanged"});
}

}  // namespace onnx_ref
