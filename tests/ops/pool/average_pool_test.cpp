// Unit tests of ops/pool/average_pool.cpp.
#include <doctest/doctest.h>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>
#include "helpers/conv_pool.h"
#include "helpers/pool_windows.h"
#include "mpfr_oracle.h"
#include "rational_oracle.h"

TEST_CASE("AveragePool: exact sum over the count, count_include_pad") {
  const Tensor x = floats({1, 1, 3}, {1, 2, 4});
  auto r = run_node("AveragePool", 19, {x}, {{"kernel_shape", {2}}, {"pads", {1, 1}}});
  CHECK(values<float>(r[0]) == std::vector<float>{1, 1.5f, 3, 4});
  r = run_node("AveragePool", 19, {x}, {{"kernel_shape", {2}}, {"pads", {1, 1}}, {"count_include_pad", {1}}});
  CHECK(values<float>(r[0]) == std::vector<float>{0.5f, 1.5f, 3, 2});
  // (1 + 1 + 1 + 2^-24 * 3 + 2^-80) / 3 = 1 + 2^-24 + 2^-80/3: just above the tie, so 1 + 2^-23.
  const auto g =
      run_node("GlobalAveragePool", 22,
               {Tensor::from_values<double>(T::Double, {1, 1, 3}, {1 + 0x1p-24, 1 + 0x1p-24, 1 + 0x1p-24})})[0];
  CHECK(values<double>(g)[0] == 1 + 0x1p-24);
}

namespace {

constexpr int kScale = 40;  // every test value is an integer multiple of 2^-kScale

void check_pool(int64_t H, int64_t W, int64_t k, int64_t pad, int64_t stride, int64_t include_pad, uint64_t seed,
                bool ties) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << 24) + 1, (int64_t{1} << 24) - 1);
  std::uniform_int_distribution<int> ex(-16, 0);
  const int64_t C = 3;
  std::vector<int64_t> units;  // value * 2^kScale
  std::vector<float> x;
  for (int64_t i = 0; i < C * H * W; ++i) {
    int64_t m = mant(rng);
    int e = ex(rng) - 24;
    if (ties) {  // few distinct small values: many windows sum to exact ties
      m = (i % 3) - 1;
      e = -1;
    }
    x.push_back(std::ldexp(static_cast<float>(m), e));
    units.push_back(m * (int64_t{1} << (e + kScale)));
  }
  const Tensor y = run_node("AveragePool", 22, {Tensor::from_values<float>(ElementType::Float, {1, C, H, W}, x)},
                            {{"kernel_shape", {k, k}},
                             {"pads", {pad, pad, pad, pad}},
                             {"strides", {stride, stride}},
                             {"count_include_pad", {include_pad}}})[0];
  const int64_t OH = (H + 2 * pad - k) / stride + 1, OW = (W + 2 * pad - k) / stride + 1;
  REQUIRE(y.shape() == Shape{1, C, OH, OW});
  std::vector<float> got(static_cast<size_t>(y.element_count()));
  std::memcpy(got.data(), y.data(), got.size() * sizeof(float));
  int64_t wrong = 0;
  for (int64_t c = 0; c < C; ++c)
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        __int128 sum = 0;
        int64_t count = 0;
        for (int64_t i = 0; i < k; ++i)
          for (int64_t j = 0; j < k; ++j) {
            const int64_t h = oh * stride - pad + i, w = ow * stride - pad + j;
            if (h < 0 || h >= H || w < 0 || w >= W) {
              count += include_pad;
              continue;
            }
            sum += units[static_cast<size_t>((c * H + h) * W + w)];
            ++count;
          }
        const double want = round_rational(sum, static_cast<__int128>(count) << kScale, 24);
        const float g = got[static_cast<size_t>((c * OH + oh) * OW + ow)];
        if (!(static_cast<double>(g) == want && !std::signbit(g) == !std::signbit(want))) ++wrong;
      }
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("AveragePool-22: random windows against exact rationals, with and without count_include_pad") {
  check_pool(17, 19, 3, 1, 1, 0, 1, false);
  check_pool(17, 19, 3, 1, 2, 1, 2, false);
  check_pool(12, 12, 5, 2, 1, 0, 3, false);
}

TEST_CASE("AveragePool-22: exact ties and cancelling windows take the exact path") {
  check_pool(13, 11, 3, 1, 1, 0, 4, true);
  check_pool(13, 11, 2, 0, 1, 1, 5, true);
}

