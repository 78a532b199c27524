// Unit tests of ops/math/elementwise.cpp.
#include "helpers/math_ops.h"

// spec: Add-*: "This operator supports multidirectional (i.e., Numpy-style) broadcasting"
// spec: Sub-*: "This operator supports multidirectional (i.e., Numpy-style) broadcasting"
// spec: Mul-*: "This operator supports multidirectional (i.e., Numpy-style) broadcasting"
// spec: Equal-*: "This operator supports multidirectional (i.e., Numpy-style) broadcasting"
TEST_CASE("broadcasting: multidirectional from version 7") {
  const Tensor a = make<int32_t>(T::Int32, {2, 1, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor b = make<int32_t>(T::Int32, {4, 1}, {10, 20, 30, 40});
  const Tensor c = run_op("Add", 7, {a, b});
  CHECK(c.shape() == Shape{2, 4, 3});
  std::vector<int32_t> want;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k) want.push_back((i * 3 + k + 1) + (j + 1) * 10);
  CHECK(values<int32_t>(c) == want);
  // A scalar on either side, and B stretched to A.
  CHECK(values<float>(run_op("Sub", 13, {make<float>(T::Float, {}, {10}), vec<float>(T::Float, {1, 2})})) ==
        std::vector<float>{9, 8});
  CHECK(values<float>(run_op("Sub", 13, {vec<float>(T::Float, {1, 2}), make<float>(T::Float, {}, {10})})) ==
        std::vector<float>{-9, -8});
  // Zero-size dimensions broadcast against 1 and give empty outputs.
  CHECK(run_op("Mul", 14, {make<float>(T::Float, {0, 3}, {}), make<float>(T::Float, {1, 3}, {1, 2, 3})}).shape() ==
        Shape{0, 3});
  CHECK(run_op("Mul", 14, {make<float>(T::Float, {2, 1}, {1, 2}), make<float>(T::Float, {0}, {})}).shape() ==
        Shape{2, 0});
  CHECK_THROWS_WITH_AS(
      run_op("Add", 14, {make<float>(T::Float, {2, 3}, {0, 0, 0, 0, 0, 0}), vec<float>(T::Float, {1, 2})}),
      doctest::Contains("node 'n' (#0, Add-14): shapes [2, 3] and [2] cannot be broadcast (dimension 3 vs 2)"), Error);
  CHECK_THROWS_WITH_AS(run_op("Equal", 11, {make<float>(T::Float, {0}, {}), vec<float>(T::Float, {1, 2})}),
                       doctest::Contains("shapes [0] and [2] cannot be broadcast (dimension 0 vs 2)"), Error);
}

TEST_CASE("broadcasting: adjacent dimensions walked the same way collapse into one") {
  auto collapse = [](Shape out, std::vector<Shape> ins) {
    math::collapse_broadcast_dims(out, ins);
    ins.insert(ins.begin(), out);
    return ins;
  };
  using V = std::vector<Shape>;
  CHECK(collapse({2, 3, 4}, {{2, 3, 4}, {2, 3, 4}}) == V{{24}, {24}, {24}});
  CHECK(collapse({2, 3, 4}, {{2, 3, 4}, {4}}) == V{{6, 4}, {6, 4}, {1, 4}});
  CHECK(collapse({2, 3, 4}, {{2, 3, 4}, {3, 1}}) == V{{2, 3, 4}, {2, 3, 4}, {1, 3, 1}});
  CHECK(collapse({2, 1, 4}, {{2, 1, 4}, {2, 1, 1}}) == V{{2, 4}, {2, 4}, {2, 1}});
  CHECK(collapse({1, 1}, {{1, 1}, {}}) == V{{}, {}, {}});
  CHECK(collapse({}, {{}, {}}) == V{{}, {}, {}});
  CHECK(collapse({5, 0, 3}, {{5, 0, 3}, {1, 1, 3}}) == V{{0, 3}, {0, 3}, {1, 3}});
  CHECK(collapse({4, 5, 6}, {{1, 5, 6}, {4, 1, 1}}) == V{{4, 30}, {1, 30}, {4, 1}});
}

TEST_CASE("broadcasting: the output element count must fit in int64") {
  const Shape big{int64_t{1} << 40, 1}, wide{1, int64_t{1} << 40};
  const Shape both[] = {big, wide};
  CHECK_THROWS_WITH_AS(
      math::broadcast_output_shape(both),
      "the broadcast output shape [1099511627776, 1099511627776] has more elements than int64 can count", Error);
}

TEST_CASE("legacy broadcasting (versions 1 and 6): B stretched to A") {
  using math::legacy_broadcast_shape;
  const Shape a{2, 3, 4, 5};
  // The spec's examples.
  CHECK(legacy_broadcast_shape(a, {}, true, std::nullopt) == Shape{1, 1, 1, 1});
  CHECK(legacy_broadcast_shape(a, {1, 1}, true, std::nullopt) == Shape{1, 1, 1, 1});
  CHECK(legacy_broadcast_shape(a, {5}, true, std::nullopt) == Shape{1, 1, 1, 5});
  CHECK(legacy_broadcast_shape(a, {4, 5}, true, std::nullopt) == Shape{1, 1, 4, 5});
  CHECK(legacy_broadcast_shape(a, {3, 4}, true, 1) == Shape{1, 3, 4, 1});
  CHECK(legacy_broadcast_shape(a, {2}, true, 0) == Shape{2, 1, 1, 1});
  // Negative axes count from the back; a 1 in B stretches (ONNX's tests expect it).
  CHECK(legacy_broadcast_shape(a, {3, 4}, true, -3) == Shape{1, 3, 4, 1});
  CHECK(legacy_broadcast_shape(a, {5}, true, -1) == Shape{1, 1, 1, 5});
  CHECK(legacy_broadcast_shape({2, 3}, {2, 1}, true, std::nullopt) == Shape{2, 1});
  CHECK(legacy_broadcast_shape(a, a, false, std::nullopt) == a);
}

TEST_CASE("legacy broadcasting: errors") {
  using math::legacy_broadcast_shape;
  const Shape a{2, 3, 4, 5};
  CHECK_THROWS_WITH_AS(
      legacy_broadcast_shape(a, {5}, false, std::nullopt),
      "shapes [2, 3, 4, 5] and [5] differ and attribute 'broadcast' is 0 (this version stretches B to A only "
      "with broadcast = 1)",
      Error);
  CHECK_THROWS_WITH_AS(
      legacy_broadcast_shape({5}, {2, 5}, true, std::nullopt),
      "B [2, 5] has a higher rank than A [5]; legacy broadcasting (broadcast = 1) stretches B to A's shape only",
      Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape({1}, {1, 1}, true, std::nullopt), doctest::Contains("has a higher rank"),
                       Error);
  CHECK_THROWS_WITH_AS(
      legacy_broadcast_shape(a, {3, 4}, true, 3),
      "attribute 'axis' = 3 does not place B [3, 4] inside A [2, 3, 4, 5] (valid: 0 to 2, or -4 to -2 counting "
      "from the back)",
      Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {3, 4}, true, -1),
                       doctest::Contains("attribute 'axis' = -1 does not place"), Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {3, 4}, true, -5), doctest::Contains("attribute 'axis' = -5"), Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {3, 4}, true, std::numeric_limits<int64_t>::min()),
                       doctest::Contains("attribute 'axis' = -9223372036854775808"), Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {3, 4}, true, std::numeric_limits<int64_t>::max()),
                       doctest::Contains("attribute 'axis' = 9223372036854775807"), Error);
  CHECK_THROWS_WITH_AS(
      legacy_broadcast_shape(a, {3, 4}, true, std::nullopt),
      "B [3, 4] does not match A [2, 3, 4, 5] from axis 2 (dimension 4 vs 3); legacy broadcasting needs each "
      "of B's dimensions to equal A's or be 1",
      Error);
  // A is never stretched.
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape({2, 1}, {2, 3}, true, std::nullopt),
                       doctest::Contains("(dimension 1 vs 3)"), Error);
}

