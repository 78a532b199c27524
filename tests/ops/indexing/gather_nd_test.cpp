// Unit tests of ops/indexing/gather_nd.cpp.
#include "helpers/indexing_rules.h"

namespace indexing_rules_tests {

// spec: GatherND-11: "1) If `indices_shape[-1] > r` => error condition"
// spec: GatherND-11: "2) If `indices_shape[-1] == r`, since the rank of `indices` is `q`, `indices` can be thought of as a `(q-1)`-dimensional tensor containing 1-D tensors of dimension `r`."
// spec: GatherND-11: "Each *scalar value* corresponding to `data[indices_slice]` is filled into the corresponding location of the `(q-1)`-dimensional tensor to form the `output` tensor (Example 1 below)"
// spec: GatherND-11: "3) If `indices_shape[-1] < r`, since the rank of `indices` is `q`, `indices` can be thought of as a `(q-1)`-dimensional tensor containing 1-D tensors of dimension `< r`."
// spec: GatherND-11: "2) The `indices_shape[-1]` should have a value between 1 (inclusive) and rank `r` (inclusive)"
// spec: GatherND-11: "3) All values in `indices` are expected to be within bounds [-s, s-1] along axis of size `s`"
// spec: GatherND-*: "All index values are expected to be within bounds [-s, s-1] along axis of size s."
// spec: GatherND-*: "It is an error if any of the index values are out of bounds."
// spec: GatherND-12,13: "1) If `indices_shape[-1] > r-b` => error condition"
// spec: GatherND-12,13: "2) If `indices_shape[-1] == r-b`"
// spec: GatherND-12,13: "Each *scalar value* corresponding to `data[0:b-1,indices_slice]` is filled into the corresponding location of the `(q-b-1)`-dimensional tensor"
// spec: GatherND-12,13: "3) If `indices_shape[-1] < r-b`"
// spec: GatherND-12: "4) The `indices_shape[-1]` should have a value between 1 (inclusive) and rank `r-b` (inclusive)"
// spec: GatherND-12,13: "5) All values in `indices` are expected to be within bounds [-s, s-1] along axis of size `s`"
// spec: GatherND-12,13: "2) The first `b` dimensions of the shape of `indices` tensor and `data` tensor must be equal."
TEST_CASE("GatherND, every version: scalars for full index tuples, slices for shorter ones; bounds and batch_dims") {
  for (int64_t v : {11, 12, 13}) {
    INFO("GatherND-", v);
    const Tensor scalars = run("GatherND", v, {kData(), i64({2, 2}, {0, 2, 1, -1})});
    CHECK(scalars.shape() == Shape{2});
    CHECK(floats(scalars) == std::vector<float>{3, 6});
    const Tensor slices = run("GatherND", v, {kData(), i64({1, 1}, {1})});
    CHECK(slices.shape() == Shape{1, 3});
    CHECK(floats(slices) == std::vector<float>{4, 5, 6});
    CHECK_THROWS_AS(run("GatherND", v, {kData(), i64({1, 3}, {0, 0, 0})}), Error);
    CHECK_THROWS_AS(run("GatherND", v, {kData(), i64({1, 2}, {2, 0})}), Error);
    CHECK_THROWS_AS(run("GatherND", v, {kData(), i64({1, 2}, {0, -4})}), Error);
    if (v < 12) continue;
    // batch_dims = 1: row b picks data[b][idx[b]]: [data[0][2], data[1][0]] = [3, 4].
    const auto batch = [](OpTester& t) { t.attribute("batch_dims", int64_t{1}); };
    CHECK(floats(run("GatherND", v, {kData(), i64({2, 1}, {2, 0})}, batch)) == std::vector<float>{3, 4});
    CHECK_THROWS_AS(run("GatherND", v, {kData(), i64({3, 1}, {0, 0, 0})}, batch), Error);
    CHECK_THROWS_AS(run("GatherND", v, {kData(), i64({2, 2}, {0, 0, 0, 0})}, batch), Error);
  }
}

}  // namespace indexing_rules_tests
