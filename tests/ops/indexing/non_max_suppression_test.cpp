// Unit tests of ops/indexing/non_max_suppression.cpp.
#include "helpers/indexing_misc.h"

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
    return misc_ints(misc_run("NonMaxSuppression", 10, {b, two.reshaped({1, 1, 2}), misc_i64({}, {2}), misc_f32({}, {0.5f})})[0]);
  };
  CHECK(pair(0.5f).size() == 6);
  CHECK(pair(0.5f + 0x1p-24f).size() == 3);
  // Two identical unit boxes centred at 2^24: each spans [2^24 - 0.5, 2^24 + 0.5], which float
  // arithmetic rounds to nothing; exactly, IoU = 1 and the second is suppressed.
  const Tensor far = misc_f32({1, 2, 4}, {16777216.0f, 0, 1, 1, 16777216.0f, 0, 1, 1});
  CHECK(misc_ints(misc_run("NonMaxSuppression", 11, {far, two.reshaped({1, 1, 2}), misc_i64({}, {5}), misc_f32({}, {0.5f})},
                           {{"center_point_box", int64_t{1}}})[0]) == std::vector<int64_t>{0, 0, 0});
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores, misc_i64({}, {1}), misc_f32({}, {1.5f})}),
                       "iou_threshold = 1.5 is outside [0, 1]", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores, misc_i64({}, {-1})}), "max_output_boxes_per_class = -1 is negative", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores, misc_i64({2}, {1, 1})}),
                       "max_output_boxes_per_class must hold one value, but it is int64[2]", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, misc_f32({1, 1, 2}, {0, 0})}), doctest::Contains("it must be [1, num_classes, 3]"), Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {misc_f32({1, 1, 4}, {0, 0, NAN, 1}), misc_f32({1, 1, 1}, {1})}),
                       "boxes[0, 0, 2] = nan is not finite", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores}, {{"center_point_box", int64_t{2}}}), "center_point_box = 2 must be 0 or 1", Error);
}
