// Unit tests of ops/linalg/conv_transpose.cpp.
#include <doctest/doctest.h>
#include <mpfr.h>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>
#include "gemm/dot.h"
#include "helpers/every_gemm_path.h"
#include "helpers/linalg_rules.h"
#include "helpers/quant.h"
#include "node_runner.h"
#include "runtime/error.h"
#include "runtime/parallel_for.h"

TEST_CASE("ConvTranspose: groups, strides, dilations, pads and bias against a scatter loop over small integers") {
  // X [2, 4, 3, 2], W [4, 3, 2, 3] with group 2: M = 6 output channels.
  const int64_t N = 2, C = 4, H = 3, Wd = 2, Mg = 3, KH = 2, KW = 3, G = 2, Cg = 2;
  const int64_t sh = 2, sw = 3, dh = 2, dw = 1, ph0 = 1, pw0 = 0, ph1 = 0, pw1 = 2, oph = 1, opw = 0;
  std::vector<float> x(N * C * H * Wd), w(C * Mg * KH * KW), bias(G * Mg);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(static_cast<int>(i % 7) - 3);
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<float>(static_cast<int>(i % 5) - 2);
  for (size_t i = 0; i < bias.size(); ++i) bias[i] = static_cast<float>(i) * 0.5f;
  const int64_t fullh = sh * (H - 1) + oph + (KH - 1) * dh + 1, fullw = sw * (Wd - 1) + opw + (KW - 1) * dw + 1;
  const int64_t OH = fullh - ph0 - ph1, OW = fullw - pw0 - pw1;
  std::vector<float> expect(N * G * Mg * OH * OW);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < G * Mg; ++m)
      for (int64_t i = 0; i < OH * OW; ++i) expect[(n * G * Mg + m) * OH * OW + i] = bias[m];
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t m = 0; m < Mg; ++m)
        for (int64_t ih = 0; ih < H; ++ih)
          for (int64_t iw = 0; iw < Wd; ++iw)
            for (int64_t kh = 0; kh < KH; ++kh)
              for (int64_t kw = 0; kw < KW; ++kw) {
                const int64_t oh = ih * sh + kh * dh - ph0, ow = iw * sw + kw * dw - pw0;
                if (oh < 0 || oh >= OH || ow < 0 || ow >= OW) continue;
                const int64_t mo = (c / Cg) * Mg + m;
                expect[((n * G * Mg + mo) * OH + oh) * OW + ow] +=
                    x[((n * C + c) * H + ih) * Wd + iw] * w[((c * Mg + m) * KH + kh) * KW + kw];
              }
  for (int64_t opset : {1, 11, 22}) {
    const auto y = quant_run("ConvTranspose", opset,
                             {Tensor::from_values<float>(T::Float, {N, C, H, Wd}, x),
                              Tensor::from_values<float>(T::Float, {C, Mg, KH, KW}, w),
                              Tensor::from_values<float>(T::Float, {G * Mg}, bias)},
                             {{"group", {G}, true},
                              {"strides", {sh, sw}},
                              {"dilations", {dh, dw}},
                              {"pads", {ph0, pw0, ph1, pw1}},
                              {"output_padding", {oph, opw}}})[0];
    REQUIRE(y.shape() == Shape{N, G * Mg, OH, OW});
    CHECK(quant_values<float>(y) == expect);
  }
}

