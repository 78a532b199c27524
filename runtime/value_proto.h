#pragma once
// Values that are not tensors in backend-test files: a SequenceProto or an OptionalProto in
// input_K.pb / output_K.pb (Identity-14/16's official tests), read and written back. Which message a
// file holds is what the model declares for that input or output: the bytes of the three messages
// parse as one another, so guessing would be unsafe.
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

// Reads a file holding the message for `kind` (a TensorProto for tensors). Errors start with the
// path. `name`, when given, receives the message's name.
Value read_value_file(const std::filesystem::path& path, const ValueType& declared, std::string* name = nullptr);
void write_value_file(const std::filesystem::path& path, const Value& value, const std::string& name = "");

}  // namespace onnx_ref
