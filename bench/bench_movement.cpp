// Data movement and element-wise kernels on large tensors, through a loaded Model (executor +
// kernel), each beside the memcpy of the bytes it writes (BM_Memcpy/N for the same N): data movement
// is memory-bound, so memcpy is the floor. Each model is written as a text ModelProto.
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <google/protobuf/text_format.h>
#include <onnx/onnx_pb.h>

#include "interpreter/model.h"
#include "runtime/element_values.h"
#include "runtime/tensor.h"

namespace {

using onnx_ref::ElementType;
using onnx_ref::Model;
using onnx_ref::Shape;
using onnx_ref::Tensor;
using onnx_ref::Value;

constexpr int64_t kMiB = int64_t{1} << 20;

Model model_from_text(const std::string& text) {
  auto proto = std::make_shared<onnx::ModelProto>();
  if (!google::protobuf::TextFormat::ParseFromString(text, proto.get()))
    throw std::runtime_error("bad bench model text");
  return Model::from_proto(proto, {}, "bench.onnx");
}

// "ir_version: 8 opset_import {version: N} graph { ... }" around the given graph body.
std::string model_text(int opset, const std::string& graph) {
  return "ir_version: 8 opset_import { domain: \"\" version: " + std::to_string(opset) + " } graph { name: \"bench\" " +
         graph + " }";
}

std::string int64_init(const std::string& name, const std::vector<int64_t>& values) {
  std::string s =
      "initializer { name: \"" + name + "\" data_type: 7 dims: " + std::to_string(values.size()) + " int64_data: [";
  for (size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + std::to_string(values[i]);
  return s + "] }";
}

// A tensor with every byte written (so that no page is shared zero memory).
Tensor filled(ElementType type, Shape shape) {
  Tensor t = Tensor::zeros(type, std::move(shape));
  std::memset(t.mutable_data(), 1, t.bytes().size());
  return t;
}

// Runs `model` on `feeds` in the timed loop, after one run that must succeed; bytes processed are
// the bytes of every output.
void run_model(benchmark::State& state, const Model& model, const std::map<std::string, Value>& feeds) {
  int64_t out_bytes = 0;
  try {
    for (const auto& [name, v] : model.run(feeds)) out_bytes += static_cast<int64_t>(v.tensor().bytes().size());
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  for (auto _ : state) {
    auto outputs = model.run(feeds);
    benchmark::DoNotOptimize(outputs);
  }
  state.SetBytesProcessed(state.iterations() * out_bytes);
  state.counters["out_MiB"] = static_cast<double>(out_bytes) / kMiB;
}

// The floor: copying N MiB into freshly allocated memory, as a kernel writing an N MiB output does.
void BM_Memcpy(benchmark::State& state) {
  const int64_t bytes = state.range(0) * kMiB;
  const Tensor src = filled(ElementType::UInt8, {bytes});
  for (auto _ : state) {
    Tensor dst = Tensor::uninitialized(ElementType::UInt8, {bytes});
    std::memcpy(dst.mutable_data(), src.data(), static_cast<size_t>(bytes));
    benchmark::DoNotOptimize(dst);
  }
  state.SetBytesProcessed(state.iterations() * bytes);
}
BENCHMARK(BM_Memcpy)->Arg(16)->Arg(32)->Arg(40)->Arg(48)->Arg(64)->Arg(96)->Arg(128)->Unit(benchmark::kMillisecond);

const std::string kX = "input { name: \"x\" } ";
const std::string kY = "output { name: \"y\" } ";

// Concat of two 32 MiB float tensors on axis 0 (64 MiB out).
void BM_Concat_axis0(benchmark::State& state) {
  static const Model m =
      model_from_text(model_text(13,
                                 "node { op_type: \"Concat\" input: \"a\" input: \"b\" output: \"y\" attribute { name: "
                                 "\"axis\" i: 0 type: INT } } input { name: \"a\" } input { name: \"b\" } " +
                                     kY));
  const Tensor a = filled(ElementType::Float, {2048, 4096});
  run_model(state, m, {{"a", a}, {"b", a}});
}
// Concat on the last axis: 4096 runs of 16 KiB from each input.
void BM_Concat_axis1(benchmark::State& state) {
  static const Model m =
      model_from_text(model_text(13,
                                 "node { op_type: \"Concat\" input: \"a\" input: \"b\" output: \"y\" attribute { name: "
                                 "\"axis\" i: 1 type: INT } } input { name: \"a\" } input { name: \"b\" } " +
                                     kY));
  const Tensor a = filled(ElementType::Float, {4096, 2048});
  run_model(state, m, {{"a", a}, {"b", a}});
}
// Split of 64 MiB into two halves on axis 0.
void BM_Split_axis0(benchmark::State& state) {
  static const Model m = model_from_text(model_text(13,
                                                    "node { op_type: \"Split\" input: \"x\" output: \"y\" output: "
                                                    "\"z\" attribute { name: \"axis\" i: 0 type: INT } } " +
                                                        kX + kY + "output { name: \"z\" }"));
  run_model(state, m, {{"x", filled(ElementType::Float, {4096, 4096})}});
}
// Slice of the middle half of the rows of a 64 MiB tensor (32 MiB out).
void BM_Slice_rows(benchmark::State& state) {
  static const Model m = model_from_text(
      model_text(13, "node { op_type: \"Slice\" input: \"x\" input: \"s\" input: \"e\" output: \"y\" } " +
                         int64_init("s", {1024}) + int64_init("e", {3072}) + kX + kY));
  run_model(state, m, {{"x", filled(ElementType::Float, {4096, 4096})}});
}
// Gather of 4096 rows (16 KiB each) of a 64 MiB tensor (64 MiB out), in order and in reverse order.
void gather_rows(benchmark::State& state, bool reverse) {
  static const Model m = model_from_text(model_text(
      13, "node { op_type: \"Gather\" input: \"x\" input: \"i\" output: \"y\" } input { name: \"i\" } " + kX + kY));
  Tensor idx = Tensor::zeros(ElementType::Int64, {4096});
  for (int64_t k = 0; k < 4096; ++k) reinterpret_cast<int64_t*>(idx.mutable_data())[k] = reverse ? 4095 - k : k;
  run_model(state, m, {{"x", filled(ElementType::Float, {4096, 4096})}, {"i", idx}});
}
void BM_Gather_rows(benchmark::State& state) { gather_rows(state, true); }
void BM_Gather_rows_in_order(benchmark::State& state) { gather_rows(state, false); }
// Transpose of a 4096 x 4096 float matrix (64 MiB).
void BM_Transpose_2d(benchmark::State& state) {
  static const Model m =
      model_from_text(model_text(13, "node { op_type: \"Transpose\" input: \"x\" output: \"y\" } " + kX + kY));
  run_model(state, m, {{"x", filled(ElementType::Float, {4096, 4096})}});
}
// NCHW -> NHWC and back on [1, 64, 512, 512] floats (64 MiB).
void BM_Transpose_nchw_to_nhwc(benchmark::State& state) {
  static const Model m = model_from_text(model_text(13,
                                                    "node { op_type: \"Transpose\" input: \"x\" output: \"y\" "
                                                    "attribute { name: \"perm\" ints: [0, 2, 3, 1] type: INTS } } " +
                                                        kX + kY));
  run_model(state, m, {{"x", filled(ElementType::Float, {1, 64, 512, 512})}});
}
void BM_Transpose_nhwc_to_nchw(benchmark::State& state) {
  static const Model m = model_from_text(model_text(13,
                                                    "node { op_type: \"Transpose\" input: \"x\" output: \"y\" "
                                                    "attribute { name: \"perm\" ints: [0, 3, 1, 2] type: INTS } } " +
                                                        kX + kY));
  run_model(state, m, {{"x", filled(ElementType::Float, {1, 512, 512, 64})}});
}
// Expand of one 16 KiB row to 4096 rows (64 MiB out).
void BM_Expand_rows(benchmark::State& state) {
  static const Model m =
      model_from_text(model_text(13, "node { op_type: \"Expand\" input: \"x\" input: \"s\" output: \"y\" } " +
                                         int64_init("s", {4096, 4096}) + kX + kY));
  run_model(state, m, {{"x", filled(ElementType::Float, {1, 4096})}});
}
// Expand of a column [4096, 1] to [4096, 4096]: every element repeated 4096 times (64 MiB out).
void BM_Expand_columns(benchmark::State& state) {
  static const Model m =
      model_from_text(model_text(13, "node { op_type: \"Expand\" input: \"x\" input: \"s\" output: \"y\" } " +
                                         int64_init("s", {4096, 4096}) + kX + kY));
  run_model(state, m, {{"x", filled(ElementType::Float, {4096, 1})}});
}
// Tile of a 32 MiB tensor twice along axis 0, and 2 x 2 of a 16 MiB one (64 MiB out each).
void BM_Tile_axis0(benchmark::State& state) {
  static const Model m = model_from_text(model_text(
      13, "node { op_type: \"Tile\" input: \"x\" input: \"r\" output: \"y\" } " + int64_init("r", {2, 1}) + kX + kY));
  run_model(state, m, {{"x", filled(ElementType::Float, {2048, 4096})}});
}
void BM_Tile_2x2(benchmark::State& state) {
  static const Model m = model_from_text(model_text(
      13, "node { op_type: \"Tile\" input: \"x\" input: \"r\" output: \"y\" } " + int64_init("r", {2, 2}) + kX + kY));
  run_model(state, m, {{"x", filled(ElementType::Float, {2048, 2048})}});
}

BENCHMARK(BM_Concat_axis0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Concat_axis1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Split_axis0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Slice_rows)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Gather_rows)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Gather_rows_in_order)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Transpose_2d)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Transpose_nchw_to_nhwc)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Transpose_nhwc_to_nchw)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Expand_rows)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Expand_columns)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Tile_axis0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Tile_2x2)->Unit(benchmark::kMillisecond);