TEST_CASE("ConvTranspose: each output is one dot product rounded once; 1-D, 3-D and bfloat16") {
  // Two inputs reach output 1 of a 1-D transposed convolution (kernel 2, stride 1):
  // y[1] = x0 * w1 + x1 * w0 = 1 * 2^-24 + 1 * 2^-60 + bias 1: exactly 1 + 2^-24 + 2^-60, which
  // rounds up to 1 + 2^-23 once; summing in float from the bias would give 1.
  const auto y = quant_run("ConvTranspose", 11,
                           {Tensor::from_values<float>(T::Float, {1, 1, 2}, {1.0f, 1.0f}),
                            Tensor::from_values<float>(T::Float, {1, 1, 2}, {0x1p-60f, 0x1p-24f}),
                            Tensor::from_values<float>(T::Float, {1}, {1.0f})})[0];
  REQUIRE(y.shape() == Shape{1, 1, 3});
  CHECK(quant_values<float>(y) == std::vector<float>{1.0f + 0x1p-60f, 1.0f + 0x1p-23f, 1.0f + 0x1p-24f});
  // 3-D, one channel, kernel 1x1x1 with stride 2: the input spread out with zeros between.
  const auto y3 = quant_run("ConvTranspose", 22,
                            {Tensor::from_values<double>(T::Double, {1, 1, 2, 1, 1}, {3.0, -4.0}),
                             Tensor::from_values<double>(T::Double, {1, 1, 1, 1, 1}, {0.5})},
                            {{"strides", {2, 2, 2}}})[0];
  REQUIRE(y3.shape() == Shape{1, 1, 3, 1, 1});
  CHECK(quant_values<double>(y3) == std::vector<double>{1.5, 0.0, -2.0});
  // bfloat16 at 22: 1 * 1 + 1 * 2^-8 = 1 + 2^-8 is a tie between 1 and 1 + 2^-7 and goes to even 1.
  const auto yb = quant_run("ConvTranspose", 22,
                            {Tensor::from_values<uint16_t>(T::BFloat16, {1, 2, 1}, {0x3F80, 0x3F80}),
                             Tensor::from_values<uint16_t>(T::BFloat16, {2, 1, 1}, {0x3F80, 0x3B80})})[0];
  CHECK(quant_values<uint16_t>(yb) == std::vector<uint16_t>{0x3F80});
}

TEST_CASE("ConvTranspose: output_shape and auto_pad reproduce the spec's example") {
  // ONNX's example: X 3x3 = 0..8, W all ones [1, 2, 3, 3], strides [3, 2], output_shape [10, 8]:
  // the full output is 9x7 and the extra row and column receive nothing.
  std::vector<float> x(9);
  for (int i = 0; i < 9; ++i) x[static_cast<size_t>(i)] = static_cast<float>(i);
  const Tensor X = Tensor::from_values<float>(T::Float, {1, 1, 3, 3}, x);
  const Tensor W = Tensor::from_values<float>(T::Float, {1, 2, 3, 3}, std::vector<float>(18, 1.0f));
  const auto y = quant_run("ConvTranspose", 11, {X, W}, {{"strides", {3, 2}}, {"output_shape", {10, 8}}})[0];
  REQUIRE(y.shape() == Shape{1, 2, 10, 8});
  const auto v = quant_values<float>(y);
  const std::vector<float> row0{0, 0, 1, 1, 3, 2, 2, 0}, row6{6, 6, 13, 7, 15, 8, 8, 0};
  CHECK(std::vector<float>(v.begin(), v.begin() + 8) == row0);
  CHECK(std::vector<float>(v.begin() + 48, v.begin() + 56) == row6);
  CHECK(std::vector<float>(v.begin() + 72, v.begin() + 80) == std::vector<float>(8, 0.0f));
  // SAME_UPPER with strides 2: 6x6, the odd padding at the end.
  const auto same = quant_run("ConvTranspose", 22, {X, W}, {{"strides", {2, 2}}}, 1, "SAME_UPPER")[0];
  REQUIRE(same.shape() == Shape{1, 2, 6, 6});
  const auto s = quant_values<float>(same);
  CHECK(std::vector<float>(s.begin() + 12, s.begin() + 18) == std::vector<float>{3, 3, 8, 5, 12, 7});
}

