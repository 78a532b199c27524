// Deprecated operator versions (Upsample-10, Scatter-11, GroupNormalization-18, ai.onnx.ml
// TreeEnsembleClassifier-5 and TreeEnsembleRegressor-5): refused by default naming the replacement,
// run with LoadOptions::allow_deprecated. Expected values by hand.
#include <doctest/doctest.h>

#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

Model load(const ModelBuilder& b, bool allow) {
  return Model::from_proto(std::make_shared<onnx::ModelProto>(const_cast<ModelBuilder&>(b).proto()), {}, "d.onnx",
                           LoadOptions{false, allow});
}

ModelBuilder scatter_model() {
  ModelBuilder b(11);
  b.input("data", T::Float, {3}).input("indices", T::Int64, {1}).input("updates", T::Float, {1}).output("y");
  b.node("Scatter", {"data", "indices", "updates"}, {"y"});
  return b;
}

}  // namespace

// spec: Scatter-11: "This operator is deprecated. Please use ScatterElements, which provides the same functionality."
// spec: Scatter-11: "This version of the operator has been deprecated since version 11 of the default ONNX operator set."
TEST_CASE("Scatter-11 is refused naming ScatterElements; allowed, it scatters") {
  CHECK_THROWS_WITH_AS(load(scatter_model(), false), doctest::Contains("Scatter-11 is deprecated"), Error);
  CHECK_THROWS_WITH_AS(load(scatter_model(), false), doctest::Contains("use ScatterElements"), Error);
  const auto out = load(scatter_model(), true)
                       .run({{"data", Tensor::from_values<float>(T::Float, {3}, {1, 2, 3})},
                             {"indices", Tensor::from_values<int64_t>(T::Int64, {1}, {1})},
                             {"updates", Tensor::from_values<float>(T::Float, {1}, {9})}});
  CHECK(out[0].second.tensor().data_as<float>()[1] == 9.0f);
  // Scatter-9 is not deprecated.
  ModelBuilder nine(9);
  nine.input("data", T::Float, {3}).input("indices", T::Int64, {1}).input("updates", T::Float, {1}).output("y");
  nine.node("Scatter", {"data", "indices", "updates"}, {"y"});
  CHECK_NOTHROW(load(nine, false));
}

// spec: Upsample-10: "This version of the operator has been deprecated since version 10 of the default ONNX operator set."
TEST_CASE("Upsample-10 is refused naming Resize; Upsample-9 is not") {
  for (int opset : {9, 10, 13}) {
    ModelBuilder b(opset);
    b.input("x", T::Float, {1, 2}).input("scales", T::Float, {2}).output("y");
    b.node("Upsample", {"x", "scales"}, {"y"});
    if (opset == 9)
      CHECK_NOTHROW(load(b, false));
    else {
      CHECK_THROWS_WITH_AS(load(b, false),
                           doctest::Contains("Upsample-10 is deprecated (ONNX's checker refuses it); use Resize"),
                           Error);
      const auto out = load(b, true).run({{"x", Tensor::from_values<float>(T::Float, {1, 2}, {1, 2})},
                                          {"scales", Tensor::from_values<float>(T::Float, {2}, {1, 2})}});
      CHECK(out[0].second.tensor().shape() == Shape{1, 4});
    }
  }
}

// spec: GroupNormalization-18: "This version of the operator has been deprecated since version 18 of the default ONNX operator set."
TEST_CASE("GroupNormalization-18 is refused naming GroupNormalization-21") {
  ModelBuilder b(18);
  b.input("x", T::Float, {1, 2, 1}).input("scale", T::Float, {1}).input("bias", T::Float, {1}).output("y");
  set_int(b.node("GroupNormalization", {"x", "scale", "bias"}, {"y"}), "num_groups", 1);
  CHECK_THROWS_WITH_AS(load(b, false), doctest::Contains("use GroupNormalization-21"), Error);
  CHECK_NOTHROW(load(b, true));
}

// spec: TreeEnsembleClassifier-5: "This operator is DEPRECATED. Please use TreeEnsemble with provides similar functionality."
// spec: TreeEnsembleRegressor-5: "This operator is DEPRECATED. Please use TreeEnsemble instead which provides the same functionality."
// spec: TreeEnsembleClassifier-5: "This version of the operator has been deprecated since version 5 of the 'ai.onnx.ml' operator set."
// spec: TreeEnsembleRegressor-5: "This version of the operator has been deprecated since version 5 of the 'ai.onnx.ml' operator set."
// spec: TreeEnsembleRegressor-5: "Please use TreeEnsemble instead which provides the same functionality."
TEST_CASE("ai.onnx.ml TreeEnsembleRegressor-5 and TreeEnsembleClassifier-5 are refused naming TreeEnsemble") {
  for (const char* op : {"TreeEnsembleRegressor", "TreeEnsembleClassifier"}) {
    CAPTURE(op);
    ModelBuilder b(1, "ai.onnx.ml");
    b.ir_version(10);
    b.proto().mutable_opset_import(0)->set_version(5);
    b.input("x", T::Float, {1, 1}).output("y");
    std::vector<std::string> outs{"y"};
    if (std::string(op) == "TreeEnsembleClassifier") outs = {"label", "y"};
    b.node(op, {"x"}, outs, "ai.onnx.ml");
    CHECK_THROWS_WITH_AS(load(b, false), doctest::Contains((std::string(op) + "-5 is deprecated").c_str()), Error);
    CHECK_THROWS_WITH_AS(load(b, false), doctest::Contains("use ai.onnx.ml TreeEnsemble"), Error);
  }
}
