// Unit tests of ops/indexing/scatter_nd.cpp.
#include "helpers/indexing_rules.h"

namespace indexing_rules_tests {

// spec: ScatterND-*: "Its output shape is the same as the shape of `data`."
// spec: ScatterND-*: "Hence, k can be a value at most the rank of `data`."
// spec: ScatterND-*: "Index values are allowed to be negative, as per the usual convention for counting backwards from the end, but are expected in the valid range."
// spec: ScatterND-*: "Thus, the first (q-1) dimensions of updates.shape must match the first (q-1) dimensions of indices.shape."
// spec: ScatterND-*: "Thus, the shape of `updates` must equal indices.shape[0:q-1] ++ data.shape[k:r-1], where ++ denotes the concatenation of shapes."
// spec: ScatterND-16: "Type of reduction to apply: none (default), add, mul."
// spec: ScatterND-18: "Type of reduction to apply: none (default), add, mul, max, min."
TEST_CASE("ScatterND, every version: data's shape, k at most r, negative indices, the updates' shape; reduction none") {
  for (int64_t v : {11, 13, 16, 18}) {
    INFO("ScatterND-", v);
    // A whole row (k = 1) and one element (k = 2, negative indices).
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 1}, {-1}), f32({1, 3}, {7, 8, 9})})) ==
          std::vector<float>{1, 2, 3, 7, 8, 9});
    const Tensor y = run("ScatterND", v, {kData(), i64({1, 2}, {0, -1}), f32({1}, {30})});
    CHECK(y.shape() == Shape{2, 3});
    CHECK(floats(y) == std::vector<float>{1, 2, 30, 4, 5, 6});
    CHECK_THROWS_AS(run("ScatterND", v, {kData(), i64({1, 3}, {0, 0, 0}), f32({1}, {1})}), Error);  // k = 3 > r
    CHECK_THROWS_AS(run("ScatterND", v, {kData(), i64({1, 1}, {0}), f32({1, 2}, {1, 2})}),
                    Error);  // updates [1, 2], not [1, 3]
    CHECK_THROWS_AS(run("ScatterND", v, {kData(), i64({1, 1}, {0}), f32({2, 3}, {1, 2, 3, 4, 5, 6})}), Error);
    CHECK_THROWS_AS(run("ScatterND", v, {kData(), i64({1, 1}, {-3}), f32({1, 3}, {1, 2, 3})}), Error);
    if (v < 16) continue;
    const auto reduction = [](const char* r) { return [r](OpTester& t) { t.attribute("reduction", r); }; };
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 2}, {1, 0}), f32({1}, {10})}, reduction("none")))[3] == 10);
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 2}, {1, 0}), f32({1}, {10})}, reduction("add")))[3] == 14);
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 2}, {1, 0}), f32({1}, {10})}, reduction("mul")))[3] == 40);
    if (v < 18) continue;
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 2}, {1, 0}), f32({1}, {10})}, reduction("max")))[3] == 10);
    CHECK(floats(run("ScatterND", v, {kData(), i64({1, 2}, {1, 0}), f32({1}, {10})}, reduction("min")))[3] == 4);
  }
}

}  // namespace indexing_rules_tests