TEST_CASE("ConvTranspose: bad inputs are one-line errors") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 4, 2, 2}, std::vector<float>(16));
  CHECK_THROWS_WITH_AS(
      quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {3, 1, 1, 1}, std::vector<float>(3))}),
      doctest::Contains("must have X's 4 channels"), Error);
  CHECK_THROWS_WITH_AS(
      quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {4, 1, 1, 1}, std::vector<float>(4))},
                {{"group", {3}, true}}),
      doctest::Contains("group 3 must divide"), Error);
  CHECK_THROWS_WITH_AS(
      quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {4, 1, 1}, std::vector<float>(4))}),
      doctest::Contains("must have X's rank 4"), Error);
  CHECK_THROWS_WITH_AS(
      quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {4, 1, 1, 1}, std::vector<float>(4))},
                {{"output_shape", {2}}}),
      doctest::Contains("'output_shape' [2] must have 2 values"), Error);
  CHECK_THROWS_WITH_AS(
      quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {4, 1, 1, 1}, std::vector<float>(4))},
                {{"pads", {2, 0, 2, 0}}}),
      doctest::Contains("larger than the full output"), Error);
  // A huge output_shape is refused before allocating.
  CHECK_THROWS_AS(
      quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {4, 1, 1, 1}, std::vector<float>(4))},
                {{"output_shape", {int64_t{1} << 40, int64_t{1} << 20}}}),
      Error);
}

// The engine-path cases (every GEMM path and thread count against MPFR).
namespace conv_transpose_engine_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;

// A 2-D ConvTranspose-22 geometry for the MPFR check below.
struct TransposeGeometry {
  int64_t N, C, H, W, group, Mg, KH, KW, sh, sw, dh, dw, ph0, pw0, ph1, pw1;
};

// Every output against MPFR (exact accumulators, one rounding), on every GEMM path and thread count.
void check_conv_transpose_against_mpfr(const TransposeGeometry& geo) {
  const int64_t N = geo.N, C = geo.C, H = geo.H, W = geo.W, group = geo.group, Mg = geo.Mg, KH = geo.KH, KW = geo.KW;
  const int64_t sh = geo.sh, sw = geo.sw, dh = geo.dh, dw = geo.dw, ph0 = geo.ph0, pw0 = geo.pw0, ph1 = geo.ph1,
                pw1 = geo.pw1;
  const int64_t OH = (H - 1) * sh + dh * (KH - 1) + 1 - ph0 - ph1, OW = (W - 1) * sw + dw * (KW - 1) + 1 - pw0 - pw1;
  const int64_t Cg = C / group, M = Mg * group;
  std::mt19937_64 rng(9);
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << 24) + 1, (int64_t{1} << 24) - 1);
  std::uniform_int_distribution<int> ex(-6, 6);
  auto draw = [&] { return std::ldexp(static_cast<float>(mant(rng)), ex(rng) - 24); };
  std::vector<float> x(static_cast<size_t>(N * C * H * W)), w(static_cast<size_t>(C * Mg * KH * KW)),
      b(static_cast<size_t>(M));
  for (auto& v : x) v = draw();
  for (auto& v : w) v = draw();
  for (auto& v : b) v = draw();
  // Oracle: scatter every product into exact MPFR accumulators, round each once.
  std::vector<mpfr_t> acc(static_cast<size_t>(M * OH * OW));
  for (int64_t m = 0; m < M; ++m)
    for (int64_t o = 0; o < OH * OW; ++o) {
      mpfr_init2(acc[static_cast<size_t>(m * OH * OW + o)], 2000);
      mpfr_set_d(acc[static_cast<size_t>(m * OH * OW + o)], b[static_cast<size_t>(m)], MPFR_RNDN);
    }
  mpfr_t p;
  mpfr_init2(p, 2000);
  REQUIRE(N == 1);
  for (int64_t c = 0; c < C; ++c)
    for (int64_t mg = 0; mg < Mg; ++mg)
      for (int64_t i = 0; i < H; ++i)
        for (int64_t j = 0; j < W; ++j)
          for (int64_t kh = 0; kh < KH; ++kh)
            for (int64_t kw = 0; kw < KW; ++kw) {
              const int64_t oh = i * sh + kh * dh - ph0, ow = j * sw + kw * dw - pw0;
              if (oh < 0 || oh >= OH || ow < 0 || ow >= OW) continue;
              const int64_t m = (c / Cg) * Mg + mg;
              mpfr_set_d(p, x[static_cast<size_t>((c * H + i) * W + j)], MPFR_RNDN);
              mpfr_mul_d(p, p, w[static_cast<size_t>(((c * Mg + mg) * KH + kh) * KW + kw)], MPFR_RNDN);
              mpfr_add(acc[static_cast<size_t>((m * OH + oh) * OW + ow)],
                       acc[static_cast<size_t>((m * OH + oh) * OW + ow)], p, MPFR_RNDN);
            }
  std::vector<float> want;
  for (auto& a : acc) {
    want.push_back(mpfr_get_flt(a, MPFR_RNDN));
    mpfr_clear(a);
  }
  mpfr_clear(p);
  on_every_gemm_path([&] {
    const Tensor y = run_single_node("ConvTranspose", 22,
                                     {Tensor::from_values<float>(ElementType::Float, {N, C, H, W}, x),
                                      Tensor::from_values<float>(ElementType::Float, {C, Mg, KH, KW}, w),
                                      Tensor::from_values<float>(ElementType::Float, {M}, b)},
                                     [&](onnx::NodeProto& node) {
                                       set_int(node, "group", group);
                                       set_ints(node, "strides", {sh, sw});
                                       set_ints(node, "dilations", {dh, dw});
                                       set_ints(node, "pads", {ph0, pw0, ph1, pw1});
                                     });
    REQUIRE(y.shape() == Shape{N, M, OH, OW});
    CHECK(std::memcmp(y.data(), want.data(), want.size() * sizeof(float)) == 0);
  });
}

