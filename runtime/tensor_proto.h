#pragma once
// TensorProto <-> Tensor. Reading accepts raw_data, every typed field and external data; writing
// uses raw_data for everything but strings. Every mismatch between the bytes present and the
// declared type and shape is an Error.
#include <filesystem>
#include <memory>
#include <string>

#include <onnx/onnx_pb.h>

#include "runtime/tensor.h"
#include "runtime/tensor_file.h"  // read_tensor_file, write_tensor_file

namespace onnx_ref {

struct TensorReadOptions {
  // Folder that external data `location`s are relative to (the model file's folder). Empty means
  // external data is refused.
  std::filesystem::path external_data_dir;
};

// `owner`, when given, keeps `proto` alive and lets raw_data be used in place (no copy). External
// data is checked as runtime/external_data.h describes and memory-mapped, not read. Errors start
// with "tensor 'name': ".
Tensor tensor_from_proto(const onnx::TensorProto& proto, const TensorReadOptions& options = {},
                         std::shared_ptr<const void> owner = nullptr);
// A SparseTensorProto made dense: `values` (1-D, NNZ elements) placed at `indices` (int64, [NNZ]
// flat indices or [NNZ, rank] coordinates, strictly increasing) in a zero tensor of shape `dims`.
// Errors name the index and the value that break a rule.
Tensor tensor_from_sparse_proto(const onnx::SparseTensorProto& proto, const TensorReadOptions& options = {});

onnx::TensorProto tensor_to_proto(const Tensor& tensor, const std::string& name = "");

}  // namespace onnx_ref
