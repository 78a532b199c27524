// Unit tests of ops/shape/reshape.cpp.
#include "helpers/op_versions.h"
#include "helpers/shape_rules.h"

TEST_CASE("Reshape: every element type is accepted from its first opset and refused just before") {
  for (const auto& info : all_element_types()) {
    const T type = info.type;
    const int first = reshape_first_opset(type);
    CAPTURE(info.name);
    CAPTURE(first);
    const Tensor x = sample(type);
    check_shares_input(reshape_model(type, first), x, {3, 2});
    check_shares_input(reshape_model(type, 25), x, {3, 2});
    if (first > 1) {
      const std::string refused = "input 0 ('data') is " + tensor_type_string(type) + ", which Reshape-";
      CHECK_THROWS_WITH_AS(reshape_model(type, first - 1), doctest::Contains(refused.c_str()), Error);
    }
  }
}

TEST_CASE("Reshape: the shape input must be int64 from version 5 on") {
  for (int opset : {5, 13, 14, 25}) {
    ModelBuilder b(opset);
    b.input("x", T::Float, {2, 3}).output("y");
    b.initializer("shape", Tensor::from_values<int32_t>(T::Int32, {1}, {6}));
    b.node("Reshape", {"x", "shape"}, {"y"});
    CHECK_THROWS_WITH_AS(b.build(), doctest::Contains("input 1 ('shape') is tensor(int32), but Reshape-"), Error);
  }
}

TEST_CASE("Reshape-13 runs (no official node test covers it)") {
  ModelBuilder b(13);
  b.input("x", T::BFloat16, {2, 3, 4}).output("y").initializer("shape", int64_tensor({0, -1}));
  b.node("Reshape", {"x", "shape"}, {"y"});
  const Model m = b.build();
  CHECK(m.kernel_labels() == std::vector<std::string>{"Reshape-13"});
  check_shares_input(m, Tensor::zeros(T::BFloat16, {2, 3, 4}), {2, 12});
}

TEST_CASE("Reshape-14: allowzero takes 0 or 1; earlier versions do not know it") {
  auto model = [](int64_t opset, int64_t allowzero) {
    ModelBuilder b(opset);
    b.input("x", T::Float, {0, 3}).output("y").initializer("shape", int64_tensor({3, 0}));
    set_int(b.node("Reshape", {"x", "shape"}, {"y"}), "allowzero", allowzero);
    return b.build();
  };
  const Tensor x = Tensor::zeros(T::Float, {0, 3});
  CHECK(model(14, 1).run({{"x", x}})[0].second.tensor().shape() == Shape{3, 0});
  // allowzero = 0: the 0 copies input dim 1 (3), giving [3, 3], which does not hold 0 elements.
  CHECK_THROWS_WITH_AS(model(14, 0).run({{"x", x}}),
                       "test.onnx: node #0 (Reshape-14): shape [3, 3] holds 9 elements but the input [0, 3] holds 0",
                       Error);
  CHECK_THROWS_WITH_AS(model(14, 2), doctest::Contains("attribute 'allowzero' must be 0 or 1, got 2"), Error);
  CHECK_THROWS_WITH_AS(model(13, 1), doctest::Contains("attribute 'allowzero' is not an attribute of Reshape-13"),
                       Error);
}

TEST_CASE("Reshape-1: the attribute form, consumed_inputs is accepted and ignored") {
  ModelBuilder b(1);
  b.input("x", T::Double, {2, 3}).output("y");
  auto& n = b.node("Reshape", {"x"}, {"y"});
  set_ints(n, "shape", {-1});
  set_ints(n, "consumed_inputs", {0});
  check_shares_input(b.build(), Tensor::zeros(T::Double, {2, 3}), {6});

  ModelBuilder missing(1);
  missing.input("x", T::Float, {2, 3}).output("y");
  missing.node("Reshape", {"x"}, {"y"});
  CHECK_THROWS_WITH_AS(missing.build(), doctest::Contains("Reshape-1): required attribute 'shape' is not set"), Error);

  ModelBuilder wrong_type(1);
  wrong_type.input("x", T::Float, {2, 3}).output("y");
  set_int(wrong_type.node("Reshape", {"x"}, {"y"}), "shape", 6);
  CHECK_THROWS_WITH_AS(wrong_type.build(), doctest::Contains("attribute 'shape' must be of type ints, got int"), Error);

  ModelBuilder int32_data(4);
  int32_data.input("x", T::Int32, {2, 3}).output("y");
  set_ints(int32_data.node("Reshape", {"x"}, {"y"}), "shape", {6});
  CHECK_THROWS_WITH_AS(int32_data.build(), doctest::Contains("is tensor(int32), which Reshape-1 does not allow for T"),
                       Error);
}

namespace shape_rules_tests {

// spec: Reshape-14,19,21,23,24,25: "By default, when any value in the 'shape' input is equal to zero the corresponding dimension value is copied from the input tensor dynamically. allowzero=1 indicates that if any value in the 'shape' input is set to zero, the zero value is honored, similar to NumPy."
TEST_CASE("Reshape 14 and later: a 0 copies the input's dimension by default; allowzero = 1 keeps it 0") {
  const Tensor x = Tensor::zeros(T::Float, {2, 3});
  const Tensor empty = Tensor::zeros(T::Float, {0, 3});
  const auto allowzero = [](OpTester& t) { t.attribute("allowzero", int64_t{1}); };
  for (int64_t v : {14, 19, 21, 23, 24, 25}) {
    INFO("Reshape-", v);
    CHECK(run("Reshape", v, {x, i64({0, 3})}).shape() == Shape{2, 3});
    CHECK_THROWS_AS(run("Reshape", v, {x, i64({0, 3})}, allowzero), Error);  // 0 elements asked of 6
    CHECK(run("Reshape", v, {empty, i64({3, 0})}, allowzero).shape() == Shape{3, 0});
  }
}

}  // namespace shape_rules_tests
