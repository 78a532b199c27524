#pragma once
// A one-node model whose data is a large float initializer: Reshape(data, [-1, 256]) -> reshaped.
// The initializer is written either as external data (weights.bin beside model.onnx) or inline as
// raw_data, so loading and writing large tensors can be timed with and without a copy through
// protobuf.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

namespace onnx_ref::bench {

inline constexpr int64_t kBigModelColumns = 256;

// Non-zero bytes, so the file has no holes and the data is not trivially compressible.
inline void fill_pattern(std::vector<char>& chunk, uint64_t start) {
  for (size_t i = 0; i < chunk.size(); ++i) chunk[i] = static_cast<char>((start + i) * 2654435761u >> 13);
}

// Writes `dir`/model.onnx (and `dir`/weights.bin when `external`). `bytes` must be a multiple of
// 4 * kBigModelColumns.
inline void write_big_reshape_model(const std::filesystem::path& dir, uint64_t bytes, bool external) {
  if (bytes == 0 || bytes % (4 * kBigModelColumns) != 0)
    throw std::invalid_argument("the size must be a positive multiple of " + std::to_string(4 * kBigModelColumns));
  std::filesystem::create_directories(dir);
  const int64_t count = static_cast<int64_t>(bytes / 4);

  onnx::ModelProto model;
  model.set_ir_version(8);
  model.add_opset_import()->set_version(14);
  auto* graph = model.mutable_graph();
  graph->set_name("big_reshape");
  auto* node = graph->add_node();
  node->set_op_type("Reshape");
  node->add_input("data");
  node->add_input("shape");
  node->add_output("reshaped");

  auto* shape = graph->add_initializer();
  shape->set_name("shape");
  shape->set_data_type(onnx::TensorProto::INT64);
  shape->add_dims(2);
  shape->add_int64_data(-1);
  shape->add_int64_data(kBigModelColumns);

  auto* data = graph->add_initializer();
  data->set_name("data");
  data->set_data_type(onnx::TensorProto::FLOAT);
  data->add_dims(count);
  std::vector<char> chunk;
  if (external) {
    data->set_data_location(onnx::TensorProto::EXTERNAL);
    auto entry = [&](const char* key, const std::string& value) {
      auto* e = data->add_external_data();
      e->set_key(key);
      e->set_value(value);
    };
    entry("location", "weights.bin");
    entry("offset", "0");
    entry("length", std::to_string(bytes));
    std::ofstream weights(dir / "weights.bin", std::ios::binary | std::ios::trunc);
    for (uint64_t done = 0; done < bytes;) {
      chunk.resize(static_cast<size_t>(std::min<uint64_t>(bytes - done, 1 << 20)));
      fill_pattern(chunk, done);
      weights.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
      done += chunk.size();
    }
    if (!weights) throw std::runtime_error((dir / "weights.bin").string() + ": cannot write");
  } else {
    std::string* raw = data->mutable_raw_data();
    raw->resize(static_cast<size_t>(bytes));
    chunk.resize(static_cast<size_t>(bytes));
    fill_pattern(chunk, 0);
    std::copy(chunk.begin(), chunk.end(), raw->begin());
  }

  auto* output = graph->add_output();
  output->set_name("reshaped");
  output->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);

  std::ofstream out(dir / "model.onnx", std::ios::binary | std::ios::trunc);
  if (!model.SerializeToOstream(&out)) throw std::runtime_error((dir / "model.onnx").string() + ": cannot write");
}

}  // namespace onnx_ref::bench
