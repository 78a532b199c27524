// ONNX Elu, every version (1, 6, 22): Y = X for X >= 0, alpha (e^X - 1) for X < 0.
//   1: float16, float, double; alpha (default 1); consumed_inputs (ignored).  6: alpha.
//   22: + bfloat16.
// Accuracy contract: correctly rounded: the exact value, with alpha the float32 number in the
// model, rounded once to the element type (nearest, ties to even; numeric/elementary.h). Elu(-0)
// is -0 (the X >= 0 branch).
#include "ops/activation/register.h"
#include "ops/attribute_specs.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_elu(Registry& registry) {
  using namespace math;
  const ArgsFromAttributes args = [](const Attributes& a) {
    return numeric::Args{0, std::get<float>(a.get("alpha")), 0};
  };
  const auto elu_version = [args](int since, const TypeSet& types, std::vector<AttributeSpec> attributes) {
    OpVersion v = float_unary_version("Elu", since, types, kXY, std::move(attributes), Kernel{});
    set_float_unary_kernel<numeric::Fn::Elu>(v, args);
    return v;
  };
  const AttributeSpec alpha = float_attribute("alpha", 1.0f);
  registry.add(elu_version(1, type_sets::kFloats, {alpha, ignored_consumed_inputs()}));
  registry.add(elu_version(6, type_sets::kFloats, {alpha}));
  registry.add(elu_version(22, type_sets::kFloatsIR4, {alpha}));
  registry.declare_accuracy("Elu",
                            {AccuracyKind::CorrectlyRounded, "the exact value of x or alpha (e^x - 1) rounded once"});
}

}  // namespace onnx_ref
