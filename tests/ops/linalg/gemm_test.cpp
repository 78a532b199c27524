// Unit tests of ops/linalg/gemm.cpp.
#include "helpers/gemm.h"
#include "helpers/linalg_rules.h"

// spec: Gemm-11,13: "If not specified, the computation is done as if C is a scalar 0."
// spec: Gemm-13: "The shape of A should be (M, K) if transA is 0, or (K, M) if transA is non-zero."
// spec: Gemm-13: "The shape of B should be (K, N) if transB is 0, or (N, K) if transB is non-zero."
TEST_CASE("Gemm: alpha * A'B' + beta * C is rounded once") {
  // alpha = 0.75, beta = 3: Y = 0.75 * (A B) + 3 C, every value small integers / quarters: exact.
  const Tensor a = make<float>(T::Float, {3, 2}, {1, 4, 2, 5, 3, 6});  // A' = [[1,2,3],[4,5,6]] with transA
  const Tensor b = make<float>(T::Float, {2, 3}, {1, 0, 1, 0, 1, 1});  // B' = [[1,0],[0,1],[1,1]] with transB
  const Tensor c = make<float>(T::Float, {2}, {1, -1});                // broadcast along rows
  const Tensor y = run_op("Gemm", 13, {a, b, c},
                          {{"alpha", 0.75, true}, {"beta", 3, true}, {"transA", 1, false}, {"transB", 1, false}});
  CHECK(y.shape() == Shape{2, 2});
  CHECK(values<float>(y) == std::vector<float>{0.75f * 4 + 3, 0.75f * 5 - 3, 0.75f * 10 + 3, 0.75f * 11 - 3});
  // One rounding: alpha * s + beta * c where alpha * s alone is not a float. s = 1 + 2^-23 (A = [1 + 2^-23],
  // B = [1]), alpha = 1 + 2^-23: alpha * s = 1 + 2^-22 + 2^-46; beta * c = -(1 + 2^-22): the exact
  // result is 2^-46, which rounding alpha * s to float first would lose entirely.
  const float e = 1.0f + 0x1p-23f;
  const Tensor y2 = run_op("Gemm", 13,
                           {make<float>(T::Float, {1, 1}, {e}), make<float>(T::Float, {1, 1}, {1}),
                            make<float>(T::Float, {}, {-(1.0f + 0x1p-22f)})},
                           {{"alpha", e, true}});
  CHECK(values<float>(y2)[0] == 0x1p-46f);
  // Without C (11 and later), and integer Gemm with whole alpha.
  CHECK(values<float>(run_op(
            "Gemm", 11, {make<float>(T::Float, {1, 2}, {1, 2}), make<float>(T::Float, {2, 1}, {3, 4})}))[0] == 11.0f);
  CHECK(values<int32_t>(run_op("Gemm", 13,
                               {make<int32_t>(T::Int32, {1, 1}, {65536}), make<int32_t>(T::Int32, {1, 1}, {65536}),
                                make<int32_t>(T::Int32, {1, 1}, {5})},
                               {{"alpha", 3, true}, {"beta", -1, true}}))[0] == -5);  // 3 * 2^32 wraps to 0
}

// spec: Gemm-13: "The shape of C should be unidirectional broadcastable to (M, N)."
TEST_CASE("Gemm: bad inputs are one-line errors") {
  const Tensor a = make<float>(T::Float, {2, 3}, std::vector<float>(6));
  CHECK_THROWS_WITH_AS(run_op("Gemm", 13, {a, a}),
                       doctest::Contains("Gemm inner dimensions differ: A has 3 columns but B has 2 rows"), Error);
  CHECK_THROWS_WITH_AS(run_op("Gemm", 13, {a, a, make<float>(T::Float, {3}, {1, 2, 3})}, {{"transB", 1, false}}),
                       doctest::Contains("C of shape [3] does not broadcast to [2, 2]"), Error);
  CHECK_THROWS_WITH_AS(run_op("Gemm", 6, {a, a, make<float>(T::Float, {2}, {1, 2})}, {{"transB", 1, false}}),
                       doctest::Contains("broadcast = 0 needs C of shape [2, 2]"), Error);
  CHECK_THROWS_WITH_AS(run_op("Gemm", 13, {a, a}, {{"transB", 2, false}}),
                       doctest::Contains("'transB' must be 0 or 1, got 2"), Error);
  CHECK_THROWS_WITH_AS(run_op("Gemm", 13, {make<float>(T::Float, {6}, std::vector<float>(6)), a}),
                       doctest::Contains("Gemm needs 2-D A and B"), Error);
  const Tensor i = make<int64_t>(T::Int64, {1, 1}, {1});
  CHECK_THROWS_WITH_AS(run_op("Gemm", 13, {i, i}, {{"alpha", 0.5, true}}), doctest::Contains("whole alpha"), Error);
}

