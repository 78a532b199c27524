// Unit tests of ops/movement/pad.cpp.
#include "helpers/movement_indexing.h"
#include "helpers/movement_rules.h"

TEST_CASE("pad_source: every mode against brute force") {
  for (int64_t d = 1; d <= 4; ++d)
    for (int64_t begin = -3; begin <= 9; ++begin)
      for (int64_t o = 0; o < 16; ++o) {
        CAPTURE(d);
        CAPTURE(begin);
        CAPTURE(o);
        const int64_t c = o - begin;
        // Reflect by walking: bounce between 0 and d - 1 without repeating the edge.
        int64_t r = 0, dir = 1, pos = 0;
        const int64_t steps = c < 0 ? -c : c;
        if (d > 1) {
          dir = c < 0 ? -1 : 1;
          for (int64_t k = 0; k < steps; ++k) {
            if (pos + dir < 0 || pos + dir > d - 1) dir = -dir;
            pos += dir;
          }
          r = pos;
        }
        CHECK(pad_source(o, begin, d, PadMode::Reflect) == r);
        CHECK(pad_source(o, begin, d, PadMode::Edge) == std::clamp<int64_t>(c, 0, d - 1));
        CHECK(pad_source(o, begin, d, PadMode::Wrap) == ((c % d) + d) % d);
        CHECK(pad_source(o, begin, d, PadMode::Constant) == (c >= 0 && c < d ? c : -1));
      }
  CHECK_THROWS_WITH_AS(parse_pad_mode("wrap", 18), "mode 'wrap' is not one of constant, reflect, edge", Error);
  CHECK(parse_pad_mode("wrap", 19) == PadMode::Wrap);
  CHECK(pad_source(0, INT64_MAX, 3, PadMode::Wrap) >= 0);
}

// spec: Pad-13: "`pads` should be a 1D tensor of shape [2 * input_rank]."
TEST_CASE("Pad kernels: negative pads crop, strings, empty dimensions") {
  const Tensor x = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor y =
      run_op("Pad", 19, {x, i64({4}, {0, -1, 1, 2}), std::nullopt, std::nullopt}, {{"mode", std::string("wrap")}})[0]
          .tensor();
  CHECK(y.shape() == Shape{3, 4});
  const std::vector<float> want = {2, 3, 1, 2, 5, 6, 4, 5, 2, 3, 1, 2};
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 12) == want);
  const Tensor s = Tensor::from_strings({2}, {"a", "b"});
  CHECK(run_op("Pad", 13, {s, i64({2}, {1, 1}), Tensor::from_strings({}, {"z"})})[0].tensor().strings() ==
        std::vector<std::string>{"z", "a", "b", "z"});
  CHECK_THROWS_WITH_AS(
      run_op("Pad", 13, {f32({0}, {}), i64({2}, {1, 0}), std::nullopt}, {{"mode", std::string("edge")}}),
      "dimension 0 is empty, so there is nothing to pad it with in this mode", Error);
  CHECK_THROWS_WITH_AS(run_op("Pad", 13, {x, i64({4}, {0, -4, 0, 0}), std::nullopt}),
                       "dimension 1 of 3 padded by -4 and 0 would be negative", Error);
  CHECK_THROWS_WITH_AS(run_op("Pad", 13, {x, i64({2}, {0, 0}), std::nullopt}),
                       "pads has 2 entries; 2 padded axes need 4", Error);
  CHECK_THROWS_WITH_AS(run_op("Pad", 13, {x, i64({4}, {0, 0, int64_t{1} << 30, int64_t{1} << 30}), std::nullopt}),
                       doctest::Contains("bytes"), Error);
}

namespace movement_rules_tests {

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
TEST_CASE(
    "Pad, every version: constant 0 by default, reflect, edge (and wrap from 19); pads [begin..., end...] of 2 * "
    "rank") {
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

}  // namespace movement_rules_tests

namespace movement_spec_tests {

// Pad-13 adds bool and string; at 11 they are refused.
// spec: Pad-11: "Constrain input and output to only numeric types."
TEST_CASE("Pad-11: a bool input is refused") {
  const Tensor flags = Tensor::from_values<uint8_t>(T::Bool, {2}, {1, 0});
  CHECK_THROWS_AS(run("Pad", 11, {flags, i64({1, 1})}), Error);
  CHECK(run("Pad", 13, {flags, i64({1, 1})}).shape() == Shape{4});
}

}  // namespace movement_spec_tests
