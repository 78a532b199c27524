#pragma once
// Sequences and optionals in the JSON format of `onnx-ref run` (tensors: runtime/tensor_json.h):
//   {"sequence": [TENSOR, ...], "dtype": "float"}   "dtype" may be left out when the model declares
//                                                    the element type or an item gives it
//   {"optional": null}                               an empty optional (the model declares its type)
//   {"optional": TENSOR-or-SEQUENCE}                 an optional holding a value
// Printed output uses the same keys, plus "type" for an empty optional, so it reads back.
#include <optional>

#include <nlohmann/json.hpp>

#include "runtime/tensor_json.h"
#include "runtime/value.h"

namespace onnx_ref {

// `declared`: the model's declaration of the input (kind and element type); nullopt when it declares
// no type, and then the JSON's keys say which kind it is.
Value value_from_json(const nlohmann::json& json, const JsonTensorContext& context, std::optional<ValueKind> declared_kind);

}  // namespace onnx_ref
