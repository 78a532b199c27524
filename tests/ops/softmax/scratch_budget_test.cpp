// Softmax's line work arrays (the line widened, its estimate and terms, the results and their
// flags: 40 bytes per element of the axis) are charged to the run's memory budget before they are
// allocated (issue 30: kernel scratch goes through the run budget).
#include <doctest/doctest.h>

#include <vector>

#include "helpers/scratch_budget.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

TEST_CASE("Softmax: the work arrays of a long line are charged") {
  constexpr int64_t n = 100000;
  OpTester t("Softmax", 13);
  t.input(Value(Tensor::from_values<float>(ElementType::Float, {n}, std::vector<float>(n, 0.0f))));
  // The output takes 400000 bytes; the work arrays 4000000.
  check_scratch_refused(error_under_budget(t, 2000000), "Softmax-13", "the softmax line's work arrays", 40 * n);
  // Softmax-13: exp(x) / sum(exp(x)); two equal elements give 1/2 each, exactly.
  OpTester small("Softmax", 13);
  small.input(Value(Tensor::from_values<float>(ElementType::Float, {2}, {0.0f, 0.0f})));
  const Tensor y = run_under_budget(small, 2000000).at(0).tensor();
  CHECK(y.data_as<float>()[0] == 0.5f);
  CHECK(y.data_as<float>()[1] == 0.5f);
}
