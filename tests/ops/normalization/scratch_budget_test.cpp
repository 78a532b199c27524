// The normalizations widen their input to doubles (8 bytes per element, twice a float input) and
// keep a result of the same size: that scratch is charged to the run's memory budget before it is
// allocated (issue 30: kernel scratch goes through the run budget).
#include <doctest/doctest.h>

#include <vector>

#include "helpers/scratch_budget.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

OpTester lrn_of(Shape shape, std::vector<float> x) {
  OpTester t("LRN", 13);
  t.input(Value(Tensor::from_values<float>(ElementType::Float, std::move(shape), x)));
  t.attribute("size", int64_t{1});
  t.attribute("alpha", 0.0f);  // y = x / (bias + 0)^beta = x / 1 = x
  return t;
}

}  // namespace

TEST_CASE("LRN: the widened input and result (16 bytes per element) are charged") {
  constexpr int64_t n = 100000;
  // The output takes 400000 bytes and fits a 1000000-byte budget; the scratch, 1600000, does not.
  check_scratch_refused(error_under_budget(lrn_of({1, n, 1, 1}, std::vector<float>(n, 1.0f)), 1000000), "LRN-13",
                        "LRN's widened input and result", 16 * n);
  // LRN-13: y = x / (bias + alpha / size * square_sum)^beta; alpha = 0 and bias = 1 give y = x.
  const Tensor y = run_under_budget(lrn_of({1, 4, 1, 1}, {1, 2, 3, 4}), 1000000).at(0).tensor();
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 4) == std::vector<float>{1, 2, 3, 4});
}

TEST_CASE("LayerNormalization: a scale that must be broadcast to X's whole shape is charged as broadcast") {
  // X [1000, 100], scale [1000, 1]: not one group's worth, so it is broadcast to X's 100000
  // elements (800000 bytes of doubles, plus the 1000 widened) before any group is normalized.
  constexpr int64_t rows = 1000, cols = 100;
  OpTester t("LayerNormalization", 17);
  t.input(Value(Tensor::from_values<float>(ElementType::Float, {rows, cols}, std::vector<float>(rows * cols, 1.0f))));
  t.input(Value(Tensor::from_values<float>(ElementType::Float, {rows, 1}, std::vector<float>(rows, 1.0f))));
  t.attribute("axis", int64_t{1});
  check_scratch_refused(error_under_budget(t, 700000), "LayerNormalization-17", "LayerNormalization's broadcast Scale",
                        8 * (rows * cols + rows));
}
