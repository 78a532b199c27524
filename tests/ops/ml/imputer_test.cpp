// ai.onnx.ml Imputer-1: one and only one of imputed_value_floats and imputed_value_int64s.
// Expected values by hand.
#include <doctest/doctest.h>

#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

Model imputer(bool floats, bool ints) {
  ModelBuilder b(1, "ai.onnx.ml");
  b.input("x", T::Float, {3}).output("y");
  auto& n = b.node("Imputer", {"x"}, {"y"}, "ai.onnx.ml");
  if (floats) {
    auto* a = n.add_attribute();
    a->set_name("imputed_value_floats");
    a->set_type(onnx::AttributeProto::FLOATS);
    a->add_floats(7);
  }
  if (ints) {
    auto* a = n.add_attribute();
    a->set_name("imputed_value_int64s");
    a->set_type(onnx::AttributeProto::INTS);
    a->add_ints(7);
  }
  return b.build();
}

}  // namespace

// spec: Imputer-1: "One and only one of imputed_value_floats or imputed_value_int64s should be defined"
TEST_CASE("Imputer-1: both imputed value lists, or neither, are refused") {
  const auto out = imputer(true, false).run({{"x", Tensor::from_values<float>(T::Float, {3}, {1, 0, 2})}});
  CHECK(out[0].second.tensor().data_as<float>()[1] == 7.0f);  // replaced_value_float defaults to 0
  CHECK_THROWS_WITH_AS(imputer(true, true), doctest::Contains("both of imputed_value_floats and imputed_value_int64s"), Error);
  CHECK_THROWS_WITH_AS(imputer(false, false), doctest::Contains("neither of imputed_value_floats and imputed_value_int64s"), Error);
}
