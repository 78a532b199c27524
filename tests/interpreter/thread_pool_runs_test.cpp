// Steady runs on the persistent thread pool (runtime/parallel_for.cpp): a model whose kernels split
// their work (a depthwise Conv's rows, BatchNormalization's channels, a dense Conv's GEMM tiles, a
// MatMul) gives the bits of a one-thread run on every thread count, run after run on one loaded
// model, and when two runs share the pool from two threads (one of them then runs its chunks on its
// own thread). The one-thread run is the reference: what is tested is that neither the thread count
// nor the pool's state changes a bit.
#include <doctest/doctest.h>

#include <random>
#include <thread>
#include <vector>

#include "interpreter/model.h"
#include "tests/model_builder.h"

using namespace onnx_ref;
using onnx_ref::testing::ModelBuilder;
using onnx_ref::testing::set_int;
using onnx_ref::testing::set_ints;

namespace {

Tensor random_floats(Shape shape, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  std::vector<float> values(static_cast<size_t>(count));
  for (float& v : values) v = uniform(rng);
  return Tensor::from_values<float>(ElementType::Float, std::move(shape), values);
}

Tensor positive_floats(int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(0.5f, 2.0f);
  std::vector<float> values(static_cast<size_t>(n));
  for (float& v : values) v = uniform(rng);
  return Tensor::from_values<float>(ElementType::Float, {n}, values);
}

// x [1, 16, 96, 96] -> depthwise 3x3 Conv -> BatchNormalization -> dense 3x3 Conv to 32 channels ->
// Reshape [32, 9216] -> MatMul by [9216, 24]: each stage is large enough to be split over threads.
Model split_model() {
  ModelBuilder b(17);
  b.input("x", ElementType::Float, {1, 16, 96, 96}).output("y", ElementType::Float).output("conv", ElementType::Float);
  b.initializer("dw", random_floats({16, 1, 3, 3}, 1))
      .initializer("dw_b", random_floats({16}, 2))
      .initializer("scale", random_floats({16}, 3))
      .initializer("bias", random_floats({16}, 4))
      .initializer("mean", random_floats({16}, 5))
      .initializer("var", positive_floats(16, 6))
      .initializer("w", random_floats({32, 16, 3, 3}, 7))
      .initializer("flat", onnx_ref::testing::int64_tensor({32, 9216}))
      .initializer("m", random_floats({9216, 24}, 8));
  auto& dw = b.node("Conv", {"x", "dw", "dw_b"}, {"d"});
  set_int(dw, "group", 16);
  set_ints(dw, "pads", {1, 1, 1, 1});
  b.node("BatchNormalization", {"d", "scale", "bias", "mean", "var"}, {"n"});
  auto& dense = b.node("Conv", {"n", "w"}, {"conv"});
  set_ints(dense, "pads", {1, 1, 1, 1});
  b.node("Reshape", {"conv", "flat"}, {"r"});
  b.node("MatMul", {"r", "m"}, {"y"});
  return b.build();
}

std::vector<Tensor> run_with(const Model& model, const Tensor& x, int threads) {
  RunOptions options;
  options.threads = threads;
  std::vector<Tensor> out;
  for (auto& [name, value] : model.run({{"x", Value(x)}}, options)) out.push_back(value.tensor());
  return out;
}

bool same_bits(const std::vector<Tensor>& a, const std::vector<Tensor>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!a[i].identical_to(b[i])) return false;
  return true;
}

}  // namespace

TEST_CASE("runs on the pool give the one-thread bits on every thread count, run after run") {
  const Model model = split_model();
  const Tensor x = random_floats({1, 16, 96, 96}, 9);
  const std::vector<Tensor> reference = run_with(model, x, 1);
  REQUIRE(reference.size() == 2);
  for (int threads : {2, 3, 4, 7})
    for (int run = 0; run < 3; ++run) CHECK(same_bits(run_with(model, x, threads), reference));
}

TEST_CASE("two runs sharing the pool from two threads each give the one-thread bits") {
  const Model model = split_model();
  const Tensor x = random_floats({1, 16, 96, 96}, 10);
  const std::vector<Tensor> reference = run_with(model, x, 1);
  int wrong_a = 0, wrong_b = 0;
  std::thread a([&] {
    for (int run = 0; run < 4; ++run) wrong_a += same_bits(run_with(model, x, 2), reference) ? 0 : 1;
  });
  std::thread b([&] {
    for (int run = 0; run < 4; ++run) wrong_b += same_bits(run_with(model, x, 3), reference) ? 0 : 1;
  });
  a.join();
  b.join();
  CHECK(wrong_a == 0);
  CHECK(wrong_b == 0);
}

TEST_CASE("LRN's rows split over the pool give the one-thread bits") {
  ModelBuilder b(13);
  b.input("x", ElementType::Float, {2, 16, 24, 24}).output("y", ElementType::Float);
  auto& lrn = b.node("LRN", {"x"}, {"y"});
  set_int(lrn, "size", 5);
  const Model model = b.build();
  const Tensor x = random_floats({2, 16, 24, 24}, 11);
  const std::vector<Tensor> reference = run_with(model, x, 1);
  for (int threads : {2, 3, 5})
    for (int run = 0; run < 2; ++run) CHECK(same_bits(run_with(model, x, threads), reference));
}