namespace linalg_rules_tests {

// A = [[1, 2], [3, 4]], B = [[5, 6], [7, 8]]: AB = [[19, 22], [43, 50]]; A'B = [[26, 30], [38, 44]];
// AB' = [[17, 23], [39, 53]].
// spec: Gemm-1,6: "Scalar multiplier for the product of input tensors A * B, the default value is 1.0."
// spec: Gemm-1,6: "Scalar multiplier for input tensor C, the default value is 1.0."
// spec: Gemm-7,9,11,13: "Scalar multiplier for the product of input tensors A * B."
// spec: Gemm-7,9,11,13: "Scalar multiplier for input tensor C."
// spec: Gemm-*: "Whether A should be transposed"
// spec: Gemm-*: "Whether B should be transposed"
TEST_CASE("Gemm, every version: alpha and beta 1 by default; transA and transB") {
  const Tensor a = f32({2, 2}, {1, 2, 3, 4});
  const Tensor b = f32({2, 2}, {5, 6, 7, 8});
  const Tensor c = f32({2, 2}, {1, 1, 1, 1});
  for (int64_t v : {1, 6, 7, 9, 11, 13}) {
    INFO("Gemm-", v);
    CHECK(floats(run("Gemm", v, {a, b, c})) == std::vector<float>{20, 23, 44, 51});
    CHECK(floats(run("Gemm", v, {a, b, c}, [](OpTester& t) { t.attribute("alpha", 2.0f).attribute("beta", 3.0f); })) ==
          std::vector<float>{41, 47, 89, 103});
    CHECK(floats(run("Gemm", v, {a, b, c}, [](OpTester& t) { t.attribute("transA", int64_t{1}); })) ==
          std::vector<float>{27, 31, 39, 45});
    CHECK(floats(run("Gemm", v, {a, b, c}, [](OpTester& t) { t.attribute("transB", int64_t{1}); })) ==
          std::vector<float>{18, 24, 40, 54});
  }
}

// spec: Gemm-1,6: "Whether C should be broadcasted"
// spec: Gemm-7,9,11,13: "This operator supports **unidirectional broadcasting** (tensor C should be unidirectional broadcastable to tensor A * B)"
// spec: Gemm-7,9,11: "The shape of C should be unidirectional broadcastable to (M, N)."
// spec: Gemm-7,9,11: "The shape of A should be (M, K) if transA is 0, or (K, M) if transA is non-zero."
// spec: Gemm-7,9,11: "The shape of B should be (K, N) if transB is 0, or (N, K) if transB is non-zero."
// spec: Gemm-11,13: "An empty string may be used in the place of an actual argument's name to indicate a missing argument."
TEST_CASE("Gemm: C broadcast (with broadcast = 1 at 1 and 6), shapes checked, C optional from 11") {
  const Tensor a = f32({2, 2}, {1, 2, 3, 4});
  const Tensor b = f32({2, 2}, {5, 6, 7, 8});
  const Tensor row = f32({2}, {1, 2});
  for (int64_t v : {1, 6, 7, 9, 11, 13}) {
    INFO("Gemm-", v);
    const auto broadcast = [v](OpTester& t) {
      if (v < 7) t.attribute("broadcast", int64_t{1});
    };
    CHECK(floats(run("Gemm", v, {a, b, row}, broadcast)) == std::vector<float>{20, 24, 44, 52});
    if (v < 7) CHECK_THROWS_AS(run("Gemm", v, {a, b, row}), Error);
    CHECK_THROWS_AS(run("Gemm", v, {a, b, f32({3}, {1, 2, 3})}, broadcast), Error);
    CHECK_THROWS_AS(run("Gemm", v, {f32({2, 3}, {1, 2, 3, 4, 5, 6}), b, row}, broadcast), Error);
    CHECK_THROWS_AS(run("Gemm", v, {a, f32({3, 2}, {1, 2, 3, 4, 5, 6}), row}, broadcast), Error);
    if (v >= 11) CHECK(floats(run("Gemm", v, {a, b, std::nullopt})) == std::vector<float>{19, 22, 43, 50});
  }
}

}  // namespace linalg_rules_tests
