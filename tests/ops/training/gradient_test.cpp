// ai.onnx.preview.training Gradient-1 is defined by ONNX 1.22.0 and not implemented: the model is
// refused as not implemented, with the reason, rather than as an unknown operator.
#include <doctest/doctest.h>

#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

// spec: Gradient-1: "Gradient operator computes the partial derivatives of a specific tensor w.r.t. some other tensors."
TEST_CASE("Gradient-1: refused as defined but not implemented, naming automatic differentiation") {
  ModelBuilder b(17);
  b.opset_import("ai.onnx.preview.training", 1);
  b.input("x", ElementType::Float, {1}).output("dx");
  auto& n = b.node("Gradient", {"x"}, {"dx"}, "ai.onnx.preview.training");
  auto* xs = n.add_attribute();
  xs->set_name("xs");
  xs->set_type(onnx::AttributeProto::STRINGS);
  xs->add_strings("x");
  CHECK_THROWS_WITH_AS(b.build(), doctest::Contains("Gradient-1 is defined by ONNX but not implemented"),
                       UnsupportedError);
  CHECK_THROWS_WITH_AS(b.build(), doctest::Contains("automatic differentiation"), UnsupportedError);
}
