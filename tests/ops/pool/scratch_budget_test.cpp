// A pool's table of window rows (8 bytes per kernel row over the leading axes) is charged to the run's memory budget
// before it is allocated (issue 30: index tables go through the run budget).
#include <doctest/doctest.h>

#include <vector>

#include "helpers/scratch_budget.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

OpTester average_over(std::vector<float> x) {
  const auto n = static_cast<int64_t>(x.size());
  OpTester t("AveragePool", 19);
  t.input(Value(Tensor::from_values<float>(ElementType::Float, {1, 1, n, 1}, x)));
  t.attribute("kernel_shape", std::vector<int64_t>{n, 1});
  return t;
}

}  // namespace

TEST_CASE("AveragePool: the window rows of a tall kernel are charged") {
  constexpr int64_t n = 100000;
  // One output element (4 bytes); the table of the window's 100000 kernel rows takes 800000.
  check_scratch_refused(error_under_budget(average_over(std::vector<float>(n, 1.0f)), 500000), "AveragePool-19",
                        "the pool's window rows", 8 * n);
  // AveragePool-19: the mean of the window, (1 + 3 + 2 + 2) / 4 = 2.
  CHECK(run_under_budget(average_over({1, 3, 2, 2}), 500000).at(0).tensor().data_as<float>()[0] == 2.0f);
}
