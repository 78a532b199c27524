// Unit tests of ops/indexing/scatter.cpp.
#include "helpers/indexing_misc.h"

TEST_CASE("Scatter: ScatterElements' kernel; 9 refuses negative indices, 11 counts them from the back") {
  // The spec's example 2.
  const Tensor data = misc_f32({1, 5}, {1, 2, 3, 4, 5});
  CHECK(misc_floats(misc_run("Scatter", 9, {data, misc_i64({1, 2}, {1, 3}), misc_f32({1, 2}, {1.1f, 2.1f})},
                             {{"axis", int64_t{1}}})[0]) == std::vector<float>{1, 1.1f, 3, 2.1f, 5});
  // Scatter-11 is deprecated: it runs only with the loader's opt-in.
  testing::OpTester scatter11("Scatter", 11);
  scatter11.input(data).input(misc_i64({1, 2}, {1, -1})).input(misc_f32({1, 2}, {1.1f, 2.1f}));
  scatter11.attribute("axis", int64_t{-1});
  CHECK(scatter11.error_of().find("deprecated") != std::string::npos);
  LoadOptions allow;
  allow.allow_deprecated = true;
  CHECK(misc_floats(scatter11.load_options(allow).run()[0]) == std::vector<float>{1, 1.1f, 3, 4, 2.1f});
  CHECK_THROWS_WITH_AS(
      misc_run("Scatter", 9, {data, misc_i64({1, 2}, {1, -1}), misc_f32({1, 2}, {1.1f, 2.1f})}, {{"axis", int64_t{1}}}),
      "indices[1] = -1 is out of range for a dimension of 5 (valid: 0 to 4)", Error);
  CHECK(Registry::builtin().resolve("", "Scatter", 11)->deprecated);
  CHECK(!Registry::builtin().resolve("", "Scatter", 10)->deprecated);
}

// Data [2, 2]: by default axis 0, so data[indices[i][j]][j] = updates[i][j]; the output has data's
// shape; axis outside [-2, 1] and rank-0 inputs are refused.
// spec: Scatter-9: "Given `data`, `updates` and `indices` input tensors of rank r >= 1, write the values provided by `updates` into the first input, `data`, along `axis` dimension of `data` (by default outer-most one as axis=0) at corresponding `indices`."
// spec: Scatter-9: "Accepted range is [-r, r-1]"
// spec: Scatter-11: "Scatter takes three inputs `data`, `updates`, and `indices` of the same rank r >= 1 and an optional attribute axis that identifies an axis of `data` (by default, the outer-most axis, that is axis 0)."
// spec: Scatter-11: "Its output shape is the same as the shape of `data`."
TEST_CASE("Scatter-9 and -11: axis 0 by default, axis in [-r, r-1], inputs of rank 1 or more, data's shape") {
  const Tensor data = misc_f32({2, 2}, {1, 2, 3, 4});
  LoadOptions allow;
  allow.allow_deprecated = true;
  for (int64_t v : {9, 11}) {
    CAPTURE(v);
    auto scatter = [&](const Tensor& d, const Tensor& i, const Tensor& u, std::optional<int64_t> axis) {
      testing::OpTester t("Scatter", v);
      t.input(d).input(i).input(u).load_options(allow);
      if (axis) t.attribute("axis", *axis);
      return t;
    };
    // data[1][0] = 7, data[0][1] = 8.
    const Tensor y = scatter(data, misc_i64({1, 2}, {1, 0}), misc_f32({1, 2}, {7, 8}), std::nullopt).run()[0].tensor();
    CHECK(y.shape() == Shape{2, 2});
    CHECK(misc_floats(y) == std::vector<float>{1, 8, 7, 4});
    // axis -1 is axis 1: data[0][1] = 9.
    CHECK(misc_floats(scatter(data, misc_i64({1, 1}, {1}), misc_f32({1, 1}, {9}), -1).run()[0]) ==
          std::vector<float>{1, 9, 3, 4});
    CHECK(!scatter(data, misc_i64({1, 1}, {1}), misc_f32({1, 1}, {9}), 2).error_of().empty());
    CHECK(!scatter(data, misc_i64({1, 1}, {1}), misc_f32({1, 1}, {9}), -3).error_of().empty());
    CHECK(!scatter(misc_f32({}, {1}), misc_i64({}, {0}), misc_f32({}, {9}), std::nullopt).error_of().empty());
  }
}
