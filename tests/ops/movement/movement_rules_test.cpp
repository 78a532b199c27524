// Pad, Slice, Concat, Split, DepthToSpace and CenterCropPad, every version: the defaults and ranges of
// the ONNX 1.22.0 text, each check citing its sentence. Expected values by hand.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace movement_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
Tensor i64(std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, {static_cast<int64_t>(v.size())}, v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

Tensor run(const char* op, int64_t v, std::vector<std::optional<Tensor>> inputs, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(i ? std::optional<Value>(Value(*i)) : std::nullopt);
  if (attrs) attrs(t);
  return t.run_tensor();
}

// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kRow() {
  static const Tensor t = f32({1, 3}, {1, 2, 3});
  return t;
}

// Pad [[1, 2, 3]] by one on both sides of axis 1 (pads [0, 1, 0, 1]): constant [0, 1, 2, 3, 0],
// reflect [2, 1, 2, 3, 2], edge [1, 1, 2, 3, 3], wrap [3, 1, 2, 3, 1].
Tensor pad(int64_t v, const std::vector<int64_t>& pads, const char* mode = nullptr, std::optional<Tensor> axes = std::nullopt) {
  if (v < 11) {
    return run("Pad", v, {kRow()}, [&](OpTester& t) {
      t.attribute(v == 1 ? "paddings" : "pads", pads);
      if (mode) t.attribute("mode", mode);
    });
  }
  std::vector<std::optional<Tensor>> inputs = {kRow(), i64(pads)};
  if (axes) inputs.insert(inputs.end(), {std::nullopt, *axes});
  return run("Pad", v, inputs, [&](OpTester& t) {
    if (mode) t.attribute("mode", mode);
  });
}

// spec: Pad-1,2: "Three modes: constant(default), reflect, edge"
// spec: Pad-11,13,18: "Supported modes: `constant`(default), `reflect`, `edge`"
// spec: Pad-19,21,23,24,25: "Supported modes: `constant`(default), `reflect`, `edge`, `wrap`"
// spec: Pad-11,13,18: "The three supported `modes` are (similar to corresponding modes supported by `numpy.pad`):"
// spec: Pad-19,21,23,24,25: "The four supported `modes` are (similar to corresponding modes supported by `numpy.pad`):"
// spec: Pad-1: "One float, indicates the value to be filled, default is 0"
// spec: Pad-11: "1) `constant`(default) - pads with a given constant value as specified by `constant_value` (which defaults to 0)"
// spec: Pad-11: "A scalar value to be used if the mode chosen is `constant` (by default it is 0)."
// spec: Pad-13,18,19,21,23,24,25: "1) `constant`(default) - pads with a given constant value as specified by `constant_value` (which defaults to 0, empty string, or False)"
// spec: Pad-13,18,19,21,23,24,25: "A scalar value to be used if the mode chosen is `constant` (by default it is 0, empty string or False)."
// spec: Pad-1: "`paddings` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...]"
// spec: Pad-2: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...]"
// spec: Pad-11,13: "`pads` format should be: [x1_begin, x2_begin,...,x1_end, x2_end,...]"
// spec: Pad-18,19,21,23,24,25: "`pads` format should be: [x1_begin, x2_begin, ..., x1_end, x2_end,...]"
// spec: Pad-1: "`paddings` rank should be double of the input's rank."
// spec: Pad-2: "`pads` rank should be double of the input's rank."
// spec: Pad-11: "`pads` should be a 1D tensor of shape [2 * input_rank]."
TEST_CASE("Pad, every version: constant 0 by default, reflect, edge (and wrap from 19); pads [begin..., end...] of 2 * rank") {
  for (int64_t v : {1, 2, 11, 13, 18, 19, 21, 23, 24, 25}) {
    INFO("Pad-", v);
    CHECK(floats(pad(v, {0, 1, 0, 1})) == std::vector<float>{0, 1, 2, 3, 0});
    CHECK(floats(pad(v, {0, 1, 0, 0})) == std::vector<float>{0, 1, 2, 3});
    CHECK(floats(pad(v, {0, 0, 0, 1})) == std::vector<float>{1, 2, 3, 0});
    CHECK(floats(pad(v, {0, 1, 0, 1}, "constant")) == std::vector<float>{0, 1, 2, 3, 0});
    CHECK(floats(pad(v, {0, 1, 0, 1}, "reflect")) == std::vector<float>{2, 1, 2, 3, 2});
    CHECK(floats(pad(v, {0, 1, 0, 1}, "edge")) == std::vector<float>{1, 1, 2, 3, 3});
    if (v >= 19) {
      CHECK(floats(pad(v, {0, 1, 0, 1}, "wrap")) == std::vector<float>{3, 1, 2, 3, 1});
    } else {
      CHECK_THROWS_AS(pad(v, {0, 1, 0, 1}, "wrap"), Error);
    }
    CHECK_THROWS_AS(pad(v, {1, 1}), Error);
  }
  // The default constant of a bool tensor is False.
  for (int64_t v : {13, 18, 19, 21, 23, 24, 25}) {
    const Tensor b = run("Pad", v, {Tensor::from_values<uint8_t>(T::Bool, {1}, {1}), i64({1, 1})});
    CHECK(std::vector<uint8_t>(b.data_as<uint8_t>(), b.data_as<uint8_t>() + 3) == std::vector<uint8_t>{0, 1, 0});
  }
}

