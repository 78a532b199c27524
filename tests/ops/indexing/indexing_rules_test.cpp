// Gather, GatherElements, GatherND, ScatterElements, ScatterND, OneHot, Trilu, Unique, Compress,
// ReverseSequence and NonMaxSuppression, every version: the rules of the ONNX 1.22.0 text (default
// axes, accepted ranges, index bounds, output shapes, defaults), each check citing its sentence.
// Expected values by hand.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace indexing_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
Tensor i64(Shape s, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(s), v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }
std::vector<int64_t> ints(const Tensor& t) { return {t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count()}; }

OpTester node(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(Value(std::move(i)));
  if (attrs) attrs(t);
  return t;
}
Tensor run(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs = {}) {
  return node(op, v, std::move(inputs), attrs).run_tensor();
}
auto axis(int64_t a) {
  return [a](OpTester& t) { t.attribute("axis", a); };
}

// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kData() {
  static const Tensor t = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  return t;
}

// spec: Gather-*: "gather entries of the axis dimension of `data` (by default outer-most one as axis=0) indexed by `indices`, and concatenates them in an output tensor of rank q + (r - 1)."
// spec: Gather-1: "Accepted range is [-r, r-1]"
// spec: Gather-11,13: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: Gather-1: "All index values are expected to be within bounds."
// spec: Gather-1,11: "It is an error if any of the index values are out of bounds."
// spec: Gather-11: "All index values are expected to be within bounds [-s, s-1] along axis of size s."
TEST_CASE("Gather, every version: axis 0 by default, output rank q + r - 1, axis and indices in range") {
  for (int64_t v : {1, 11, 13}) {
    INFO("Gather-", v);
    const Tensor rows = run("Gather", v, {kData(), i64({1, 1}, {1})});
    CHECK(rows.shape() == Shape{1, 1, 3});  // q + r - 1 = 2 + 2 - 1
    CHECK(floats(rows) == std::vector<float>{4, 5, 6});
    const Tensor columns = run("Gather", v, {kData(), i64({2}, {2, 0})}, axis(-1));
    CHECK(columns.shape() == Shape{2, 2});
    CHECK(floats(columns) == std::vector<float>{3, 1, 6, 4});
    CHECK_THROWS_AS(run("Gather", v, {kData(), i64({1}, {0})}, axis(2)), Error);
    CHECK_THROWS_AS(run("Gather", v, {kData(), i64({1}, {0})}, axis(-3)), Error);
    CHECK_THROWS_AS(run("Gather", v, {kData(), i64({1}, {2})}), Error);
    CHECK_THROWS_AS(run("Gather", v, {kData(), i64({1}, {-3})}), Error);
    if (v >= 11) CHECK(floats(run("Gather", v, {kData(), i64({1}, {-2})})) == std::vector<float>{1, 2, 3});
  }
}

// spec: GatherElements-*: "GatherElements takes two inputs `data` and `indices` of the same rank r >= 1 and an optional attribute `axis` that identifies an axis of `data` (by default, the outer-most axis, that is axis 0)."
// spec: GatherElements-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: GatherElements-*: "Tensor of int32/int64 indices, with the same rank r as the input."
// spec: GatherElements-*: "Tensor of the same shape as indices."
TEST_CASE("GatherElements, every version: axis 0 by default, the output of the indices' shape, ranks equal") {
  for (int64_t v : {11, 13}) {
    INFO("GatherElements-", v);
    // out[i][j] = data[idx[i][j]][j]: [[data[1][0], data[0][1]]] = [[4, 2]].
    const Tensor y = run("GatherElements", v, {kData(), i64({1, 2}, {1, 0})});
    CHECK(y.shape() == Shape{1, 2});
    CHECK(floats(y) == std::vector<float>{4, 2});
    // axis -1: out[i][j] = data[i][idx[i][j]]: [[3], [4]].
    CHECK(floats(run("GatherElements", v, {kData(), i64({2, 1}, {2, 0})}, axis(-1))) == std::vector<float>{3, 4});
    CHECK_THROWS_AS(run("GatherElements", v, {kData(), i64({1, 1}, {0})}, axis(2)), Error);
    CHECK_THROWS_AS(run("GatherElements", v, {kData(), i64({2}, {0, 0})}), Error);
  }
}

