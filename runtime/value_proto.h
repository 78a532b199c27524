#pragma once
// Values that are not tensors in backend-test files: a SequenceProto, an OptionalProto or a MapProto
// in input_K.pb / output_K.pb (Identity-14/16's official tests), read and written back. Which
// message a file holds is what the model declares for that input or output: the bytes of the
// messages parse as one another, so guessing would be unsafe.
//
// A map is a MapProto as onnx.numpy_helper.from_dict writes it: key_type, the keys in `keys`
// (integer types) or `string_keys` (string), and the values as a SequenceProto of TENSOR items,
// one scalar tensor per key. A sequence of maps is a SequenceProto of elem_type MAP.
#include <filesystem>
#include <string>

#include <onnx/onnx-data_pb.h>

#include "runtime/value.h"

namespace onnx_ref {

// `declared` gives the kind and, for an empty sequence or optional, the element type (Undefined
// when the model leaves it open: then the file's tensors or elem_type say it).
Value value_from_sequence_proto(const onnx::SequenceProto& proto, ElementType declared_elem);
Value value_from_optional_proto(const onnx::OptionalProto& proto, const ValueType& declared);
onnx::SequenceProto value_to_sequence_proto(const Value& value, const std::string& name = "");
onnx::OptionalProto value_to_optional_proto(const Value& value, const std::string& name = "");
// `declared`: a map or sequence-of-maps type; its key and value types check the file's (Undefined:
// the file decides). Errors name the broken rule: duplicate keys, keys of another type, keys and
// values of different lengths.
MapEntries map_from_proto(const onnx::MapProto& proto, ElementType declared_key, ElementType declared_value);
Value value_from_map_sequence_proto(const onnx::SequenceProto& proto, ElementType declared_key,
                                    ElementType declared_value);
onnx::MapProto map_to_proto(const MapEntries& map, const std::string& name = "");

// Reads a file holding the message for `kind` (a TensorProto for tensors). Errors start with the
// path. `name`, when given, receives the message's name.
Value read_value_file(const std::filesystem::path& path, const ValueType& declared, std::string* name = nullptr);
void write_value_file(const std::filesystem::path& path, const Value& value, const std::string& name = "");

}  // namespace onnx_ref
