// Unit tests of ops/linalg/conv.cpp.
#include <doctest/doctest.h>
#include <mpfr.h>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>
#include "gemm/dot.h"
#include "helpers/conv_pool.h"
#include "helpers/every_gemm_path.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"

TEST_CASE("Conv: groups, padding, strides and dilations against a hand loop over small integers") {
  // X [1, 4, 5, 5] = 0..99, W [4, 2, 2, 2] (group 2) = alternating small integers, B = [1, 2, 3, 4].
  std::vector<float> x(100), w(32);
  for (int i = 0; i < 100; ++i) x[static_cast<size_t>(i)] = static_cast<float>(i % 7 - 3);
  for (int i = 0; i < 32; ++i) w[static_cast<size_t>(i)] = static_cast<float>(i % 5 - 2);
  const std::vector<float> bias{1, 2, 3, 4};
  const auto y = run_node("Conv", 22, {floats({1, 4, 5, 5}, x), floats({4, 2, 2, 2}, w), floats({4}, bias)},
                          {{"group", {2}}, {"pads", {1, 0, 1, 2}}, {"strides", {2, 1}}, {"dilations", {2, 2}}})[0];
  // Output: rows (5 + 1 + 1 - 3) / 2 + 1 = 3, cols (5 + 0 + 2 - 3) / 1 + 1 = 5.
  REQUIRE(y.shape() == Shape{1, 4, 3, 5});
  const auto got = values<float>(y);
  for (int m = 0; m < 4; ++m)
    for (int oh = 0; oh < 3; ++oh)
      for (int ow = 0; ow < 5; ++ow) {
        float want = bias[static_cast<size_t>(m)];
        const int g = m / 2;
        for (int c = 0; c < 2; ++c)
          for (int kh = 0; kh < 2; ++kh)
            for (int kw = 0; kw < 2; ++kw) {
              const int ih = oh * 2 - 1 + kh * 2, iw = ow - 0 + kw * 2;
              if (ih < 0 || ih >= 5 || iw < 0 || iw >= 5) continue;
              want += x[static_cast<size_t>(((g * 2 + c) * 5 + ih) * 5 + iw)] *
                      w[static_cast<size_t>(((m * 2 + c) * 2 + kh) * 2 + kw)];
            }
        CHECK(got[static_cast<size_t>((m * 3 + oh) * 5 + ow)] == want);
      }
}

TEST_CASE("Conv 2-D: every window geometry against a hand loop (the row-segment im2col)") {
  // Small integers keep every product and sum exact, so the hand loop is the exact answer. The
  // geometries cover windows that start and end in the padding on either side, strides larger
  // than the kernel, dilations and rows that read nothing; a fixed LCG picks 400 of them.
  uint64_t state = 12345;
  auto next = [&](int64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int64_t>((state >> 33) % static_cast<uint64_t>(n));
  };
  int checked = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int64_t H = 1 + next(7), W = 1 + next(9), KH = 1 + next(3), KW = 1 + next(3), SH = 1 + next(3),
                  SW = 1 + next(3), DH = 1 + next(2), DW = 1 + next(2), PT = next(3), PL = next(3), PB = next(3),
                  PR = next(3), C = 1 + next(2);
    const int64_t OH = (H + PT + PB - (KH - 1) * DH - 1) / SH + 1, OW = (W + PL + PR - (KW - 1) * DW - 1) / SW + 1;
    if (H + PT + PB < (KH - 1) * DH + 1 || W + PL + PR < (KW - 1) * DW + 1) continue;
    std::vector<float> x(static_cast<size_t>(C * H * W)), w(static_cast<size_t>(C * KH * KW));
    for (auto& v : x) v = static_cast<float>(next(9) - 4);
    for (auto& v : w) v = static_cast<float>(next(5) - 2);
    const auto y = run_node("Conv", 11, {floats({1, C, H, W}, x), floats({1, C, KH, KW}, w)},
                            {{"pads", {PT, PL, PB, PR}}, {"strides", {SH, SW}}, {"dilations", {DH, DW}}})[0];
    REQUIRE(y.shape() == Shape{1, 1, OH, OW});
    const auto got = values<float>(y);
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        float want = 0;
        for (int64_t c = 0; c < C; ++c)
          for (int64_t kh = 0; kh < KH; ++kh)
            for (int64_t kw = 0; kw < KW; ++kw) {
              const int64_t ih = oh * SH - PT + kh * DH, iw = ow * SW - PL + kw * DW;
              if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
              want += x[static_cast<size_t>((c * H + ih) * W + iw)] * w[static_cast<size_t>((c * KH + kh) * KW + kw)];
            }
        INFO("trial " << trial << " H " << H << " W " << W << " kernel " << KH << "x" << KW << " strides " << SH << ","
                      << SW << " dilations " << DH << "," << DW << " pads " << PT << "," << PL << "," << PB << ","
                      << PR);
        CHECK(got[static_cast<size_t>(oh * OW + ow)] == want);
      }
    ++checked;
  }
  CHECK(checked > 300);
}