// spec: GatherND-11: "1) If `indices_shape[-1] > r` => error condition"
// spec: GatherND-11: "2) If `indices_shape[-1] == r`, since the rank of `indices` is `q`, `indices` can be thought of as a `(q-1)`-dimensional tensor containing 1-D tensors of dimension `r`."
// spec: GatherND-11: "Each *scalar value* corresponding to `data[indices_slice]` is filled into the corresponding location of the `(q-1)`-dimensional tensor to form the `output` tensor (Example 1 below)"
// spec: GatherND-11: "3) If `indices_shape[-1] < r`, since the rank of `indices` is `q`, `indices` can be thought of as a `(q-1)`-dimensional tensor containing 1-D tensors of dimension `< r`."
// spec: GatherND-11: "2) The `indices_shape[-1]` should have a value between 1 (inclusive) and rank `r` (inclusive)"
// spec: GatherND-11: "3) All values in `indices` are expected to be within bounds [-s, s-1] along axis of size `s`"
// spec: GatherND-*: "All index values are expected to be within bounds [-s, s-1] along axis of size s."
// spec: GatherND-*: "It is an error if any of the index values are out of bounds."
// spec: GatherND-12,13: "1) If `indices_shape[-1] > r-b` => error condition"
// spec: GatherND-12,13: "2) If `indices_shape[-1] == r-b`"
// spec: GatherND-12,13: "Each *scalar value* corresponding to `data[0:b-1,indices_slice]` is filled into the corresponding location of the `(q-b-1)`-dimensional tensor"
// spec: GatherND-12,13: "3) If `indices_shape[-1] < r-b`"
// spec: GatherND-12: "4) The `indices_shape[-1]` should have a value between 1 (inclusive) and rank `r-b` (inclusive)"
// spec: GatherND-12,13: "5) All values in `indices` are expected to be within bounds [-s, s-1] along axis of size `s`"
// spec: GatherND-12,13: "2) The first `b` dimensions of the shape of `indices` tensor and `data` tensor must be equal."
TEST_CASE("GatherND, every version: scalars for full index tuples, slices for shorter ones; bounds and batch_dims") {
  for (int64_t v : {11, 12, 13}) {
    INFO("GatherND-", v);
    const Tensor scalars = run("GatherND", v, {kData(), i64({2, 2}, {0, 2, 1, -1})});
    CHECK(scalars.shape() == Shape{2});
    CHECK(floats(scalars) == std::vector<float>{3, 6});
    const Tensor slices = run("GatherND", v, {kData(), i64({1, 1}, {1})});
    CHECK(slices.shape() == Shape{1, 3});
    CHECK(floats(slices) == std::vector<float>{4, 5, 6});
    CHECK_THROWS_AS(run("GatherND", v, {kData(), i64({1, 3}, {0, 0, 0})}), Error);
    CHECK_THROWS_AS(run("GatherND", v, {kData(), i64({1, 2}, {2, 0})}), Error);
    CHECK_THROWS_AS(run("GatherND", v, {kData(), i64({1, 2}, {0, -4})}), Error);
    if (v < 12) continue;
    // batch_dims = 1: row b picks data[b][idx[b]]: [data[0][2], data[1][0]] = [3, 4].
    const auto batch = [](OpTester& t) { t.attribute("batch_dims", int64_t{1}); };
    CHECK(floats(run("GatherND", v, {kData(), i64({2, 1}, {2, 0})}, batch)) == std::vector<float>{3, 4});
    CHECK_THROWS_AS(run("GatherND", v, {kData(), i64({3, 1}, {0, 0, 0})}, batch), Error);
    CHECK_THROWS_AS(run("GatherND", v, {kData(), i64({2, 2}, {0, 0, 0, 0})}, batch), Error);
  }
}