// spec: Pad-18,19,21,23,24,25: "`pads` should be a 1D tensor of shape [2 * num_axes] where `num_axes` refers to the number of elements in the `axes` input or the input rank if `axes` are not provided explicitly."
// spec: Pad-18,19,21,23,24,25: "1-D tensor of axes that `pads` apply to."
// spec: Pad-18,19,21,23,24,25: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: Pad-18,19,21,23,24,25: "If not provided, all axes are assumed (`[0, 1, ..., input_rank-1]`)."
TEST_CASE("Pad 18 and later: axes pick the padded axes, in [-r, r-1]; pads has 2 * len(axes) values") {
  for (int64_t v : {18, 19, 21, 23, 24, 25}) {
    INFO("Pad-", v);
    CHECK(floats(pad(v, {1, 1}, nullptr, i64({-1}))) == std::vector<float>{0, 1, 2, 3, 0});
    CHECK(pad(v, {1, 0}, nullptr, i64({0})).shape() == Shape{2, 3});
    CHECK_THROWS_AS(pad(v, {1, 1}, nullptr, i64({2})), Error);
    CHECK_THROWS_AS(pad(v, {0, 1, 0, 1}, nullptr, i64({1})), Error);
  }
}

// x = [0, 1, 2, 3, 4, 5] as [1, 6] (or [6] at version 1 too): starts 1, ends 5 (exclusive).
// spec: Slice-10,11,13: "1-D tensor of starting indices of corresponding axis in `axes`"
// spec: Slice-10,11,13: "1-D tensor of ending indices (exclusive) of corresponding axis in `axes`"
// spec: Slice-10: "1-D tensor of axes that `starts` and `ends` apply to."
// spec: Slice-11,13: "1-D tensor of axes that `starts` and `ends` apply to."
// spec: Slice-10,11,13: "1-D tensor of slice step of corresponding axis in `axes`."
// spec: Slice-10: "Default to 1."
// spec: Slice-11: "Defaults to 1."
// spec: Slice-13: "Defaults to 1s."
// spec: Slice-11: "However step value cannot be 0."
// spec: Slice-11: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: Slice-13: "Accepted range is [-r, r-1] where r = rank(data)."
TEST_CASE("Slice 10 and later: starts, ends (exclusive), axes in [-r, r-1], steps 1 by default and never 0") {
  const Tensor x = f32({1, 6}, {0, 1, 2, 3, 4, 5});
  for (int64_t v : {10, 11, 13}) {
    INFO("Slice-", v);
    CHECK(floats(run("Slice", v, {x, i64({1}), i64({5}), i64({1})})) == std::vector<float>{1, 2, 3, 4});
    CHECK(floats(run("Slice", v, {x, i64({1}), i64({5}), i64({1}), i64({2})})) == std::vector<float>{1, 3});
    CHECK(floats(run("Slice", v, {x, i64({0, 1}), i64({1, 5})})) == std::vector<float>{1, 2, 3, 4});  // axes default [0, 1]
    CHECK_THROWS_AS(run("Slice", v, {x, i64({1}), i64({5}), i64({1}), i64({0})}), Error);
    CHECK_THROWS_AS(run("Slice", v, {x, i64({1}), i64({5}), i64({2})}), Error);
    if (v >= 11) {  // negative axes arrive with Slice-11
      CHECK(floats(run("Slice", v, {x, i64({1}), i64({5}), i64({-1})})) == std::vector<float>{1, 2, 3, 4});
      CHECK_THROWS_AS(run("Slice", v, {x, i64({1}), i64({5}), i64({-3})}), Error);
    }
  }
}

// spec: Concat-1: "Default value is 1."
TEST_CASE("Concat-1: axis 1 by default") {
  const Tensor y = run("Concat", 1, {f32({1, 1}, {1}), f32({1, 1}, {2})});
  CHECK(y.shape() == Shape{1, 2});
}

// spec: Split-11,13: "Accepted range is [-rank, rank-1] where r = rank(input)."
// spec: Split-11: "Values should be >= 0."
TEST_CASE("Split-11 and -13: axis in [-rank, rank-1]; Split-11's split lengths are not negative") {
  const Tensor x = f32({2, 2}, {1, 2, 3, 4});
  for (int64_t v : {11, 13}) {
    INFO("Split-", v);
    OpTester t("Split", v);
    t.input(Value(x)).attribute("axis", int64_t{-1}).outputs(2);
    const auto out = t.run();
    CHECK(floats(out[0].tensor()) == std::vector<float>{1, 3});
    OpTester far("Split", v);
    far.input(Value(x)).attribute("axis", int64_t{2}).outputs(2);
    CHECK_THROWS_AS(far.run(), Error);
  }
  OpTester negative("Split", 11);
  negative.input(Value(x)).attribute("split", std::vector<int64_t>{3, -1}).outputs(2);
  CHECK_THROWS_AS(negative.run(), Error);
}

