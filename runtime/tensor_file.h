#pragma once
// Tensor files: one serialized TensorProto each (input_0.pb, output_0.pb), read and written
// without exposing protobuf's types (runtime/tensor_proto.h has the TensorProto conversions).
// Public: onnx_ref.h includes it.
#include <filesystem>
#include <string>

#include "runtime/tensor.h"

namespace onnx_ref {

// A serialized TensorProto file; external data is resolved against the file's folder. Files that
// are not exactly one TensorProto (parse failures, unknown fields other than newer ONNX's
// metadata_props, trailing data, a SequenceProto) are refused. Errors start with the path. `name`,
// when given, receives the tensor's name.
Tensor read_tensor_file(const std::filesystem::path& path, std::string* name = nullptr);
// Writes a serialized TensorProto, byte for byte what protobuf would write for tensor_to_proto();
// raw_data is streamed from the tensor's storage. Tensors beyond protobuf's 2 GiB limit are refused.
void write_tensor_file(const std::filesystem::path& path, const Tensor& tensor, const std::string& name = "");

}  // namespace onnx_ref
