// Unit tests of ops/normalization/rms_normalization.cpp.
#include "helpers/more_normalizations.h"

TEST_CASE("RMSNormalization: x / sqrt(mean(x^2) + epsilon) * scale") {
  Attributes a;
  a.set("epsilon", 0.0f);
  // Rows [3, 4] and [1, 7]: mean squares 12.5 and 25 exactly.
  const auto y = norm_values(norm_run("RMSNormalization", 23, {norm_doubles({2, 2}, {3, 4, 1, 7}), norm_doubles({2}, {1, 2})}, a).at(0));
  CHECK(y == std::vector<double>{3 / std::sqrt(12.5), 4 / std::sqrt(12.5) * 2, 1 / 5.0, 7 / 5.0 * 2});
  Attributes stash;
  stash.set("stash_type", int64_t{7});
  CHECK_THROWS_AS(norm_run("RMSNormalization", 23, {norm_doubles({2}, {3, 4}), norm_doubles({2}, {1, 1})}, stash), Error);
  CHECK_THROWS_AS(norm_run("RMSNormalization", 23, {norm_doubles({2}, {3, 4}), norm_doubles({3}, {1, 1, 1})}), Error);
}
