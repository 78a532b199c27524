// Reshape and Flatten through a loaded Model (executor + kernel), from 1 KiB to 1 GiB of input.
// Both outputs share the input's storage, so the time per run must not grow with the size.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <onnx/onnx_pb.h>

#include "interpreter/model.h"
#include "runtime/tensor.h"

namespace {

using onnx_ref::ElementType;
using onnx_ref::Model;
using onnx_ref::Tensor;

constexpr int64_t kMinBytes = int64_t{1} << 10;
constexpr int64_t kMaxBytes = int64_t{1} << 30;

// A float input of rank `rank` (at most 3) with symbolic dims, so one model serves every size.
void add_float_input(onnx::GraphProto* graph, const std::string& name, int rank) {
  auto* input = graph->add_input();
  input->set_name(name);
  auto* type = input->mutable_type()->mutable_tensor_type();
  type->set_elem_type(onnx::TensorProto::FLOAT);
  static const char* const dim_names[] = {"d0", "d1", "d2"};
  for (int i = 0; i < rank; ++i) type->mutable_shape()->add_dim()->set_dim_param(dim_names[i]);
}

// A node whose one output is also a graph output.
onnx::NodeProto* add_node(onnx::GraphProto* graph, const std::string& op_type, const std::vector<std::string>& inputs,
                          const std::string& output) {
  auto* node = graph->add_node();
  node->set_op_type(op_type);
  for (const auto& name : inputs) node->add_input(name);
  node->add_output(output);
  graph->add_output()->set_name(output);
  return node;
}

std::shared_ptr<onnx::ModelProto> new_model(int64_t opset) {
  auto model = std::make_shared<onnx::ModelProto>();
  model->set_ir_version(8);
  model->add_opset_import()->set_version(opset);
  model->mutable_graph()->set_name("bench");
  return model;
}

// Reshape-14: x [4, n/4] -> [-1, 16], the target shape an initializer.
Model reshape_model() {
  auto model = new_model(14);
  auto* graph = model->mutable_graph();
  add_float_input(graph, "x", 2);
  auto* shape = graph->add_initializer();
  shape->set_name("shape");
  shape->set_data_type(onnx::TensorProto::INT64);
  shape->add_dims(2);
  shape->add_int64_data(-1);
  shape->add_int64_data(16);
  add_node(graph, "Reshape", {"x", "shape"}, "y");
  return Model::from_proto(model, {}, "bench_reshape.onnx");
}

// Flatten-13 with axis 2: x [2, 2, n/4] -> [4, n/4].
Model flatten_model() {
  auto model = new_model(13);
  auto* graph = model->mutable_graph();
  add_float_input(graph, "x", 3);
  auto* node = add_node(graph, "Flatten", {"x"}, "y");
  auto* axis = node->add_attribute();
  axis->set_name("axis");
  axis->set_type(onnx::AttributeProto::INT);
  axis->set_i(2);
  return Model::from_proto(model, {}, "bench_flatten.onnx");
}

// Google Benchmark calls a benchmark function several times per size; the input is allocated once
// per size and kept until the next size, so at most one large tensor is alive at a time.
const Tensor& input_of_size(int64_t bytes, const onnx_ref::Shape& shape) {
  static int64_t cached_bytes = -1;
  static onnx_ref::Shape cached_shape;
  static Tensor cached;
  if (bytes != cached_bytes || shape != cached_shape) {
    cached = Tensor();  // free the previous one before allocating
    cached = Tensor::zeros(ElementType::Float, shape);
    cached_bytes = bytes;
    cached_shape = shape;
  }
  return cached;
}

void run_shared_storage_benchmark(benchmark::State& state, const Model& model, const onnx_ref::Shape& shape) {
  const int64_t bytes = state.range(0);
  const std::map<std::string, onnx_ref::Value> feeds{{"x", input_of_size(bytes, shape)}};
  const Tensor& input = feeds.at("x").tensor();
  {
    const auto outputs = model.run(feeds);
    if (!outputs.at(0).second.tensor().shares_storage_with(input)) {
      state.SkipWithError("the output does not share the input's storage");
      return;
    }
  }
  for (auto _ : state) {
    auto outputs = model.run(feeds);
    benchmark::DoNotOptimize(outputs);
  }
  state.SetBytesProcessed(state.iterations() * bytes);
  state.SetItemsProcessed(state.iterations() * input.element_count());
  state.SetLabel(input.describe());
}

void BM_Reshape(benchmark::State& state) {
  static const Model model = reshape_model();
  const int64_t count = state.range(0) / 4;
  run_shared_storage_benchmark(state, model, {4, count / 4});
}

void BM_Flatten(benchmark::State& state) {
  static const Model model = flatten_model();
  const int64_t count = state.range(0) / 4;
  run_shared_storage_benchmark(state, model, {2, 2, count / 4});
}

BENCHMARK(BM_Reshape)->RangeMultiplier(4)->Range(kMinBytes, kMaxBytes);
BENCHMARK(BM_Flatten)->RangeMultiplier(4)->Range(kMinBytes, kMaxBytes);

}  // namespace
