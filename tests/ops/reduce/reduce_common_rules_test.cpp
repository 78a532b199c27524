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

const std::vector<ReduceOp> kReduceOps = {
    {"ReduceSum", {1, 11, 13}, 13},        {"ReduceMean", {1, 11, 13, 18}, 18},
    {"ReduceMax", {1, 11, 12, 13, 18, 20}, 18}, {"ReduceMin", {1, 11, 12, 13, 18, 20}, 18},
    {"ReduceProd", {1, 11, 13, 18}, 18},   {"ReduceL1", {1, 11, 13, 18}, 18},
    {"ReduceL2", {1, 11, 13, 18}, 18},     {"ReduceLogSum", {1, 11, 13, 18}, 18},
    {"ReduceLogSumExp", {1, 11, 13, 18}, 18}, {"ReduceSumSquare", {1, 11, 13, 18}, 18},
};

Tensor floats(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(ElementType::Float, std::move(shape), v); }

// One Reduce node: axes (nullopt: none given) as the version takes them, keepdims when set.
OpTester reduce_node(const ReduceOp& op, int64_t version, const Tensor& x, std::optional<std::vector<int64_t>> axes,
                     std::optional<int64_t> keepdims = std::nullopt, std::optional<int64_t> noop = std::nullopt) {
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

// spec: ReduceSum-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ReduceMean-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ReduceMax-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ReduceMin-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ReduceProd-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ReduceL1-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ReduceL2-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ReduceLogSum-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ReduceLogSumExp-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ReduceSumSquare-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ReduceSum-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ReduceMean-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ReduceMax-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ReduceMin-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ReduceProd-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ReduceL1-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ReduceL2-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ReduceLogSum-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ReduceLogSumExp-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ReduceSumSquare-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ReduceSum-*: "The above behavior is similar to numpy, with the exception that numpy defaults keepdims to False instead of True."
// spec: ReduceMean-*: "The above behavior is similar to numpy, with the exception that numpy defaults keepdims to False instead of True."
// spec: ReduceMax-*: "The above behavior is similar to numpy, with the exception that numpy defaults keepdims to False instead of True."
// spec: ReduceMin-*: "The above behavior is similar to numpy, with the exception that numpy defaults keepdims to False instead of True."
// spec: ReduceProd-*: "The above behavior is similar to numpy, with the exception that numpy defaults keepdims to False instead of True."
// spec: ReduceL1-*: "The above behavior is similar to numpy, with the exception that numpy defaults keepdims to False instead of True."
// spec: ReduceL2-*: "The above behavior is similar to numpy, with the exception that numpy defaults keepdims to False instead of True."
// spec: ReduceLogSum-*: "The above behavior is similar to numpy, with the exception that numpy defaults keepdims to False instead of True."
// spec: ReduceLogSumExp-*: "The above behavior is similar to numpy, with the exception that numpy defaults keepdims to False instead of True."
// spec: ReduceSumSquare-*: "The above behavior is similar to numpy, with the exception that numpy defaults keepdims to False instead of True."
TEST_CASE("Reduce*, every version: keepdims defaults to 1 (the rank is kept); keepdims = 0 prunes the axis") {
  const Tensor x = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  for (const auto& op : kReduceOps)
    for (int64_t v : op.versions) {
      INFO(op.name, "-", v);
      CHECK(reduce_node(op, v, x, std::vector<int64_t>{1}).run_tensor().shape() == Shape{2, 1});
      CHECK(reduce_node(op, v, x, std::vector<int64_t>{1}, 1).run_tensor().shape() == Shape{2, 1});
      CHECK(reduce_node(op, v, x, std::vector<int64_t>{1}, 0).run_tensor().shape() == Shape{2});
    }
}

// spec: ReduceSum-*: "The default is to reduce over all the dimensions of the input tensor."
// spec: ReduceMean-*: "The default is to reduce over all the dimensions of the input tensor."
// spec: ReduceMax-*: "The default is to reduce over all the dimensions of the input tensor."
// spec: ReduceMin-*: "The default is to reduce over all the dimensions of the input tensor."
// spec: ReduceProd-*: "The default is to reduce over all the dimensions of the input tensor."
// spec: ReduceL1-*: "The default is to reduce over all the dimensions of the input tensor."
// spec: ReduceL2-*: "The default is to reduce over all the dimensions of the input tensor."
// spec: ReduceLogSum-*: "The default is to reduce over all the dimensions of the input tensor."
// spec: ReduceLogSumExp-*: "The default is to reduce over all the dimensions of the input tensor."
// spec: ReduceSumSquare-*: "The default is to reduce over all the dimensions of the input tensor."
// spec: ReduceSum-*: "If false (default), reduction happens over all axes (similar to the case when `axis=None` in numpy)."
// spec: ReduceMean-*: "If false (default), reduction happens over all axes (similar to the case when `axis=None` in numpy)."
// spec: ReduceMax-*: "If false (default), reduction happens over all axes (similar to the case when `axis=None` in numpy)."
// spec: ReduceMin-*: "If false (default), reduction happens over all axes (similar to the case when `axis=None` in numpy)."
// spec: ReduceProd-*: "If false (default), reduction happens over all axes (similar to the case when `axis=None` in numpy)."
// spec: ReduceL1-*: "If false (default), reduction happens over all axes (similar to the case when `axis=None` in numpy)."
// spec: ReduceL2-*: "If false (default), reduction happens over all axes (similar to the case when `axis=None` in numpy)."
// spec: ReduceLogSum-*: "If false (default), reduction happens over all axes (similar to the case when `axis=None` in numpy)."
// spec: ReduceLogSumExp-*: "If false (default), reduction happens over all axes (similar to the case when `axis=None` in numpy)."
// spec: ReduceSumSquare-*: "If false (default), reduction happens over all axes (similar to the case when `axis=None` in numpy)."
TEST_CASE("Reduce*, every version: without axes (and noop_with_empty_axes = 0), every axis is reduced") {
  const Tensor x = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  for (const auto& op : kReduceOps)
    for (int64_t v : op.versions) {
      INFO(op.name, "-", v);
      CHECK(reduce_node(op, v, x, std::nullopt).run_tensor().shape() == Shape{1, 1});
      CHECK(reduce_node(op, v, x, std::nullopt, 0).run_tensor().shape() == Shape{});
      if (v >= op.axes_input_from) {
        CHECK(reduce_node(op, v, x, std::nullopt, 0, 0).run_tensor().shape() == Shape{});
      }
    }
  // ReduceSum over all of 1..6 is 21, ReduceMax 6: the values, not only the shape.
  CHECK(reduce_node(kReduceOps[0], 13, x, std::nullopt, 0).run_tensor().data_as<float>()[0] == 21.0f);
  CHECK(reduce_node(kReduceOps[2], 18, x, std::nullopt, 0).run_tensor().data_as<float>()[0] == 6.0f);
}

// spec: ReduceSum-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ReduceMean-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ReduceMax-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ReduceMin-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ReduceProd-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ReduceL1-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ReduceL2-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ReduceLogSum-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ReduceLogSumExp-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ReduceSumSquare-*: "Accepted range is [-r, r-1] where r = rank(data)."
TEST_CASE("Reduce*, every version: axes in [-r, r-1]; a negative axis counts from the back; others are refused") {
  const Tensor x = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  for (const auto& op : kReduceOps)
    for (int64_t v : op.versions) {
      INFO(op.name, "-", v);
      if (v < 11) continue;  // negative axes arrive with version 11
      CHECK(reduce_node(op, v, x, std::vector<int64_t>{-2}).run_tensor().shape() == Shape{1, 3});
      CHECK(reduce_node(op, v, x, std::vector<int64_t>{-1}).run_tensor().shape() == Shape{2, 1});
      CHECK_THROWS_AS(reduce_node(op, v, x, std::vector<int64_t>{2}).run(), Error);
      CHECK_THROWS_AS(reduce_node(op, v, x, std::vector<int64_t>{-3}).run(), Error);
    }
}

// The value of a reduction over the empty set, by operator (float input).
void check_empty_set(const char* name, int64_t version, float want) {
  const ReduceOp* op = nullptr;
  for (const auto& o : kReduceOps)
    if (std::string(o.name) == name) op = &o;
  REQUIRE(op != nullptr);
  INFO(name, "-", version);
  const Tensor y = reduce_node(*op, version, floats({0, 2}, {}), std::vector<int64_t>{0}, 0).run_tensor();
  REQUIRE(y.shape() == Shape{2});
  for (int i = 0; i < 2; ++i) CHECK(y.data_as<float>()[i] == want);
}

TEST_CASE("Reduce*, every version: a reduction over an empty set of values gives the operator's identity") {
  const float inf = std::numeric_limits<float>::infinity();
  for (int64_t v : {1, 11, 13}) {
    // spec: ReduceSum-*: "Reduction over an empty set of values yields 0."
    check_empty_set("ReduceSum", v, 0.0f);
  }
  for (int64_t v : {1, 11, 13, 18}) {
    // spec: ReduceL1-*: "Reduction over an empty set of values yields 0."
    check_empty_set("ReduceL1", v, 0.0f);
    // spec: ReduceL2-*: "Reduction over an empty set of values yields 0."
    check_empty_set("ReduceL2", v, 0.0f);
    // spec: ReduceSumSquare-*: "Reduction over an empty set of values yields 0."
    check_empty_set("ReduceSumSquare", v, 0.0f);
    // spec: ReduceProd-*: "Reduction over an empty set of values yields 1."
    check_empty_set("ReduceProd", v, 1.0f);
    // spec: ReduceLogSum-*: "Reduction over an empty set of values yields minus infinity (if supported by the datatype) or undefined otherwise."
    check_empty_set("ReduceLogSum", v, -inf);
    // spec: ReduceLogSumExp-*: "Reduction over an empty set of values yields minus infinity (if supported by the datatype) or undefined otherwise."
    check_empty_set("ReduceLogSumExp", v, -inf);
  }
  for (int64_t v : {1, 11, 12, 13, 18, 20}) {
    // spec: ReduceMax-*: "Reduction over an empty set of values yields minus infinity (if supported by the datatype) or the minimum value of the data type otherwise."
    check_empty_set("ReduceMax", v, -inf);
    // spec: ReduceMin-*: "Reduction over an empty set of values yields plus infinity (if supported by the datatype) or the maximum value of the data type otherwise."
    check_empty_set("ReduceMin", v, inf);
  }
  // Integers have no infinity: the type's minimum (ReduceMax) and maximum (ReduceMin).
  for (int64_t v : {18, 20}) {
    const Tensor empty = Tensor::from_values<int32_t>(ElementType::Int32, {0, 2}, {});
    // spec: ReduceMax-*: "or the minimum value of the data type otherwise"
    const Tensor mx = reduce_node(kReduceOps[2], v, empty, std::vector<int64_t>{0}, 0).run_tensor();
    // spec: ReduceMin-*: "or the maximum value of the data type otherwise"
    const Tensor mn = reduce_node(kReduceOps[3], v, empty, std::vector<int64_t>{0}, 0).run_tensor();
    REQUIRE(mx.shape() == Shape{2});
    REQUIRE(mn.shape() == Shape{2});
    CHECK(mx.data_as<int32_t>()[0] == std::numeric_limits<int32_t>::min());
    CHECK(mn.data_as<int32_t>()[1] == std::numeric_limits<int32_t>::max());
  }
}

// spec: ReduceSum-13: "When axes is empty (either not provided or explicitly empty), behavior depends on 'noop_with_empty_axes'"
// spec: ReduceMean-18: "When axes is empty (either not provided or explicitly empty), behavior depends on 'noop_with_empty_axes'"
// spec: ReduceMax-18,20: "When axes is empty (either not provided or explicitly empty), behavior depends on 'noop_with_empty_axes'"
// spec: ReduceMin-18,20: "When axes is empty (either not provided or explicitly empty), behavior depends on 'noop_with_empty_axes'"
// spec: ReduceProd-18: "When axes is empty (either not provided or explicitly empty), behavior depends on 'noop_with_empty_axes'"
// spec: ReduceL1-18: "When axes is empty (either not provided or explicitly empty), behavior depends on 'noop_with_empty_axes'"
// spec: ReduceL2-18: "When axes is empty (either not provided or explicitly empty), behavior depends on 'noop_with_empty_axes'"
// spec: ReduceLogSum-18: "When axes is empty (either not provided or explicitly empty), behavior depends on 'noop_with_empty_axes'"
// spec: ReduceLogSumExp-18: "When axes is empty (either not provided or explicitly empty), behavior depends on 'noop_with_empty_axes'"
// spec: ReduceSumSquare-18: "When axes is empty (either not provided or explicitly empty), behavior depends on 'noop_with_empty_axes'"
// spec: ReduceSum-13: "The default is to reduce over empty axes."
// spec: ReduceMean-18: "The default is to reduce over empty axes."
// spec: ReduceMax-18,20: "The default is to reduce over empty axes."
// spec: ReduceMin-18,20: "The default is to reduce over empty axes."
// spec: ReduceProd-18: "The default is to reduce over empty axes."
// spec: ReduceL1-18: "The default is to reduce over empty axes."
// spec: ReduceL2-18: "The default is to reduce over empty axes."
// spec: ReduceLogSum-18: "The default is to reduce over empty axes."
// spec: ReduceLogSumExp-18: "The default is to reduce over empty axes."
// spec: ReduceSumSquare-18: "The default is to reduce over empty axes."
// spec: ReduceSum-13: "Defines behavior when axes is not provided or is empty."
// spec: ReduceMean-18: "Defines behavior when axes is not provided or is empty."
// spec: ReduceMax-18,20: "Defines behavior when axes is not provided or is empty."
// spec: ReduceMin-18,20: "Defines behavior when axes is not provided or is empty."
// spec: ReduceProd-18: "Defines behavior when axes is not provided or is empty."
// spec: ReduceL1-18: "Defines behavior when axes is not provided or is empty."
// spec: ReduceL2-18: "Defines behavior when axes is not provided or is empty."
// spec: ReduceLogSum-18: "Defines behavior when axes is not provided or is empty."
// spec: ReduceLogSumExp-18: "Defines behavior when axes is not provided or is empty."
// spec: ReduceSumSquare-18: "Defines behavior when axes is not provided or is empty."
// spec: ReduceL1-18: "If true, reduction happens over an empty set of axes (similar to the case when `axis=()` in numpy)."
// spec: ReduceL2-18: "If true, reduction happens over an empty set of axes (similar to the case when `axis=()` in numpy)."
// spec: ReduceLogSum-18: "If true, reduction happens over an empty set of axes (similar to the case when `axis=()` in numpy)."
// spec: ReduceLogSumExp-18: "If true, reduction happens over an empty set of axes (similar to the case when `axis=()` in numpy)."
// spec: ReduceSumSquare-18: "If true, reduction happens over an empty set of axes (similar to the case when `axis=()` in numpy)."
TEST_CASE("Reduce* with axes as an input: an explicitly empty axes tensor is the same as none") {
  const Tensor x = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  for (const auto& op : kReduceOps) {
    const int64_t v = op.versions.back();
    INFO(op.name, "-", v);
    // Explicitly empty, noop_with_empty_axes = 0: every axis reduced.
    CHECK(reduce_node(op, v, x, std::vector<int64_t>{}, 0).run_tensor().shape() == Shape{});
    // Explicitly empty, noop_with_empty_axes = 1: none reduced.
    CHECK(reduce_node(op, v, x, std::vector<int64_t>{}, 0, 1).run_tensor().shape() == Shape{2, 3});
    CHECK(reduce_node(op, v, x, std::nullopt, 0, 1).run_tensor().shape() == Shape{2, 3});
  }
}

// spec: ReduceSum-13: "If true, reduction happens over an empty set of axes (similar to the case when `axis=()` in numpy)."
// spec: ReduceMean-18: "If true, reduction happens over an empty set of axes (similar to the case when `axis=()` in numpy)."
// spec: ReduceMax-18,20: "If true, reduction happens over an empty set of axes (similar to the case when `axis=()` in numpy)."
// spec: ReduceMin-18,20: "If true, reduction happens over an empty set of axes (similar to the case when `axis=()` in numpy)."
// spec: ReduceProd-18: "If true, reduction happens over an empty set of axes (similar to the case when `axis=()` in numpy)."
// spec: ReduceSum-13: "reduction over an empty set of axes means that the reduction step behaves like a no-op (identity function)"
// spec: ReduceMean-18: "reduction over an empty set of axes means that the reduction step behaves like a no-op (identity function)"
// spec: ReduceMax-18,20: "reduction over an empty set of axes means that the reduction step behaves like a no-op (identity function)"
// spec: ReduceMin-18,20: "reduction over an empty set of axes means that the reduction step behaves like a no-op (identity function)"
// spec: ReduceProd-18: "reduction over an empty set of axes means that the reduction step behaves like a no-op (identity function)"
TEST_CASE("ReduceSum-13, ReduceMean/Max/Min/Prod-18 (and Max/Min-20): noop_with_empty_axes = 1 without axes is the identity") {
  const Tensor x = floats({2, 2}, {-1.5f, 2, 0.25f, -0.0f});
  for (const auto& op : kReduceOps) {
    const std::string name = op.name;
    if (name != "ReduceSum" && name != "ReduceMean" && name != "ReduceMax" && name != "ReduceMin" && name != "ReduceProd") continue;
    for (int64_t v : op.versions) {
      if (v < op.axes_input_from) continue;
      INFO(op.name, "-", v);
      const Tensor y = reduce_node(op, v, x, std::nullopt, std::nullopt, 1).run_tensor();
      REQUIRE(y.shape() == Shape{2, 2});
      for (int i = 0; i < 4; ++i) CHECK(std::bit_cast<uint32_t>(y.data_as<float>()[i]) == std::bit_cast<uint32_t>(x.data_as<float>()[i]));
    }
  }
}

// spec: ReduceLogSumExp-18: "composite-reduction operators will still perform the non-reduction steps as needed"
TEST_CASE("ReduceLogSumExp-18: noop_with_empty_axes = 1 without axes gives log(exp(x)) for each element") {
  // log(exp(0)) = 0 and log(exp(-inf)) = log(0) = -inf: exact whatever the rounding of the steps.
  const float inf = std::numeric_limits<float>::infinity();
  const Tensor x = floats({2}, {0.0f, -inf});
  const Tensor y = reduce_node(kReduceOps[8], 18, x, std::nullopt, std::nullopt, 1).run_tensor();
  REQUIRE(y.shape() == Shape{2});
  CHECK(y.data_as<float>()[0] == 0.0f);
  CHECK(y.data_as<float>()[1] == -inf);
}

// spec: ReduceMax-20: "If the input data type is Boolean, the comparison should consider `False < True`."
// spec: ReduceMin-20: "If the input data type is Boolean, the comparison should consider `False < True`."
TEST_CASE("ReduceMax-20, ReduceMin-20: booleans compare False < True") {
  const Tensor b = Tensor::from_values<uint8_t>(ElementType::Bool, {2, 2}, {0, 1, 0, 0});
  const Tensor mx = reduce_node(kReduceOps[2], 20, b, std::vector<int64_t>{1}, 0).run_tensor();
  const Tensor mn = reduce_node(kReduceOps[3], 20, b, std::vector<int64_t>{0}, 0).run_tensor();
  REQUIRE(mx.shape() == Shape{2});
  REQUIRE(mn.shape() == Shape{2});
  CHECK(mx.data_as<uint8_t>()[0] == 1);  // max(False, True) = True
  CHECK(mx.data_as<uint8_t>()[1] == 0);
  CHECK(mn.data_as<uint8_t>()[0] == 0);
  CHECK(mn.data_as<uint8_t>()[1] == 0);  // min(True, False) = False
}

// spec: ArgMax-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ArgMin-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ArgMax-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ArgMin-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ArgMax-11,12,13: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ArgMin-11,12,13: "Accepted range is [-r, r-1] where r = rank(data)."
TEST_CASE("ArgMax, ArgMin, every version: keepdims defaults to 1; axis in [-r, r-1] from version 11") {
  const Tensor x = floats({2, 3}, {1, 7, 3, 9, 5, 6});
  for (const char* name : {"ArgMax", "ArgMin"})
    for (int64_t v : {1, 11, 12, 13}) {
      INFO(name, "-", v);
      OpTester kept(name, v);
      kept.input(Value(x)).attribute("axis", int64_t{1});
      const Tensor y = kept.run_tensor();
      REQUIRE(y.shape() == Shape{2, 1});
      CHECK(y.data_as<int64_t>()[0] == (std::string(name) == "ArgMax" ? 1 : 0));
      CHECK(y.data_as<int64_t>()[1] == (std::string(name) == "ArgMax" ? 0 : 1));
      OpTester pruned(name, v);
      pruned.input(Value(x)).attribute("axis", int64_t{1}).attribute("keepdims", int64_t{0});
      CHECK(pruned.run_tensor().shape() == Shape{2});
      if (v < 11) continue;
      OpTester negative(name, v);
      negative.input(Value(x)).attribute("axis", int64_t{-2});
      CHECK(negative.run_tensor().shape() == Shape{1, 3});
      OpTester far(name, v);
      far.input(Value(x)).attribute("axis", int64_t{2});
      CHECK_THROWS_AS(far.run(), Error);
      OpTester below(name, v);
      below.input(Value(x)).attribute("axis", int64_t{-3});
      CHECK_THROWS_AS(below.run(), Error);
    }
}

// spec: ArgMax-12,13: "Whether to select the last index or the first index if the {name} appears in multiple indices, default is False (first index)."
// spec: ArgMin-12,13: "Whether to select the last index or the first index if the {name} appears in multiple indices, default is False (first index)."
// spec: ArgMax-13: "If select_last_index is True (default False), the index of the last occurrence of the max is selected"
// spec: ArgMin-13: "If select_last_index is True (default False), the index of the last occurrence of the min is selected"
TEST_CASE("ArgMax-12/13, ArgMin-12/13: ties give the first index by default, the last with select_last_index = 1") {
  const Tensor x = floats({4}, {2, 9, 2, 9});
  for (int64_t v : {12, 13}) {
    INFO("version ", v);
    OpTester max_first("ArgMax", v), min_first("ArgMin", v), max_last("ArgMax", v), min_last("ArgMin", v);
    max_first.input(Value(x));
    min_first.input(Value(x));
    max_last.input(Value(x)).attribute("select_last_index", int64_t{1});
    min_last.input(Value(x)).attribute("select_last_index", int64_t{1});
    CHECK(max_first.run_tensor().data_as<int64_t>()[0] == 1);
    CHECK(min_first.run_tensor().data_as<int64_t>()[0] == 0);
    CHECK(max_last.run_tensor().data_as<int64_t>()[0] == 3);
    CHECK(min_last.run_tensor().data_as<int64_t>()[0] == 2);
  }
}

// spec: TopK-10: "A 1-D tensor containing a single positive value corresponding to the number of top elements to retrieve"
// spec: TopK-11,24: "Accepted range is [-r, r-1] where r = rank(input)."
TEST_CASE("TopK-10/11/24: K is a 1-D tensor of one value (positive at 10); the axis lies in [-r, r-1]") {
  const Tensor x = floats({2, 3}, {1, 7, 3, 9, 5, 6});
  const auto top = [&](int64_t v, const Tensor& k, int64_t axis) {
    OpTester t("TopK", v);
    t.input(Value(x)).input(Value(k)).attribute("axis", axis).outputs(2);
    return t;
  };
  const Tensor one = Tensor::from_values<int64_t>(ElementType::Int64, {1}, {1});
  const Tensor scalar = Tensor::from_values<int64_t>(ElementType::Int64, {}, {1});
  const Tensor two = Tensor::from_values<int64_t>(ElementType::Int64, {2}, {1, 1});
  const Tensor zero = Tensor::from_values<int64_t>(ElementType::Int64, {1}, {0});
  for (int64_t v : {10, 11, 24}) {
    INFO("TopK-", v);
    const auto out = top(v, one, -2).run();
    REQUIRE(out.at(0).tensor().shape() == Shape{1, 3});
    CHECK(out.at(0).tensor().data_as<float>()[0] == 9.0f);
    CHECK(out.at(1).tensor().data_as<int64_t>()[1] == 0);  // 7 above 5
    CHECK_THROWS_AS(top(v, scalar, 1).run(), Error);
    CHECK_THROWS_AS(top(v, two, 1).run(), Error);
    if (v >= 11) {
      CHECK_THROWS_AS(top(v, one, 2).run(), Error);
      CHECK_THROWS_AS(top(v, one, -3).run(), Error);
    }
  }
  CHECK_THROWS_AS(top(10, zero, 1).run(), Error);
}

// spec: TopK-11,24: "If largest is 1 (the default value) then the k largest elements are returned."
TEST_CASE("TopK-11/24: by default the k largest, sorted from the largest; sorted = 0 returns the same set") {
  const Tensor x = floats({5}, {4, -1, 8, 2, 6});
  const Tensor k = Tensor::from_values<int64_t>(ElementType::Int64, {1}, {3});
  for (int64_t v : {11, 24}) {
    INFO("TopK-", v);
    OpTester t("TopK", v);
    t.input(Value(x)).input(Value(k)).outputs(2);
    const auto out = t.run();
    const float* values = out.at(0).tensor().data_as<float>();
    const int64_t* indices = out.at(1).tensor().data_as<int64_t>();
    CHECK(std::vector<float>(values, values + 3) == std::vector<float>{8, 6, 4});
    CHECK(std::vector<int64_t>(indices, indices + 3) == std::vector<int64_t>{2, 4, 0});
    OpTester unsorted("TopK", v);
    unsorted.input(Value(x)).input(Value(k)).attribute("sorted", int64_t{0}).outputs(2);
    const auto u = unsorted.run();
    std::vector<float> set(u.at(0).tensor().data_as<float>(), u.at(0).tensor().data_as<float>() + 3);
    std::sort(set.begin(), set.end());
    CHECK(set == std::vector<float>{4, 6, 8});
  }
}

// spec: CumSum-*: "By default, it will do the sum inclusively meaning the first element is copied as is."
// spec: CumSum-*: "Output tensor of the same type as 'x' with cumulative sums of the x's elements"
// spec: CumSum-*: "axis tensor can be int32 or int64 only"
// spec: CumProd-26: "By default, it will do the product inclusively meaning the first element is copied as is."
// spec: CumProd-26: "Output tensor of the same type as 'x' with cumulative products of the x's elements"
// spec: CumProd-26: "axis tensor can be int32 or int64 only"
TEST_CASE("CumSum-11/14, CumProd-26: inclusive by default, the type of x, an int32 or int64 axis only") {
  const Tensor x = Tensor::from_values<double>(ElementType::Double, {4}, {3, 2, 5, -1});
  const std::vector<std::pair<const char*, int64_t>> versions = {{"CumSum", 11}, {"CumSum", 14}, {"CumProd", 26}};
  for (const auto& entry : versions) {  // not a structured binding: INFO's lambda captures it (clang)
    const char* name = entry.first;
    const int64_t v = entry.second;
    INFO(name, "-", v);
    const bool sum = std::string(name) == "CumSum";
    const std::vector<double> want = sum ? std::vector<double>{3, 5, 10, 9} : std::vector<double>{3, 6, 30, -30};
    for (ElementType axis_type : {ElementType::Int32, ElementType::Int64}) {
      const Tensor axis = axis_type == ElementType::Int32 ? Tensor::from_values<int32_t>(ElementType::Int32, {}, {0})
                                                          : Tensor::from_values<int64_t>(ElementType::Int64, {}, {0});
      OpTester t(name, v);
      t.input(Value(x)).input(Value(axis));
      const Tensor y = t.run_tensor();
      REQUIRE(y.type() == ElementType::Double);
      REQUIRE(y.shape() == Shape{4});
      for (size_t i = 0; i < 4; ++i) CHECK(y.data_as<double>()[i] == want[i]);
    }
    OpTester bad(name, v);
    bad.input(Value(x)).input(Value(Tensor::from_values<int16_t>(ElementType::Int16, {}, {0})));
    CHECK_THROWS_AS(bad.run(), Error);
  }
}

}  // namespace reduce_common_rules_tests
