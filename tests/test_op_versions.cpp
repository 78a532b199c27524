// Every Reshape and Flatten version: which version an opset resolves to, and each element type at
// its boundary (the first opset that accepts it, and the last that refuses it).
#include <doctest/doctest.h>

#include <map>

#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// The first opset at which each element type is allowed, written from the spec's change log.
// Reshape: float16/float/double since 1, the other classic types since 5, bfloat16 since 13,
// float8 since 19, 4-bit ints since 21, float4e2m1 since 23, float8e8m0 since 24, 2-bit since 25.
int reshape_first_opset(T t) {
  switch (t) {
    case T::Float16: case T::Float: case T::Double: return 1;
    case T::BFloat16: return 13;
    case T::Float8E4M3FN: case T::Float8E4M3FNUZ: case T::Float8E5M2: case T::Float8E5M2FNUZ: return 19;
    case T::UInt4: case T::Int4: return 21;
    case T::Float4E2M1: return 23;
    case T::Float8E8M0: return 24;
    case T::UInt2: case T::Int2: return 25;
    default: return 5;
  }
}

// Flatten: float16/float/double since 1, the classic types since 9, bfloat16 since 13, float8 and
// 4-bit ints since 21, float4e2m1 since 23, float8e8m0 since 24, 2-bit since 25.
int flatten_first_opset(T t) {
  switch (t) {
    case T::Float16: case T::Float: case T::Double: return 1;
    case T::BFloat16: return 13;
    case T::Float8E4M3FN: case T::Float8E4M3FNUZ: case T::Float8E5M2: case T::Float8E5M2FNUZ:
    case T::UInt4: case T::Int4: return 21;
    case T::Float4E2M1: return 23;
    case T::Float8E8M0: return 24;
    case T::UInt2: case T::Int2: return 25;
    default: return 9;
  }
}

// A tensor of shape [2, 3] with distinct bytes, so that a reordering would show.
Tensor sample(T type) {
  const Shape shape{2, 3};
  if (type == T::String) return Tensor::from_strings(shape, {"a", "b", std::string("c\0d", 3), "e", "\xff", ""});
  Tensor t = Tensor::zeros(type, shape);
  for (size_t i = 0; i < t.bytes().size(); ++i) t.mutable_data()[i] = std::byte(i * 37 % 97 & (type == T::Bool ? 1 : 0xff));
  return t;
}

Model reshape_model(T type, int64_t opset) {
  ModelBuilder b(opset);
  b.input("x", type, {2, 3}).output("y");
  if (opset < 5) {
    set_ints(b.node("Reshape", {"x"}, {"y"}), "shape", {3, 2});
  } else {
    b.initializer("shape", int64_tensor({3, -1}));
    b.node("Reshape", {"x", "shape"}, {"y"});
  }
  return b.build();
}

Model flatten_model(T type, int64_t opset, int64_t axis = 1) {
  ModelBuilder b(opset);
  b.input("x", type, {2, 3}).output("y");
  set_int(b.node("Flatten", {"x"}, {"y"}), "axis", axis);
  return b.build();
}

void check_shares_input(const Model& model, const Tensor& x, const Shape& expected_shape) {
  const auto out = model.run({{"x", x}});
  REQUIRE(out.size() == 1);
  const Tensor& y = out[0].second.tensor();
  CHECK(y.shape() == expected_shape);
  CHECK(y.type() == x.type());
  CHECK(y.shares_storage_with(x));
  CHECK(y.reshaped(x.shape()).identical_to(x));
}

}  // namespace

TEST_CASE("an opset newer than ONNX 1.22.0's 27 is refused, not run as an older one") {
  CHECK(Registry::builtin().newest_opset("") == 27);
  CHECK(Registry::builtin().newest_opset("ai.onnx") == 27);
  CHECK_THROWS_WITH_AS(reshape_model(T::Float, 28), "test.onnx: the model imports opset 28 of domain ai.onnx (\"\"), newer than any onnx-ref knows (27, ONNX 1.22.0)", Error);
  CHECK_THROWS_WITH_AS(reshape_model(T::Float, 40), doctest::Contains("imports opset 40 of domain ai.onnx"), Error);
}

TEST_CASE("opsets resolve to the newest Reshape and Flatten version not above them") {
  const std::map<int, std::string> reshape = {{1, "Reshape-1"},   {4, "Reshape-1"},   {5, "Reshape-5"},   {12, "Reshape-5"},
                                              {13, "Reshape-13"}, {14, "Reshape-14"}, {18, "Reshape-14"}, {19, "Reshape-19"},
                                              {20, "Reshape-19"}, {21, "Reshape-21"}, {22, "Reshape-21"}, {23, "Reshape-23"},
                                              {24, "Reshape-24"}, {25, "Reshape-25"}, {27, "Reshape-25"}};
  for (const auto& entry : reshape) {  // no structured binding: clang 14 cannot capture one
    const auto& opset = std::get<0>(entry);
    const auto& label = std::get<1>(entry);
    CAPTURE(opset);
    CHECK(Registry::builtin().resolve("", "Reshape", opset)->label() == label);
    CHECK(reshape_model(T::Float, opset).kernel_labels() == std::vector<std::string>{label});
  }
  const std::map<int, std::string> flatten = {{1, "Flatten-1"},   {8, "Flatten-1"},   {9, "Flatten-9"},   {10, "Flatten-9"},
                                              {11, "Flatten-11"}, {12, "Flatten-11"}, {13, "Flatten-13"}, {20, "Flatten-13"},
                                              {21, "Flatten-21"}, {22, "Flatten-21"}, {23, "Flatten-23"}, {24, "Flatten-24"},
                                              {25, "Flatten-25"}};
  for (const auto& entry : flatten) {  // no structured binding: clang 14 cannot capture one
    const auto& opset = std::get<0>(entry);
    const auto& label = std::get<1>(entry);
    CAPTURE(opset);
    CHECK(Registry::builtin().resolve("ai.onnx", "Flatten", opset)->label() == label);
    CHECK(flatten_model(T::Float, opset).kernel_labels() == std::vector<std::string>{label});
  }
  CHECK(Registry::builtin().resolve("", "Reshape", 0) == nullptr);
}

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

