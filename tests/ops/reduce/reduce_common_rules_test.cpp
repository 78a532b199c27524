// The rules every Reduce* operator version shares (keepdims, axes, the empty set, noop_with_empty_axes),
// run for each version of each of them, each check citing the sentence of the ONNX 1.22.0 text.
// Expected values are hand computed.
#include <doctest/doctest.h>

#include "helpers/reduce_common_rules.h"

namespace reduce_common_rules_tests {

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
TEST_CASE(
    "ReduceSum-13, ReduceMean/Max/Min/Prod-18 (and Max/Min-20): noop_with_empty_axes = 1 without axes is the "
    "identity") {
  const Tensor x = floats({2, 2}, {-1.5f, 2, 0.25f, -0.0f});
  for (const auto& op : kReduceOps) {
    const std::string name = op.name;
    if (name != "ReduceSum" && name != "ReduceMean" && name != "ReduceMax" && name != "ReduceMin" &&
        name != "ReduceProd")
      continue;
    for (int64_t v : op.versions) {
      if (v < op.axes_input_from) continue;
      INFO(op.name, "-", v);
      const Tensor y = reduce_node(op, v, x, std::nullopt, std::nullopt, 1).run_tensor();
      REQUIRE(y.shape() == Shape{2, 2});
      for (int i = 0; i < 4; ++i)
        CHECK(std::bit_cast<uint32_t>(y.data_as<float>()[i]) == std::bit_cast<uint32_t>(x.data_as<float>()[i]));
    }
  }
}

}  // namespace reduce_common_rules_tests
