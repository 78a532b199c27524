// Unit tests of ops/normalization/mean_variance_normalization.cpp.
#include "helpers/more_normalizations.h"
#include "helpers/normalization_rules.h"

TEST_CASE("MeanVarianceNormalization: (x - mean) / (sqrt(variance) + 1e-9) per group of the axes") {
  // Shape [2, 1, 1, 2], default axes [0, 2, 3]: one group of the four values per channel.
  const auto y =
      norm_values(norm_run("MeanVarianceNormalization", 9, {norm_doubles({2, 1, 1, 2}, {1, 2, 3, 4})}).at(0));
  const double divisor = std::sqrt(1.25) + static_cast<double>(1e-9f);  // mean 2.5, variance 1.25 exactly
  CHECK(y == std::vector<double>{-1.5 / divisor, -0.5 / divisor, 0.5 / divisor, 1.5 / divisor});
  // Axes [1]: groups are the columns.
  Attributes axes;
  axes.set("axes", std::vector<int64_t>{1});
  const auto rows =
      norm_values(norm_run("MeanVarianceNormalization", 13, {norm_doubles({2, 2}, {1, 3, 10, 10})}, axes).at(0));
  CHECK(rows[0] == -1 / (1 + static_cast<double>(1e-9f)));
  CHECK(rows[2] == 0);
  // No cancellation: a large offset leaves the deviations exact.
  const auto big = norm_values(
      norm_run("MeanVarianceNormalization", 13, {norm_doubles({2, 1, 1, 1}, {1e17 + 16, 1e17 - 16})}, Attributes{})
          .at(0));
  CHECK(big[0] == 16 / (16 + static_cast<double>(1e-9f)));
  Attributes bad;
  bad.set("axes", std::vector<int64_t>{4});
  CHECK_THROWS_AS(norm_run("MeanVarianceNormalization", 13, {norm_doubles({2}, {1, 2})}, bad), Error);
}

namespace normalization_rules_tests {

// X [1, 2, 1, 2]: channel 0 = [1, 3] (mean 2, variance 1), channel 1 = [5, 5] (variance 0). Over the
// default axes [0, 2, 3] each channel is normalized on its own: [-1, 1] (1 / sqrt(1 + 1e-9) rounds to 1
// in float) and [0, 0]. Over all axes the mean would be 3.5.
// spec: MeanVarianceNormalization-9,13: "The default is to calculate along axes [0,2,3] for calculating mean and variance along each channel."
// spec: MeanVarianceNormalization-9,13: "Two variables with the same C-coordinate are associated with the same mean and variance."
TEST_CASE("MeanVarianceNormalization, every version: mean and variance per channel by default") {
  const Tensor x = f32({1, 2, 1, 2}, {1, 3, 5, 5});
  for (int64_t v : {9, 13}) {
    INFO("MeanVarianceNormalization-", v);
    CHECK(floats(node("MeanVarianceNormalization", v, {x}).run_tensor()) == std::vector<float>{-1, 1, 0, 0});
  }
}

}  // namespace normalization_rules_tests
