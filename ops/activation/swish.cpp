// ONNX Swish, every version (24): Y = X / (1 + e^(-alpha X)), that is X sigmoid(alpha X).
//   24: float16, float, double, bfloat16; alpha (float, default 1).
// Accuracy contract: correctly rounded: the exact value of the whole expression, with alpha the
// float32 number in the model, rounded once to the element type (nearest, ties to even;
// numeric/elementary.h). At an infinite X whose sigmoid factor is 0 the result is the limit, a
// signed zero.
#include "ops/activation/register.h"
#include "ops/attribute_specs.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_swish(Registry& registry) {
  const math::ArgsFromAttributes args = [](const Attributes& a) {
    return numeric::Args{0, std::get<float>(a.get("alpha")), 0};
  };
  OpVersion v = math::float_unary_version("Swish", 24, type_sets::kFloatsIR4, math::kXY,
                                          {float_attribute("alpha", 1.0f)}, Kernel{});
  math::set_float_unary_kernel<numeric::Fn::Swish>(v, args);
  registry.add(std::move(v));
  registry.declare_accuracy("Swish", {AccuracyKind::CorrectlyRounded, "the exact x / (1 + e^(-alpha x)) rounded once"});
}

}  // namespace onnx_ref
