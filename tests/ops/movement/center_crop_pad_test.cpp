// Unit tests of ops/movement/center_crop_pad.cpp.
#include "helpers/indexing_misc.h"
#include "helpers/movement_rules.h"

TEST_CASE("CenterCropPad: crop starts at floor((d - s) / 2), padding puts the odd element behind") {
  std::vector<int64_t> v(20);
  for (size_t i = 0; i < 20; ++i) v[i] = static_cast<int64_t>(i);
  const Tensor x = misc_i64({4, 5}, v);
  // Rows 4 -> 3 (crop from row 0), columns 5 -> 8 (one zero in front, two behind).
  const auto r = misc_run("CenterCropPad", 18, {x, misc_i64({2}, {3, 8})});
  CHECK(r[0].tensor().shape() == Shape{3, 8});
  CHECK(misc_ints(r[0]) ==
        std::vector<int64_t>{0, 0, 1, 2, 3, 4, 0, 0, 0, 5, 6, 7, 8, 9, 0, 0, 0, 10, 11, 12, 13, 14, 0, 0});
  // Only the last axis, 5 -> 2: the window starts at column 1.
  CHECK(misc_ints(misc_run("CenterCropPad", 18, {x, Tensor::from_values<int32_t>(T::Int32, {1}, {2})},
                           {{"axes", std::vector<int64_t>{-1}}})[0]) ==
        std::vector<int64_t>{1, 2, 6, 7, 11, 12, 16, 17});
  const auto s = misc_run("CenterCropPad", 18, {Tensor::from_strings({1}, {"a"}), misc_i64({1}, {3})});
  CHECK(s[0].tensor().strings() == std::vector<std::string>{"", "a", ""});
  CHECK(misc_run("CenterCropPad", 18, {x, misc_i64({2}, {0, 3})})[0].tensor().shape() == Shape{0, 3});
  CHECK_THROWS_WITH_AS(misc_run("CenterCropPad", 18, {x, misc_i64({1}, {3})}),
                       "shape is int64[1] but 2 axes are cropped or padded; it must be 1-D with 2 entries", Error);
  CHECK_THROWS_WITH_AS(misc_run("CenterCropPad", 18, {x, misc_i64({2}, {3, -1})}), "shape[1] = -1 is negative", Error);
  CHECK_THROWS_WITH_AS(
      misc_run("CenterCropPad", 18, {x, misc_i64({2}, {3, 3})}, {{"axes", std::vector<int64_t>{1, -1}}}),
      "axes[1] repeats axis 1", Error);
}

namespace movement_rules_tests {

// [[1, 2, 3]] to [1, 1]: the centre column; to [1, 5]: padded by one zero on each side.
// spec: CenterCropPad-18: "If not provided, all axes are assumed [0, 1, ..., r-1], where r = rank(data)."
// spec: CenterCropPad-18: "Accepted range is [-r, r-1], where r = rank(data)."
// spec: CenterCropPad-18: "1-D tensor representing the cropping window dimensions."
TEST_CASE("CenterCropPad-18: every axis by default; axes in [-r, r-1]") {
  CHECK(floats(run("CenterCropPad", 18, {kRow(), i64({1, 1})})) == std::vector<float>{2});
  CHECK(floats(run("CenterCropPad", 18, {kRow(), i64({5})}, [](OpTester& t) {
          t.attribute("axes", std::vector<int64_t>{-1});
        })) == std::vector<float>{0, 1, 2, 3, 0});
  CHECK_THROWS_AS(
      run("CenterCropPad", 18, {kRow(), i64({5})}, [](OpTester& t) { t.attribute("axes", std::vector<int64_t>{2}); }),
      Error);
}

}  // namespace movement_rules_tests
