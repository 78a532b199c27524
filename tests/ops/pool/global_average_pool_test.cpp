// GlobalAveragePool (22) on large channels against an exact rational oracle: the contract, "the
// exact mean of each channel rounded once" (Operators.md, GlobalAveragePool: "applies average
// pooling across the values in the same channel"). The blocked double sum with its bound decides
// most channels; a channel that cancels to zero and one whose mean is an exact tie take the exact
// path.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "node_runner.h"
#include "rational_oracle.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

constexpr int kScale = 60;  // every test value is a multiple of 2^-kScale

// Channel c element i is value(c, i); checks every channel's mean against the oracle and returns the means.
std::vector<float> check(int64_t C, int64_t H, int64_t W, const std::function<float(int64_t, int64_t)>& value) {
  const int64_t n = H * W;
  std::vector<float> x;
  std::vector<__int128> sums(static_cast<size_t>(C), 0);
  for (int64_t c = 0; c < C; ++c)
    for (int64_t i = 0; i < n; ++i) {
      x.push_back(value(c, i));
      sums[static_cast<size_t>(c)] += static_cast<__int128>(std::ldexp(static_cast<double>(x.back()), kScale));
    }
  const Tensor y =
      run_single_node("GlobalAveragePool", 22, {Tensor::from_values<float>(ElementType::Float, {1, C, H, W}, x)});
  std::vector<float> got(static_cast<size_t>(C));
  std::memcpy(got.data(), y.data(), got.size() * sizeof(float));
  for (int64_t c = 0; c < C; ++c) {
    const double want = round_rational(sums[static_cast<size_t>(c)], static_cast<__int128>(n) << kScale, 24);
    INFO("channel " << c);
    CHECK(static_cast<double>(got[static_cast<size_t>(c)]) == want);
    CHECK(std::signbit(got[static_cast<size_t>(c)]) == std::signbit(want));
  }
  return got;
}

}  // namespace

TEST_CASE("GlobalAveragePool-22: large random channels against exact rationals") {
  std::mt19937_64 rng(31);
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << 24) + 1, (int64_t{1} << 24) - 1);
  std::uniform_int_distribution<int> ex(-16, 0);
  std::vector<float> pool;
  for (int i = 0; i < 3 * 61 * 83; ++i) pool.push_back(std::ldexp(static_cast<float>(mant(rng)), ex(rng) - 24));
  check(3, 61, 83, [&](int64_t c, int64_t i) {
    const float v = pool[static_cast<size_t>(c * 61 * 83 + i)];
    return c == 1 ? std::fabs(v) : v;  // channel 1 all positive
  });
}

TEST_CASE("GlobalAveragePool-22: a channel that cancels and an exact tie take the exact path") {
  // Channel 0: +v, -v pairs, the exact sum is zero: +0. Channel 1: 2048 values 1 + 2^-23 and 2048
  // ones, the mean 1 + 2^-24 is a tie between floats, to even: 1.
  const auto got = check(2, 64, 64, [](int64_t c, int64_t i) {
    if (c == 0)
      return (i % 2 ? -1.0f : 1.0f) *
             std::ldexp(1.0f + static_cast<float>(i / 2 % 1000) * 0x1p-12f, static_cast<int>(i / 2 % 7));
    return i % 2 ? 1.0f + 0x1p-23f : 1.0f;
  });
  CHECK(got[0] == 0.0f);
  CHECK(!std::signbit(got[0]));
  CHECK(got[1] == 1.0f);
}
