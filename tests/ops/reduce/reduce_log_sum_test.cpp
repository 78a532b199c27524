// ReduceLogSum-18 with noop_with_empty_axes = 1 and no axes: log(x) for each element, correctly
// rounded (MPFR oracle, tests/mpfr_oracle.h).
#include <doctest/doctest.h>

#include <cmath>

#include "mpfr_oracle.h"
#include "node_runner.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

// spec: ReduceLogSum-18: "composite-reduction operators will still perform the non-reduction steps"
TEST_CASE("ReduceLogSum-18: noop_with_empty_axes = 1 without axes gives log(x) for each element, not x") {
  const std::vector<float> xs{1, 4, 0.3f};
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {3}, xs);
  const Tensor y = run_single_node("ReduceLogSum", 18, {x}, [](onnx::NodeProto& n) { set_int(n, "noop_with_empty_axes", 1); });
  REQUIRE(y.shape() == Shape{3});
  for (size_t i = 0; i < 3; ++i)
    CHECK(static_cast<double>(y.data_as<float>()[i]) == oracle::reference(numeric::Fn::Log, numeric::Format::Float, xs[i]));
}
