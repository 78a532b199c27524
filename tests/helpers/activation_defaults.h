// The activation operators' attribute defaults, PRelu's broadcasting, Clip-1/6's bounds and Gelu-20 /
// Swish-24's formulas in the ONNX 1.22.0 text, each check citing its sentence. A default is checked
// by comparing the node without the attribute to the node with the attribute set to the text's
// value, and to another value, which must differ; formulas against MPFR (tests/mpfr_oracle.h).
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "mpfr_oracle.h"
#include "op_tester.h"
#include "runtime/error.h"

namespace activation_defaults_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kX() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {5}, {-3, -0.75f, 0.25f, 0.5f, 2});
  return t;
}
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

std::vector<float> apply(const char* op, int64_t v, const std::string& attr = "", float value = 0) {
  OpTester t(op, v);
  t.input(Value(kX()));
  if (!attr.empty()) t.attribute(attr, value);
  if (std::string(op) == "Selu" && v == 1) t.attribute("consumed_inputs", std::vector<int64_t>{0});
  return floats(t.run_tensor());
}

// The default of `attr` is `value`: the same outputs as with it set, others than with `other`.
void check_default(const char* op, int64_t v, const std::string& attr, float value, float other) {
  INFO(op, "-", v, " ", attr);
  CHECK(apply(op, v) == apply(op, v, attr, value));
  CHECK(apply(op, v) != apply(op, v, attr, other));
}

}  // namespace
}  // namespace activation_defaults_tests
