#pragma once
// The helpers of the pool_common_rules_test cases, shared by the operator test files they were
// split into.
// The rules AveragePool, MaxPool, LpPool and the global pools share (pads, strides, dilations,
// ceil_mode, count_include_pad, the output shape), run for every version of each, each check citing
// the sentence of the ONNX 1.22.0 text. Expected values are hand computed in the comments.
#include <doctest/doctest.h>
#include <cmath>
#include <string>
#include <vector>
#include "op_tester.h"
#include "runtime/error.h"

namespace pool_common_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;

struct PoolOp {
  const char* name;
  std::vector<int64_t> versions;
};
const PoolOp kAverage{"AveragePool", {1, 7, 10, 11, 19, 22}};
const PoolOp kMax{"MaxPool", {1, 8, 10, 11, 12, 22}};
const PoolOp kLp{"LpPool", {1, 2, 11, 18, 22}};

inline Tensor row(std::vector<float> v) {
  return Tensor::from_values<float>(ElementType::Float, {1, 1, static_cast<int64_t>(v.size())}, v);
}
inline std::vector<float> values(const Tensor& t) {
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}

inline OpTester pool(const char* name, int64_t v, const Tensor& x, std::vector<int64_t> kernel) {
  OpTester t(name, v);
  t.input(Value(x)).attribute("kernel_shape", kernel);
  return t;
}

}  // namespace pool_common_rules_tests
