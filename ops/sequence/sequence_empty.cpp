// ONNX SequenceEmpty-11: an empty sequence of tensors of element type `dtype` (default float).
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {
ElementType dtype_of(const Attributes& attrs) {
  if (!attrs.has("dtype")) return ElementType::Float;
  const int64_t code = attrs.get_int("dtype");
  const auto type =
      code >= INT32_MIN && code <= INT32_MAX ? element_type_from_code(static_cast<int32_t>(code)) : std::nullopt;
  if (!type || !type_sets::kClassic.contains(*type))
    throw Error("dtype " + std::to_string(code) + " is not an element type SequenceEmpty-11 allows (" +
                type_sets::kClassic.to_string() + ")");
  return *type;
}
}  // namespace

void register_sequence_empty(Registry& registry) {
  OpVersion v;
  v.op_type = "SequenceEmpty";
  v.since_version = 11;
  v.outputs = {{"output", "S"}};
  v.attributes = {{"dtype", AttrType::Int}};
  v.type_constraints = {sequence::sequences(type_sets::kClassic)};
  v.attribute_type = [](const Attributes& attrs, const std::string&) -> std::optional<ElementType> {
    return dtype_of(attrs);
  };
  v.set_kernel(dtype_of, [](const KernelContext&, ElementType dtype) -> std::vector<Value> {
    return {Value::sequence(dtype, {})};
  });
  registry.add(v);
  registry.declare_accuracy("SequenceEmpty", {AccuracyKind::Exact, "an empty sequence"});
}

}  // namespace onnx_ref
