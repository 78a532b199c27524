// ReduceSum, ReduceProd (the shared reduction engine) and Range: pure rules, exactness, kernels.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "int64_limits.h"
#include "op_tester.h"

#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "model_builder.h"
#include "numeric/exact_sum.h"
#include "ops/generators/range.h"
#include "ops/reduce/accumulators.h"
#include "ops/reduce/reduction.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;

namespace {
using V = std::vector<int64_t>;

template <class T>
std::vector<T> values_of(const Tensor& t) {
  const T* p = t.data_as<T>();
  return std::vector<T>(p, p + t.element_count());
}
Tensor floats(Shape shape, std::vector<float> v) {
  return Tensor::from_values<float>(ElementType::Float, std::move(shape), v);
}
Tensor doubles(Shape shape, std::vector<double> v) {
  return Tensor::from_values<double>(ElementType::Double, std::move(shape), v);
}
float sum_floats(std::vector<float> v) {
  const Tensor t = floats({static_cast<int64_t>(v.size())}, v);
  return values_of<float>(reduce_tensor(t, {}, false, row_kernel<SumAccumulator>()))[0];
}
double sum_doubles(std::vector<double> v) {
  const Tensor t = doubles({static_cast<int64_t>(v.size())}, v);
  return values_of<double>(reduce_tensor(t, {}, false, row_kernel<SumAccumulator>()))[0];
}

// Runs one node through the operator tester (the model's checks, then the kernel).
std::vector<Value> run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs, Attributes attrs) {
  REQUIRE(Registry::builtin().resolve("", op, opset) != nullptr);
  return testing::run_node_rule(op, opset, inputs, attrs);
}
}  // namespace
