#pragma once
// The helpers of the reduce_common_rules_test cases, shared by the operator test files they were
// split into.
// The rules every Reduce* operator version shares (keepdims, axes, the empty set, noop_with_empty_axes),
// run for each version of each of them, each check citing the sentence of the ONNX 1.22.0 text.
// Expected values are hand computed.
#include <doctest/doctest.h>
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include "op_tester.h"
#include "runtime/error.h"

namespace reduce_common_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;

struct ReduceOp {
  const char* name;
  std::vector<int64_t> versions;
  int64_t axes_input_from;  // the first version that takes axes as an input, not an attribute
};

inline const std::vector<ReduceOp> kReduceOps = {
    {"ReduceSum", {1, 11, 13}, 13},
    {"ReduceMean", {1, 11, 13, 18}, 18},
    {"ReduceMax", {1, 11, 12, 13, 18, 20}, 18},
    {"ReduceMin", {1, 11, 12, 13, 18, 20}, 18},
    {"ReduceProd", {1, 11, 13, 18}, 18},
    {"ReduceL1", {1, 11, 13, 18}, 18},
    {"ReduceL2", {1, 11, 13, 18}, 18},
    {"ReduceLogSum", {1, 11, 13, 18}, 18},
    {"ReduceLogSumExp", {1, 11, 13, 18}, 18},
    {"ReduceSumSquare", {1, 11, 13, 18}, 18},
};

inline Tensor floats(Shape shape, std::vector<float> v) {
  return Tensor::from_values<float>(ElementType::Float, std::move(shape), v);
}

// One Reduce node: axes (nullopt: none given) as the version takes them, keepdims when set.
inline OpTester reduce_node(const ReduceOp& op, int64_t version, const Tensor& x,
                            std::optional<std::vector<int64_t>> axes, std::optional<int64_t> keepdims = std::nullopt,
                            std::optional<int64_t> noop = std::nullopt) {
  OpTester t(op.name, version);
  t.input(Value(x));
  if (axes) {
    if (version >= op.axes_input_from)
      t.input(Value(Tensor::from_values<int64_t>(ElementType::Int64, {static_cast<int64_t>(axes->size())}, *axes)));
    else
      t.attribute("axes", *axes);
  }
  if (keepdims) t.attribute("keepdims", *keepdims);
  if (noop) t.attribute("noop_with_empty_axes", *noop);
  return t;
}

// The value of a reduction over the empty set, by operator (float input).
inline void check_empty_set(const char* name, int64_t version, float want) {
  const ReduceOp* op = nullptr;
  for (const auto& o : kReduceOps)
    if (std::string(o.name) == name) op = &o;
  REQUIRE(op != nullptr);
  INFO(name, "-", version);
  const Tensor y = reduce_node(*op, version, floats({0, 2}, {}), std::vector<int64_t>{0}, 0).run_tensor();
  REQUIRE(y.shape() == Shape{2});
  for (int i = 0; i < 2; ++i) CHECK(y.data_as<float>()[i] == want);
}

}  // namespace reduce_common_rules_tests
