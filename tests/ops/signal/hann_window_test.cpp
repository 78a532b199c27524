// HannWindow-17: size is "A scalar value"; a [1] tensor is refused.
#include <doctest/doctest.h>

#include "helpers/signal_rules.h"
#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

// spec: HannWindow-17: "A scalar value indicating the length of the window."
TEST_CASE("HannWindow-17: size must be a scalar; a [1] tensor is refused") {
  const Tensor scalar = Tensor::from_values<int64_t>(ElementType::Int64, {}, {4});
  const Tensor one = Tensor::from_values<int64_t>(ElementType::Int64, {1}, {4});
  CHECK(run_single_node("HannWindow", 17, {scalar}).shape() == Shape{4});
  CHECK_THROWS_WITH_AS(run_single_node("HannWindow", 17, {one}), doctest::Contains("size must be a scalar (rank 0)"),
                       Error);
}

namespace signal_rules_tests {

// spec: HannWindow-17: "The default value is 1 = FLOAT."
// spec: HammingWindow-17: "The default value is 1 = FLOAT."
// spec: BlackmanWindow-17: "The default value is 1 = FLOAT."
// spec: HannWindow-17: "The default value is 1."
// spec: HammingWindow-17: "The default value is 1."
// spec: BlackmanWindow-17: "The default value is 1."
// spec: HannWindow-17: "Strictly must be one of the values from DataType enum in TensorProto whose values correspond to T2."
// spec: HammingWindow-17: "Strictly must be one of the values from DataType enum in TensorProto whose values correspond to T2."
// spec: BlackmanWindow-17: "Strictly must be one of the values from DataType enum in TensorProto whose values correspond to T2."
TEST_CASE("HannWindow, HammingWindow, BlackmanWindow-17: float and periodic by default; output_datatype within T2") {
  const auto periodic = [](int64_t p) { return [p](OpTester& t) { t.attribute("periodic", p); }; };
  for (const char* op : {"HannWindow", "HammingWindow", "BlackmanWindow"}) {
    INFO(op);
    const Tensor w = window(op);
    CHECK(w.type() == T::Float);
    CHECK(floats(w) == floats(window(op, periodic(1))));
    CHECK(floats(w) != floats(window(op, periodic(0))));
    CHECK(window(op, [](OpTester& t) {
            t.attribute("output_datatype", static_cast<int64_t>(code_of(T::Double)));
          }).type() == T::Double);
    CHECK_THROWS_AS(
        window(op, [](OpTester& t) { t.attribute("output_datatype", static_cast<int64_t>(code_of(T::String))); }),
        Error);
  }
  CHECK(floats(window("HannWindow")) == std::vector<float>{0, 0.5f, 1, 0.5f});
  CHECK(floats(window("HannWindow", periodic(0))) == std::vector<float>{0, 0.75f, 0.75f, 0});
}

}  // namespace signal_rules_tests