TEST_CASE("legacy broadcasting through Add-1, Add-6, Mul-6 and Equal-1 nodes") {
  const Tensor a = make<float>(T::Float, {2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(values<float>(run_op("Add", 6, {a, vec<float>(T::Float, {10, 20, 30})}, {{"broadcast", 1}})) ==
        std::vector<float>{11, 22, 33, 14, 25, 36});
  CHECK(values<float>(run_op("Add", 1, {a, vec<float>(T::Float, {10, 20})}, {{"broadcast", 1}, {"axis", 0}})) ==
        std::vector<float>{11, 12, 13, 24, 25, 26});
  CHECK(values<float>(run_op("Mul", 6, {a, make<float>(T::Float, {}, {2})}, {{"broadcast", 1}})) ==
        std::vector<float>{2, 4, 6, 8, 10, 12});
  CHECK(bools(run_op("Equal", 1, {make<int32_t>(T::Int32, {2, 2}, {1, 2, 3, 1}), vec<int32_t>(T::Int32, {1, 2})},
                     {{"broadcast", 1}})) == std::vector<bool>{true, true, false, false});
  // consumed_inputs is accepted and ignored by version 1.
  {
    ModelBuilder b(1);
    b.input("x", T::Float, {2}).input("z", T::Float, {2}).output("y");
    set_ints(b.node("Add", {"x", "z"}, {"y"}), "consumed_inputs", {0, 1});
    const auto out = b.build().run({{"x", vec<float>(T::Float, {1, 2})}, {"z", vec<float>(T::Float, {3, 4})}});
    CHECK(values<float>(out[0].second.tensor()) == std::vector<float>{4, 6});
  }
  // Without broadcast = 1 the shapes must be equal, even for a one-element B.
  CHECK_THROWS_WITH_AS(
      run_op("Add", 6, {a, make<float>(T::Float, {}, {2})}),
      doctest::Contains("node 'n' (#0, Add-6): shapes [2, 3] and [] differ and attribute 'broadcast' is 0"), Error);
  // Version 7 no longer has the attributes.
  CHECK_THROWS_WITH_AS(run_op("Add", 7, {a, a}, {{"broadcast", 1}}),
                       doctest::Contains("'broadcast' is not an attribute of Add-7"), Error);
}

TEST_CASE("legacy broadcasting: attribute values are checked when the model loads") {
  const Tensor a = make<float>(T::Float, {2}, {1, 2});
  CHECK_THROWS_WITH_AS(run_op("Sub", 6, {a, a}, {{"broadcast", 2}}),
                       doctest::Contains("attribute 'broadcast' must be 0 or 1, got 2"), Error);
  CHECK_THROWS_WITH_AS(run_op("Less", 1, {a, a}, {{"broadcast", -1}}),
                       doctest::Contains("attribute 'broadcast' must be 0 or 1, got -1"), Error);
  CHECK_THROWS_WITH_AS(
      run_op("Div", 1, {a, a}, {{"axis", 0}}),
      doctest::Contains("attribute 'axis' = 0 is set but 'broadcast' is 0; axis only applies with broadcast = 1"),
      Error);
}

TEST_CASE("math operators: opsets resolve to the expected versions") {
  const auto& r = Registry::builtin();
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"Add", 1, "Add-1"},       {"Add", 5, "Add-1"},       {"Add", 6, "Add-6"},   {"Add", 12, "Add-7"},
      {"Add", 13, "Add-13"},     {"Add", 27, "Add-14"},     {"Div", 13, "Div-13"}, {"Equal", 10, "Equal-7"},
      {"Equal", 18, "Equal-13"}, {"Equal", 19, "Equal-19"}, {"Less", 8, "Less-7"}, {"Greater", 9, "Greater-9"},
      {"Not", 27, "Not-1"},      {"Neg", 12, "Neg-6"},      {"Abs", 13, "Abs-13"}, {"Min", 11, "Min-8"},
      {"Max", 12, "Max-12"},     {"Max", 27, "Max-13"},     {"Sub", 7, "Sub-7"},   {"Mul", 14, "Mul-14"}};
  for (const auto& entry : cases) {  // no structured binding: clang 14 cannot capture one
    const auto& op = std::get<0>(entry);
    const auto& opset = std::get<1>(entry);
    const auto& label = std::get<2>(entry);
    CAPTURE(op);
    CAPTURE(opset);
    REQUIRE(r.resolve("", op, opset) != nullptr);
    CHECK(r.resolve("", op, opset)->label() == label);
  }
}

TEST_CASE("math operators: every allowed type of every version runs") {
  // Each version on each type its constraint allows, with inputs whose elements are the byte pattern 1.
  for (const char* op : {"Add", "Sub", "Mul", "Div", "Min", "Max", "Equal", "Less", "Greater", "Abs", "Neg", "Not"}) {
    for (const OpVersion* v : Registry::builtin().versions("", op)) {
      for (ElementType type : v->constraint("T").allowed.types()) {
        CAPTURE(v->label());
        CAPTURE(name_of(type));
        const bool unary = v->inputs.size() == 1 && v->inputs[0].option == ParamOption::Single;
        Tensor x = type == T::String ? Tensor::from_strings({2}, {"a", "b"}) : Tensor::zeros(type, {2});
        if (type != T::String) {
          // The byte pattern 1 is the value 1 for integers and bool and a small positive number for floats.
          x.mutable_data()[0] = std::byte{1};
          x.mutable_data()[x.bytes().size() / 2] = std::byte{1};
        }
        const Tensor y = unary ? run_op(op, v->since_version, {x}) : run_op(op, v->since_version, {x, x});
        CHECK(y.shape() == Shape{2});
      }
    }
  }
}
