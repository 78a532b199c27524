// RandomNormal, RandomUniform, their Like forms and Bernoulli, every version: the dtype defaults and
// checks, shapes and ranges of the ONNX 1.22.0 text, each check citing its sentence.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace random_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor run(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(Value(std::move(i)));
  t.attribute("seed", 3.0f);
  if (attrs) attrs(t);
  return t.run_tensor();
}
auto shape(std::vector<int64_t> s) {
  return [s](OpTester& t) { t.attribute("shape", s); };
}
auto dtype(T type) {
  return [type](OpTester& t) { t.attribute("dtype", static_cast<int64_t>(code_of(type))); };
}

// spec: RandomNormal-*: "Default is TensorProto::FLOAT."
// spec: RandomUniform-*: "If not specified, default is TensorProto::FLOAT."
// spec: RandomNormal-*: "The 'dtype' argument must be one of the data types specified in the 'DataType' enum field in the TensorProto message."
// spec: RandomUniform-*: "The 'dtype' argument must be one of the data types specified in the 'DataType' enum field in the TensorProto message."
// spec: RandomUniform-*: "The shape of the tensor is specified by the `shape` argument and the range by `low` and `high`."
TEST_CASE("RandomNormal, RandomUniform, every version: float by default, dtype checked, the shape given, uniform from low up to high") {
  for (int64_t v : {1, 22}) {
    for (const char* op : {"RandomNormal", "RandomUniform"}) {
      INFO(op, "-", v);
      const Tensor y = run(op, v, {}, shape({2, 3}));
      CHECK(y.type() == T::Float);
      CHECK(y.shape() == Shape{2, 3});
      CHECK(run(op, v, {}, [](OpTester& t) { t.attribute("shape", std::vector<int64_t>{1}).attribute("dtype", int64_t{11}); }).type() == T::Double);
      CHECK_THROWS_AS(run(op, v, {}, [](OpTester& t) { t.attribute("shape", std::vector<int64_t>{1}).attribute("dtype", int64_t{99}); }), Error);
    }
    const Tensor u = run("RandomUniform", v, {}, [](OpTester& t) {
      t.attribute("shape", std::vector<int64_t>{1000}).attribute("low", 2.0f).attribute("high", 3.0f);
    });
    for (int64_t i = 0; i < 1000; ++i) {
      const float x = u.data_as<float>()[i];
      CHECK((x >= 2.0f && x < 3.0f));
    }
  }
}

// spec: RandomNormalLike-*: "The 'dtype' argument must be one of the data types specified in the 'DataType' enum field in the TensorProto message, and be valid as an output type."
// spec: RandomUniformLike-*: "The 'dtype' argument must be one of the data types specified in the 'DataType' enum field in the TensorProto message and be valid as an output type."
// spec: RandomNormalLike-*: "If the dtype attribute is not provided this must be a valid output type."
// spec: RandomUniformLike-*: "If the dtype attribute is not provided this must be a valid output type."
TEST_CASE("RandomNormalLike, RandomUniformLike, every version: the input's shape and type, or dtype; both must be output types") {
  const Tensor d = Tensor::zeros(T::Double, {2, 2});
  for (int64_t v : {1, 22})
    for (const char* op : {"RandomNormalLike", "RandomUniformLike"}) {
      INFO(op, "-", v);
      const Tensor y = run(op, v, {d}, {});
      CHECK(y.type() == T::Double);
      CHECK(y.shape() == Shape{2, 2});
      CHECK(run(op, v, {d}, dtype(T::Float)).type() == T::Float);
      CHECK_THROWS_AS(run(op, v, {d}, dtype(T::Int32)), Error);
      CHECK_THROWS_AS(run(op, v, {Tensor::zeros(T::Int32, {2})}, {}), Error);
    }
}

// spec: Bernoulli-15,22: "The returned output tensor only has values 0 or 1, same shape as input tensor."
// spec: Bernoulli-15,22: "All values in input have to be in the range:[0, 1]."
// spec: Bernoulli-15,22: "The input tensor should be a tensor containing probabilities p (a value in the range [0,1]) to be used for drawing the binary random number, where an output of 1 is produced with probability p and an output of 0 is produced with probability (1-p)."
TEST_CASE("Bernoulli, every version: 0 or 1 of the input's shape; p = 0 gives 0 and p = 1 gives 1; p outside [0, 1] is refused") {
  const Tensor p = Tensor::from_values<float>(T::Float, {2, 3}, {0, 1, 0.5f, 0.5f, 0, 1});
  for (int64_t v : {15, 22}) {
    INFO("Bernoulli-", v);
    const Tensor y = run("Bernoulli", v, {p}, {});
    REQUIRE(y.shape() == Shape{2, 3});
    const float* b = y.data_as<float>();
    for (int i = 0; i < 6; ++i) CHECK((b[i] == 0.0f || b[i] == 1.0f));
    CHECK(b[0] == 0.0f);
    CHECK(b[1] == 1.0f);
    CHECK(b[4] == 0.0f);
    CHECK(b[5] == 1.0f);
    CHECK_THROWS_AS(run("Bernoulli", v, {Tensor::from_values<float>(T::Float, {1}, {1.5f})}, {}), Error);
  }
}

}  // namespace random_rules_tests
