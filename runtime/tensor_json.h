#pragma once
// The JSON tensor format of `onnx-ref run` inputs and outputs:
//   {"dtype": "float", "shape": [2, 3], "data": [...]}    data flat (row-major) or nested to the shape
//   {"file": "x.pb"} or {"file": "x.npy"}                  path relative to the JSON file's folder
//   a bare number or nested list                           element type from the model's declaration
// NaN and infinities are "nan", "inf", "-inf"; a complex number is [re, im]; a value that does not
// fit its type is an Error naming the input and the flat index.
#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/tensor.h"

namespace onnx_ref {

struct JsonTensorContext {
  std::string what;                          // "input 'x'", used in every error message
  std::filesystem::path base_dir;            // folder of the JSON file, for {"file": ...}
  std::optional<ElementType> declared_type;  // the model's declared element type, for bare values
};

Tensor tensor_from_json(const nlohmann::json& value, const JsonTensorContext& context);
// {"dtype": ..., "shape": [...], "data": [...flat...]}; floats printed so that they round-trip.
nlohmann::json tensor_to_json(const Tensor& tensor);

}  // namespace onnx_ref
