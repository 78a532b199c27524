// The 8-bit integer products (gemm/int8_gemm.h) through the MatMulInteger and ConvInteger kernels
// (registry kernels called directly, output allocation included): MatMulInteger 1024^3 (uint8 A,
// int8 B) and a 3x3 ConvInteger 64 -> 64 on 1x64x256x256 (uint8 both, with zero points). Counter:
// GOP/s (2 operations per multiply-add). BM_*/N runs on N threads, timed by the wall clock;
// BM_*_cpu/1 by the thread's CPU time, which a busy machine disturbs less.
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "ops/registry.h"
#include "runtime/parallel_for.h"

namespace {

using onnx_ref::ElementType;
using onnx_ref::Tensor;

Tensor random_bytes(ElementType type, onnx_ref::Shape shape, uint64_t seed) {
  Tensor t = Tensor::uninitialized(type, std::move(shape));
  std::mt19937_64 rng(seed);
  auto* p = reinterpret_cast<uint8_t*>(t.mutable_data());
  for (int64_t i = 0; i < t.element_count(); ++i) p[i] = static_cast<uint8_t>(rng());
  return t;
}

Tensor scalar(ElementType type, uint8_t v) { return Tensor::from_values<uint8_t>(type, {}, {v}); }

void run(benchmark::State& state, const std::string& op, std::vector<Tensor> inputs, onnx_ref::Attributes attrs,
         double ops) {
  onnx_ref::set_thread_count(static_cast<int>(state.range(0)));
  const onnx_ref::OpVersion* v = onnx_ref::Registry::builtin().resolve("", op, 10);
  std::vector<std::optional<onnx_ref::Value>> values;
  for (auto& t : inputs) values.emplace_back(onnx_ref::Value(t));
  const onnx_ref::KernelContext ctx(attrs, values, 1);
  for (auto _ : state) benchmark::DoNotOptimize(v->kernel(ctx));
  state.counters["GOP/s"] = benchmark::Counter(ops * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
  onnx_ref::set_thread_count(1);
}

void matmul_integer(benchmark::State& state) {
  run(state, "MatMulInteger",
      {random_bytes(ElementType::UInt8, {1024, 1024}, 1), random_bytes(ElementType::Int8, {1024, 1024}, 2),
       scalar(ElementType::UInt8, 131), scalar(ElementType::Int8, 0)},
      {}, 2.0 * 1024 * 1024 * 1024);
}

void conv_integer(benchmark::State& state) {
  onnx_ref::Attributes a;
  a.set("auto_pad", std::string("NOTSET"));
  a.set("group", int64_t{1});
  a.set("pads", std::vector<int64_t>{1, 1, 1, 1});
  run(state, "ConvInteger",
      {random_bytes(ElementType::UInt8, {1, 64, 256, 256}, 3), random_bytes(ElementType::UInt8, {64, 64, 3, 3}, 4),
       scalar(ElementType::UInt8, 117), scalar(ElementType::UInt8, 126)},
      a, 2.0 * 64 * 64 * 9 * 256 * 256);
}

void BM_MatMulInteger_1024(benchmark::State& state) { matmul_integer(state); }
void BM_MatMulInteger_1024_cpu(benchmark::State& state) { matmul_integer(state); }
void BM_ConvInteger3x3_64_256(benchmark::State& state) { conv_integer(state); }
void BM_ConvInteger3x3_64_256_cpu(benchmark::State& state) { conv_integer(state); }

BENCHMARK(BM_MatMulInteger_1024)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MatMulInteger_1024_cpu)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ConvInteger3x3_64_256)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ConvInteger3x3_64_256_cpu)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
