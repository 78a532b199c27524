// TopK's sort buffer and a log-sum reduction's widened run are charged to the run's memory
// budget before they are allocated (issue 30: kernel scratch goes through the run budget).
#include <doctest/doctest.h>

#include <vector>

#include "helpers/scratch_budget.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

TEST_CASE("TopK: the sort buffer of a line (8 bytes per element of the axis) is charged") {
  constexpr int64_t n = 100000;
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i) x[static_cast<size_t>(i)] = static_cast<float>(i % 1000);
  OpTester t("TopK", 11);
  t.input(Value(Tensor::from_values<float>(ElementType::Float, {n}, x)));
  t.input(Value(Tensor::from_values<int64_t>(ElementType::Int64, {1}, {1})));
  t.outputs(2);
  // The outputs are 12 bytes; the buffer, 800000, is over a 500000-byte budget.
  check_scratch_refused(error_under_budget(t, 500000), "TopK-11", "TopK's sort buffer", 8 * n);
  const auto out = run_under_budget(t, 2000000);
  CHECK(out.at(0).tensor().data_as<float>()[0] == 999.0f);  // the largest value
  CHECK(out.at(1).tensor().data_as<int64_t>()[0] == 999);   // its first index (ties go to the lower index)
}

TEST_CASE("ReduceLogSumExp on int32: the run widened to int64 (8 bytes per element) is charged") {
  constexpr int64_t n = 100000;
  OpTester t("ReduceLogSumExp", 18);
  t.input(Value(Tensor::from_values<int32_t>(ElementType::Int32, {n}, std::vector<int32_t>(n, 0))));
  t.attribute("keepdims", int64_t{0});
  check_scratch_refused(error_under_budget(t, 500000), "ReduceLogSumExp-18", "the reduction's widened run", 8 * n);
}
