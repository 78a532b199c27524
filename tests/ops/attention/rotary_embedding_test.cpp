// Unit tests of ops/attention/rotary_embedding.cpp.
#include "helpers/indexing_misc.h"

TEST_CASE("RotaryEmbedding: halves or interleaved pairs, position ids, each output rounded once") {
  const Tensor x = misc_f32({1, 1, 1, 4}, {1, 2, 3, 4});
  const Tensor c = misc_f32({1, 1, 2}, {0.5f, 1}), s = misc_f32({1, 1, 2}, {0.25f, 0});
  // Halves: x1 = (1, 2), x2 = (3, 4); (c x1 - s x2, s x1 + c x2).
  // spec: RotaryEmbedding-23: "Default value is 0 (False)."
  CHECK(misc_floats(misc_run("RotaryEmbedding", 23, {x, c, s})[0]) == std::vector<float>{-0.25f, 2, 1.75f, 4});
  // Interleaved: x1 = (1, 3), x2 = (2, 4).
  CHECK(misc_floats(misc_run("RotaryEmbedding", 23, {x, c, s}, {{"interleaved", int64_t{1}}})[0]) ==
        std::vector<float>{0, 1.25f, 3, 4});
  // 3-D input with two heads of 2, partial rotation of 2 of each head's... all 2; position ids pick cache rows.
  const Tensor x3 = misc_f32({1, 1, 4}, {1, 2, 3, 4});
  const Tensor cache_c = misc_f32({2, 1}, {9, 0}), cache_s = misc_f32({2, 1}, {9, 1});
  CHECK(misc_floats(misc_run("RotaryEmbedding", 23, {x3, cache_c, cache_s, misc_i64({1, 1}, {1})},
                             {{"num_heads", int64_t{2}}})[0]) == std::vector<float>{-2, 1, -4, 3});
  // rotary_embedding_dim 2 of head_size 4: the last two elements are copied.
  CHECK(misc_floats(misc_run("RotaryEmbedding", 23, {x, misc_f32({1, 1, 1}, {0}), misc_f32({1, 1, 1}, {1})},
                             {{"rotary_embedding_dim", int64_t{2}}})[0]) == std::vector<float>{-2, 1, 3, 4});
  // c x2 = (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is a tie in float; s x1 = 2^-60 breaks it upward.
  const auto r = misc_floats(misc_run("RotaryEmbedding", 23,
                                      {misc_f32({1, 1, 1, 2}, {1, 1 + 0x1p-12f}), misc_f32({1, 1, 1}, {1 + 0x1p-12f}),
                                       misc_f32({1, 1, 1}, {0x1p-60f})})[0]);
  CHECK(r[0] == 1 + 0x1p-12f);
  CHECK(r[1] == 1 + 0x1p-11f + 0x1p-23f);
  CHECK_THROWS_WITH_AS(
      misc_run("RotaryEmbedding", 23, {x3, cache_c, cache_s, misc_i64({1, 1}, {2})}, {{"num_heads", int64_t{2}}}),
      "position_ids[0] = 2 is out of range for a cache of 2 positions", Error);
  // spec: RotaryEmbedding-23: "Must be provided when input is a 3D tensor."
  CHECK_THROWS_WITH_AS(misc_run("RotaryEmbedding", 23, {x3, cache_c, cache_s}),
                       doctest::Contains("num_heads must be given"), Error);
  CHECK_THROWS_WITH_AS(misc_run("RotaryEmbedding", 23, {x, c, s}, {{"rotary_embedding_dim", int64_t{3}}}),
                       doctest::Contains("must be 0 or even"), Error);
}