// spec: ScatterElements-*: "ScatterElements takes three inputs `data`, `updates`, and `indices` of the same rank r >= 1 and an optional attribute axis that identifies an axis of `data` (by default, the outer-most axis, that is axis 0)."
// spec: ScatterElements-*: "Its output shape is the same as the shape of `data`."
// spec: ScatterElements-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ScatterElements-*: "All index values are expected to be within bounds [-s, s-1] along axis of size s."
// spec: ScatterElements-*: "It is an error if any of the index values are out of bounds."
// spec: ScatterElements-16: "Type of reduction to apply: none (default), add, mul."
// spec: ScatterElements-18: "Type of reduction to apply: none (default), add, mul, max, min."
TEST_CASE("ScatterElements, every version: axis 0 by default, data's shape, bounds; reduction none by default") {
  for (int64_t v : {11, 13, 16, 18}) {
    INFO("ScatterElements-", v);
    // data[idx[0][j]][j] = u[0][j]: data[1][0] = 10, data[0][1] = 20.
    const Tensor y = run("ScatterElements", v, {kData(), i64({1, 2}, {1, 0}), f32({1, 2}, {10, 20})});
    CHECK(y.shape() == Shape{2, 3});
    CHECK(floats(y) == std::vector<float>{1, 20, 3, 10, 5, 6});
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {-1}), f32({1, 1}, {9})}, axis(-1))) ==
          std::vector<float>{1, 2, 9, 4, 5, 6});
    CHECK_THROWS_AS(run("ScatterElements", v, {kData(), i64({1, 1}, {0}), f32({1, 1}, {9})}, axis(2)), Error);
    CHECK_THROWS_AS(run("ScatterElements", v, {kData(), i64({1, 1}, {2}), f32({1, 1}, {9})}), Error);
    CHECK_THROWS_AS(run("ScatterElements", v, {kData(), i64({1, 1}, {-3}), f32({1, 1}, {9})}), Error);
    if (v < 16) continue;
    const auto reduction = [](const char* r) { return [r](OpTester& t) { t.attribute("reduction", r); }; };
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {1}), f32({1, 1}, {10})}, reduction("none")))[3] == 10);
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {1}), f32({1, 1}, {10})}, reduction("add")))[3] == 14);
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {1}), f32({1, 1}, {10})}, reduction("mul")))[3] == 40);
    if (v < 18) continue;
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {1}), f32({1, 1}, {10})}, reduction("max")))[3] == 10);
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {1}), f32({1, 1}, {10})}, reduction("min")))[3] == 4);
  }
}