TEST_CASE("ConvTranspose-22: 2-D, stride 2, pads, dilation and groups, every path and thread count, against MPFR") {
  check_conv_transpose_against_mpfr({1, 4, 9, 11, 2, 3, 3, 2, 2, 3, 1, 2, 1, 2, 0, 1});
}

// Stride equal to the kernel, no padding: the phase form (each kernel tap a 1x1 product).
TEST_CASE("ConvTranspose-22: stride equal to the kernel, groups, every path and thread count, against MPFR") {
  check_conv_transpose_against_mpfr({1, 6, 13, 10, 2, 4, 2, 3, 2, 3, 1, 1, 0, 0, 0, 0});
  check_conv_transpose_against_mpfr({1, 24, 20, 20, 1, 5, 2, 2, 2, 2, 1, 1, 0, 0, 0, 0});
}
}  // namespace conv_transpose_engine_tests

// The rules of the ONNX 1.22.0 text, each test citing its sentence.
namespace linalg_rules_tests {

// spec: ConvTranspose-11: "Note that the output_shape attribute value should not include dimensions for batch size and channels, which are automatically inferred."
// spec: ConvTranspose-22: "Note that the output_shape attribute value should not include dimensions for batch size and channels, which are automatically inferred."
TEST_CASE(
    "ConvTranspose-11 and -22: an output_shape with batch and channel dimensions is refused; version 1 takes it") {
  const Tensor x = f32({1, 1, 2}, {3, 4});
  const Tensor w = f32({1, 1, 1}, {1});
  auto attrs = [](std::vector<int64_t> shape) {
    return [shape](OpTester& t) { t.attribute("strides", std::vector<int64_t>{2}).attribute("output_shape", shape); };
  };
  for (int opset : {11, 22}) {
    CAPTURE(opset);
    const Tensor y = run("ConvTranspose", opset, {x, w}, attrs({4}));
    REQUIRE(y.shape() == Shape{1, 1, 4});
    CHECK(y.data_as<float>()[0] == 3.0f);
    CHECK(y.data_as<float>()[1] == 0.0f);
    CHECK(y.data_as<float>()[2] == 4.0f);
    CHECK_THROWS_WITH_AS(run("ConvTranspose", opset, {x, w}, attrs({1, 1, 4})),
                         doctest::Contains("should not include dimensions for batch size and channels"), Error);
  }
  CHECK(run("ConvTranspose", 1, {x, w}, attrs({1, 1, 4})).shape() == Shape{1, 1, 4});
}

// x = [1, 2], w = [1, 1], stride 1: full output [1, 3, 2]; pads [1, 0] drop the first, [0, 1] the last.
// spec: ConvTranspose-*: "If not present, should be inferred from input W."
// spec: ConvTranspose-*: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: ConvTranspose-*: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...]"
// spec: ConvTranspose-*: "Where default value is NOTSET, which means explicit padding is used."
// spec: ConvTranspose-*: "This attribute cannot be used simultaneously with auto_pad attribute."
// spec: ConvTranspose-*: "If output_shape is specified pads values are ignored."
// spec: ConvTranspose-11,22: "If not present, the dilation defaults to 1 along each spatial axis."
// spec: ConvTranspose-11,22: "If not present, the stride defaults to 1 along each spatial axis."
TEST_CASE(
    "ConvTranspose, every version: kernel from W, pads 0 by default and [begin, end]; output_shape overrides pads") {
  const Tensor x = f32({1, 1, 2}, {1, 2});
  const Tensor w = f32({1, 1, 2}, {1, 1});
  for (int64_t v : {1, 11, 22}) {
    INFO("ConvTranspose-", v);
    CHECK(floats(run("ConvTranspose", v, {x, w})) == std::vector<float>{1, 3, 2});
    CHECK(floats(run("ConvTranspose", v, {x, w}, ints("pads", {1, 0}))) == std::vector<float>{3, 2});
    CHECK(floats(run("ConvTranspose", v, {x, w}, ints("pads", {0, 1}))) == std::vector<float>{1, 3});
    CHECK(floats(run("ConvTranspose", v, {x, w}, [](OpTester& t) {
            t.attribute("pads", std::vector<int64_t>{1, 0}).attribute("output_shape", std::vector<int64_t>{3});
          })) == std::vector<float>{1, 3, 2});
    CHECK_THROWS_AS(run("ConvTranspose", v, {x, w},
                        [](OpTester& t) {
                          t.attribute("pads", std::vector<int64_t>{1, 0}).attribute("auto_pad", "SAME_UPPER");
                        }),
                    Error);
  }
}

// spec: ConvTranspose-*: "The number of channels in the output should be equal to W.shape[1] * group (assuming zero based indices of the shape array)"
// spec: ConvTranspose-11,22: "Each padding value in "output_padding" must be less than the corresponding stride/dilation dimension."
// spec: ConvTranspose-11,22: "By default, this attribute is a zero vector."
// spec: ConvTranspose-11,22: "It only controls the selection of the computed values, so changing this attribute only adds or removes output elements."
TEST_CASE(
    "ConvTranspose: W.shape[1] * group output channels; output_padding 0 by default, below the stride, adding "
    "elements") {
  const Tensor x = f32({1, 1, 2}, {1, 2});
  for (int64_t v : {1, 11, 22}) {
    INFO("ConvTranspose-", v);
    CHECK(run("ConvTranspose", v, {x, f32({1, 3, 2}, {1, 1, 1, 1, 1, 1})}).shape() == Shape{1, 3, 3});
    CHECK(run("ConvTranspose", v, {f32({1, 2, 2}, {1, 2, 3, 4}), f32({2, 1, 2}, {1, 1, 1, 1})}, [](OpTester& t) {
            t.attribute("group", int64_t{2});
          }).shape() == Shape{1, 2, 3});
    if (v < 11) continue;
    const Tensor w = f32({1, 1, 2}, {1, 1});
    // Stride 2: x[0] lands on 0 and 1, x[1] on 2 and 3: [1, 1, 2, 2]; output_padding 1 adds a 0.
    CHECK(floats(run("ConvTranspose", v, {x, w}, ints("strides", {2}))) == std::vector<float>{1, 1, 2, 2});
    CHECK(floats(run("ConvTranspose", v, {x, w}, [](OpTester& t) {
            t.attribute("strides", std::vector<int64_t>{2}).attribute("output_padding", std::vector<int64_t>{1});
          })) == std::vector<float>{1, 1, 2, 2, 0});
    CHECK_THROWS_AS(run("ConvTranspose", v, {x, w}, ints("output_padding", {1})), Error);
  }
}

}  // namespace linalg_rules_tests
