// ConvTranspose (shape rules and values), MatMulInteger, ConvInteger, DynamicQuantizeLinear and the
// exact quotient of quantization. Expected values come from brute-force loops over small integers
// (exact in any order), exact rationals in __int128, and hand computation.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "model_builder.h"
#include "ops/linalg/conv_transpose_rules.h"
#include "ops/quant/quantize_rules.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

struct QuantAttr {
  std::string name;
  std::vector<int64_t> values;
  bool scalar = false;
};

// Runs one node; an input given as nullopt is left out (empty name).
std::vector<Tensor> quant_run(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs,
                              const std::vector<QuantAttr>& attrs = {}, size_t outputs = 1,
                              const std::string& auto_pad = "") {
  ModelBuilder b(opset);
  std::vector<std::string> names, outs;
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i]) {
      names.push_back("");
      continue;
    }
    names.push_back("i" + std::to_string(i));
    b.input(names.back(), inputs[i]->type(), inputs[i]->shape());
    feeds.emplace(names.back(), *inputs[i]);
  }
  for (size_t i = 0; i < outputs; ++i) {
    outs.push_back("y" + std::to_string(i));
    b.output(outs.back());
  }
  auto& node = b.node(op, names, outs);
  node.set_name("n");
  for (const auto& a : attrs) {
    if (a.scalar) set_int(node, a.name, a.values[0]);
    else set_ints(node, a.name, a.values);
  }
  if (!auto_pad.empty()) {
    auto* p = node.add_attribute();
    p->set_name("auto_pad");
    p->set_type(onnx::AttributeProto::STRING);
    p->set_s(auto_pad);
  }
  std::vector<Tensor> result;
  for (auto& [name, v] : b.build().run(feeds)) result.push_back(v.tensor());
  return result;
}

template <class V>
std::vector<V> quant_values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

}  // namespace

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
  CHECK_THROWS_WITH_AS(quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {3, 1, 1, 1}, std::vector<float>(3))}),
                       doctest::Contains("must have X's 4 channels"), Error);
  CHECK_THROWS_WITH_AS(quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {4, 1, 1, 1}, std::vector<float>(4))},
                                 {{"group", {3}, true}}),
                       doctest::Contains("group 3 must divide"), Error);
  CHECK_THROWS_WITH_AS(quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {4, 1, 1}, std::vector<float>(4))}),
                       doctest::Contains("must have X's rank 4"), Error);
  CHECK_THROWS_WITH_AS(quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {4, 1, 1, 1}, std::vector<float>(4))},
                                 {{"output_shape", {2}}}),
                       doctest::Contains("'output_shape' [2] must have 2 values"), Error);
  CHECK_THROWS_WITH_AS(quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {4, 1, 1, 1}, std::vector<float>(4))},
                                 {{"pads", {2, 0, 2, 0}}}),
                       doctest::Contains("larger than the full output"), Error);
  // A huge output_shape is refused before allocating.
  CHECK_THROWS_AS(quant_run("ConvTranspose", 22, {x, Tensor::from_values<float>(T::Float, {4, 1, 1, 1}, std::vector<float>(4))},
                            {{"output_shape", {int64_t{1} << 40, int64_t{1} << 20}}}),
                  Error);
}

TEST_CASE("MatMulInteger: zero points per tensor, per row and per column against a hand loop") {
  const int64_t M = 3, K = 4, N = 2;
  std::vector<uint8_t> a(M * K);
  std::vector<int8_t> b(K * N);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<uint8_t>(i * 37 % 256);
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<int8_t>(static_cast<int>(i * 53 % 256) - 128);
  const std::vector<uint8_t> azp{7, 200, 255};
  const std::vector<int8_t> bzp{-128, 5};
  const Tensor A = Tensor::from_values<uint8_t>(T::UInt8, {M, K}, a);
  const Tensor B = Tensor::from_values<int8_t>(T::Int8, {K, N}, b);
  auto expect = [&](bool rows, bool cols) {
    std::vector<int32_t> y(M * N);
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        int32_t s = 0;
        for (int64_t k = 0; k < K; ++k)
          s += (a[m * K + k] - (rows ? azp[m] : 0)) * (b[k * N + n] - (cols ? bzp[n] : 0));
        y[m * N + n] = s;
      }
    return y;
  };
  CHECK(quant_values<int32_t>(quant_run("MatMulInteger", 10, {A, B})[0]) == expect(false, false));
  const auto y = quant_run("MatMulInteger", 10,
                           {A, B, Tensor::from_values<uint8_t>(T::UInt8, {M}, azp),
                            Tensor::from_values<int8_t>(T::Int8, {N}, bzp)})[0];
  CHECK(y.type() == T::Int32);
  CHECK(quant_values<int32_t>(y) == expect(true, true));
  // The same zero points in their N-D forms [M, 1] and [1, N].
  const auto y2 = quant_run("MatMulInteger", 10,
                            {A, B, Tensor::from_values<uint8_t>(T::UInt8, {M, 1}, azp),
                             Tensor::from_values<int8_t>(T::Int8, {1, N}, bzp)})[0];
  CHECK(quant_values<int32_t>(y2) == expect(true, true));
  CHECK_THROWS_WITH_AS(quant_run("MatMulInteger", 10, {A, B, Tensor::from_values<uint8_t>(T::UInt8, {K}, {1, 2, 3, 4})}),
                       doctest::Contains("a_zero_point"), Error);
  CHECK_THROWS_AS(quant_run("MatMulInteger", 10, {A, A}), Error);
}

