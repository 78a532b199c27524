// The DFT's twiddle tables and widened input are charged to the run's memory budget before they
// are allocated (issue 30: "DFT work arrays" are kernel scratch that goes through the run budget).
#include <doctest/doctest.h>

#include <vector>

#include "helpers/scratch_budget.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

OpTester dft_of_one_sample(int64_t length) {
  OpTester t("DFT", 20);
  t.input(Value(Tensor::from_values<float>(ElementType::Float, {1, 1, 1}, {1.0f})));  // [batch, signal 1, real]
  t.input(Value(Tensor::from_values<int64_t>(ElementType::Int64, {}, {length})));
  t.attribute("onesided", int64_t{1});
  return t;
}

}  // namespace

TEST_CASE("DFT: the twiddle tables of a long transform (16 bytes per point) are refused before they are computed") {
  // One sample padded to 1,000,000 points: the onesided output, [1, 500001, 2] floats, takes
  // 4000008 bytes; the two tables of cos and sin take 16000000.
  constexpr int64_t n = 1000000;
  check_scratch_refused(error_under_budget(dft_of_one_sample(n), 10000000), "DFT-20", "the DFT's twiddle tables",
                        16 * n);
}

TEST_CASE("DFT: a transform that fits runs under the same budget") {
  // DFT-20: X[k] = sum_n x[n] e^(-2 pi i k n / N); one sample x[0] = 1 gives X[k] = 1 + 0i for every k.
  const Tensor y = run_under_budget(dft_of_one_sample(8), 10000000).at(0).tensor();
  REQUIRE(y.shape() == Shape{1, 5, 2});
  for (int64_t k = 0; k < 5; ++k) {
    CHECK(y.data_as<float>()[2 * k] == 1.0f);
    CHECK(y.data_as<float>()[2 * k + 1] == 0.0f);
  }
}