// spec: ScatterND-*: "Its output shape is the same as the shape of `data`."
// spec: ScatterND-*: "Hence, k can be a value at most the rank of `data`."
// spec: ScatterND-*: "Index values are allowed to be negative, as per the usual convention for counting backwards from the end, but are expected in the valid range."
// spec: ScatterND-*: "Thus, the first (q-1) dimensions of updates.shape must match the first (q-1) dimensions of indices.shape."
// spec: ScatterND-*: "Thus, the shape of `updates` must equal indices.shape[0:q-1] ++ data.shape[k:r-1], where ++ denotes the concatenation of shapes."
// spec: ScatterND-16: "Type of reduction to apply: none (default), add, mul."
// spec: ScatterND-18: "Type of reduction to apply: none (default), add, mul, max, min."
TEST_CASE("ScatterND, every version: data's shape, k at most r, negative indices, the updates' shape; reduction none") {
  for (int64_t v : {11, 13, 16, 18}) {
    INFO("ScatterND-", v);
    // A whole row (k = 1) and one element (k = 2, negative indices).
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 1}, {-1}), f32({1, 3}, {7, 8, 9})})) == std::vector<float>{1, 2, 3, 7, 8, 9});
    const Tensor y = run("ScatterND", v, {kData(), i64({1, 2}, {0, -1}), f32({1}, {30})});
    CHECK(y.shape() == Shape{2, 3});
    CHECK(floats(y) == std::vector<float>{1, 2, 30, 4, 5, 6});
    CHECK_THROWS_AS(run("ScatterND", v, {kData(), i64({1, 3}, {0, 0, 0}), f32({1}, {1})}), Error);   // k = 3 > r
    CHECK_THROWS_AS(run("ScatterND", v, {kData(), i64({1, 1}, {0}), f32({1, 2}, {1, 2})}), Error);  // updates [1, 2], not [1, 3]
    CHECK_THROWS_AS(run("ScatterND", v, {kData(), i64({1, 1}, {0}), f32({2, 3}, {1, 2, 3, 4, 5, 6})}), Error);
    CHECK_THROWS_AS(run("ScatterND", v, {kData(), i64({1, 1}, {-3}), f32({1, 3}, {1, 2, 3})}), Error);
    if (v < 16) continue;
    const auto reduction = [](const char* r) { return [r](OpTester& t) { t.attribute("reduction", r); }; };
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 2}, {1, 0}), f32({1}, {10})}, reduction("none")))[3] == 10);
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 2}, {1, 0}), f32({1}, {10})}, reduction("add")))[3] == 14);
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 2}, {1, 0}), f32({1}, {10})}, reduction("mul")))[3] == 40);
    if (v < 18) continue;
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 2}, {1, 0}), f32({1}, {10})}, reduction("max")))[3] == 10);
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 2}, {1, 0}), f32({1}, {10})}, reduction("min")))[3] == 4);
  }
}

// spec: OneHot-9,11: "The locations represented by the index values in the 'indices' input tensor will have 'on_value' and the other locations will have 'off_value' in the output tensor"
// spec: OneHot-9,11: "The size of the additional dimension is specified by required scalar input 'depth'."
// spec: OneHot-9: "The type of the output tensor is the same as the type of the 'values' input."
// spec: OneHot-9,11: "The data type for the elements of the output tensor is the same as the type of input 'values' is used."
// spec: OneHot-9: "Default: axis=-1. axis=-1 means that the additional dimension will be inserted as the innermost/last dimension in the output tensor."
// spec: OneHot-9,11: "Rank 1 tensor containing exactly two elements, in the format [off_value, on_value]"
// spec: OneHot-9: "Scalar or rank 1 tensor containing exactly one element, specifying the number of classes in one-hot tensor."
// spec: OneHot-11: "Scalar or Rank 1 tensor containing exactly one element, specifying the number of classes in one-hot tensor."
// spec: OneHot-11: "Accepted range is [-r-1, r] where r = rank(indices)."
TEST_CASE("OneHot, every version: [off, on] values of the output's type, depth scalar or [1], the new axis last by default") {
  const Tensor values = Tensor::from_values<int32_t>(T::Int32, {2}, {-1, 5});
  for (int64_t v : {9, 11}) {
    INFO("OneHot-", v);
    const Tensor y = run("OneHot", v, {i64({2}, {2, 0}), i64({}, {3}), values});
    REQUIRE(y.type() == T::Int32);
    REQUIRE(y.shape() == Shape{2, 3});
    CHECK(std::vector<int32_t>(y.data_as<int32_t>(), y.data_as<int32_t>() + 6) == std::vector<int32_t>{-1, -1, 5, 5, -1, -1});
    CHECK(run("OneHot", v, {i64({2}, {2, 0}), i64({1}, {3}), values}).shape() == Shape{2, 3});
    CHECK(run("OneHot", v, {i64({2}, {2, 0}), i64({1}, {3}), values}, axis(0)).shape() == Shape{3, 2});
    CHECK(run("OneHot", v, {i64({2}, {2, 0}), i64({1}, {3}), values}, axis(-2)).shape() == Shape{3, 2});
    CHECK_THROWS_AS(run("OneHot", v, {i64({2}, {2, 0}), i64({2}, {3, 3}), values}), Error);
    CHECK_THROWS_AS(run("OneHot", v, {i64({2}, {2, 0}), i64({}, {3}), Tensor::from_values<int32_t>(T::Int32, {3}, {0, 1, 2})}), Error);
    CHECK_THROWS_AS(run("OneHot", v, {i64({2}, {2, 0}), i64({}, {3}), values}, axis(2)), Error);
    CHECK_THROWS_AS(run("OneHot", v, {i64({2}, {2, 0}), i64({}, {3}), values}, axis(-3)), Error);
  }
}

