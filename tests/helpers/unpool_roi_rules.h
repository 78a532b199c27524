#pragma once
// The helpers of the unpool_roi_rules_test cases, shared by the operator test files they were
// split into.
// MaxUnpool, RoiAlign and MaxRoiPool, every version: the defaults and shape rules of the ONNX 1.22.0
// text, each check citing its sentence. Expected values by hand; a RoiAlign default is checked by
// comparing the node without the attribute with the node given the text's value, and another value.
#include <doctest/doctest.h>
#include <functional>
#include <string>
#include <vector>
#include "op_tester.h"
#include "rule_tensors.h"
#include "runtime/error.h"

namespace unpool_roi_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

using namespace rule_tensors;  // f32, i64, floats, ints
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
inline const Tensor& kX() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {1, 1, 2}, {5, 7});
  return t;
}

inline Tensor unpool(int64_t v, const Tensor& indices, const std::function<void(OpTester&)>& attrs,
                     std::optional<Tensor> output_shape = std::nullopt) {
  OpTester t("MaxUnpool", v);
  t.input(Value(kX())).input(Value(indices));
  if (output_shape) t.input(Value(*output_shape));
  t.attribute("kernel_shape", std::vector<int64_t>{2});
  if (attrs) attrs(t);
  return t.run_tensor();
}
inline auto strides2 = [](OpTester& t) { t.attribute("strides", std::vector<int64_t>{2}); };

}  // namespace unpool_roi_rules_tests
