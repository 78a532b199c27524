// The checked GEMM engine through MatMul and Conv kernels (registry kernels called directly, output
// allocation included): float MatMul 1024^3, a 3x3 Conv 64 -> 64 on 1x64x112x112, a 1x1 Conv and a
// depthwise 3x3 Conv. Counters: GFLOP/s (2 flops per multiply-add) and the share of outputs that
// took the exact fallback. Threads: BM_*/threads:N sets the engine's thread count.
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "gemm/dot.h"
#include "ops/registry.h"
#include "runtime/parallel_for.h"

namespace {

using onnx_ref::ElementType;
using onnx_ref::Tensor;

Tensor random_floats(onnx_ref::Shape shape, uint64_t seed) {
  Tensor t = Tensor::uninitialized(ElementType::Float, std::move(shape));
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  auto* p = reinterpret_cast<float*>(t.mutable_data());
  for (int64_t i = 0; i < t.element_count(); ++i) p[i] = dist(rng);
  return t;
}

void run(benchmark::State& state, const std::string& op, int opset, std::vector<Tensor> inputs,
         onnx_ref::Attributes attrs, double flops) {
  onnx_ref::set_thread_count(static_cast<int>(state.range(0)));
  const onnx_ref::OpVersion* v = onnx_ref::Registry::builtin().resolve("", op, opset);
  std::vector<std::optional<onnx_ref::Value>> values;
  for (auto& t : inputs) values.emplace_back(onnx_ref::Value(t));
  const onnx_ref::KernelContext ctx(attrs, values, 1);
  const auto before = onnx_ref::gemm::gemm_totals();
  for (auto _ : state) benchmark::DoNotOptimize(v->kernel(ctx));
  const auto after = onnx_ref::gemm::gemm_totals();
  state.counters["GFLOP/s"] = benchmark::Counter(flops * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["fallback_rate"] = static_cast<double>(after.exact_fallbacks - before.exact_fallbacks) /
                                    static_cast<double>(std::max<int64_t>(1, after.outputs - before.outputs));
  onnx_ref::set_thread_count(1);
}

onnx_ref::Attributes conv_attrs(int64_t group, std::vector<int64_t> pads) {
  onnx_ref::Attributes a;
  a.set("auto_pad", std::string("NOTSET"));
  a.set("group", group);
  a.set("pads", std::move(pads));
  return a;
}

void BM_MatMul_1024(benchmark::State& state) {
  run(state, "MatMul", 13, {random_floats({1024, 1024}, 1), random_floats({1024, 1024}, 2)}, {},
      2.0 * 1024 * 1024 * 1024);
}
void BM_Conv3x3_64(benchmark::State& state) {
  run(state, "Conv", 22,
      {random_floats({1, 64, 112, 112}, 3), random_floats({64, 64, 3, 3}, 4), random_floats({64}, 5)},
      conv_attrs(1, {1, 1, 1, 1}), 2.0 * 64 * 64 * 9 * 112 * 112);
}
void BM_Conv1x1_64(benchmark::State& state) {
  run(state, "Conv", 22,
      {random_floats({1, 64, 112, 112}, 3), random_floats({64, 64, 1, 1}, 4), random_floats({64}, 5)},
      conv_attrs(1, {0, 0, 0, 0}), 2.0 * 64 * 64 * 112 * 112);
}
void BM_ConvDepthwise3x3_64(benchmark::State& state) {
  run(state, "Conv", 22, {random_floats({1, 64, 112, 112}, 3), random_floats({64, 1, 3, 3}, 4), random_floats({64}, 5)},
      conv_attrs(64, {1, 1, 1, 1}), 2.0 * 64 * 9 * 112 * 112);
}

BENCHMARK(BM_MatMul_1024)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Conv3x3_64)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Conv1x1_64)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ConvDepthwise3x3_64)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
