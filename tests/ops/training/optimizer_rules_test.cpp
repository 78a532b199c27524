// Unit tests of ops/training/optimizer_rules.cpp.
#include "helpers/training.h"

TEST_CASE("Training optimizers: counts, shapes, scalars and modes are one-line errors") {
  const Tensor r = scalar_r(T::Float, 0.1), t = scalar_t(0), x = vec(T::Float, {1, 2}), g = vec(T::Float, {3, 4});
  auto momentum = [](onnx::NodeProto& n) {
    set_float_attribute(n, "norm_coefficient", 0);
    set_float_attribute(n, "alpha", 0.9f);
    set_float_attribute(n, "beta", 1);
    set_string_attribute(n, "mode", "standard");
  };
  // Five inputs for Adagrad but three outputs.
  CHECK_THROWS_WITH_AS(run_optimizer("Adagrad", {r, t, x, g, x}, 3, {}),
                       doctest::Contains("optimizes 1 tensor(s), so it has 2 outputs"), Error);
  // Six inputs do not make lists of three.
  CHECK_THROWS_WITH_AS(run_optimizer("Adagrad", {r, t, x, g, x, x}, 2, {}), doctest::Contains("3 lists of n tensors"),
                       Error);
  // A gradient of another shape.
  CHECK_THROWS_WITH_AS(run_optimizer("Adagrad", {r, t, x, vec(T::Float, {1, 2, 3}), x}, 2, {}),
                       doctest::Contains("they must have one type and shape"), Error);
  // R must be one element.
  // spec: Momentum-1: "It should be a scalar."
  CHECK_THROWS_WITH_AS(run_optimizer("Momentum", {vec(T::Float, {0.1, 0.2}), t, x, g, x}, 2, momentum),
                       doctest::Contains("R must be a scalar"), Error);
  // An unknown mode is refused when the model loads.
  // spec: Momentum-1: "Its value should be either "nesterov" or "standard"."
  CHECK_THROWS_WITH_AS(run_optimizer("Momentum", {r, t, x, g, x}, 2,
                                     [](onnx::NodeProto& n) {
                                       set_float_attribute(n, "norm_coefficient", 0);
                                       set_float_attribute(n, "alpha", 0.9f);
                                       set_float_attribute(n, "beta", 1);
                                       set_string_attribute(n, "mode", "heavy_ball");
                                     }),
                       doctest::Contains("attribute 'mode' must be \"standard\" or \"nesterov\", got 'heavy_ball'"),
                       Error);
  // Momentum's attributes are required.
  CHECK_THROWS_AS(run_optimizer("Momentum", {r, t, x, g, x}, 2, {}), Error);
  // Gradient is not implemented: refused with the loader's message.
  CHECK_THROWS_WITH_AS(run_optimizer("Gradient", {x}, 1,
                                     [](onnx::NodeProto& n) {
                                       auto* a = n.add_attribute();
                                       a->set_name("xs");
                                       a->set_type(onnx::AttributeProto::STRINGS);
                                       a->add_strings("i0");
                                       set_string_attribute(n, "y", "i0");
                                     }),
                       doctest::Contains("ai.onnx.preview.training:Gradient"), Error);
}
