// RandomNormalLike and RandomUniformLike: the rules of the ONNX 1.22.0 text, each check citing its sentence.
#include <doctest/doctest.h>

#include "helpers/random_rules.h"

namespace random_rules_tests {

// spec: RandomNormalLike-*: "The 'dtype' argument must be one of the data types specified in the 'DataType' enum field in the TensorProto message, and be valid as an output type."
// spec: RandomUniformLike-*: "The 'dtype' argument must be one of the data types specified in the 'DataType' enum field in the TensorProto message and be valid as an output type."
// spec: RandomNormalLike-*: "If the dtype attribute is not provided this must be a valid output type."
// spec: RandomUniformLike-*: "If the dtype attribute is not provided this must be a valid output type."
TEST_CASE(
    "RandomNormalLike, RandomUniformLike, every version: the input's shape and type, or dtype; both must be output "
    "types") {
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

}  // namespace random_rules_tests
