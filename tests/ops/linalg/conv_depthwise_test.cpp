// Unit tests of Conv's depthwise kernel (ops/linalg/conv.cpp, one input and one output channel per
// group) and its register-blocked rows (gemm/depthwise_row.h): every window geometry the row kernel
// treats apart (32-output blocks and their tails, windows reaching into the padding on either
// side, input rows that are all padding, strides 1, 2 and 3, dilations), on the AVX-512 and the
// portable paths and on 1, 2 and 3 threads, against the spec's convolution evaluated exactly with
// MPFR. Conv-22: "The convolution operator consumes an input tensor and a filter, and computes the
// output"; the contract (docs/numerics.md): each output the exact sum of its window's products
// plus the bias, rounded once; padding contributes zeros.
#include "helpers/conv_paths.h"

#include <mpfr.h>

namespace {

struct DepthwiseCase {
  int64_t N, C, H, W, KH, KW;
  std::vector<int64_t> pads, strides, dilations;  // pads: top, left, bottom, right
  bool bias = true;
};

// The exact sum of each window's products plus the bias (MPFR at 600 bits: the products of these
// floats and their sums are exact there), rounded once to float.
std::vector<float> oracle(const DepthwiseCase& c, int64_t OH, int64_t OW, const std::vector<float>& x,
                          const std::vector<float>& w, const std::vector<float>& b) {
  std::vector<float> y;
  mpfr_t sum, p;
  mpfr_init2(sum, 600);
  mpfr_init2(p, 600);
  for (int64_t n = 0; n < c.N; ++n)
    for (int64_t ch = 0; ch < c.C; ++ch)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          mpfr_set_d(sum, c.bias ? b[static_cast<size_t>(ch)] : 0.0, MPFR_RNDN);
          for (int64_t kh = 0; kh < c.KH; ++kh)
            for (int64_t kw = 0; kw < c.KW; ++kw) {
              const int64_t ih = oh * c.strides[0] - c.pads[0] + kh * c.dilations[0];
              const int64_t iw = ow * c.strides[1] - c.pads[1] + kw * c.dilations[1];
              if (ih < 0 || ih >= c.H || iw < 0 || iw >= c.W) continue;  // padding reads zeros
              mpfr_set_d(p, x[static_cast<size_t>(((n * c.C + ch) * c.H + ih) * c.W + iw)], MPFR_RNDN);
              mpfr_mul_d(p, p, w[static_cast<size_t>((ch * c.KH + kh) * c.KW + kw)], MPFR_RNDN);
              mpfr_add(sum, sum, p, MPFR_RNDN);
            }
          y.push_back(mpfr_get_flt(sum, MPFR_RNDN));
        }
  mpfr_clear(sum);
  mpfr_clear(p);
  return y;
}

void check_depthwise(const DepthwiseCase& c, uint64_t seed) {
  std::mt19937_64 rng(seed);
  ConvNode node{{c.N, c.C, c.H, c.W},
                {c.C, 1, c.KH, c.KW},
                random_conv_floats(rng, c.N * c.C * c.H * c.W),
                random_conv_floats(rng, c.C * c.KH * c.KW),
                {},
                c.C,
                c.pads,
                c.strides,
                c.dilations};
  const auto b = random_conv_floats(rng, c.C);
  if (c.bias) node.b = b;
  const int64_t OH = (c.H + c.pads[0] + c.pads[2] - c.dilations[0] * (c.KH - 1) - 1) / c.strides[0] + 1;
  const int64_t OW = (c.W + c.pads[1] + c.pads[3] - c.dilations[1] * (c.KW - 1) - 1) / c.strides[1] + 1;
  check_conv_every_path(node, {c.N, c.C, OH, OW}, oracle(c, OH, OW, node.x, node.w, b));
}

}  // namespace

TEST_CASE(
    "Conv-22 depthwise rows: 5x5 windows over 70 outputs (two 32-output blocks and a tail), padding on all sides") {
  check_depthwise({2, 3, 9, 70, 5, 5, {2, 2, 2, 2}, {1, 1}, {1, 1}}, 31);
}

TEST_CASE("Conv-22 depthwise rows: stride 2 along the row, even and odd widths, windows past both ends") {
  check_depthwise({1, 4, 7, 91, 3, 3, {1, 1, 1, 1}, {2, 2}, {1, 1}}, 32);
  check_depthwise({1, 2, 6, 96, 3, 3, {1, 0, 1, 2}, {1, 2}, {1, 1}, false}, 33);
}

TEST_CASE("Conv-22 depthwise rows: stride 3 and dilation 2 (gathered taps), and input rows that are all padding") {
  check_depthwise({1, 3, 5, 80, 3, 4, {4, 3, 4, 5}, {1, 3}, {2, 2}}, 34);
  // Pads of 3 rows above and below a 3-row kernel: the first and last output rows read only padding.
  check_depthwise({1, 2, 4, 40, 3, 3, {3, 1, 3, 1}, {1, 1}, {1, 1}}, 35);
}

TEST_CASE("Conv-22 depthwise rows: rows narrower than one block of eight, and one output") {
  check_depthwise({1, 5, 6, 5, 3, 3, {1, 1, 1, 1}, {1, 1}, {1, 1}}, 36);
  check_depthwise({1, 1, 3, 3, 3, 3, {0, 0, 0, 0}, {1, 1}, {1, 1}}, 37);
}