// AveragePool of x = [1, 5, 2, 3], kernel 2: no pads [3, 3.5, 2.5]; pads [1, 0] leaving the pad out
// [1, 3, 3.5, 2.5], counting it (0 + 1) / 2 = 0.5 first; pads [0, 1] [3, 3.5, 2.5, 3].
// spec: AveragePool-*: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: AveragePool-*: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...], where xi_begin the number of pixels added at the beginning of axis `i` and xi_end, the number of pixels added at the end of axis `i`."
// spec: AveragePool-*: "Where default value is NOTSET, which means explicit padding is used."
// spec: AveragePool-*: "Default is 0, doesn't count include pad."
// spec: AveragePool-11,19,22: "If not present, the stride defaults to 1 along each spatial axis."
// spec: AveragePool-19,22: "If not present, the dilation defaults to 1 along each spatial axis."
TEST_CASE("AveragePool, every version: pads default to 0, [begin..., end...]; the pad is not counted by default") {
  const Tensor x = floats({1, 1, 4}, {1, 5, 2, 3});
  for (int64_t v : {1, 7, 10, 11, 19, 22}) {
    INFO("AveragePool-", v);
    auto pooled = [&](std::vector<IntsAttr> attrs) {
      attrs.push_back({"kernel_shape", {2}});
      return values<float>(run_node("AveragePool", v, {x}, attrs)[0]);
    };
    CHECK(pooled({}) == std::vector<float>{3, 3.5f, 2.5f});
    CHECK(pooled({{"pads", {1, 0}}}) == std::vector<float>{1, 3, 3.5f, 2.5f});
    CHECK(pooled({{"pads", {0, 1}}}) == std::vector<float>{3, 3.5f, 2.5f, 3});
    if (v >= 7)
      CHECK(pooled({{"pads", {1, 0}}, {"count_include_pad", {1}}}) == std::vector<float>{0.5f, 3, 3.5f, 2.5f});
  }
}

