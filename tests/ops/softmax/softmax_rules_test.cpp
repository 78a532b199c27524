// Softmax, LogSoftmax and Hardmax, every version: the axis rules of the ONNX 1.22.0 text (versions 1
// and 11 coerce the input to 2-D at axis, 1 by default; 13 works along axis, -1 by default), each
// check citing its sentence. Hardmax gives exact values; equal inputs give Softmax 1/n exactly and
// LogSoftmax -ln n (MPFR, tests/mpfr_oracle.h).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "mpfr_oracle.h"
#include "op_tester.h"
#include "runtime/error.h"

namespace softmax_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }
Tensor run(const char* op, int64_t v, const Tensor& x, std::optional<int64_t> axis = std::nullopt) {
  OpTester t(op, v);
  t.input(Value(x));
  if (axis) t.attribute("axis", *axis);
  return t.run_tensor();
}

// x [2, 2, 2] = [[[1, 5], [3, 2]], [[0, 0], [9, 1]]]. Coerced at axis 1: rows [1, 5, 3, 2] and
// [0, 0, 9, 1]: Hardmax [0, 1, 0, 0, 0, 0, 1, 0]. Along the last axis: [0, 1, 1, 0, 1, 0, 1, 0].
// spec: Hardmax-1,11: "For the default case where axis=1, this means the input tensor will be coerced into a 2D tensor of dimensions [a_0, a_1 * ... * a_{n-1}], where a_0 is often the batch size."
// spec: Softmax-1,11: "For the default case where axis=1, this means the input tensor will be coerced into a 2D tensor of dimensions [a_0, a_1 * ... * a_{n-1}], where a_0 is often the batch size."
// spec: LogSoftmax-1,11: "For the default case where axis=1, this means the input tensor will be coerced into a 2D tensor of dimensions [a_0, a_1 * ... * a_{n-1}], where a_0 is often the batch size."
// spec: Hardmax-1,11: "In this situation, we must have a_0 = N and a_1 * ... * a_{n-1} = D."
// spec: Softmax-1,11: "In this situation, we must have a_0 = N and a_1 * ... * a_{n-1} = D."
// spec: LogSoftmax-1,11: "In this situation, we must have a_0 = N and a_1 * ... * a_{n-1} = D."
// spec: Hardmax-1: "Describes the axis of the inputs when coerced to 2D; defaults to one because the 0th axis most likely describes the batch_size"
// spec: Softmax-1: "Describes the axis of the inputs when coerced to 2D; defaults to one because the 0th axis most likely describes the batch_size"
// spec: LogSoftmax-1: "Describes the axis of the inputs when coerced to 2D; defaults to one because the 0th axis most likely describes the batch_size"
// spec: Hardmax-11: "Describes the axis of the inputs when coerced to 2D; defaults to one because the 0th axis most likely describes the batch_size."
// spec: Softmax-11: "Describes the axis of the inputs when coerced to 2D; defaults to one because the 0th axis most likely describes the batch_size."
// spec: LogSoftmax-11: "Describes the axis of the inputs when coerced to 2D; defaults to one because the 0th axis most likely describes the batch_size."
// spec: Hardmax-1,11: "The output values with the same shape as input tensor (the original size without coercion)."
// spec: Softmax-1,11: "The output values with the same shape as input tensor (the original size without coercion)."
// spec: LogSoftmax-1,11: "The output values with the same shape as input tensor (the original size without coercion)."
// spec: Hardmax-1,11: "The output tensor has the same shape and contains the hardmax values of the corresponding input."
// spec: Softmax-1,11: "The output tensor has the same shape and contains the softmax values of the corresponding input."
// spec: LogSoftmax-1,11: "The output tensor has the same shape and contains the logsoftmax values of the corresponding input."
// spec: Hardmax-13: "The output tensor has the same shape and contains the Hardmax values of the corresponding input."
// spec: Softmax-13: "The output tensor has the same shape and contains the Softmax values of the corresponding input."
// spec: LogSoftmax-13: "The output tensor has the same shape and contains the LogSoftmax values of the corresponding input."
// spec: Hardmax-13: "The output values with the same shape as the input tensor."
// spec: Softmax-13: "The output values with the same shape as the input tensor."
// spec: LogSoftmax-13: "The output values with the same shape as the input tensor."
TEST_CASE("Hardmax, Softmax, LogSoftmax: 1 and 11 coerce at axis 1 by default, 13 works along the last axis") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2, 2, 2}, {1, 5, 3, 2, 0, 0, 9, 1});
  for (int64_t v : {1, 11}) {
    const Tensor y = run("Hardmax", v, x);
    CHECK(y.shape() == Shape{2, 2, 2});
    CHECK(floats(y) == std::vector<float>{0, 1, 0, 0, 0, 0, 1, 0});
  }
  const Tensor y13 = run("Hardmax", 13, x);
  CHECK(y13.shape() == Shape{2, 2, 2});
  CHECK(floats(y13) == std::vector<float>{0, 1, 1, 0, 1, 0, 1, 0});
  // Equal inputs: 1 and 11 spread over the 4 coerced columns, 13 over the last axis of 2.
  const Tensor same = Tensor::zeros(T::Float, {2, 2, 2});
  const float log4 = static_cast<float>(-oracle::reference(numeric::Fn::Log, numeric::Format::Float, 4.0));
  const float log2 = static_cast<float>(-oracle::reference(numeric::Fn::Log, numeric::Format::Float, 2.0));
  for (int64_t v : {1, 11}) {
    INFO("version ", v);
    CHECK(floats(run("Softmax", v, same)) == std::vector<float>(8, 0.25f));
    CHECK(floats(run("LogSoftmax", v, same)) == std::vector<float>(8, log4));
    CHECK(run("LogSoftmax", v, same).shape() == Shape{2, 2, 2});
  }
  CHECK(floats(run("Softmax", 13, same)) == std::vector<float>(8, 0.5f));
  CHECK(floats(run("LogSoftmax", 13, same)) == std::vector<float>(8, log2));
}

