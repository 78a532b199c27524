// Unit tests of ops/normalization/group_normalization.cpp.
#include "helpers/more_normalizations.h"

TEST_CASE("GroupNormalization: 18 scales per group, 21 per channel; channels must divide into groups") {
  // X [1, 4, 2]: groups {c0, c1} = {1, 3, 5, 7} and {c2, c3} = {0, 0, 4, 4}.
  const Value x = norm_doubles({1, 4, 2}, {1, 3, 5, 7, 0, 0, 4, 4});
  Attributes a;
  a.set("num_groups", int64_t{2});
  a.set("epsilon", 0.0f);
  const double d0 = std::sqrt(5.0), d1 = std::sqrt(4.0);  // variances 5 and 4
  // GroupNormalization-18 is deprecated: it runs only with the loader's opt-in.
  LoadOptions allow;
  allow.allow_deprecated = true;
  const auto y18 = norm_values(testing::OpTester("GroupNormalization", 18)
                                   .inputs({x, norm_doubles({2}, {2, 1}), norm_doubles({2}, {0, 1})})
                                   .attributes(a)
                                   .load_options(allow)
                                   .run()
                                   .at(0));
  CHECK(y18[0] == (1 - 4) / d0 * 2);
  CHECK(y18[3] == (7 - 4) / d0 * 2);
  CHECK(y18[4] == (0 - 2) / d1 + 1);
  const auto y21 = norm_values(norm_run("GroupNormalization", 21, {x, norm_doubles({4}, {1, 2, 3, 4}), norm_doubles({4}, {0, 0, 0, 5})}, a).at(0));
  CHECK(y21[2] == (5 - 4) / d0 * 2);
  CHECK(y21[7] == (4 - 2) / d1 * 4 + 5);
  CHECK_THROWS_WITH_AS(norm_run("GroupNormalization", 21, {x, norm_doubles({2}, {1, 1}), norm_doubles({2}, {0, 0})}, a),
                       "input scale must have shape [4], but it is double[2]", Error);
  // No channels: the output is empty at once, whatever num_groups says.
  Attributes many;
  many.set("num_groups", int64_t{1} << 50);
  CHECK(norm_run("GroupNormalization", 21, {norm_doubles({1, 0, 2}, {}), norm_doubles({0}, {}), norm_doubles({0}, {})}, many)
            .at(0).tensor().shape() == Shape{1, 0, 2});
  Attributes three;
  three.set("num_groups", int64_t{3});
  CHECK_THROWS_WITH_AS(norm_run("GroupNormalization", 21, {x, norm_doubles({4}, {1, 1, 1, 1}), norm_doubles({4}, {0, 0, 0, 0})}, three),
                       "num_groups = 3 must be at least 1 and divide the channel count 4", Error);
}