TEST_CASE("Conv: a 1x1 convolution rounds its dot product once") {
  // Channels 1, 2^-24, 2^-30 times weights 1, 1, 2^-30: 1 + 2^-24 + 2^-60 rounds up to 1 + 2^-23.
  const auto y = run_node(
      "Conv", 11, {floats({1, 3, 1, 1}, {1.0f, 0x1p-24f, 0x1p-30f}), floats({1, 3, 1, 1}, {1.0f, 1.0f, 0x1p-30f})})[0];
  CHECK(values<float>(y)[0] == 1.0f + 0x1p-23f);
}

// spec: Conv-22: "Or in other words FILTER_IN_CHANNEL multiplied by the number of groups should be equal to DATA_CHANNEL"
// spec: Conv-22: "This attribute cannot be used simultaneously with auto_pad attribute."
TEST_CASE("Conv: bad inputs are one-line errors") {
  const Tensor x = floats({1, 4, 3, 3}, std::vector<float>(36));
  CHECK_THROWS_WITH_AS(run_node("Conv", 22, {x, floats({2, 3, 1, 1}, std::vector<float>(6))}, {{"group", {2}}}),
                       doctest::Contains("must have C/group = 2 input channels"), Error);
  CHECK_THROWS_WITH_AS(run_node("Conv", 22, {x, floats({3, 2, 1, 1}, std::vector<float>(6))}, {{"group", {2}}}),
                       doctest::Contains("group 2 must divide"), Error);
  CHECK_THROWS_WITH_AS(run_node("Conv", 22, {x, floats({1, 4, 5, 5}, std::vector<float>(100))}),
                       doctest::Contains("is larger than the padded input"), Error);
  CHECK_THROWS_WITH_AS(
      run_node("Conv", 22, {x, floats({1, 4, 1, 1}, std::vector<float>(4))}, {{"pads", {-1, 0, 0, 0}}}),
      doctest::Contains("pads must not be negative"), Error);
  CHECK_THROWS_WITH_AS(
      run_node("Conv", 22, {x, floats({1, 4, 1, 1}, std::vector<float>(4))}, {{"pads", {1, 0, 0, 0}}}, 1, "SAME_UPPER"),
      doctest::Contains("cannot be used with auto_pad 'SAME_UPPER'"), Error);
  // An empty [1, 1, 2^31, 0] input padded to width 1, with 2^20 output channels: 2^51 floats of
  // output, refused before allocating.
  CHECK_THROWS_AS(run_node("Conv", 22,
                           {floats({1, 1, int64_t{1} << 31, 0}, {}),
                            floats({int64_t{1} << 20, 1, 1, 1}, std::vector<float>(size_t{1} << 20))},
                           {{"pads", {0, 0, 0, 1}}}),
                  Error);
}

// The engine-path cases (every GEMM path and thread count against MPFR).
namespace {

struct ConvCase {
  Shape x_shape, w_shape;  // [N, C, spatial...], [M, C/group, kernel...]
  int64_t group;
  std::vector<int64_t> pads, strides, dilations;
};

std::vector<float> random_floats(std::mt19937_64& rng, int64_t n) {
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << 24) + 1, (int64_t{1} << 24) - 1);
  std::uniform_int_distribution<int> ex(-8, 8);
  std::vector<float> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(std::ldexp(static_cast<float>(mant(rng)), ex(rng) - 24));
  return v;
}

