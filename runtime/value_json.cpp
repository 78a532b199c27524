#include "runtime/value_json.h"

#include "runtime/error.h"

namespace onnx_ref {

namespace {

bool is_object_with(const nlohmann::json& json, const char* key) { return json.is_object() && json.contains(key); }

Value sequence_from_json(const nlohmann::json& json, const JsonTensorContext& context) {
  if (!is_object_with(json, "sequence")) throw Error(context.what + ": a sequence is {\"sequence\": [...]}");
  for (const auto& [key, v] : json.items())
    if (key != "sequence" && key != "dtype") throw Error(context.what + ": unknown key " + quote_text(key) + " in a sequence");
  const auto& items = json.at("sequence");
  if (!items.is_array()) throw Error(context.what + ": \"sequence\" must be a list of tensors");
  JsonTensorContext item_context = context;
  if (json.contains("dtype")) {
    if (!json["dtype"].is_string()) throw Error(context.what + ": \"dtype\" must be a string");
    const auto type = element_type_from_name(json["dtype"].get<std::string>());
    if (!type) throw Error(context.what + ": unknown dtype " + quote_text(json["dtype"].get<std::string>()));
    if (context.declared_type && *type != *context.declared_type)
      throw Error(context.what + ": dtype " + std::string(name_of(*type)) + " but the model declares " +
                  std::string(name_of(*context.declared_type)));
    item_context.declared_type = type;
  }
  std::vector<Tensor> tensors;
  for (size_t i = 0; i < items.size(); ++i) {
    item_context.what = context.what + " item " + std::to_string(i);
    tensors.push_back(tensor_from_json(items[i], item_context));
    if (!item_context.declared_type) item_context.declared_type = tensors.back().type();
  }
  if (!item_context.declared_type)
    throw Error(context.what + ": an empty sequence needs \"dtype\" when the model does not declare the element type");
  try {
    return Value::sequence(*item_context.declared_type, std::move(tensors));
  } catch (const Error& e) {
    rethrow_with_context(context.what, e);
  }
}

}  // namespace

Value value_from_json(const nlohmann::json& json, const JsonTensorContext& context, std::optional<ValueKind> declared_kind) {
  const ValueKind kind = declared_kind ? *declared_kind
                         : is_object_with(json, "sequence") ? ValueKind::Sequence
                         : is_object_with(json, "optional") ? ValueKind::OptionalTensor  // refined below
                                                            : ValueKind::Tensor;
  switch (kind) {
    case ValueKind::Tensor: return tensor_from_json(json, context);
    case ValueKind::Sequence: return sequence_from_json(json, context);
    case ValueKind::OptionalTensor:
    case ValueKind::OptionalSequence: {
      if (!is_object_with(json, "optional") || json.size() > (json.contains("type") ? 2u : 1u))
        throw Error(context.what + ": an optional is {\"optional\": null} or {\"optional\": VALUE}");
      const auto& content = json.at("optional");
      if (content.is_null()) {
        if (!declared_kind || !context.declared_type)
          throw Error(context.what + ": an empty optional needs the model to declare its type");
        return Value::none({kind, *context.declared_type});
      }
      const bool of_sequence = declared_kind ? kind == ValueKind::OptionalSequence : is_object_with(content, "sequence");
      return Value::some(value_from_json(content, context, of_sequence ? ValueKind::Sequence : ValueKind::Tensor));
    }
  }
  throw std::logic_error("value_from_json: unknown kind");
}

}  // namespace onnx_ref