namespace {

// The value kinds of the oracle sweep, each aimed at a path of the kernel: near-equal values of
// one binade (the double sum exact, many quotients exact ties), magnitudes from 2^-30 to 2^30 with
// both signs (cancellation), subnormals, infinities and NaN among ordinary values, and values whose
// window sums are inexact in double a hair from a tie (only the exact sum decides those).
enum class Kind { NearEqual, MixedSigns, Subnormal, Special, NearTie };

float draw(Kind kind, std::mt19937_64& rng) {
  std::uniform_int_distribution<int64_t> mant(0, (int64_t{1} << 23) - 1);
  std::uniform_int_distribution<int> pick(0, 99);
  switch (kind) {
    case Kind::NearEqual:
      return std::ldexp(static_cast<float>((int64_t{1} << 23) + (mant(rng) >> 12)), -28);
    case Kind::MixedSigns: {
      const float v = std::ldexp(static_cast<float>((int64_t{1} << 23) + mant(rng)), pick(rng) % 61 - 53);
      return pick(rng) < 50 ? v : -v;
    }
    case Kind::Subnormal: {
      const float v = std::ldexp(static_cast<float>(mant(rng) >> (pick(rng) % 20)), -149);
      return pick(rng) < 50 ? v : -v;
    }
    case Kind::Special: {
      const int p = pick(rng);
      if (p < 4) return INFINITY;
      if (p < 7) return -INFINITY;
      if (p < 9) return NAN;
      if (p < 14) return -0.0f;
      return std::ldexp(static_cast<float>(mant(rng)), -20) * (p < 60 ? 1 : -1);
    }
    case Kind::NearTie: {
      static const float set[] = {2, 2 + 0x1p-22f, 0x1p-100f, -0x1p-100f, 0, 1, -1, 0x1p-60f, 2 - 0x1p-22f};
      return set[pick(rng) % 9];
    }
  }
  return 0;
}

// The exact sum of the window's elements (from +0) over the divisor, rounded once to float by MPFR.
double oracle_average(const std::vector<float>& x, const pool_windows::Window& w, int64_t count) {
  mpfr_t sum, q;
  mpfr_inits2(600, sum, q, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_zero(sum, 1);
  for (int64_t t : w.taps) mpfr_add_d(sum, sum, x[static_cast<size_t>(t)], MPFR_RNDN);  // exact at 600 bits
  const int ternary = mpfr_div_ui(q, sum, static_cast<unsigned long>(count), MPFR_RNDN);
  const double d = oracle::round_ieee(q, ternary, numeric::Format::Float);
  mpfr_clears(sum, q, static_cast<mpfr_ptr>(nullptr));
  return d;
}

bool same_float(float got, double want) {
  if (std::isnan(want)) return std::isnan(got);
  return static_cast<double>(got) == want && std::signbit(got) == std::signbit(want);
}

}  // namespace

// spec: AveragePool-19: "average pooling consisting of computing the average on all values of a subset of the input tensor according to the kernel size"
// spec: AveragePool-19: "Whether include pad pixels when calculating values for the edges. Default is 0, doesn't count include pad."
TEST_CASE("AveragePool-19: every window against MPFR, every value kind, 1, 2 and 3 threads with identical bits") {
  uint64_t seed = 11;
  for (const Kind kind : {Kind::NearEqual, Kind::MixedSigns, Kind::Subnormal, Kind::Special, Kind::NearTie})
    for (pool_windows::PoolCase c : pool_windows::sweep())
      for (bool include_pad : {false, true}) {
        c.include_pad = include_pad;
        std::mt19937_64 rng(++seed);
        std::vector<float> x(static_cast<size_t>(*checked_element_count(c.x_shape)));
        for (float& v : x) v = draw(kind, rng);
        const Tensor xt = Tensor::from_values<float>(ElementType::Float, c.x_shape, x);
        const std::vector<pool_windows::Window> windows = pool_windows::windows(c);
        INFO("kind ", static_cast<int>(kind), ", x ", shape_to_string(c.x_shape), ", count_include_pad ", include_pad);
        std::vector<float> first;
        for (int threads : {1, 2, 3}) {
          INFO("threads ", threads);
          const Tensor y = pool_windows::run_pool("AveragePool", 19, c, xt, threads)[0].tensor();
          REQUIRE(static_cast<size_t>(y.element_count()) == windows.size());
          const std::vector<float> got = values<float>(y);
          int64_t wrong = 0;
          for (size_t i = 0; i < windows.size(); ++i) {
            const int64_t count = include_pad ? windows[i].padded_count : static_cast<int64_t>(windows[i].taps.size());
            wrong += !same_float(got[i], oracle_average(x, windows[i], count));
          }
          CHECK(wrong == 0);
          if (threads == 1)
            first = got;
          else
            CHECK(std::memcmp(first.data(), got.data(), got.size() * sizeof(float)) == 0);
        }
      }
}

namespace {

// A float16 value from its bits, written out (IEEE binary16: 1 sign, 5 exponent, 10 fraction bits).
double half_value(uint16_t bits) {
  const int e = (bits >> 10) & 31, f = bits & 1023;
  const double sign = (bits & 0x8000) ? -1 : 1;
  if (e == 31) return f ? NAN : sign * INFINITY;
  if (e == 0) return sign * std::ldexp(f, -24);
  return sign * std::ldexp(1024 + f, e - 25);
}

}  // namespace

TEST_CASE("AveragePool-19: float16 windows of every bit pattern against MPFR, 1, 2 and 3 threads") {
  pool_windows::PoolCase c{{1, 2, 9, 29}, {3, 3}, {1, 1}, {1, 1}, {1, 1, 1, 1}};
  for (bool include_pad : {false, true}) {
    c.include_pad = include_pad;
    std::mt19937_64 rng(include_pad ? 5 : 6);
    std::uniform_int_distribution<int> bits(0, 0xFFFF);
    std::vector<Float16Bits> x(2 * 9 * 29);
    for (size_t i = 0; i < x.size(); ++i)  // every pattern in the first half, near-equal values after
      x[i].bits = static_cast<uint16_t>(i < x.size() / 2 ? bits(rng) : 0x3C00 + (bits(rng) & 0xFF));
    const Tensor xt = Tensor::from_values<Float16Bits>(ElementType::Float16, c.x_shape, x);
    const auto windows = pool_windows::windows(c);
    std::vector<uint16_t> first;
    for (int threads : {1, 2, 3}) {
      INFO("count_include_pad ", include_pad, ", threads ", threads);
      const std::vector<uint16_t> got =
          values<uint16_t>(pool_windows::run_pool("AveragePool", 19, c, xt, threads)[0].tensor());
      REQUIRE(got.size() == windows.size());
      int64_t wrong = 0;
      for (size_t i = 0; i < windows.size(); ++i) {
        mpfr_t sum, q;
        mpfr_inits2(200, sum, q, static_cast<mpfr_ptr>(nullptr));
        mpfr_set_zero(sum, 1);
        for (int64_t t : windows[i].taps) mpfr_add_d(sum, sum, half_value(x[static_cast<size_t>(t)].bits), MPFR_RNDN);
        const int64_t count = include_pad ? windows[i].padded_count : static_cast<int64_t>(windows[i].taps.size());
        const int ternary = mpfr_div_ui(q, sum, static_cast<unsigned long>(count), MPFR_RNDN);
        const double want = oracle::round_ieee(q, ternary, numeric::Format::Float16);
        mpfr_clears(sum, q, static_cast<mpfr_ptr>(nullptr));
        const double g = half_value(got[i]);
        wrong += std::isnan(want) ? !std::isnan(g) : !(g == want && std::signbit(g) == std::signbit(want));
      }
      CHECK(wrong == 0);
      if (threads == 1)
        first = got;
      else
        CHECK(first == got);
    }
  }
}
