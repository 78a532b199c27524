// Unit tests of Conv's im2col blocks (ops/linalg/conv.cpp, Im2colSource: each row of a block
// written whole, then copied strip by strip) on the tiled engine: narrow output rows that many
// blocks cut in the middle, several column tiles, strides and padding on either side, on the
// AVX-512 and the portable paths and on 1, 2 and 3 threads, against the spec's convolution
// evaluated exactly with MPFR. Conv-22: "The convolution operator consumes an input tensor and a
// filter, and computes the output"; the contract: each output the exact sum of its window's
// products plus the bias, rounded once; padding contributes zeros.
#include "helpers/conv_paths.h"

#include <mpfr.h>

namespace {

struct DenseCase {
  int64_t C, H, W, M, KH, KW;
  std::vector<int64_t> pads, strides;  // pads: top, left, bottom, right
};

void check_dense(const DenseCase& c, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto x = random_conv_floats(rng, c.C * c.H * c.W);
  const auto w = random_conv_floats(rng, c.M * c.C * c.KH * c.KW);
  const auto b = random_conv_floats(rng, c.M);
  const int64_t OH = (c.H + c.pads[0] + c.pads[2] - c.KH) / c.strides[0] + 1;
  const int64_t OW = (c.W + c.pads[1] + c.pads[3] - c.KW) / c.strides[1] + 1;
  // The exact sums (MPFR at 600 bits holds these products and sums exactly), rounded once.
  std::vector<float> want;
  mpfr_t sum, p;
  mpfr_init2(sum, 600);
  mpfr_init2(p, 600);
  for (int64_t m = 0; m < c.M; ++m)
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        mpfr_set_d(sum, b[static_cast<size_t>(m)], MPFR_RNDN);
        for (int64_t ch = 0; ch < c.C; ++ch)
          for (int64_t kh = 0; kh < c.KH; ++kh)
            for (int64_t kw = 0; kw < c.KW; ++kw) {
              const int64_t ih = oh * c.strides[0] - c.pads[0] + kh, iw = ow * c.strides[1] - c.pads[1] + kw;
              if (ih < 0 || ih >= c.H || iw < 0 || iw >= c.W) continue;  // padding reads zeros
              mpfr_set_d(p, x[static_cast<size_t>((ch * c.H + ih) * c.W + iw)], MPFR_RNDN);
              mpfr_mul_d(p, p, w[static_cast<size_t>(((m * c.C + ch) * c.KH + kh) * c.KW + kw)], MPFR_RNDN);
              mpfr_add(sum, sum, p, MPFR_RNDN);
            }
        want.push_back(mpfr_get_flt(sum, MPFR_RNDN));
      }
  mpfr_clear(sum);
  mpfr_clear(p);
  check_conv_every_path({{1, c.C, c.H, c.W}, {c.M, c.C, c.KH, c.KW}, x, w, b, 1, c.pads, c.strides, {1, 1}},
                        {1, c.M, OH, OW}, want);
}

}  // namespace

TEST_CASE(
    "Conv-22 im2col blocks: output rows of 13 over two column tiles (blocks start mid-row), padding on both sides") {
  // 70 x 13 = 910 outputs: the second column tile (768 columns) starts inside output row 59.
  check_dense({3, 70, 13, 5, 3, 3, {1, 1, 1, 1}, {1, 1}}, 41);
}

TEST_CASE("Conv-22 im2col blocks: stride 2 and a 1x3 kernel reaching past the row ends, K above one block of 128") {
  // K = 45 channels x 3 taps = 135: two blocks of k.
  check_dense({45, 9, 33, 4, 1, 3, {0, 2, 0, 2}, {1, 2}}, 42);
}

TEST_CASE("Conv-22 im2col blocks: rows of the image that are all padding, and output rows narrower than a strip") {
  check_dense({2, 5, 6, 3, 3, 2, {3, 0, 3, 1}, {2, 1}}, 43);
}