// Element-wise work on 16M floats (64 MiB): Add and Mul with and without broadcasting, Cast to the
// small float types and from int64, ReduceSum over the last axis.
constexpr int64_t kRows = 4096, kCols = 4096;

void BM_Add(benchmark::State& state) {
  static const Model m = model_from_text(model_text(
      14,
      "node { op_type: \"Add\" input: \"a\" input: \"b\" output: \"y\" } input { name: \"a\" } input { name: \"b\" } " +
          kY));
  const Tensor a = filled(ElementType::Float, {kRows, kCols});
  run_model(state, m, {{"a", a}, {"b", a}});
}
void BM_Mul(benchmark::State& state) {
  static const Model m = model_from_text(model_text(
      14,
      "node { op_type: \"Mul\" input: \"a\" input: \"b\" output: \"y\" } input { name: \"a\" } input { name: \"b\" } " +
          kY));
  const Tensor a = filled(ElementType::Float, {kRows, kCols});
  run_model(state, m, {{"a", a}, {"b", a}});
}
// b is one row [1, 4096], broadcast over the 4096 rows of a.
void BM_Add_broadcast_row(benchmark::State& state) {
  static const Model m = model_from_text(model_text(
      14,
      "node { op_type: \"Add\" input: \"a\" input: \"b\" output: \"y\" } input { name: \"a\" } input { name: \"b\" } " +
          kY));
  run_model(state, m,
            {{"a", filled(ElementType::Float, {kRows, kCols})}, {"b", filled(ElementType::Float, {1, kCols})}});
}
// b is one column [4096, 1]: a scalar per row.
void BM_Mul_broadcast_column(benchmark::State& state) {
  static const Model m = model_from_text(model_text(
      14,
      "node { op_type: \"Mul\" input: \"a\" input: \"b\" output: \"y\" } input { name: \"a\" } input { name: \"b\" } " +
          kY));
  run_model(state, m,
            {{"a", filled(ElementType::Float, {kRows, kCols})}, {"b", filled(ElementType::Float, {kRows, 1})}});
}
void cast_bench(benchmark::State& state, ElementType from, int to) {
  const Model m = model_from_text(model_text(
      21, "node { op_type: \"Cast\" input: \"x\" output: \"y\" attribute { name: \"to\" i: " + std::to_string(to) +
              " type: INT } } " + kX + kY));
  Tensor x = filled(from, {kRows, kCols});
  if (from == ElementType::Float)  // values spread over the range: 1.0 + small fractions
    for (int64_t i = 0; i < x.element_count(); ++i)
      onnx_ref::write_real(from, x.mutable_data(), i, 1.0 + static_cast<double>(i % 1000) / 1024.0);
  run_model(state, m, {{"x", x}});
}
void BM_Cast_float_to_float16(benchmark::State& state) { cast_bench(state, ElementType::Float, 10); }
void BM_Cast_float_to_float8e4m3fn(benchmark::State& state) { cast_bench(state, ElementType::Float, 17); }
void BM_Cast_int64_to_float(benchmark::State& state) { cast_bench(state, ElementType::Int64, 1); }
// ReduceSum over the last axis of [4096, 4096] floats: reads 64 MiB, writes 16 KiB. Compared with
// reading the input once (BM_ReadOnce).
void BM_ReduceSum_last_axis(benchmark::State& state) {
  static const Model m =
      model_from_text(model_text(13, "node { op_type: \"ReduceSum\" input: \"x\" input: \"axes\" output: \"y\" } " +
                                         int64_init("axes", {1}) + kX + kY));
  const Tensor x = filled(ElementType::Float, {kRows, kCols});
  run_model(state, m, {{"x", x}});
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(x.bytes().size()));
}
// Every byte read once with independent integer accumulators, so that memory, not the latency of
// a chain of additions, sets the time.
void BM_ReadOnce(benchmark::State& state) {
  const Tensor x = filled(ElementType::Float, {kRows, kCols});
  for (auto _ : state) {
    uint64_t acc[8] = {};
    const auto* p = reinterpret_cast<const uint64_t*>(x.data());
    const size_t words = x.bytes().size() / 8;
    for (size_t i = 0; i + 8 <= words; i += 8)
      for (size_t k = 0; k < 8; ++k) acc[k] ^= p[i + k];
    benchmark::DoNotOptimize(acc);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(x.bytes().size()));
}

BENCHMARK(BM_Add)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mul)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Add_broadcast_row)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mul_broadcast_column)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Cast_float_to_float16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Cast_float_to_float8e4m3fn)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Cast_int64_to_float)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReduceSum_last_axis)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadOnce)->Unit(benchmark::kMillisecond);

}  // namespace