// x = 0..7 as [1, 8, 1, 1], blocksize 2, two output channels. DCR: channel c, position (i, j) reads
// x[(2 i + j) * 2 + c]: [0, 2, 4, 6] and [1, 3, 5, 7]. CRD would read x[4 c + 2 i + j]: [0, 1, 2, 3].
// spec: DepthToSpace-11,13: "By default, `mode` = `DCR`."
// spec: DepthToSpace-11,13: "DCR (default) for depth-column-row order re-arrangement."
TEST_CASE("DepthToSpace-11 and -13: DCR by default") {
  const Tensor x = f32({1, 8, 1, 1}, {0, 1, 2, 3, 4, 5, 6, 7});
  for (int64_t v : {11, 13}) {
    INFO("DepthToSpace-", v);
    const auto block = [](OpTester& t) { t.attribute("blocksize", int64_t{2}); };
    CHECK(floats(run("DepthToSpace", v, {x}, block)) == std::vector<float>{0, 2, 4, 6, 1, 3, 5, 7});
    CHECK(floats(run("DepthToSpace", v, {x}, [](OpTester& t) { t.attribute("blocksize", int64_t{2}).attribute("mode", "CRD"); })) ==
          std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7});
  }
}

// [[1, 2, 3]] to [1, 1]: the centre column; to [1, 5]: padded by one zero on each side.
// spec: CenterCropPad-18: "If not provided, all axes are assumed [0, 1, ..., r-1], where r = rank(data)."
// spec: CenterCropPad-18: "Accepted range is [-r, r-1], where r = rank(data)."
// spec: CenterCropPad-18: "1-D tensor representing the cropping window dimensions."
TEST_CASE("CenterCropPad-18: every axis by default; axes in [-r, r-1]") {
  CHECK(floats(run("CenterCropPad", 18, {kRow(), i64({1, 1})})) == std::vector<float>{2});
  CHECK(floats(run("CenterCropPad", 18, {kRow(), i64({5})}, [](OpTester& t) { t.attribute("axes", std::vector<int64_t>{-1}); })) ==
        std::vector<float>{0, 1, 2, 3, 0});
  CHECK_THROWS_AS(run("CenterCropPad", 18, {kRow(), i64({5})}, [](OpTester& t) { t.attribute("axes", std::vector<int64_t>{2}); }), Error);
}

}  // namespace movement_rules_tests

namespace movement_spec_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;
using movement_rules_tests::f32;
using movement_rules_tests::floats;
using movement_rules_tests::i64;
using movement_rules_tests::run;

// Pad-13 adds bool and string; at 11 they are refused.
// spec: Pad-11: "Constrain input and output to only numeric types."
TEST_CASE("Pad-11: a bool input is refused") {
  const Tensor flags = Tensor::from_values<uint8_t>(T::Bool, {2}, {1, 0});
  CHECK_THROWS_AS(run("Pad", 11, {flags, i64({1, 1})}), Error);
  CHECK(run("Pad", 13, {flags, i64({1, 1})}).shape() == Shape{4});
}

// x = 0..5. Starts and ends beyond the axis are clamped: for a positive step ends to [0, 6], for a
// negative step to [-1, 5], where -1 is before the first element (not the last).
// spec: Slice-13: "An effective `starts[i]`, `ends[i]`, and `steps[i]` must be computed for each `i` in `[0, ... r-1]` where `r = rank(input)` as follows:"
// spec: Slice-13: "The clamping for the adjusted `ends[i]` depends on the sign of `steps[i]` and must accommodate copying 0 through `dims[axes[i]]` elements, so for positive stepping `ends[axes[i]]` is clamped to `[0, dims[axes[i]]]`, while for negative stepping it is clamped to `[-1, dims[axes[i]]-1]`."
TEST_CASE("Slice-13: effective starts and ends clamped by the sign of the step") {
  const Tensor x = f32({6}, {0, 1, 2, 3, 4, 5});
  CHECK(floats(run("Slice", 13, {x, i64({-100}), i64({100})})) == std::vector<float>{0, 1, 2, 3, 4, 5});
  CHECK(floats(run("Slice", 13, {x, i64({100}), i64({-100}), i64({0}), i64({-1})})) == std::vector<float>{5, 4, 3, 2, 1, 0});
  CHECK(floats(run("Slice", 13, {x, i64({4}), i64({-100}), i64({0}), i64({-2})})) == std::vector<float>{4, 2, 0});
  CHECK(run("Slice", 13, {x, i64({3}), i64({-100})}).shape() == Shape{0});
  CHECK(run("Slice", 13, {x, i64({-100}), i64({100}), i64({0}), i64({-1})}).shape() == Shape{0});
  // Axes not named take the whole dimension.
  CHECK(floats(run("Slice", 13, {f32({2, 2}, {1, 2, 3, 4}), i64({1}), i64({2}), i64({1})})) == std::vector<float>{2, 4});
}

}  // namespace movement_spec_tests
