// Unit tests of ops/shape/flatten.cpp.
#include "helpers/op_versions.h"

TEST_CASE("Flatten: every element type is accepted from its first opset and refused just before") {
  for (const auto& info : all_element_types()) {
    const T type = info.type;
    const int first = flatten_first_opset(type);
    CAPTURE(info.name);
    const Tensor x = sample(type);
    check_shares_input(flatten_model(type, first), x, {2, 3});
    check_shares_input(flatten_model(type, 25, 0), x, {1, 6});
    if (first > 1) {
      const std::string refused = "input 0 ('input') is " + tensor_type_string(type) + ", which Flatten-";
      CHECK_THROWS_WITH_AS(flatten_model(type, first - 1), doctest::Contains(refused.c_str()), Error);
    }
  }
}

TEST_CASE("Flatten: the axis range follows the version") {
  const Tensor x = Tensor::zeros(T::Float, {2, 3});
  CHECK_THROWS_WITH_AS(flatten_model(T::Float, 10, -1).run({{"x", x}}),
                       "test.onnx: node #0 (Flatten-9): axis -1 is outside the range [0, 2] for an input of rank 2; "
                       "negative axes are allowed from Flatten-11 on",
                       Error);
  CHECK(flatten_model(T::Float, 11, -1).run({{"x", x}})[0].second.tensor().shape() == Shape{2, 3});
  CHECK_THROWS_WITH_AS(flatten_model(T::Float, 25, 3).run({{"x", x}}),
                       "test.onnx: node #0 (Flatten-25): axis 3 is outside the range [-2, 2] for an input of rank 2", Error);
  CHECK_THROWS_WITH_AS(flatten_model(T::Int32, 1), doctest::Contains("which Flatten-1 does not allow for T"), Error);
}
