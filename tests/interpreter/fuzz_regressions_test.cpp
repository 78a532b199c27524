// Inputs found by the fuzz targets (fuzz/) and the mutation run (scripts/mutate.sh), reduced to
// what triggered each bug. Every one must now be a clean onnx_ref::Error on one line.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "model_builder.h"
#include "runtime/error.h"
#include "runtime/tensor_json.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using nlohmann::json;
using T = ElementType;

namespace {

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

bool one_line(const std::string& message) { return message.find_first_of("\r\n") == std::string::npos; }

// A nested JSON list `depth` levels deep: "[[[...]]]".
std::string nested_list(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

}  // namespace

// fuzz_model: a graph output whose name holds a line feed broke the message across lines.
TEST_CASE("fuzz regression: names from the model are escaped in errors") {
  ModelBuilder b(14);
  b.input("x", T::Float, {2, 3}).output("r\nx");
  b.node("Flatten", {"x"}, {"y"});
  const std::string message = error_of([&] { b.build(); });
  CHECK(message == "test.onnx: graph output 'r\\x0ax' is not produced by any node, graph input or initializer");

  ModelBuilder op(14);
  op.input("x", T::Float, {2}).output("y");
  op.node("Flat\nten", {"x"}, {"y"});
  CHECK(error_of([&] { op.build(); }) ==
        "test.onnx: node #0 (Flat\\x0aten): unsupported operator Flat\\x0aten (opset 14)");

  ModelBuilder attr(14);
  attr.input("x", T::Float, {2}).output("y");
  set_int(attr.node("Flatten", {"x"}, {"y"}), "ax\nis", 1);
  const std::string attr_message = error_of([&] { attr.build(); });
  CHECK(one_line(attr_message));
  CHECK(attr_message.find("attribute 'ax\\x0ais' is not an attribute of Flatten-13") != std::string::npos);
}

// A symbolic dimension name is printed when a feed does not fit the declaration.
TEST_CASE("fuzz regression: a symbolic dimension name is escaped in feed errors") {
  ModelBuilder b(14);
  b.input("x", T::Float, {2}).output("y");
  b.node("Flatten", {"x"}, {"y"});
  auto* dim =
      b.proto().mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim();
  dim->set_dim_param("N\nM");
  const Model model = b.build();
  const std::string message = error_of([&] { model.run({{"x", Tensor::zeros(T::Float, {2})}}); });
  CHECK(one_line(message));
  CHECK(message.find("tensor(float)[2, N\\x0aM] (rank 2)") != std::string::npos);
}

// fuzz_json: an unknown key holding "\r" or "\n" broke the message across lines.
TEST_CASE("fuzz regression: unknown JSON keys are escaped in errors") {
  const auto message = error_of([] {
    tensor_from_json(json::parse(R"({"dty\rpe": "float", "data": [1]})"), {"input 'x'", {}, {}});
  });
  CHECK(message ==
        R"(input 'x': unknown key "dty\rpe" (a tensor object has "dtype", "shape" and "data", or only "file"))");
}

// `onnx-ref run` with {"dtype": [[[...]]]} or {"shape": [[[...]]]} nested 200,000 deep: printing the
// value in the error message recursed once per level and overflowed the stack.
TEST_CASE("fuzz regression: deeply nested JSON values in error messages") {
  const std::string deep = nested_list(200000);
  const JsonTensorContext context{"input 'x'", {}, {}};
  const std::string cut = std::string(77, '[') + "...";
  CHECK(error_of([&] { tensor_from_json(json::parse(R"({"dtype": )" + deep + R"(, "data": 1})"), context); }) ==
        "input 'x': unknown dtype " + cut);
  CHECK(error_of([&] {
          tensor_from_json(json::parse(R"({"dtype": "float", "shape": )" + deep + R"(, "data": []})"), context);
        }) == "input 'x': \"shape\" " + cut + " must hold non-negative integers");
  // Shorter values are shown exactly as dump() writes them.
  const std::string small = R"({"a":null,"b":[1,2.5,{"c":"d\u0001"}]})";
  CHECK(error_of([&] { tensor_from_json(json::parse(R"({"dtype": )" + small + R"(, "data": 1})"), context); }) ==
        "input 'x': unknown dtype " + small);
}
