// The indexing family's scratch (index tables, sort buffers) is charged to the run's memory
// budget before it is allocated (issue 30: "every allocation of a run goes through one accounting
// point ... kernel scratch (im2col, index tables, decoder buffers)").
#include <doctest/doctest.h>

#include <vector>

#include "helpers/scratch_budget.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

constexpr int64_t kIndices = 100000;

OpTester gather_of_many_indices() {
  OpTester t("Gather", 13);
  t.input(Value(Tensor::from_values<float>(ElementType::Float, {2}, {1.5f, 2.5f})));
  t.input(Value(Tensor::from_values<int64_t>(ElementType::Int64, {kIndices}, std::vector<int64_t>(kIndices, 1))));
  return t;
}

}  // namespace

TEST_CASE("Gather: its index table (8 bytes per index) is charged before it is built") {
  // The output, float[100000], takes 400000 bytes and fits; the table takes 800000 and does not.
  check_scratch_refused(error_under_budget(gather_of_many_indices(), 600000), "Gather-13", "Gather's index table",
                        8 * kIndices);
  const auto out = run_under_budget(gather_of_many_indices(), 2000000);
  const Tensor& y = out.at(0).tensor();
  REQUIRE(y.element_count() == kIndices);
  CHECK(y.data_as<float>()[0] == 2.5f);
  CHECK(y.data_as<float>()[kIndices - 1] == 2.5f);
}

TEST_CASE("GatherElements, GatherND, ScatterElements: each index table is charged") {
  const auto ints = [](int64_t n, int64_t v) {
    return Value(Tensor::from_values<int64_t>(ElementType::Int64, {n}, std::vector<int64_t>(n, v)));
  };
  OpTester ge("GatherElements", 13);
  ge.input(Value(Tensor::from_values<float>(ElementType::Float, {2}, {1.5f, 2.5f}))).input(ints(kIndices, 0));
  check_scratch_refused(error_under_budget(ge, 600000), "GatherElements-13", "GatherElements' index table",
                        8 * kIndices);
  OpTester gnd("GatherND", 13);
  gnd.input(Value(Tensor::from_values<float>(ElementType::Float, {2}, {1.5f, 2.5f})));
  gnd.input(Value(Tensor::from_values<int64_t>(ElementType::Int64, {kIndices, 1}, std::vector<int64_t>(kIndices, 1))));
  check_scratch_refused(error_under_budget(gnd, 600000), "GatherND-13", "GatherND's index table", 8 * kIndices);
  // ScatterElements: data of one element, every update to it; the output is 4 bytes.
  OpTester se("ScatterElements", 18);
  se.input(Value(Tensor::from_values<float>(ElementType::Float, {1}, {0.0f}))).input(ints(kIndices, 0));
  se.input(Value(Tensor::from_values<float>(ElementType::Float, {kIndices}, std::vector<float>(kIndices, 1.0f))));
  se.attribute("reduction", "add");
  check_scratch_refused(error_under_budget(se, 600000), "ScatterElements-18", "ScatterElements' index table",
                        8 * kIndices);
  // The same under a budget that holds it: 100000 additions of 1 to 0, exact in float.
  CHECK(run_under_budget(se, 2000000).at(0).tensor().data_as<float>()[0] == 100000.0f);
}

TEST_CASE("Unique: its sort buffer and tables are charged before the sort") {
  // 50000 elements: ten tables of at most 50000 int64 (4000000 bytes) against a 2000000-byte
  // budget; the outputs alone (the values, and 8-byte indices, inverse and counts) fit.
  constexpr int64_t n = 50000;
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i) x[static_cast<size_t>(i)] = static_cast<float>(i % 3);
  OpTester t("Unique", 11);
  t.input(Value(Tensor::from_values<float>(ElementType::Float, {n}, x)));
  check_scratch_refused(error_under_budget(t, 2000000), "Unique-11", "Unique's sort buffer and tables", 10 * 8 * n);
  const Tensor y = run_under_budget(t, 8000000).at(0).tensor();
  CHECK(y.shape() == Shape{3});  // 0, 1, 2, sorted
  CHECK(y.data_as<float>()[2] == 2.0f);
}
