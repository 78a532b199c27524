// Unit tests of ops/movement/depth_to_space.cpp.
#include "helpers/movement_rules.h"

namespace movement_rules_tests {

// x = 0..7 as [1, 8, 1, 1], blocksize 2, two output channels. DCR: channel c, position (i, j) reads
// x[(2 i + j) * 2 + c]: [0, 2, 4, 6] and [1, 3, 5, 7]. CRD would read x[4 c + 2 i + j]: [0, 1, 2, 3].
// spec: DepthToSpace-11,13: "By default, `mode` = `DCR`."
// spec: DepthToSpace-11,13: "DCR (default) for depth-column-row order re-arrangement."
TEST_CASE("DepthToSpace-11 and -13: DCR by default") {
  const Tensor x = f32({1, 8, 1, 1}, {0, 1, 2, 3, 4, 5, 6, 7});
  for (int64_t v : {11, 13}) {
    INFO("DepthToSpace-", v);
    const auto block = [](OpTester& t) { t.attribute("blocksize", int64_t{2}); };
    CHECK(floats(run("DepthToSpace", v, {x}, block)) == std::vector<float>{0, 2, 4, 6, 1, 3, 5, 7});
    CHECK(floats(run("DepthToSpace", v, {x}, [](OpTester& t) {
            t.attribute("blocksize", int64_t{2}).attribute("mode", "CRD");
          })) == std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7});
  }
}

}  // namespace movement_rules_tests
