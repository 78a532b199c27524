// BatchNormalization inference on float rows long enough for the eight-lane loop
// (ops/normalization/batch_normalization.cpp) and its scalar tail: each element is
// (x - mean) / sqrt(var + epsilon) * scale + bias, hand-computed where every step is exact, and a
// step that rounds checked against the integer oracle.
#include "helpers/normalization.h"
#include <doctest/doctest.h>
#include <cmath>
#include "dyadic_oracle.h"
#include "node_runner.h"

TEST_CASE("BatchNormalization-15 inference: 19 elements per channel, lanes and tail, per-channel parameters") {
  // BatchNormalization-15: "Y = (X - input_mean) / sqrt(input_var + epsilon) * scale + B".
  // epsilon 0.25 with var 3.75 and 8.75: standard deviations 2 and 3 exactly.
  std::vector<float> xs;
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < 19; ++i) xs.push_back(static_cast<float>(i * 3 - 20 + c));
  xs[9] = NAN;
  const Tensor x = floats({1, 2, 19}, xs);
  const Tensor scale = floats({2}, {3, 0.5f}), bias = floats({2}, {1, -1});
  const Tensor mean = floats({2}, {1, 4}), var = floats({2}, {3.75f, 8.75f});
  const auto y = as_doubles(run_norm("BatchNormalization", 15, {x, scale, bias, mean, var}, AttrList{{"epsilon", 0.25f}})[0]);
  REQUIRE(y.size() == 38);
  for (int i = 0; i < 19; ++i) {
    INFO("element " << i);
    const double x0 = i * 3 - 20, x1 = i * 3 - 19;
    if (i == 9) CHECK(std::isnan(y[9]));
    else CHECK(y[static_cast<size_t>(i)] == (x0 - 1) / 2 * 3 + 1);  // exact: halves of integers times 3
    // Channel 1 rounds: (x1 - 4) / 3 * 0.5 - 1 = (3i - 29) / 6, never a multiple of 1/3's dyadic
    // neighbours, so the double steps (within a few double ulps) round to the float nearest the
    // exact rational, which the integer oracle gives.
    const int64_t n = 3 * i - 29;
    const double want = n == 0 ? 0.0 : (n < 0 ? -1 : 1) * testing::round_quotient(static_cast<unsigned __int128>(n < 0 ? -n : n), 6, 0, testing::kSingle);
    CHECK(y[static_cast<size_t>(19 + i)] == want);
  }
}
