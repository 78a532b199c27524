// Opset imports: a node's domain must be imported (model-local functions included), and a domain
// imported twice binds to its highest version. Expected values by hand.
#include <doctest/doctest.h>

#include "helpers/local_functions.h"
#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

Model twice_model(bool import_domain) {
  ModelBuilder b(17);
  if (import_domain) b.opset_import("local.test", 1);
  b.input("x", T::Float, {2}).output("y");
  add_twice_function(b, "local.test");
  b.node("Twice", {"x"}, {"y"}, "local.test");
  return b.build();
}

}  // namespace

// spec: IR.md: "Each model MUST explicitly name the operator sets that it relies on for its functionality."
TEST_CASE(
    "a node of a domain the model does not import is refused, even when a model-local function of that domain exists") {
  CHECK_THROWS_WITH_AS(twice_model(false), doctest::Contains("the model imports no opset for domain 'local.test'"),
                       Error);
  const auto out = twice_model(true).run({{"x", Tensor::from_values<float>(T::Float, {2}, {1.5f, -2})}});
  CHECK(out[0].second.tensor().data_as<float>()[0] == 3.0f);
  CHECK(out[0].second.tensor().data_as<float>()[1] == -4.0f);
}

// spec: onnx.proto: "with the same-domain/same-op_type operator with the HIGHEST version in the referenced operator sets"
TEST_CASE("a domain imported twice binds each node to the highest version imported") {
  // ReduceSum takes its axes as an input from version 13 on; at 11 it would refuse the second input.
  for (bool highest_first : {true, false}) {
    CAPTURE(highest_first);
    ModelBuilder b(highest_first ? 13 : 11);
    b.opset_import("", highest_first ? 11 : 13);
    b.input("x", T::Float, {2, 2}).output("y");
    b.initializer("axes", int64_tensor({1}));
    set_int(b.node("ReduceSum", {"x", "axes"}, {"y"}), "keepdims", 0);
    const Model model = b.build();
    CHECK(model.opsets().at("") == 13);
    const auto out = model.run({{"x", Tensor::from_values<float>(T::Float, {2, 2}, {1, 2, 3, 4})}});
    CHECK(out[0].second.tensor().shape() == Shape{2});
    CHECK(out[0].second.tensor().data_as<float>()[1] == 7.0f);
  }
}
