// Unit tests of ops/indexing/scatter.cpp.
#include "helpers/indexing_misc.h"

TEST_CASE("Scatter: ScatterElements' kernel; 9 refuses negative indices, 11 counts them from the back") {
  // The spec's example 2.
  const Tensor data = misc_f32({1, 5}, {1, 2, 3, 4, 5});
  CHECK(misc_floats(misc_run("Scatter", 9, {data, misc_i64({1, 2}, {1, 3}), misc_f32({1, 2}, {1.1f, 2.1f})}, {{"axis", int64_t{1}}})[0]) ==
        std::vector<float>{1, 1.1f, 3, 2.1f, 5});
  // Scatter-11 is deprecated: it runs only with the loader's opt-in.
  testing::OpTester scatter11("Scatter", 11);
  scatter11.input(data).input(misc_i64({1, 2}, {1, -1})).input(misc_f32({1, 2}, {1.1f, 2.1f}));
  scatter11.attribute("axis", int64_t{-1});
  CHECK(scatter11.error_of().find("deprecated") != std::string::npos);
  LoadOptions allow;
  allow.allow_deprecated = true;
  CHECK(misc_floats(scatter11.load_options(allow).run()[0]) == std::vector<float>{1, 1.1f, 3, 4, 2.1f});
  CHECK_THROWS_WITH_AS(misc_run("Scatter", 9, {data, misc_i64({1, 2}, {1, -1}), misc_f32({1, 2}, {1.1f, 2.1f})}, {{"axis", int64_t{1}}}),
                       "indices[1] = -1 is out of range for a dimension of 5 (valid: 0 to 4)", Error);
  CHECK(Registry::builtin().resolve("", "Scatter", 11)->deprecated);
  CHECK(!Registry::builtin().resolve("", "Scatter", 10)->deprecated);
}