// spec: Hardmax-11: "Accepted range is [-r, r-1] where r = rank(input)."
// spec: Softmax-11: "Accepted range is [-r, r-1] where r = rank(input)."
// spec: LogSoftmax-11: "Accepted range is [-r, r-1] where r = rank(input)."
// spec: Hardmax-13: "Accepted range is [-r, r-1] where r = rank(input)."
// spec: LogSoftmax-13: "Accepted range is [-r, r-1] where r = rank(input)."
TEST_CASE("Hardmax, Softmax, LogSoftmax 11 and 13: axis in [-r, r-1]") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2, 2}, {1, 5, 3, 2});
  for (const char* op : {"Hardmax", "Softmax", "LogSoftmax"})
    for (int64_t v : {11, 13}) {
      INFO(op, "-", v);
      CHECK(run(op, v, x, -2).shape() == Shape{2, 2});
      CHECK_THROWS_AS(run(op, v, x, 2), Error);
      CHECK_THROWS_AS(run(op, v, x, -3), Error);
    }
  // Hardmax along axis -2 (columns): [1, 3] -> row 1, [5, 2] -> row 0.
  CHECK(floats(run("Hardmax", 13, x, -2)) == std::vector<float>{0, 1, 1, 0});
}

// Coerced at axis k, the input [a_0 .. a_{n-1}] is [N, D] = [a_0 * ... * a_{k-1}, a_k * ... * a_{n-1}]:
// an axis that names no dimension of the input gives no such N and D and is refused; a valid one
// keeps the input's shape.
// spec: Hardmax-1,11: "Each of these dimensions must be matched correctly, or else the operator will throw errors."
// spec: Softmax-1,11: "Each of these dimensions must be matched correctly, or else the operator will throw errors."
// spec: LogSoftmax-1,11: "Each of these dimensions must be matched correctly, or else the operator will throw errors."
TEST_CASE("Hardmax, Softmax, LogSoftmax 1 and 11: the coerced dimensions come from the input's, or it is refused") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2, 2, 2}, {1, 5, 3, 2, 0, 0, 9, 1});
  for (const char* op : {"Hardmax", "Softmax", "LogSoftmax"})
    for (int64_t v : {1, 11}) {
      INFO(op, "-", v);
      CHECK(run(op, v, x, 2).shape() == Shape{2, 2, 2});
      CHECK_THROWS_AS(run(op, v, x, 4), Error);
    }
}

}  // namespace softmax_rules_tests