// spec: OneHot-9: "Any entries in the 'indices' input tensor with values outside the range [0, depth) will result in one-hot representation with all 'off_value' values in the output tensor."
// spec: OneHot-11: "The values in the 'indices' input tensor are expected to be in the range [-depth, depth-1]."
TEST_CASE("OneHot-9: an index outside 0 to depth - 1 gives a row of off values; OneHot-11 counts -depth..-1 from the end") {
  const Tensor values = f32({2}, {0, 1});
  CHECK(floats(run("OneHot", 9, {i64({2}, {3, -1}), i64({}, {3}), values})) == std::vector<float>{0, 0, 0, 0, 0, 0});
  CHECK(floats(run("OneHot", 11, {i64({2}, {-1, -3}), i64({}, {3}), values})) == std::vector<float>{0, 0, 1, 1, 0, 0});
}

// spec: Trilu-14: "Default is true."
// spec: Trilu-14: "A 0-D tensor containing a single value corresponding to the number diagonals above or below the main diagonal to exclude or include."
TEST_CASE("Trilu-14: upper by default; k a 0-D tensor") {
  const Tensor m = f32({2, 2}, {1, 2, 3, 4});
  CHECK(floats(run("Trilu", 14, {m})) == std::vector<float>{1, 2, 0, 4});
  CHECK(floats(run("Trilu", 14, {m, i64({}, {1})})) == std::vector<float>{0, 2, 0, 0});
  CHECK(floats(run("Trilu", 14, {m, i64({}, {0})}, [](OpTester& t) { t.attribute("upper", int64_t{0}); })) == std::vector<float>{1, 0, 3, 4});
}

// x = [2, 1, 2, 3]: sorted (the default) Y = [1, 2, 3], indices of first occurrences [1, 0, 3], inverse [1, 0, 1, 2],
// counts [1, 2, 1]; unsorted Y = [2, 1, 3].
// spec: Unique-11: "Must be one of 0, or 1 (default)."
// spec: Unique-11: "A tensor of the same type as 'X' containing all the unique values or subtensors sliced along a provided 'axis' in 'X', either sorted or maintained in the same order they occur in input 'X'"
// spec: Unique-11: "A 1-D INT64 tensor containing indices of 'Y' elements' first occurrence in 'X'."
// spec: Unique-11: "A 1-D INT64 tensor containing, for elements of 'X', its corresponding indices in 'Y'."
// spec: Unique-11: "A 1-D INT64 tensor containing the count of each element of 'Y' in input 'X'"
// spec: Unique-11: "Accepted range is [-r, r-1] where r = rank(input)."
TEST_CASE("Unique-11: sorted by default; first occurrences, inverse indices and counts; axis in range") {
  const Tensor x = f32({4}, {2, 1, 2, 3});
  OpTester t = node("Unique", 11, {x});
  t.outputs(4);
  const auto out = t.run();
  CHECK(floats(out[0].tensor()) == std::vector<float>{1, 2, 3});
  CHECK(ints(out[1].tensor()) == std::vector<int64_t>{1, 0, 3});
  CHECK(ints(out[2].tensor()) == std::vector<int64_t>{1, 0, 1, 2});
  CHECK(ints(out[3].tensor()) == std::vector<int64_t>{1, 2, 1});
  CHECK(floats(run("Unique", 11, {x}, [](OpTester& u) { u.attribute("sorted", int64_t{0}); })) == std::vector<float>{2, 1, 3});
  CHECK(run("Unique", 11, {kData()}, axis(-1)).shape() == Shape{2, 3});
  CHECK_THROWS_AS(run("Unique", 11, {kData()}, axis(2)), Error);
}

