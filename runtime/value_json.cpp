#include "runtime/value_json.h"

#include "runtime/error.h"
#include "runtime/error_context.h"

namespace onnx_ref {

namespace {

bool is_object_with(const nlohmann::json& json, const char* key) { return json.is_object() && json.contains(key); }

Value sequence_from_json(const nlohmann::json& json, const JsonTensorContext& context) {
  if (!is_object_with(json, "sequence")) throw Error(context.what + ": a sequence is {\"sequence\": [...]}");
  for (const auto& [key, v] : json.items())
    if (key != "sequence" && key != "dtype")
      throw Error(context.what + ": unknown key " + quote_text(key) + " in a sequence");
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
    rethrow_with_context(e, ErrorContext::at(context.what));
  }
}

// The element type a "key_type" / "value_type" entry names, checked against the model's declaration.
std::optional<ElementType> json_map_type(const nlohmann::json& json, const char* key,
                                         std::optional<ElementType> declared, const std::string& what) {
  if (!json.contains(key)) return declared;
  if (!json[key].is_string()) throw Error(what + ": \"" + key + "\" must be a string");
  const auto type = element_type_from_name(json[key].get<std::string>());
  if (!type) throw Error(what + ": unknown " + key + " " + quote_text(json[key].get<std::string>()));
  if (declared && *type != *declared)
    throw Error(what + ": " + key + " " + std::string(name_of(*type)) + " but the model declares " +
                std::string(name_of(*declared)));
  return type;
}

// One map; `key` and `value` are the types known so far (declared, or from the enclosing sequence).
MapEntries map_from_json(const nlohmann::json& json, const JsonTensorContext& context, std::optional<ElementType> key,
                         std::optional<ElementType> value) {
  if (!is_object_with(json, "map") || !json["map"].is_object())
    throw Error(context.what + ": a map is {\"map\": {\"keys\": [...], \"values\": [...]}}");
  for (const auto& [k, v] : json.items())
    if (k != "map" && k != "key_type" && k != "value_type")
      throw Error(context.what + ": unknown key " + quote_text(k) + " in a map");
  key = json_map_type(json, "key_type", key, context.what);
  value = json_map_type(json, "value_type", value, context.what);
  const auto& body = json["map"];
  for (const auto& [k, v] : body.items())
    if (k != "keys" && k != "values")
      throw Error(context.what + ": unknown key " + quote_text(k) + " in a map's \"map\"");
  if (!body.contains("keys") || !body.contains("values") || !body["keys"].is_array() || !body["values"].is_array())
    throw Error(context.what + ": a map's \"map\" holds \"keys\" and \"values\", two lists");
  if (!key || !value)
    throw Error(context.what + ": a map needs \"key_type\" and \"value_type\" when the model does not declare them");
  if (!is_map_key_type(*key))
    throw Error(context.what + ": key_type " + std::string(name_of(*key)) +
                " is not a map key type (an integer type or string)");
  if (body["keys"].size() != body["values"].size())
    throw Error(context.what + ": a map has " + std::to_string(body["keys"].size()) + " keys but " +
                std::to_string(body["values"].size()) + " values");
  const nlohmann::json shape = nlohmann::json::array({body["keys"].size()});
  Tensor keys = tensor_from_json({{"dtype", std::string(name_of(*key))}, {"shape", shape}, {"data", body["keys"]}},
                                 {context.what + " keys", context.base_dir, key});
  Tensor values =
      tensor_from_json({{"dtype", std::string(name_of(*value))}, {"shape", shape}, {"data", body["values"]}},
                       {context.what + " values", context.base_dir, value});
  try {
    return MapEntries::make(std::move(keys), std::move(values));
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::at(context.what));
  }
}

Value map_sequence_from_json(const nlohmann::json& json, const JsonTensorContext& context, ElementType declared_key) {
  if (!is_object_with(json, "sequence") || !json["sequence"].is_array())
    throw Error(context.what + ": a sequence of maps is {\"sequence\": [MAP, ...]}");
  for (const auto& [k, v] : json.items())
    if (k != "sequence" && k != "key_type" && k != "value_type")
      throw Error(context.what + ": unknown key " + quote_text(k) + " in a sequence of maps");
  auto key =
      json_map_type(json, "key_type",
                    declared_key == ElementType::Undefined ? std::nullopt : std::optional(declared_key), context.what);
  auto value = json_map_type(json, "value_type", context.declared_type, context.what);
  std::vector<MapEntries> maps;
  JsonTensorContext item = context;
  const auto& items = json["sequence"];
  for (size_t i = 0; i < items.size(); ++i) {
    item.what = context.what + " item " + std::to_string(i);
    maps.push_back(map_from_json(items[i], item, key, value));
    key = maps.back().keys.type();
    value = maps.back().values.type();
  }
  if (!key || !value)
    throw Error(
        context.what +
        ": an empty sequence of maps needs \"key_type\" and \"value_type\" when the model does not declare them");
  try {
    return Value::map_sequence(*key, *value, std::move(maps));
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::at(context.what));
  }
}

}  // namespace

nlohmann::json map_to_json(const MapEntries& map) {
  return {{"key_type", std::string(name_of(map.keys.type()))},
          {"value_type", std::string(name_of(map.values.type()))},
          {"map", {{"keys", tensor_to_json(map.keys).at("data")}, {"values", tensor_to_json(map.values).at("data")}}}};
}

Value value_from_json(const nlohmann::json& json, const JsonTensorContext& context,
                      std::optional<ValueKind> declared_kind, ElementType declared_key) {
  if (declared_kind == ValueKind::Map || (!declared_kind && is_object_with(json, "map")))
    return Value::map(map_from_json(json, context,
                                    declared_key == ElementType::Undefined ? std::nullopt : std::optional(declared_key),
                                    context.declared_type));
  if (declared_kind == ValueKind::MapSequence ||
      (!declared_kind && is_object_with(json, "sequence") && json["sequence"].is_array() && !json["sequence"].empty() &&
       is_object_with(json["sequence"][0], "map")))
    return map_sequence_from_json(json, context, declared_key);
  const ValueKind kind = declared_kind                      ? *declared_kind
                         : is_object_with(json, "sequence") ? ValueKind::Sequence
                         : is_object_with(json, "optional") ? ValueKind::OptionalTensor  // refined below
                                                            : ValueKind::Tensor;
  switch (kind) {
    case ValueKind::Tensor:
      return tensor_from_json(json, context);
    case ValueKind::Sequence:
      return sequence_from_json(json, context);
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
      const bool of_sequence =
          declared_kind ? kind == ValueKind::OptionalSequence : is_object_with(content, "sequence");
      return Value::some(value_from_json(content, context, of_sequence ? ValueKind::Sequence : ValueKind::Tensor));
    }
    case ValueKind::Map:
    case ValueKind::MapSequence:
      break;  // handled above
  }
  throw std::logic_error("value_from_json: unknown kind");
}

}  // namespace onnx_ref
