// OneHotEncoder's category table (8 bytes per element of X) is charged to the run's memory budget
// before it is allocated (issue 30: index tables go through the run budget).
#include <doctest/doctest.h>

#include <vector>

#include "helpers/scratch_budget.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

OpTester encode(std::vector<int64_t> x) {
  OpTester t("OneHotEncoder", 1, "ai.onnx.ml");
  const auto n = static_cast<int64_t>(x.size());
  t.input(Value(Tensor::from_values<int64_t>(ElementType::Int64, {n}, x)));
  t.attribute("cats_int64s", std::vector<int64_t>{2});
  return t;
}

}  // namespace

TEST_CASE("OneHotEncoder: the category table is charged") {
  constexpr int64_t n = 100000;
  // The output, float[100000, 1], takes 400000 bytes; the table 800000.
  check_scratch_refused(error_under_budget(encode(std::vector<int64_t>(n, 2)), 1000000), "OneHotEncoder-1",
                        "OneHotEncoder's category table", 8 * n);
  // OneHotEncoder-1: a 1 in the column of the element's category, 0 elsewhere (zeros = 1: no error
  // for a value outside the categories).
  const Tensor y = run_under_budget(encode({1, 2}), 1000000).at(0).tensor();
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 2) == std::vector<float>{0, 1});
}
