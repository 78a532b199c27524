// Unit tests of ops/random/random_normal.cpp.
#include "helpers/random_ops.h"
#include "helpers/random_rules.h"

TEST_CASE("RandomNormal and the -Like forms: Box-Muller from the stream, shapes and types") {
  Attributes a = random_defaults("RandomNormalLike", 22);
  a.set("mean", 3.0f);
  a.set("scale", 0.5f);
  a.set("seed", 1.0f);
  const Tensor x = Tensor::zeros(T::Double, {4, 5});
  const Tensor y = run_random_op("RandomNormalLike", 22, {Value(x)}, a)[0].tensor();
  CHECK(y.type() == T::Double);
  CHECK(y.shape() == Shape{4, 5});
  const RandomStream stream(seed_from_attribute(1.0f), 0);
  const std::vector<double> got = random_values(y);
  for (size_t i = 0; i < got.size(); ++i) {
    const double u1 = stream.uniform_double(2 * i), u2 = stream.uniform_double(2 * i + 1);
    CHECK(got[i] ==
          3.0 + 0.5 * (std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(6.283185307179586476925286766559 * u2)));
  }
  // An integer input needs dtype; strings give only their shape.
  CHECK_THROWS_WITH_AS(run_random_op("RandomUniformLike", 1, {Value(Tensor::zeros(T::Int32, {2}))},
                                     random_defaults("RandomUniformLike", 1)),
                       doctest::Contains("without 'dtype' the output takes the input's type"), Error);
  Attributes s = random_defaults("RandomUniformLike", 1);
  s.set("dtype", int64_t{10});
  s.set("seed", 2.0f);
  const Tensor h =
      run_random_op("RandomUniformLike", 1, {Value(Tensor::from_strings({3}, {"a", "b", "c"}))}, s)[0].tensor();
  CHECK(h.type() == T::Float16);
  for (double v : random_values(h)) CHECK((v >= 0 && v <= 1));
}

namespace random_rules_tests {

// spec: RandomNormal-*: "Default is TensorProto::FLOAT."
// spec: RandomUniform-*: "If not specified, default is TensorProto::FLOAT."
// spec: RandomNormal-*: "The 'dtype' argument must be one of the data types specified in the 'DataType' enum field in the TensorProto message."
// spec: RandomUniform-*: "The 'dtype' argument must be one of the data types specified in the 'DataType' enum field in the TensorProto message."
// spec: RandomUniform-*: "The shape of the tensor is specified by the `shape` argument and the range by `low` and `high`."
TEST_CASE(
    "RandomNormal, RandomUniform, every version: float by default, dtype checked, the shape given, uniform from low up "
    "to high") {
  for (int64_t v : {1, 22}) {
    for (const char* op : {"RandomNormal", "RandomUniform"}) {
      INFO(op, "-", v);
      const Tensor y = run(op, v, {}, shape({2, 3}));
      CHECK(y.type() == T::Float);
      CHECK(y.shape() == Shape{2, 3});
      CHECK(run(op, v, {}, [](OpTester& t) {
              t.attribute("shape", std::vector<int64_t>{1}).attribute("dtype", int64_t{11});
            }).type() == T::Double);
      CHECK_THROWS_AS(
          run(op, v, {},
              [](OpTester& t) { t.attribute("shape", std::vector<int64_t>{1}).attribute("dtype", int64_t{99}); }),
          Error);
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

}  // namespace random_rules_tests
