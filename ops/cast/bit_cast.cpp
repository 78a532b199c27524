// ONNX BitCast, every version (26): the input's bits read as another type of the same width.
//   26: every type but string, both ways; `to` (required) names the output type, which must have
//       the input's bit width. Packed 4- and 2-bit tensors keep their packing, since equal widths
//       pack alike.
// Contract: exact (no value is converted). The output shares the input's storage.
// A bool is one byte that must be 0 or 1: a byte of another value has no bool meaning, so a
// bit cast to bool that would make one is refused, naming the element.
#include "ops/cast/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

ElementType bit_cast_target(const Attributes& attrs) {
  const int64_t code = attrs.get_int("to");
  const auto type =
      code >= INT32_MIN && code <= INT32_MAX ? element_type_from_code(static_cast<int32_t>(code)) : std::nullopt;
  if (!type) throw Error("attribute 'to' = " + std::to_string(code) + " is not a TensorProto.DataType code (1 to 26)");
  if (*type == ElementType::String) throw Error("attribute 'to' is string; BitCast takes no strings");
  return *type;
}

// The kernel takes the type `to` names, parsed and checked at load.
std::vector<Value> bit_cast(const KernelContext& ctx, ElementType to) {
  const Tensor& in = ctx.input(0);
  if (bits_of(in.type()) != bits_of(to))
    throw Error("BitCast needs types of one bit width: the input is " + std::string(name_of(in.type())) + " (" +
                std::to_string(bits_of(in.type())) + " bits), 'to' is " + std::string(name_of(to)) + " (" +
                std::to_string(bits_of(to)) + " bits)");
  if (to == ElementType::Bool && in.type() != ElementType::Bool) {
    const auto* bytes = in.data_as<uint8_t>();
    for (int64_t i = 0; i < in.element_count(); ++i)
      if (bytes[i] > 1)
        throw Error("element " + std::to_string(i) + " is the byte " + std::to_string(bytes[i]) +
                    ", which is no bool (a bool byte is 0 or 1)");
  }
  return {Tensor::from_storage(to, in.shape(), in.storage())};
}

}  // namespace

void register_bit_cast(Registry& registry) {
  const TypeSet types = type_sets::kAllTensorTypesIR13.without({ElementType::String});
  OpVersion v;
  v.op_type = "BitCast";
  v.since_version = 26;
  v.inputs = {{"input", "T1"}};
  v.outputs = {{"output", "T2"}};
  v.attributes = {{"to", AttrType::Int, true}};
  v.type_constraints = {{"T1", types}, {"T2", types}};
  v.attribute_type = [](const Attributes& attrs, const std::string& type_var) -> std::optional<ElementType> {
    if (type_var != "T2") return std::nullopt;
    return bit_cast_target(attrs);
  };
  v.set_kernel(bit_cast_target, bit_cast);
  registry.add(std::move(v));
  registry.declare_accuracy("BitCast", {AccuracyKind::Exact, "the same bits read as another type"});
}

}  // namespace onnx_ref
