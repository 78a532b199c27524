// RotaryEmbedding-23: the head size rules of the ONNX 1.22.0 text, each check citing its sentence.
#include "helpers/indexing_misc.h"

// spec: RotaryEmbedding-23: "For cases with a 4D input tensor, `head_size` has to be even."
// spec: RotaryEmbedding-23: "For cases with a 3D input tensor, `num_heads` attribute must be provided and `hidden_size` must be an even multiple of `num_heads` where `hidden_size = num_heads * head_size`"
TEST_CASE("RotaryEmbedding-23: an odd head size is refused, in 4-D and in 3-D inputs") {
  const Tensor c = misc_f32({1, 1, 1}, {1}), s = misc_f32({1, 1, 1}, {0});
  CHECK_THROWS_AS(misc_run("RotaryEmbedding", 23, {misc_f32({1, 1, 1, 3}, {1, 2, 3}), c, s}), Error);
  // hidden 6 over 2 heads: head size 3, odd.
  CHECK_THROWS_AS(
      misc_run("RotaryEmbedding", 23, {misc_f32({1, 1, 6}, {1, 2, 3, 4, 5, 6}), c, s}, {{"num_heads", int64_t{2}}}),
      Error);
  // hidden 5 is no multiple of 2 heads.
  CHECK_THROWS_AS(
      misc_run("RotaryEmbedding", 23, {misc_f32({1, 1, 5}, {1, 2, 3, 4, 5}), c, s}, {{"num_heads", int64_t{2}}}),
      Error);
  // head size 2 of a 4-D input with the identity rotation (cos 1, sin 0): unchanged.
  CHECK(misc_floats(misc_run("RotaryEmbedding", 23, {misc_f32({1, 1, 1, 2}, {1, 2}), c, s})[0]) ==
        std::vector<float>{1, 2});
}
