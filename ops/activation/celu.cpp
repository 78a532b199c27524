// ONNX Celu, every version (12): Y = max(0, X) + min(0, alpha (e^(X/alpha) - 1)).
//   12: float only; alpha (default 1).
// Accuracy contract: correctly rounded: the exact value, with alpha the float32 number in the
// model, rounded once (nearest, ties to even; numeric/elementary.h). alpha = 0 is refused: X/alpha
// is undefined there, and the expression's limits from either side of 0 differ (0 and -inf).
#include "ops/activation/register.h"
#include "ops/attribute_specs.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_celu(Registry& registry) {
  using namespace math;
  const ArgsFromAttributes args = [](const Attributes& a) {
    const float alpha = std::get<float>(a.get("alpha"));
    if (alpha == 0) throw Error("attribute 'alpha' must not be 0: Celu divides X by it");
    return numeric::Args{0, alpha, 0};
  };
  OpVersion v =
      float_unary_version("Celu", 12, TypeSet{ElementType::Float}, kXY, {float_attribute("alpha", 1.0f)}, Kernel{});
  set_float_unary_kernel<numeric::Fn::Celu>(v, args);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "Celu", {AccuracyKind::CorrectlyRounded, "the exact max(0, x) + min(0, alpha (e^(x/alpha) - 1)) rounded once"});
}

}  // namespace onnx_ref
