// Unit tests of ops/indexing/non_max_suppression.cpp.
#include "helpers/indexing_misc.h"
#include "helpers/indexing_rules.h"
#include "helpers/non_max_suppression_rules.h"

TEST_CASE("NonMaxSuppression: selection order, thresholds, exact IoU at the boundary") {
  // Three unit squares: box 1 is box 0 moved by 0.5 (IoU 1/3), box 2 far away.
  const Tensor boxes = misc_f32({1, 3, 4}, {0, 0, 1, 1, 0, 0.5f, 1, 1.5f, 5, 5, 6, 6});
  const Tensor scores = misc_f32({1, 2, 3}, {0.5f, 0.9f, 0.7f, 0.1f, 0.2f, 0.3f});
  auto sel = [&](float iou, std::optional<float> score, int64_t max_boxes) {
    std::vector<std::optional<Value>> in{boxes, scores, misc_i64({1}, {max_boxes}), misc_f32({1}, {iou})};
    if (score) in.push_back(Value(misc_f32({}, {*score})));
    return misc_ints(misc_run("NonMaxSuppression", 11, in)[0]);
  };
  // IoU 1/3 > 0.3: box 0 is suppressed by box 1 in class 0; in class 1 box 2 leads, then box 1.
  CHECK(sel(0.3f, std::nullopt, 3) == std::vector<int64_t>{0, 0, 1, 0, 0, 2, 0, 1, 2, 0, 1, 1});
  CHECK(sel(0.4f, std::nullopt, 3) == std::vector<int64_t>{0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 1, 2, 0, 1, 1, 0, 1, 0});
  CHECK(sel(0.4f, std::nullopt, 1) == std::vector<int64_t>{0, 0, 1, 0, 1, 2});
  // A score equal to score_threshold is kept ("less than" is removed).
  CHECK(sel(0.4f, 0.3f, 3) == std::vector<int64_t>{0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 1, 2});
  CHECK(sel(0.4f, std::nullopt, 0).empty());
  // IoU exactly 1/2 does not exceed 0.5; 1/2 + 2^-24 does.
  const Tensor two = misc_f32({1, 2}, {0.9f, 0.8f});
  auto pair = [&](float top) {
    const Tensor b = misc_f32({1, 2, 4}, {0, 0, 1, 1, 0, 0, top, 1});
    return misc_ints(
        misc_run("NonMaxSuppression", 10, {b, two.reshaped({1, 1, 2}), misc_i64({}, {2}), misc_f32({}, {0.5f})})[0]);
  };
  CHECK(pair(0.5f).size() == 6);
  CHECK(pair(0.5f + 0x1p-24f).size() == 3);
  // Two identical unit boxes centred at 2^24: each spans [2^24 - 0.5, 2^24 + 0.5], which float
  // arithmetic rounds to nothing; exactly, IoU = 1 and the second is suppressed.
  const Tensor far = misc_f32({1, 2, 4}, {16777216.0f, 0, 1, 1, 16777216.0f, 0, 1, 1});
  CHECK(misc_ints(misc_run("NonMaxSuppression", 11,
                           {far, two.reshaped({1, 1, 2}), misc_i64({}, {5}), misc_f32({}, {0.5f})},
                           {{"center_point_box", int64_t{1}}})[0]) == std::vector<int64_t>{0, 0, 0});
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores, misc_i64({}, {1}), misc_f32({}, {1.5f})}),
                       "iou_threshold = 1.5 is outside [0, 1]", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores, misc_i64({}, {-1})}),
                       "max_output_boxes_per_class = -1 is negative", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores, misc_i64({2}, {1, 1})}),
                       "max_output_boxes_per_class must hold one value, but it is int64[2]", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, misc_f32({1, 1, 2}, {0, 0})}),
                       doctest::Contains("it must be [1, num_classes, 3]"), Error);
  CHECK_THROWS_WITH_AS(
      misc_run("NonMaxSuppression", 11, {misc_f32({1, 1, 4}, {0, 0, NAN, 1}), misc_f32({1, 1, 1}, {1})}),
      "boxes[0, 0, 2] = nan is not finite", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores}, {{"center_point_box", int64_t{2}}}),
                       "center_point_box = 2 must be 0 or 1", Error);
}