TEST_CASE("MatMulInteger: a 32-bit accumulation that overflows wraps modulo 2^32") {
  // K = 70,000 products of 255 * 255 = 65,025: 4,551,750,000 = 2^32 + 256,782,704.
  const int64_t K = 70000;
  const auto y = quant_run("MatMulInteger", 10,
                           {Tensor::from_values<uint8_t>(T::UInt8, {1, K}, std::vector<uint8_t>(K, 255)),
                            Tensor::from_values<uint8_t>(T::UInt8, {K, 1}, std::vector<uint8_t>(K, 255))})[0];
  CHECK(quant_values<int32_t>(y) == std::vector<int32_t>{256782704});
}

TEST_CASE("ConvInteger: zero points and padding against a hand loop") {
  // x [1, 1, 3, 3] uint8, w [2, 1, 2, 2] int8, pads 1 on every side, x_zero_point 10, w_zero_point
  // per output channel.
  std::vector<uint8_t> x{10, 20, 30, 40, 50, 60, 70, 80, 90};
  std::vector<int8_t> w{1, -2, 3, -4, 5, 6, -7, 8};
  const std::vector<int8_t> wzp{1, -1};
  const auto y = quant_run("ConvInteger", 10,
                           {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 3, 3}, x),
                            Tensor::from_values<int8_t>(T::Int8, {2, 1, 2, 2}, w),
                            Tensor::from_values<uint8_t>(T::UInt8, {}, {10}),
                            Tensor::from_values<int8_t>(T::Int8, {2}, wzp)},
                           {{"pads", {1, 1, 1, 1}}})[0];
  REQUIRE(y.shape() == Shape{1, 2, 4, 4});
  std::vector<int32_t> expect(32, 0);
  for (int m = 0; m < 2; ++m)
    for (int oh = 0; oh < 4; ++oh)
      for (int ow = 0; ow < 4; ++ow) {
        int32_t s = 0;
        for (int kh = 0; kh < 2; ++kh)
          for (int kw = 0; kw < 2; ++kw) {
            const int ih = oh - 1 + kh, iw = ow - 1 + kw;
            if (ih < 0 || ih >= 3 || iw < 0 || iw >= 3) continue;
            s += (x[ih * 3 + iw] - 10) * (w[m * 4 + kh * 2 + kw] - wzp[m]);
          }
        expect[(m * 4 + oh) * 4 + ow] = s;
      }
  CHECK(quant_values<int32_t>(y) == expect);
  CHECK_THROWS_WITH_AS(quant_run("ConvInteger", 10,
                                 {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 3, 3}, x),
                                  Tensor::from_values<int8_t>(T::Int8, {2, 1, 2, 2}, w),
                                  Tensor::from_values<uint8_t>(T::UInt8, {2}, {1, 2})}),
                       doctest::Contains("x_zero_point"), Error);
}

