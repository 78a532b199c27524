// Unit tests of ops/linalg/conv_transpose_rules.cpp.
#include "helpers/quant.h"

TEST_CASE("ConvTranspose rules: explicit pads against the full scatter length") {
  for (int64_t in = 1; in <= 6; ++in)
    for (int64_t k = 1; k <= 4; ++k)
      for (int64_t d = 1; d <= 3; ++d)
        for (int64_t s = 1; s <= 3; ++s)
          for (int64_t op = 0; op < std::max(s, d); ++op)
            for (int64_t pb = 0; pb <= 3; ++pb)
              for (int64_t pe = 0; pe <= 3; ++pe) {
                // Brute force: the last position any (i, tap) reaches, plus one, plus output_padding.
                int64_t full = 0;
                for (int64_t i = 0; i < in; ++i)
                  for (int64_t t = 0; t < k; ++t) full = std::max(full, i * s + t * d + 1);
                full += op;
                if (full - pb - pe < 0) {
                  CHECK_THROWS_AS(conv_transpose_axis(in, k, s, d, pb, pe, op, std::nullopt, AutoPad::NotSet), Error);
                  continue;
                }
                const TransposedAxis a = conv_transpose_axis(in, k, s, d, pb, pe, op, std::nullopt, AutoPad::NotSet);
                CHECK(a.out == full - pb - pe);
                CHECK(a.pad_begin == pb);
                CHECK(a.pad_end == pe);
                // Every (i, tap) whose position lands in the output is found by conv_transpose_source.
                for (int64_t o = 0; o < a.out; ++o)
                  for (int64_t t = 0; t < k; ++t) {
                    int64_t expect = -1;
                    for (int64_t i = 0; i < in; ++i)
                      if (i * s + t * d == o + pb) expect = i;
                    CHECK(conv_transpose_source(o, t, a, in, s, d) == expect);
                  }
              }
}

TEST_CASE("ConvTranspose rules: SAME, VALID and output_shape split the total padding as the spec says") {
  // in 3, stride 2, kernel 3: full = 2 * 2 + 3 = 7; SAME asks for 6, total 1.
  auto up = conv_transpose_axis(3, 3, 2, 1, 0, 0, 0, std::nullopt, AutoPad::SameUpper);
  CHECK((up.out == 6 && up.pad_begin == 0 && up.pad_end == 1));
  auto lo = conv_transpose_axis(3, 3, 2, 1, 0, 0, 0, std::nullopt, AutoPad::SameLower);
  CHECK((lo.out == 6 && lo.pad_begin == 1 && lo.pad_end == 0));
  auto valid = conv_transpose_axis(3, 3, 2, 1, 0, 0, 1, std::nullopt, AutoPad::Valid);
  CHECK((valid.out == 8 && valid.pad_begin == 0 && valid.pad_end == 0));
  // output_shape 10 with strides 3 over 3 (full 9): total -1, floor(-1 / 2) = -1 at the end.
  auto big = conv_transpose_axis(3, 3, 3, 1, 0, 0, 0, int64_t{10}, AutoPad::NotSet);
  CHECK((big.out == 10 && big.pad_begin == 0 && big.pad_end == -1));
  // output_shape 5 of full 9: total 4, 2 and 2; odd total 5 (out 4): NOTSET puts 3 first.
  auto small = conv_transpose_axis(3, 3, 3, 1, 7, 7, 0, int64_t{4}, AutoPad::NotSet);
  CHECK((small.out == 4 && small.pad_begin == 3 && small.pad_end == 2));
  auto small_up = conv_transpose_axis(3, 3, 3, 1, 0, 0, 0, int64_t{4}, AutoPad::SameUpper);
  CHECK((small_up.out == 4 && small_up.pad_begin == 2 && small_up.pad_end == 3));
  CHECK_THROWS_WITH_AS(conv_transpose_axis(3, 3, 2, 1, 0, 0, 2, std::nullopt, AutoPad::NotSet),
                       doctest::Contains("output_padding 2 must be in [0, max(stride, dilation) = 2)"), Error);
  CHECK_THROWS_AS(conv_transpose_axis(3, 3, 0, 1, 0, 0, 0, std::nullopt, AutoPad::NotSet), Error);
  CHECK_THROWS_AS(conv_transpose_axis(3, 3, 1, 1, -1, 0, 0, std::nullopt, AutoPad::NotSet), Error);
  CHECK_THROWS_AS(conv_transpose_axis(3, 3, 1, 1, 0, 0, 0, int64_t{-1}, AutoPad::NotSet), Error);
  CHECK_THROWS_AS(conv_transpose_axis(int64_t{1} << 61, 3, 4, 1, 0, 0, 0, std::nullopt, AutoPad::NotSet), Error);
}