int64_t conv_count(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

// The spec's convolution, exactly (MPFR at 2000 bits), rounded once to float.
std::vector<float> oracle(const ConvCase& c, const std::vector<float>& x, const std::vector<float>& w,
                          const std::vector<float>& b, Shape& out_shape) {
  const size_t r = c.x_shape.size() - 2;
  const int64_t N = c.x_shape[0], C = c.x_shape[1], M = c.w_shape[0], Cg = C / c.group, Mg = M / c.group;
  Shape in(c.x_shape.begin() + 2, c.x_shape.end()), k(c.w_shape.begin() + 2, c.w_shape.end()), out;
  for (size_t a = 0; a < r; ++a)
    out.push_back((in[a] + c.pads[a] + c.pads[a + r] - c.dilations[a] * (k[a] - 1) - 1) / c.strides[a] + 1);
  out_shape = {N, M};
  out_shape.insert(out_shape.end(), out.begin(), out.end());
  const int64_t in_size = conv_count(in), out_size = conv_count(out), k_size = conv_count(k);
  std::vector<float> y;
  mpfr_t sum, p;
  mpfr_init2(sum, 2000);
  mpfr_init2(p, 2000);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t o = 0; o < out_size; ++o) {
        mpfr_set_d(sum, b[static_cast<size_t>(m)], MPFR_RNDN);
        std::vector<int64_t> opos(r);
        for (int64_t t = o, a = static_cast<int64_t>(r) - 1; a >= 0; --a) {
          opos[static_cast<size_t>(a)] = t % out[static_cast<size_t>(a)];
          t /= out[static_cast<size_t>(a)];
        }
        const int64_t g = m / Mg;
        for (int64_t cg = 0; cg < Cg; ++cg)
          for (int64_t kk = 0; kk < k_size; ++kk) {
            int64_t flat = 0, t = kk;
            std::vector<int64_t> kpos(r);
            for (int64_t a = static_cast<int64_t>(r) - 1; a >= 0; --a) {
              kpos[static_cast<size_t>(a)] = t % k[static_cast<size_t>(a)];
              t /= k[static_cast<size_t>(a)];
            }
            bool inside = true;
            for (size_t a = 0; a < r; ++a) {
              const int64_t coord = opos[a] * c.strides[a] - c.pads[a] + kpos[a] * c.dilations[a];
              inside = inside && coord >= 0 && coord < in[a];
              flat = flat * in[a] + coord;
            }
            if (!inside) continue;  // padding reads zeros
            const float xv = x[static_cast<size_t>((n * C + g * Cg + cg) * in_size + flat)];
            const float wv = w[static_cast<size_t>((m * Cg + cg) * k_size + kk)];
            mpfr_set_d(p, xv, MPFR_RNDN);
            mpfr_mul_d(p, p, wv, MPFR_RNDN);   // exact
            mpfr_add(sum, sum, p, MPFR_RNDN);  // exact
          }
        y.push_back(mpfr_get_flt(sum, MPFR_RNDN));
      }
  mpfr_clear(sum);
  mpfr_clear(p);
  return y;
}

void check_case(const ConvCase& c, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto x = random_floats(rng, conv_count(c.x_shape));
  const auto w = random_floats(rng, conv_count(c.w_shape));
  const auto b = random_floats(rng, c.w_shape[0]);
  Shape out_shape;
  const auto want = oracle(c, x, w, b, out_shape);
  on_every_gemm_path([&] {
    const Tensor y =
        run_node("Conv", 22,
                 {Tensor::from_values<float>(ElementType::Float, c.x_shape, x),
                  Tensor::from_values<float>(ElementType::Float, c.w_shape, w),
                  Tensor::from_values<float>(ElementType::Float, {c.w_shape[0]}, b)},
                 {{"group", {c.group}}, {"pads", c.pads}, {"strides", c.strides}, {"dilations", c.dilations}})[0];
    REQUIRE(y.shape() == out_shape);
    REQUIRE(static_cast<size_t>(y.element_count()) == want.size());
    CHECK(std::memcmp(y.data(), want.data(), want.size() * sizeof(float)) == 0);
  });
}

}  // namespace

