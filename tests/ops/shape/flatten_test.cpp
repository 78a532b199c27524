// Unit tests of ops/shape/flatten.cpp.
#include "helpers/op_versions.h"
#include "helpers/shape_rules.h"

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
                       "test.onnx: node #0 (Flatten-25): axis 3 is outside the range [-2, 2] for an input of rank 2",
                       Error);
  CHECK_THROWS_WITH_AS(flatten_model(T::Int32, 1), doctest::Contains("which Flatten-1 does not allow for T"), Error);
}

namespace shape_rules_tests {

// spec: Flatten-*: "Indicate up to which input dimensions (exclusive) should be flattened to the outer dimension of the output."
TEST_CASE("Flatten, every version: the dimensions before axis (1 by default) form the outer dimension") {
  for (int64_t v : {1, 9, 11, 13, 21, 23, 24, 25}) {
    INFO("Flatten-", v);
    CHECK(run("Flatten", v, {kX()}).shape() == Shape{2, 12});
    CHECK(run("Flatten", v, {kX()}, axis(0)).shape() == Shape{1, 24});
    CHECK(run("Flatten", v, {kX()}, axis(3)).shape() == Shape{24, 1});
  }
}

}  // namespace shape_rules_tests
