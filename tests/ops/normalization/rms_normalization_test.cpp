// Unit tests of ops/normalization/rms_normalization.cpp.
#include "helpers/more_normalizations.h"

TEST_CASE("RMSNormalization: x / sqrt(mean(x^2) + epsilon) * scale") {
  Attributes a;
  a.set("epsilon", 0.0f);
  // Rows [3, 4] and [1, 7]: mean squares 12.5 and 25 exactly.
  const auto y = norm_values(
      norm_run("RMSNormalization", 23, {norm_doubles({2, 2}, {3, 4, 1, 7}), norm_doubles({2}, {1, 2})}, a).at(0));
  CHECK(y == std::vector<double>{3 / std::sqrt(12.5), 4 / std::sqrt(12.5) * 2, 1 / 5.0, 7 / 5.0 * 2});
  Attributes stash;
  stash.set("stash_type", int64_t{7});
  CHECK_THROWS_AS(norm_run("RMSNormalization", 23, {norm_doubles({2}, {3, 4}), norm_doubles({2}, {1, 1})}, stash),
                  Error);
  CHECK_THROWS_AS(norm_run("RMSNormalization", 23, {norm_doubles({2}, {3, 4}), norm_doubles({3}, {1, 1, 1})}), Error);
}

TEST_CASE("RMSNormalization-23: stage one in double whatever stash_type names (docs/DEPARTURES.md)") {
  // x = {1, 1 + 2^-7}, epsilon 0: the mean square is 1 + 2^-7 + 2^-15, which a bfloat16 stage one
  // would round to 1 + 2^-7; onnx-ref computes stage one in double for every stash type, so
  // stash_type = 16 gives the Y of the default. A stash type that is no floating type is refused.
  auto y_with = [](std::optional<int64_t> stash) {
    testing::OpTester t("RMSNormalization", 23);
    t.input(Value(Tensor::from_values<float>(ElementType::Float, {1, 2}, std::vector<float>{1, 1 + 0x1p-7f})));
    t.input(Value(Tensor::from_values<float>(ElementType::Float, {2}, std::vector<float>{1, 1})));
    t.attribute("epsilon", 0.0f);
    if (stash) t.attribute("stash_type", *stash);
    return t.run_tensor();
  };
  // spec: RMSNormalization-23: "The variables `RMS` stand for root mean square, Depending on `stash_type` attribute, the actual computation must happen in different floating-point precision."
  // spec: RMSNormalization-23: "The floating-point precision used in stage one of the computation."
  CHECK(y_with(std::nullopt).identical_to(y_with(1)));
  CHECK(y_with(16).identical_to(y_with(1)));
  CHECK_THROWS_WITH_AS(y_with(7), doctest::Contains("stash_type = 7 is not a floating type"), Error);
}
