// The harness's output comparison: what passes (numpy.testing.assert_allclose's rule) and what a
// mismatch reports. Expected texts are worked out by hand from the values below.
#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>

#include "conformance/harness.h"

using namespace onnx_ref;

TEST_CASE("compare.float_mismatch_reports_count_first_and_max_errors") {
  // Elements: exact, off by 1 ulp (within rtol), off by 0.25 at [1, 0] and by 2 at [1, 1].
  const Tensor expected = Tensor::from_values<float>(ElementType::Float, {2, 2}, {1.0f, 2.0f, 1.0f, 4.0f});
  const Tensor actual = Tensor::from_values<float>(ElementType::Float, {2, 2}, {1.0f, 2.00000024f, 1.25f, 6.0f});
  const Tolerance tol{1e-3, 1e-7};
  const auto diff = compare_tensors(actual, expected, tol);
  REQUIRE(diff);
  // 1.25 vs 1 is 2^21 float ulps apart (ulp of [1, 2) is 2^-23); 6 vs 4 is 2^22 (ulp of [4, 8) is 2^-21).
  CHECK(*diff ==
        "2 of 4 elements differ (atol 1e-07, rtol 0.001); first at [1, 0]: got 1.25, "
        "expected 1; max abs error 2, max rel error 0.5, max 4194304 ulp");
  CHECK_FALSE(compare_tensors(expected, expected, tol));
  CHECK_FALSE(compare_tensors(Tensor::from_values<float>(ElementType::Float, {2, 2}, {1.0f, 2.00000024f, 1.0f, 4.0f}),
                              expected, tol));
}

TEST_CASE("compare.ulps_cross_zero_and_nan_matches_nan") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float tiny = std::numeric_limits<float>::denorm_min();
  // -tiny and +tiny are 2 ulps apart (through +0 = -0); NaN against NaN is a match.
  const Tensor expected = Tensor::from_values<float>(ElementType::Float, {2}, {tiny, nan});
  const Tensor actual = Tensor::from_values<float>(ElementType::Float, {2}, {-tiny, nan});
  const auto diff = compare_tensors(actual, expected, Tolerance{0, 0});
  REQUIRE(diff);
  CHECK(
      diff->starts_with("1 of 2 elements differ (atol 0, rtol 0); first at [0]: got -1.401298464324817e-45, expected "
                        "1.401298464324817e-45"));
  CHECK(diff->ends_with(", max 2 ulp"));
  CHECK(compare_tensors(Tensor::from_values<float>(ElementType::Float, {1}, {1.0f}),
                        Tensor::from_values<float>(ElementType::Float, {1}, {nan}), Tolerance{})
            ->starts_with("1 of 1 elements differ"));
}

TEST_CASE("compare.integers_and_strings_report_count_and_first") {
  const Tensor expected = Tensor::from_values<int32_t>(ElementType::Int32, {3}, {1, -2, 3});
  const Tensor actual = Tensor::from_values<int32_t>(ElementType::Int32, {3}, {1, 5, 7});
  CHECK(*compare_tensors(actual, expected, Tolerance{}) == "2 of 3 elements differ; first at [1]: got 5, expected -2");
  const Tensor want = Tensor::from_strings({2}, {"same", "expected\ntext"});
  const Tensor got = Tensor::from_strings({2}, {"same", "actual"});
  CHECK(*compare_tensors(got, want, Tolerance{}) ==
        "1 of 2 strings differ; first at [1]: got 'actual', expected 'expected\\x0atext'");
  CHECK(*compare_tensors(Tensor::from_values<int32_t>(ElementType::Int32, {2}, {1, 2}), expected, Tolerance{}) ==
        "got int32[2], expected int32[3]");
}

TEST_CASE("compare.exact_is_bit_for_bit_but_any_nan_matches_any_nan") {
  Tolerance exact;
  exact.exact = true;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // 0.1f is 0x3DCCCCCD; its neighbour above, 0x3DCCCCCE, is 0.10000000894069672 (one last-bit change).
  const Tensor golden = Tensor::from_values<float>(ElementType::Float, {3}, {0.1f, 0.0f, nan});
  CHECK_FALSE(compare_tensors(golden, golden, exact));
  const Tensor last_bit = Tensor::from_values<float>(ElementType::Float, {3}, {std::nextafter(0.1f, 1.0f), 0.0f, nan});
  const auto diff = compare_tensors(last_bit, golden, exact);
  REQUIRE(diff);
  CHECK(*diff ==
        "1 of 3 elements differ (bit for bit); first at [0]: got 0.10000000894069672, expected "
        "0.10000000149011612; max abs error 7.450580596923828e-09, max rel error 7.450580485901527e-08, max 1 ulp");
  // The default tolerance takes that change; --exact does not.
  CHECK_FALSE(compare_tensors(last_bit, golden, Tolerance{}));
  // -0 and +0 differ; a NaN of another sign and payload matches.
  const Tensor negative_zero = Tensor::from_values<float>(ElementType::Float, {3}, {0.1f, -0.0f, -nan});
  const auto zero_diff = compare_tensors(negative_zero, golden, exact);
  REQUIRE(zero_diff);
  CHECK(zero_diff->starts_with("1 of 3 elements differ (bit for bit); first at [1]: got -0, expected 0"));
  uint32_t payload_bits = 0x7FC00123u;
  float payload;
  std::memcpy(&payload, &payload_bits, sizeof payload);
  CHECK_FALSE(
      compare_tensors(Tensor::from_values<float>(ElementType::Float, {3}, {0.1f, 0.0f, payload}), golden, exact));
  // Complex parts follow the same rule.
  const Tensor c = Tensor::from_values<std::complex<double>>(ElementType::Complex128, {1}, {{1.0, 0.0}});
  const Tensor c_neg = Tensor::from_values<std::complex<double>>(ElementType::Complex128, {1}, {{1.0, -0.0}});
  CHECK_FALSE(compare_tensors(c, c, exact));
  CHECK(compare_tensors(c_neg, c, exact));
  CHECK_FALSE(compare_tensors(c_neg, c, Tolerance{}));
}
