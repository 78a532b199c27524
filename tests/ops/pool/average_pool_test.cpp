// Unit tests of ops/pool/average_pool.cpp.
#include <doctest/doctest.h>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>
#include "helpers/conv_pool.h"
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