// spec: Compress-11: "Accepted range is [-r, r-1] where r = rank(input)."
TEST_CASE("Compress-11: a negative axis counts from the back; others out of range are refused") {
  const Tensor keep = Tensor::from_values<uint8_t>(T::Bool, {3}, {1, 0, 1});
  CHECK(floats(run("Compress", 11, {kData(), keep}, axis(-1))) == std::vector<float>{1, 3, 4, 6});
  CHECK_THROWS_AS(run("Compress", 11, {kData(), keep}, axis(2)), Error);
  CHECK_THROWS_AS(run("Compress", 11, {kData(), keep}, axis(-3)), Error);
}

// x [time 3, batch 2] with sequence_lens [3, 1]: batch 0 reversed, batch 1 kept.
// spec: ReverseSequence-10: "Must be one of 1 (default), or 0."
// spec: ReverseSequence-10: "Must be one of 0 (default), or 1."
TEST_CASE("ReverseSequence-10: time axis 0 and batch axis 1 by default; other axes are refused") {
  const Tensor x = f32({3, 2}, {1, 10, 2, 20, 3, 30});
  const Tensor lens = i64({2}, {3, 1});
  CHECK(floats(run("ReverseSequence", 10, {x, lens})) == std::vector<float>{3, 10, 2, 20, 1, 30});
  CHECK_THROWS_AS(run("ReverseSequence", 10, {x, lens}, [](OpTester& t) { t.attribute("batch_axis", int64_t{2}); }), Error);
  CHECK_THROWS_AS(run("ReverseSequence", 10, {x, lens}, [](OpTester& t) { t.attribute("time_axis", int64_t{2}); }), Error);
}

// Two boxes [0, 0, 1, 1] and [0, 0.5, 1, 1.5] (y1, x1, y2, x2): intersection 0.5, union 1.5, IOU 1/3.
// spec: NonMaxSuppression-10,11: "Boxes are suppressed if their IOU with a previously selected box is strictly greater than iou_threshold (i.e., boxes with IOU exactly equal to the threshold are kept)."
// spec: NonMaxSuppression-10,11: "Default to 0, which means no output."
// spec: NonMaxSuppression-10,11: "Default to 0."
TEST_CASE("NonMaxSuppression, every version: no output without a count, IOU strictly above the threshold suppresses") {
  const Tensor boxes = f32({1, 2, 4}, {0, 0, 1, 1, 0, 0.5f, 1, 1.5f});
  const Tensor scores = f32({1, 1, 2}, {0.9f, 0.8f});
  for (int64_t v : {10, 11}) {
    INFO("NonMaxSuppression-", v);
    CHECK(run("NonMaxSuppression", v, {boxes, scores}).shape() == Shape{0, 3});
    // iou_threshold 0 by default: IOU 1/3 > 0 suppresses the second box.
    CHECK(run("NonMaxSuppression", v, {boxes, scores, i64({}, {2})}).shape() == Shape{1, 3});
    // A threshold equal to the IOU keeps the box: [0, 0, 1, 0.5] (area 0.5) lies inside [0, 0, 1, 1], so
    // their IOU is exactly 0.5.
    const Tensor nested = f32({1, 2, 4}, {0, 0, 1, 1, 0, 0, 1, 0.5f});
    CHECK(run("NonMaxSuppression", v, {nested, scores, i64({}, {2}), f32({}, {0.5f})}).shape() == Shape{2, 3});
    CHECK(run("NonMaxSuppression", v, {nested, scores, i64({}, {2}), f32({}, {0.49f})}).shape() == Shape{1, 3});
  }
}

}  // namespace indexing_rules_tests
