#pragma once
// The JSON tensor format of `onnx-ref run` inputs and outputs:
//   {"dtype": "float", "shape": [2, 3], "data": [...]}    data flat (row-major) or nested to the shape
//   {"file": "x.pb"} or {"file": "x.npy"}                  path relative to the JSON file's folder
//   a bare number or nested list                           element type from the model's declaration
//
// Object form: "dtype" is a spec name ("float", "float8e4m3fn") or a NumPy alias ("float32",
// "float64"); it may be left out when the model declares the type. Without "shape" the shape is
// inferred from the nesting (a bare value is rank 0). Any other key is an error. {"file": ...} picks
// the reader by extension (.pb or .npy); absolute paths are allowed.
//
// Values:
//  - integers must fit their type exactly (int64/uint64 are taken from the JSON integer, never through
//    a double); a JSON number with a fraction or exponent is accepted when it is integral and below
//    2^53 in magnitude, where the double it was parsed to is unambiguous;
//  - bool is true/false, or the integers 0 and 1;
//  - float types take any JSON number, rounded as Cast does (the float8 types saturate; a number with
//    a fraction or exponent has already been rounded to double by the JSON parser, JSON integers are
//    rounded once, directly to the type); the strings
//    "nan", "inf", "+inf" and "-inf" ("inf" is the type's infinity, or its largest value in the
//    formats without one, as Cast saturates); and "nan:0x<hex>", a NaN with exactly that bit pattern;
//  - complex is [re, im], each part a float value as above (in the part's float or double type);
//  - string is a JSON string, or {"base64": "..."} for bytes that are not valid UTF-8.
//
// Output (tensor_to_json) is {"dtype", "shape", "data": flat} and round-trips bit-exactly through
// text: floats are printed as the shortest decimal that reads back to the same value; "nan" stands for
// the type's canonical NaN (the one "nan" reads as) and every other NaN pattern is "nan:0x<hex>" with
// the type's full width (float16 "nan:0xfe00", float "nan:0x7fc00001"); strings that are not valid
// UTF-8 become {"base64": "..."}.
//
// A value that does not fit its type is an Error naming the input and the flat index:
// "input 'x' [3]: 300 does not fit uint8".
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