TEST_CASE("Conv-22: 2-D windows with pads, strides, dilations and groups, every path and thread count, against MPFR") {
  check_case({{2, 6, 11, 13}, {10, 3, 3, 2}, 2, {1, 2, 0, 1}, {2, 1}, {1, 2}}, 1);
  // Wide enough for several column tiles of the engine (more than 768 output positions) and a
  // K (C/group x kernel = 150) longer than one block of 128.
  check_case({{1, 6, 30, 31}, {9, 6, 5, 5}, 1, {2, 2, 2, 2}, {1, 1}, {1, 1}}, 2);
  // Windows that reach past both ends of a row, stride 3.
  check_case({{1, 2, 7, 40}, {4, 2, 3, 7}, 1, {1, 5, 1, 6}, {1, 3}, {1, 1}}, 3);
}

TEST_CASE("Conv-22: depthwise 2-D windows (summed directly), against MPFR") {
  check_case({{2, 5, 13, 17}, {5, 1, 3, 3}, 5, {1, 2, 1, 0}, {2, 1}, {1, 2}}, 6);
  check_case({{1, 3, 9, 40}, {3, 1, 5, 5}, 3, {2, 2, 2, 2}, {1, 3}, {1, 1}}, 7);
  check_case({{1, 2, 6, 7}, {4, 1, 3, 3}, 2, {1, 1, 1, 1}, {1, 1}, {1, 1}},
             8);  // two outputs per channel: the GEMM path
}

TEST_CASE("Conv-22: 1-D windows (run as 2-D with one row), against MPFR") {
  check_case({{2, 4, 50}, {6, 4, 5}, 1, {2, 3}, {3}, {2}}, 4);
  check_case({{1, 4, 9}, {4, 1, 3}, 4, {1, 1}, {1}, {1}}, 5);  // depthwise
}