TEST_CASE("quantization: the quotient rounded once to its precision, against exact rationals") {
  // p / q (q > 0, p != 0) rounded to `bits` significant bits, nearest, ties to even.
  auto rational_to_binary = [](__int128 p, __int128 q, int bits) {
    const bool negative = p < 0;
    if (negative) p = -p;
    int k = 0;
    while (p >= (q << bits)) {
      q <<= 1;
      --k;
    }
    while (p < (q << (bits - 1))) {
      p <<= 1;
      ++k;
    }
    __int128 n = p / q;
    const __int128 r = p % q;
    if (2 * r > q || (2 * r == q && (n & 1) != 0)) ++n;
    const double v = std::ldexp(static_cast<double>(n), -k);
    return negative ? -v : v;
  };
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << 24), int64_t{1} << 24);
  std::uniform_int_distribution<int> expo(-20, 20);
  for (int iter = 0; iter < 100000; ++iter) {
    int64_t A = mant(rng), B = mant(rng);
    if (A == 0 || B == 0) continue;
    int ea = expo(rng), eb = expo(rng);
    if (iter % 4 == 0) {
      // Near-midpoints of float: B a power of two times an odd number near A's scale.
      B = (B | 1) % 8191;
      if (B == 0) continue;
      A = B * ((mant(rng) & 0xFFFFFF) | 1) + (iter % 3) - 1;
      if (A > (int64_t{1} << 53) || A == 0) continue;
      ea = eb = 0;
    }
    const double a = std::ldexp(static_cast<double>(A), ea), b = std::ldexp(static_cast<double>(B), eb);
    __int128 p = A, q = B;
    if (ea > eb) p <<= (ea - eb);
    else q <<= (eb - ea);
    if (q < 0) {
      p = -p;
      q = -q;
    }
    REQUIRE(quant::quotient_in_precision(a, b, T::Float) == rational_to_binary(p, q, 24));
    REQUIRE(quant::quotient_in_precision(a, b, T::BFloat16) == rational_to_binary(p, q, 8));
    REQUIRE(quant::quotient_in_precision(a, b, T::Double) == rational_to_binary(p, q, 53));
  }
  // Rounding to an integer: ties to even, saturation, infinities.
  CHECK(quant::round_half_even_clamped(0.5, -10, 10) == 0);
  CHECK(quant::round_half_even_clamped(1.5, -10, 10) == 2);
  CHECK(quant::round_half_even_clamped(-2.5, -10, 10) == -2);
  CHECK(quant::round_half_even_clamped(0.5000001, -10, 10) == 1);
  CHECK(quant::round_half_even_clamped(INFINITY, 0, 255) == 255);
  CHECK(quant::round_half_even_clamped(-1e300, -8, 7) == -8);
}

TEST_CASE("DynamicQuantizeLinear: ONNX's example and hand computation") {
  // The spec's example: x = [0, 2, -3, -2.5, 1.34, 0.5]: scale fl(5 / 255), zero point
  // round(3 / scale) = 153; 0.5 / scale is just below 25.5 exactly, but its float32 quotient is
  // 25.5, which rounds to 26: y[5] = 179.
  const auto out = quant_run("DynamicQuantizeLinear", 11,
                             {Tensor::from_values<float>(T::Float, {6}, {0.0f, 2.0f, -3.0f, -2.5f, 1.34f, 0.5f})}, {}, 3);
  CHECK(quant_values<float>(out[1]) == std::vector<float>{5.0f / 255.0f});
  CHECK(out[1].shape() == Shape{});
  CHECK(quant_values<uint8_t>(out[2]) == std::vector<uint8_t>{153});
  CHECK(quant_values<uint8_t>(out[0]) == std::vector<uint8_t>{153, 255, 0, 26, 221, 179});
  // Only positive values: the range starts at 0, the zero point is 0; 1000 / fl(1000 / 255) = 255.
  const auto pos = quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {3}, {1000.0f, 1.0f, 3.9215686f})}, {}, 3);
  CHECK(quant_values<uint8_t>(pos[2]) == std::vector<uint8_t>{0});
  CHECK(quant_values<uint8_t>(pos[0]) == std::vector<uint8_t>{255, 0, 1});
  // All zeros: scale 0, zero point 0, y 0.
  const auto zeros = quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {2}, {0.0f, -0.0f})}, {}, 3);
  CHECK(quant_values<float>(zeros[1]) == std::vector<float>{0.0f});
  CHECK(quant_values<uint8_t>(zeros[2]) == std::vector<uint8_t>{0});
  CHECK(quant_values<uint8_t>(zeros[0]) == std::vector<uint8_t>{0, 0});
  CHECK_THROWS_WITH_AS(quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {2}, {1.0f, NAN})}, {}, 3),
                       doctest::Contains("element 1 is NaN"), Error);
  CHECK_THROWS_WITH_AS(quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {2}, {3e38f, -3e38f})}, {}, 3),
                       doctest::Contains("overflows float32"), Error);
}

