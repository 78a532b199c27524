#pragma once
// Sequences and optionals in the JSON format of `onnx-ref run` (tensors: runtime/tensor_json.h):
//   {"sequence": [TENSOR, ...], "dtype": "float"}   "dtype" may be left out when the model declares
//                                                    the element type or an item gives it
//   {"optional": null}                               an empty optional (the model declares its type)
//   {"optional": TENSOR-or-SEQUENCE}                 an optional holding a value
//   {"map": {"keys": [...], "values": [...]},        a map: keys and values as two lists of one
//    "key_type": "int64", "value_type": "float"}     length, in order; the types may be left out
//                                                    when the model declares them
//   {"sequence": [MAP, ...], "key_type": ...,        a sequence of maps
//    "value_type": ...}
// Elements are written as in a tensor's "data" (runtime/tensor_json.h). Printed output uses the same
// keys, plus "type" for an empty optional, so it reads back.
#include <optional>

#include <nlohmann/json.hpp>

#include "runtime/tensor_json.h"
#include "runtime/value.h"

namespace onnx_ref {

// `declared`: the model's declaration of the input (kind and element type); nullopt when it declares
// no type, and then the JSON's keys say which kind it is.
// For maps, context.declared_type is the declared value type and `declared_key` the key type
// (Undefined: not declared).
Value value_from_json(const nlohmann::json& json, const JsonTensorContext& context,
                      std::optional<ValueKind> declared_kind, ElementType declared_key = ElementType::Undefined);
// {"key_type": ..., "value_type": ..., "map": {"keys": [...], "values": [...]}}
nlohmann::json map_to_json(const MapEntries& map);

}  // namespace onnx_ref