// Three spatial axes run on the tap tables (ops/linalg/tap_gather.h): float packs the gather
// matrix block by block, double builds it whole. Small integers keep every sum exact, so the hand
// loop's sums are the exact results.
TEST_CASE("Conv-22 3-D: padding, strides, dilations and groups against a hand loop (float and double)") {
  // X [1, 2, 4, 3, 5], W [2, 1, 2, 2, 2] (group 2), pads 1 at the begin of each axis, 0 at the end.
  const int D = 4, H = 3, W = 5;
  std::vector<float> x(2 * D * H * W), w(16);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(static_cast<int>(i % 9) - 4);
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<float>(static_cast<int>(i % 5) - 2);
  const std::vector<int> stride{2, 1, 2}, dilation{1, 2, 1};
  // Output per axis: (in + 1 - ((2 - 1) * dilation + 1)) / stride + 1.
  const int OD = (D + 1 - 2) / 2 + 1, OH = (H + 1 - 3) / 1 + 1, OW = (W + 1 - 2) / 2 + 1;
  std::vector<float> want(static_cast<size_t>(2 * OD * OH * OW), 0.0f);
  for (int m = 0; m < 2; ++m)
    for (int od = 0; od < OD; ++od)
      for (int oh = 0; oh < OH; ++oh)
        for (int ow = 0; ow < OW; ++ow) {
          float sum = 0;
          for (int kd = 0; kd < 2; ++kd)
            for (int kh = 0; kh < 2; ++kh)
              for (int kw = 0; kw < 2; ++kw) {
                const int id = od * 2 - 1 + kd, ih = oh - 1 + kh * 2, iw = ow * 2 - 1 + kw;
                if (id < 0 || id >= D || ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                sum += x[static_cast<size_t>(((m * D + id) * H + ih) * W + iw)] *
                       w[static_cast<size_t>(m * 8 + (kd * 2 + kh) * 2 + kw)];
              }
          want[static_cast<size_t>(((m * OD + od) * OH + oh) * OW + ow)] = sum;
        }
  const std::vector<IntsAttr> attrs{
      {"group", {2}}, {"pads", {1, 1, 1, 0, 0, 0}}, {"strides", {2, 1, 2}}, {"dilations", {1, 2, 1}}};
  const Tensor yf = run_node("Conv", 22, {floats({1, 2, D, H, W}, x), floats({2, 1, 2, 2, 2}, w)}, attrs)[0];
  REQUIRE(yf.shape() == Shape{1, 2, OD, OH, OW});
  CHECK(values<float>(yf) == want);
  const std::vector<double> xd(x.begin(), x.end()), wd(w.begin(), w.end());
  const Tensor yd = run_node("Conv", 22,
                             {Tensor::from_values<double>(T::Double, {1, 2, D, H, W}, xd),
                              Tensor::from_values<double>(T::Double, {2, 1, 2, 2, 2}, wd)},
                             attrs)[0];
  const std::vector<double> want_d(want.begin(), want.end());
  CHECK(values<double>(yd) == want_d);
}

// x = [1, 2, 3, 4], w = [1, 1] (the kernel shape read from W): sums of neighbours.
// spec: Conv-*: "If not present, should be inferred from input W."
// spec: Conv-*: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: Conv-*: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...]"
// spec: Conv-*: "Where default value is NOTSET, which means explicit padding is used."
// spec: Conv-11,22: "If not present, the dilation defaults is 1 along each spatial axis."
// spec: Conv-11,22: "If not present, the stride defaults is 1 along each spatial axis."
// spec: Conv-1,11: "This attribute cannot be used simultaneously with auto_pad attribute."
TEST_CASE("Conv, every version: kernel shape from W, pads 0 by default and [begin, end], stride and dilation 1") {
  const Tensor x = floats({1, 1, 4}, {1, 2, 3, 4});
  const Tensor w = floats({1, 1, 2}, {1, 1});
  for (int64_t v : {1, 11, 22}) {
    INFO("Conv-", v);
    CHECK(values<float>(run_node("Conv", v, {x, w})[0]) == std::vector<float>{3, 5, 7});
    CHECK(values<float>(run_node("Conv", v, {x, w}, {{"pads", {1, 0}}})[0]) == std::vector<float>{1, 3, 5, 7});
    CHECK(values<float>(run_node("Conv", v, {x, w}, {{"pads", {0, 1}}})[0]) == std::vector<float>{3, 5, 7, 4});
    CHECK_THROWS_AS(run_node("Conv", v, {x, w}, {{"pads", {1, 0}}}, 1, "VALID"), Error);
  }
}

// spec: Conv-1: "Or in other words FILTER_IN_CHANNEL should be equal to DATA_CHANNEL."
// spec: Conv-11: "Or in other words FILTER_IN_CHANNEL multiplied by the number of groups should be equal to DATA_CHANNEL and the number of feature maps M should be a multiple of the number of groups G."
TEST_CASE("Conv, every version: W's input channels times group are X's channels; M a multiple of group") {
  const Tensor x = floats({1, 2, 2}, {1, 2, 3, 4});
  for (int64_t v : {1, 11, 22}) {
    INFO("Conv-", v);
    CHECK(values<float>(run_node("Conv", v, {x, floats({1, 2, 1}, {1, 10})})[0]) == std::vector<float>{31, 42});
    CHECK_THROWS_AS(run_node("Conv", v, {x, floats({1, 1, 1}, {1})}), Error);
    // Each channel its own filter: [1, 2] * 2 and [3, 4] * 3.
    CHECK(values<float>(run_node("Conv", v, {x, floats({2, 1, 1}, {2, 3})}, {{"group", {2}}})[0]) ==
          std::vector<float>{2, 4, 9, 12});
    CHECK_THROWS_AS(run_node("Conv", v, {x, floats({3, 1, 1}, {1, 1, 1})}, {{"group", {2}}}), Error);
  }
}
