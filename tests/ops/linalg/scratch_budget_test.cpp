// Linear algebra's scratch is charged to the run's memory budget before it is allocated (issue 30:
// "kernel scratch (im2col, index tables, ...)"): Det's widened matrix, a product's widened
// operands and ConvTranspose's gather tables.
#include <doctest/doctest.h>

#include <vector>

#include "helpers/scratch_budget.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

TEST_CASE("Det: the matrix widened to doubles (8 bytes per element) is charged") {
  constexpr int64_t n = 300;
  OpTester big("Det", 22);
  big.input(Value(Tensor::from_values<float>(ElementType::Float, {n, n}, std::vector<float>(n * n, 1.0f))));
  // The output is one float; the widened matrix takes 720000 bytes.
  check_scratch_refused(error_under_budget(big, 500000), "Det-22", "Det's widened matrix", 8 * n * n);
  OpTester small("Det", 22);
  small.input(Value(Tensor::from_values<float>(ElementType::Float, {2, 2}, {2, 1, 4, 3})));
  CHECK(run_under_budget(small, 500000).at(0).tensor().data_as<float>()[0] == 2.0f);  // 2 * 3 - 1 * 4
}

TEST_CASE("MatMul of doubles: the widened operands are charged") {
  // [1, K] x [K, 1]: the output is 8 bytes, the operands copied to doubles K * 16 bytes.
  constexpr int64_t k = 100000;
  OpTester t("MatMul", 13);
  t.input(Value(Tensor::from_values<double>(ElementType::Double, {1, k}, std::vector<double>(k, 1.0))));
  t.input(Value(Tensor::from_values<double>(ElementType::Double, {k, 1}, std::vector<double>(k, 0.5))));
  check_scratch_refused(error_under_budget(t, 1000000), "MatMul-13", "the product's widened operands", 16 * k);
  CHECK(run_under_budget(t, 4000000).at(0).tensor().data_as<double>()[0] == 50000.0);  // 100000 halves
}