TEST_CASE("the type error names the node, the version, the type variable and the allowed set") {
  ModelBuilder b(12);
  b.input("x", T::BFloat16, {2, 3}).output("y").initializer("shape", int64_tensor({6}));
  b.node("Reshape", {"x", "shape"}, {"y"}).set_name("r1");
  CHECK_THROWS_WITH_AS(b.build(),
                       doctest::Contains("test.onnx: node 'r1' (#0, Reshape-5): input 0 ('data') is tensor(bfloat16), which "
                                         "Reshape-5 does not allow for T (allowed: tensor(float), tensor(uint8)"),
                       Error);
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
                       "test.onnx: node #0 (Reshape-14): shape [3, 3] holds 9 elements but the input [0, 3] holds 0", Error);
  CHECK_THROWS_WITH_AS(model(14, 2), doctest::Contains("attribute 'allowzero' must be 0 or 1, got 2"), Error);
  CHECK_THROWS_WITH_AS(model(13, 1), doctest::Contains("attribute 'allowzero' is not an attribute of Reshape-13"), Error);
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
  CHECK_THROWS_WITH_AS(int32_data.build(), doctest::Contains("is tensor(int32), which Reshape-1 does not allow for T"), Error);
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

TEST_CASE("OpenVINO Reshape-1: special_zero and integer shape inputs") {
  struct Example {
    Shape input;
    std::vector<int64_t> shape;
    int64_t special_zero;
    Shape expected;
  };
  // The five examples of the OpenVINO opset1 Reshape page.
  const std::vector<Example> examples = {{{2, 5, 5, 0}, {0, 4}, 0, {0, 4}},
                                         {{2, 5, 5, 24}, {0, -1, 4}, 1, {2, 150, 4}},
                                         {{2, 2, 3}, {0, 0, 1, -1}, 1, {2, 2, 1, 3}},
                                         {{3, 1, 1}, {-1, 0}, 1, {3, 1}},
                                         {{3, 1, 1}, {0, -1}, 1, {3, 1}}};
  for (T shape_type : {T::Int64, T::Int32, T::Int8, T::UInt16}) {
    for (const auto& e : examples) {
      CAPTURE(shape_to_string(e.input));
      ModelBuilder b(1, "org.openvinotoolkit");
      b.input("x", T::Float, e.input).output("y");
      Tensor shape = Tensor::zeros(shape_type, {static_cast<int64_t>(e.shape.size())});
      for (size_t i = 0; i < e.shape.size(); ++i) {
        const int64_t v = e.shape[i];
        if (shape_type == T::UInt16 && v < 0) continue;  // -1 does not exist in an unsigned type
        std::memcpy(shape.mutable_data() + i * (bits_of(shape_type) / 8), &v, bits_of(shape_type) / 8);
      }
      const bool has_minus_one = std::count(e.shape.begin(), e.shape.end(), -1) > 0;
      if (shape_type == T::UInt16 && has_minus_one) continue;
      b.initializer("shape", shape);
      set_int(b.node("Reshape", {"x", "shape"}, {"y"}, "org.openvinotoolkit"), "special_zero", e.special_zero);
      const Model m = b.build();
      CHECK(m.kernel_labels() == std::vector<std::string>{"org.openvinotoolkit:Reshape-1"});
      check_shares_input(m, Tensor::zeros(T::Float, e.input), e.expected);
    }
  }
  ModelBuilder no_attr(1, "org.openvinotoolkit");
  no_attr.input("x", T::Float, {2}).output("y").initializer("shape", int64_tensor({2}));
  no_attr.node("Reshape", {"x", "shape"}, {"y"}, "org.openvinotoolkit");
  CHECK_THROWS_WITH_AS(no_attr.build(), doctest::Contains("node #0 (org.openvinotoolkit:Reshape-1): required attribute 'special_zero' is not set"), Error);

  ModelBuilder float_shape(1, "org.openvinotoolkit");
  float_shape.input("x", T::Float, {2}).output("y").initializer("shape", Tensor::from_values<float>(T::Float, {1}, {2}));
  set_int(float_shape.node("Reshape", {"x", "shape"}, {"y"}, "org.openvinotoolkit"), "special_zero", 1);
  CHECK_THROWS_WITH_AS(float_shape.build(), doctest::Contains("input 1 ('shape') is tensor(float), which org.openvinotoolkit:Reshape-1 does not allow for T_SHAPE"), Error);
}
