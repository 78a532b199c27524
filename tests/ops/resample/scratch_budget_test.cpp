// Resize's tap tables (an entry per output position on each axis, with its taps) are charged to
// the run's memory budget before they are built (issue 30: index tables go through the run budget).
#include <doctest/doctest.h>

#include <optional>
#include <vector>

#include "helpers/scratch_budget.h"
#include "ops/resample/resize_rules.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

OpTester resize_to(int64_t width) {
  OpTester t("Resize", 19);
  t.input(Value(Tensor::from_values<float>(ElementType::Float, {1, 1, 1, 1}, {7.0f})));
  t.input(std::nullopt).input(std::nullopt);  // no roi, no scales
  t.input(Value(Tensor::from_values<int64_t>(ElementType::Int64, {4}, {1, 1, 1, width})));
  return t;
}

}  // namespace

TEST_CASE("Resize: the tap table of a long output axis is charged before it is built") {
  // One element stretched to 100000: the output takes 400000 bytes, the last axis's table an entry
  // (resample::OutputTaps) per position.
  constexpr int64_t n = 100000;
  check_scratch_refused(error_under_budget(resize_to(n), 2000000), "Resize-19", "the resampling's tap tables",
                        n * sizeof(resample::OutputTaps));
  // Resize-19, nearest: every output position of a single-element axis takes that element.
  const Tensor y = run_under_budget(resize_to(3), 2000000).at(0).tensor();
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 3) == std::vector<float>{7, 7, 7});
}