namespace non_max_suppression_spec_tests {

// Three unit squares (corners y1, x1, y2, x2): box 1 is box 0 moved by 0.5 (IoU 1/3), box 2 far
// away; scores 0.5, 0.9, 0.7. With IoU threshold 0.3: box 1, then box 2; box 0 is suppressed.
std::vector<int64_t> selected(int64_t v, const Tensor& boxes, const Tensor& count, const Tensor& iou,
                              const Tensor& score) {
  const Tensor scores = misc_f32({1, 1, 3}, {0.5f, 0.9f, 0.7f});
  return misc_ints(misc_run("NonMaxSuppression", v, {boxes, scores, count, iou, score})[0]);
}

// Translated by (10, -3) and reflected in both axes (y -> -y, x -> -x, the corners swapped), the
// same boxes are selected.
// spec: NonMaxSuppression-10,11: "Note that this algorithm is agnostic to where the origin is in the coordinate system and more generally is invariant to orthogonal transformations and translations of the coordinate system"
// spec: NonMaxSuppression-10,11: "It is a scalar."
// spec: NonMaxSuppression-10,11: "It is scalar."
// spec: NonMaxSuppression-10,11: "Value range [0, 1]."
TEST_CASE(
    "NonMaxSuppression-10 and -11: the selection is invariant to translation and reflection; scalar inputs; IoU "
    "threshold in [0, 1]") {
  const Tensor boxes = misc_f32({1, 3, 4}, {0, 0, 1, 1, 0, 0.5f, 1, 1.5f, 5, 5, 6, 6});
  const Tensor moved = misc_f32({1, 3, 4}, {10, -3, 11, -2, 10, -2.5f, 11, -1.5f, 15, 2, 16, 3});
  const Tensor mirrored = misc_f32({1, 3, 4}, {-1, -1, 0, 0, -1, -1.5f, 0, -0.5f, -6, -6, -5, -5});
  const Tensor count = misc_i64({}, {3}), iou = misc_f32({}, {0.3f}), score = misc_f32({}, {0});
  const std::vector<int64_t> want{0, 0, 1, 0, 0, 2};
  for (int64_t v : {10, 11}) {
    CAPTURE(v);
    CHECK(selected(v, boxes, count, iou, score) == want);
    CHECK(selected(v, moved, count, iou, score) == want);
    CHECK(selected(v, mirrored, count, iou, score) == want);
    CHECK_THROWS_AS(selected(v, boxes, misc_i64({2}, {3, 3}), iou, score), Error);
    CHECK_THROWS_AS(selected(v, boxes, count, misc_f32({2}, {0.3f, 0.3f}), score), Error);
    CHECK_THROWS_AS(selected(v, boxes, count, iou, misc_f32({2}, {0, 0})), Error);
    CHECK_THROWS_AS(selected(v, boxes, count, misc_f32({}, {1.5f}), score), Error);
    CHECK_THROWS_AS(selected(v, boxes, count, misc_f32({}, {-0.25f}), score), Error);
    CHECK(selected(v, boxes, count, misc_f32({}, {1}), score) == std::vector<int64_t>{0, 0, 1, 0, 0, 2, 0, 0, 0});
  }
}

}  // namespace non_max_suppression_spec_tests

namespace indexing_rules_tests {

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

namespace non_max_suppression_rules_tests {

// Boxes [0, 0, 1, 1] and [0.5, 0.5, 1, 1]. As corners (y1, x1, y2, x2), the second is a quarter of
// the first: IOU 0.25 / 1 = 0.25 > 0.2, suppressed. As centres and sizes, two unit squares offset by
// half a side: IOU 0.25 / 1.75 < 0.2, kept.
// spec: NonMaxSuppression-10,11: "The default is 0."
TEST_CASE("NonMaxSuppression, every version: corner boxes (center_point_box 0) by default") {
  const Tensor boxes = Tensor::from_values<float>(T::Float, {1, 2, 4}, {0, 0, 1, 1, 0.5f, 0.5f, 1, 1});
  const Tensor scores = Tensor::from_values<float>(T::Float, {1, 1, 2}, {0.9f, 0.8f});
  const Tensor count = Tensor::from_values<int64_t>(T::Int64, {}, {2});
  const Tensor iou = Tensor::from_values<float>(T::Float, {}, {0.2f});
  for (int64_t v : {10, 11}) {
    INFO("NonMaxSuppression-", v);
    const auto selected = [&](std::optional<int64_t> center) {
      OpTester t("NonMaxSuppression", v);
      t.input(Value(boxes)).input(Value(scores)).input(Value(count)).input(Value(iou));
      if (center) t.attribute("center_point_box", *center);
      return t.run_tensor().shape()[0];
    };
    CHECK(selected(std::nullopt) == 1);
    CHECK(selected(0) == 1);
    CHECK(selected(1) == 2);
  }
}

}  // namespace non_max_suppression_rules_tests
