// Multinomial's cumulative weights (8 bytes per class) are charged to the run's memory budget
// before they are allocated (issue 30: kernel scratch goes through the run budget).
#include <doctest/doctest.h>

#include <vector>

#include "helpers/scratch_budget.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

TEST_CASE("Multinomial: the cumulative weights of many classes are charged") {
  constexpr int64_t classes = 100000;
  OpTester t("Multinomial", 7);
  t.input(Value(Tensor::from_values<float>(ElementType::Float, {1, classes}, std::vector<float>(classes, 0.0f))));
  // The output, int32[1, 1], is 4 bytes; the weights take 800000.
  check_scratch_refused(error_under_budget(t, 500000), "Multinomial-7", "Multinomial's cumulative weights",
                        8 * classes);
  // One class: every draw is class 0, whatever the stream.
  OpTester one("Multinomial", 7);
  one.input(Value(Tensor::from_values<float>(ElementType::Float, {1, 1}, {0.0f})));
  one.attribute("sample_size", int64_t{3});
  const Tensor y = run_under_budget(one, 500000).at(0).tensor();
  CHECK(std::vector<int32_t>(y.data_as<int32_t>(), y.data_as<int32_t>() + 3) == std::vector<int32_t>{0, 0, 0});
}
