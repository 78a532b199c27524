// Unit tests: interpreter op versions.
#include "helpers/op_versions.h"

TEST_CASE("an opset newer than ONNX 1.22.0's 27 is refused, not run as an older one") {
  CHECK(Registry::builtin().newest_opset("") == 27);
  CHECK(Registry::builtin().newest_opset("ai.onnx") == 27);
  CHECK_THROWS_WITH_AS(
      reshape_model(T::Float, 28),
      "test.onnx: the model imports opset 28 of domain ai.onnx (\"\"), newer than any onnx-ref knows (27, ONNX 1.22.0)",
      Error);
  CHECK_THROWS_WITH_AS(reshape_model(T::Float, 40), doctest::Contains("imports opset 40 of domain ai.onnx"), Error);
}

TEST_CASE("opsets resolve to the newest Reshape and Flatten version not above them") {
  const std::map<int, std::string> reshape = {
      {1, "Reshape-1"},   {4, "Reshape-1"},   {5, "Reshape-5"},   {12, "Reshape-5"},  {13, "Reshape-13"},
      {14, "Reshape-14"}, {18, "Reshape-14"}, {19, "Reshape-19"}, {20, "Reshape-19"}, {21, "Reshape-21"},
      {22, "Reshape-21"}, {23, "Reshape-23"}, {24, "Reshape-24"}, {25, "Reshape-25"}, {27, "Reshape-25"}};
  for (const auto& entry : reshape) {  // no structured binding: clang 14 cannot capture one
    const auto& opset = std::get<0>(entry);
    const auto& label = std::get<1>(entry);
    CAPTURE(opset);
    CHECK(Registry::builtin().resolve("", "Reshape", opset)->label() == label);
    CHECK(reshape_model(T::Float, opset).kernel_labels() == std::vector<std::string>{label});
  }
  const std::map<int, std::string> flatten = {
      {1, "Flatten-1"},   {8, "Flatten-1"},   {9, "Flatten-9"},   {10, "Flatten-9"},  {11, "Flatten-11"},
      {12, "Flatten-11"}, {13, "Flatten-13"}, {20, "Flatten-13"}, {21, "Flatten-21"}, {22, "Flatten-21"},
      {23, "Flatten-23"}, {24, "Flatten-24"}, {25, "Flatten-25"}};
  for (const auto& entry : flatten) {  // no structured binding: clang 14 cannot capture one
    const auto& opset = std::get<0>(entry);
    const auto& label = std::get<1>(entry);
    CAPTURE(opset);
    CHECK(Registry::builtin().resolve("ai.onnx", "Flatten", opset)->label() == label);
    CHECK(flatten_model(T::Float, opset).kernel_labels() == std::vector<std::string>{label});
  }
  CHECK(Registry::builtin().resolve("", "Reshape", 0) == nullptr);
}

TEST_CASE("the type error names the node, the version, the type variable and the allowed set") {
  ModelBuilder b(12);
  b.input("x", T::BFloat16, {2, 3}).output("y").initializer("shape", int64_tensor({6}));
  b.node("Reshape", {"x", "shape"}, {"y"}).set_name("r1");
  CHECK_THROWS_WITH_AS(
      b.build(),
      doctest::Contains("test.onnx: node 'r1' (#0, Reshape-5): input 0 ('data') is tensor(bfloat16), which "
                        "Reshape-5 does not allow for T (allowed: tensor(float), tensor(uint8)"),
      Error);
}