TEST_CASE("QuantizeLinear and DequantizeLinear: per tensor, per axis, blocked, int4 and float8") {
  // ONNX's example: [0, 2, 3, 1000, -254, -1000] / 2 + 128 saturated: 3 / 2 = 1.5 rounds to 2.
  const Tensor x = Tensor::from_values<float>(T::Float, {6}, {0, 2, 3, 1000, -254, -1000});
  const auto q = quant_run("QuantizeLinear", 10, {x, Tensor::from_values<float>(T::Float, {}, {2.0f}),
                                                   Tensor::from_values<uint8_t>(T::UInt8, {}, {128})})[0];
  CHECK(quant_values<uint8_t>(q) == std::vector<uint8_t>{128, 129, 130, 255, 1, 0});
  // Per axis 0 of [2, 2] into int8 without a zero point at 13 (uint8 by default: refuses negatives).
  const Tensor x2 = Tensor::from_values<float>(T::Float, {2, 2}, {-3, 5, 7.5, -7.5});
  const auto qa = quant_run("QuantizeLinear", 13, {x2, Tensor::from_values<float>(T::Float, {2}, {2, 5}),
                                                    Tensor::from_values<int8_t>(T::Int8, {2}, {0, -1})},
                            {{"axis", {0}, true}})[0];
  // -3/2 = -1.5 -> -2; 5/2 = 2.5 -> 2; 7.5/5 = 1.5 -> 2, -1 -> 1; -1.5 -> -2, -1 -> -3.
  CHECK(quant_values<int8_t>(qa) == std::vector<int8_t>{-2, 2, 1, -3});
  // Blocked along axis 1 with block 2 into int4 (packed): scales [[1, 4]] over x [1, 3].
  const auto qb = quant_run("QuantizeLinear", 21, {Tensor::from_values<float>(T::Float, {1, 3}, {3, -9, 10}),
                                                    Tensor::from_values<float>(T::Float, {1, 2}, {1, 4})},
                            {{"axis", {1}, true}, {"block_size", {2}, true}, {"output_dtype", {22}, true}})[0];
  REQUIRE(qb.type() == T::Int4);
  // 3 -> 3, -9 -> -8 (saturated), 10 / 4 = 2.5 -> 2: packed nibbles 0x3, 0x8, 0x2.
  const auto* packed = reinterpret_cast<const uint8_t*>(qb.data());
  CHECK(std::vector<uint8_t>(packed, packed + 2) == std::vector<uint8_t>{0x83, 0x02});
  // float8e4m3fn: 200 / 2 = 100 is a tie between 96 and 104 and goes to even 96 (0x6C); 1e5 / 2
  // saturates to 448 (0x7E).
  const auto q8 = quant_run("QuantizeLinear", 19, {Tensor::from_values<float>(T::Float, {2}, {200, 100000}),
                                                    Tensor::from_values<float>(T::Float, {}, {2.0f}),
                                                    Tensor::from_values<uint8_t>(T::Float8E4M3FN, {}, {0})})[0];
  CHECK(quant_values<uint8_t>(q8) == std::vector<uint8_t>{0x6C, 0x7E});
  // DequantizeLinear: (x - zero point) * scale rounded once. (2^31 - 1) * (1 + 2^-23) =
  // 2^31 + 255 - 2^-23 needs 55 bits; its float neighbours are 2^31 and 2^31 + 256, and it rounds
  // to 2^31 + 256 (0x4F000001). A bfloat16 scale gives a bfloat16 y.
  const auto d = quant_run("DequantizeLinear", 19, {Tensor::from_values<int32_t>(T::Int32, {1}, {2147483647}),
                                                     Tensor::from_values<float>(T::Float, {}, {1.0f + 0x1p-23f})})[0];
  REQUIRE(d.type() == T::Float);
  CHECK(quant_values<uint32_t>(d) == std::vector<uint32_t>{0x4F000001u});
  const auto db = quant_run("DequantizeLinear", 19, {Tensor::from_values<int8_t>(T::Int8, {1}, {-3}),
                                                      Tensor::from_values<uint16_t>(T::BFloat16, {}, {0x3FC0})})[0];
  REQUIRE(db.type() == T::BFloat16);
  CHECK(quant_values<uint16_t>(db) == std::vector<uint16_t>{0xC090});  // -3 * 1.5 = -4.5
  const auto dq = quant_run("DequantizeLinear", 13, {Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {0, 255, 10, 20}),
                                                      Tensor::from_values<float>(T::Float, {2}, {0.5f, 2.0f}),
                                                      Tensor::from_values<uint8_t>(T::UInt8, {2}, {128, 10})},
                            {{"axis", {0}, true}})[0];
  CHECK(quant_values<float>(dq) == std::vector<float>{-64.0f, 63.5f, 0.0f, 20.0f});
  CHECK_THROWS_WITH_AS(quant_run("QuantizeLinear", 13, {x2, Tensor::from_values<float>(T::Float, {3}, {1, 2, 3})}),
                       doctest::Contains("must be a scalar or a 1-D tensor of x.shape[1] = 2 elements"), Error);
  CHECK_THROWS_WITH_AS(quant_run("QuantizeLinear", 13, {x2, Tensor::from_values<float>(T::Float, {}, {0.0f})}),
                       doctest::Contains("y_scale element 0 is 0"), Error);
}
