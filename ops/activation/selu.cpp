// ONNX Selu, every version (1, 6, 22): Y = gamma X for X > 0, gamma (alpha e^X - alpha) for X <= 0.
//   1: float16, float, double; alpha (default 1.6732), gamma (default 1.0507); consumed_inputs
//      (ignored).  6: alpha (default 1.67326319...), gamma (default 1.05070102...).  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact value, with alpha and gamma the float32 numbers
// in the model, rounded once to the element type (nearest, ties to even; numeric/elementary.h).
// Selu(-0) is +0 (alpha e^0 - alpha).
#include "ops/activation/register.h"
#include "ops/attribute_specs.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_selu(Registry& registry) {
  using namespace math;
  const ArgsFromAttributes args = [](const Attributes& a) {
    return numeric::Args{0, std::get<float>(a.get("alpha")), std::get<float>(a.get("gamma"))};
  };
  const auto selu_version = [args](int since, const TypeSet& types, std::vector<AttributeSpec> attributes) {
    OpVersion v = float_unary_version("Selu", since, types, kXY, std::move(attributes), Kernel{});
    set_float_unary_kernel<numeric::Fn::Selu>(v, args);
    return v;
  };
  const std::vector<AttributeSpec> six = {float_attribute("alpha", 1.67326319217681884765625f),
                                          float_attribute("gamma", 1.05070102214813232421875f)};
  registry.add(
      selu_version(1, type_sets::kFloats,
                   {float_attribute("alpha", 1.6732f), ignored_consumed_inputs(), float_attribute("gamma", 1.0507f)}));
  registry.add(selu_version(6, type_sets::kFloats, six));
  registry.add(selu_version(22, type_sets::kFloatsIR4, six));
  registry.declare_accuracy(
      "Selu", {AccuracyKind::CorrectlyRounded, "the exact gamma x or gamma (alpha e^x - alpha) rounded once"});
}

}  // namespace onnx_ref
