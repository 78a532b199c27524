// Unit tests of ops/attention/tensor_scatter.cpp.
#include "helpers/indexing_misc.h"

TEST_CASE("TensorScatter: linear and circular writes per batch entry") {
  // past (2, 4, 1) along axis 1 (= -2); update (2, 2, 1).
  const Tensor past = misc_i64({2, 4, 1}, {0, 1, 2, 3, 10, 11, 12, 13});
  const Tensor update = misc_i64({2, 2, 1}, {7, 8, 17, 18});
  // spec: TensorScatter-24: "The optional `write_indices` input indicates the write index for each sample in the batch, assumed to be zero if not provided."
  // spec: TensorScatter-24: "Assumed to be all zeros if not provided."
  // spec: TensorScatter-24: "During the prefill phase of attention, only the first two inputs are needed."
  // spec: TensorScatter-24: "Default is -2."
  CHECK(misc_ints(misc_run("TensorScatter", 24, {past, update})[0]) ==
        std::vector<int64_t>{7, 8, 2, 3, 17, 18, 12, 13});
  // spec: TensorScatter-24: "The past and present cache tensors have the same shape"
  CHECK(misc_run("TensorScatter", 24, {past, update})[0].tensor().shape() == Shape{2, 4, 1});
  CHECK(misc_ints(misc_run("TensorScatter", 24, {past, update, misc_i64({2}, {2, 1})})[0]) ==
        std::vector<int64_t>{0, 1, 7, 8, 10, 17, 18, 13});
  // spec: TensorScatter-24: "Supported modes include `linear` and `circular`."
  CHECK(misc_ints(misc_run("TensorScatter", 24, {past, update, misc_i64({2}, {3, -1})},
                           {{"mode", std::string("circular")}})[0]) ==
        std::vector<int64_t>{8, 1, 2, 7, 18, 11, 12, 17});
  // spec: TensorScatter-24: "`linear` mode requires write_indices+sequence_length<=max_sequence_length."
  CHECK_THROWS_WITH_AS(
      misc_run("TensorScatter", 24, {past, update, misc_i64({2}, {3, 0})}),
      "write_indices[0] = 3 leaves no room for 2 positions in a cache of 4 (mode linear; valid: 0 to 2)", Error);
  // spec: TensorScatter-24: "It cannot be 0 (the batch dimension)."
  CHECK_THROWS_WITH_AS(misc_run("TensorScatter", 24, {past, update}, {{"axis", int64_t{-3}}}),
                       "axis -3 is the batch axis; it must not be", Error);
  // spec: TensorScatter-24: "where sequence_length <= max_sequence_length."
  CHECK_THROWS_WITH_AS(misc_run("TensorScatter", 24, {past, misc_i64({2, 5, 1}, std::vector<int64_t>(10, 0))}),
                       doctest::Contains("where it may be shorter"), Error);
}
