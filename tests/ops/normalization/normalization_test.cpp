// Unit tests of ops/normalization/normalization.cpp.
#include "helpers/normalization.h"

TEST_CASE("Normalizations refuse bad inputs with one-line errors") {
  const Tensor x = floats({1, 2, 2}, {1, 2, 3, 4}), two = floats({2}, {1, 1}), three = floats({3}, {1, 1, 1});
  CHECK_THROWS_WITH_AS(run_norm("BatchNormalization", 15, {x, three, two, two, two}),
                       "input scale must have shape [2], but it is float[3]", Error);
  CHECK_THROWS_AS(run_norm("BatchNormalization", 15, {floats({2}, {1, 2}), two, two, two, two}), Error);
  CHECK_THROWS_WITH_AS(run_norm("BatchNormalization", 15, {x, two, two, two, two}, {}, 3),
                       "training_mode = 0 has only the output Y, but the node asks for 3", Error);
  CHECK_THROWS_AS(run_norm("BatchNormalization", 15, {x, two, two, two, two}, {{"training_mode", int64_t{2}}}), Error);
  CHECK_THROWS_AS(run_norm("BatchNormalization", 6, {x, two, two, two, two}, {{"is_test", int64_t{1}}}, 2), Error);
  CHECK_THROWS_AS(run_norm("InstanceNormalization", 6, {floats({2, 2}, {1, 2, 3, 4}), two, two}), Error);
  CHECK_THROWS_AS(run_norm("InstanceNormalization", 6, {x, three, two}), Error);
  CHECK_THROWS_AS(run_norm("LayerNormalization", 17, {x, three}), Error);
  CHECK_THROWS_AS(run_norm("LayerNormalization", 17, {x, two}, {{"axis", int64_t{3}}}), Error);
  CHECK_THROWS_AS(run_norm("LayerNormalization", 17, {x, two}, {{"stash_type", int64_t{11}}}), Error);
}
