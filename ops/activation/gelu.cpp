// ONNX Gelu, every version (20): Y = X/2 (1 + erf(X / sqrt 2)), or with approximate = "tanh"
// Y = X/2 (1 + tanh(sqrt(2/pi) (X + 0.044715 X^3))).
//   20: float16, float, double, bfloat16; approximate: "none" (default) or "tanh".
// Accuracy contract: correctly rounded: the exact value of the whole expression of the chosen form
// (sqrt(2/pi) and 0.044715 taken as the exact real numbers) rounded once to the element type
// (nearest, ties to even; numeric/elementary.h). Gelu(-inf) is the limit, -0.
#include "ops/activation/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {
namespace {

bool tanh_form(const Attributes& attrs) {
  const auto& mode = std::get<std::string>(attrs.get("approximate"));
  if (mode == "none") return false;
  if (mode == "tanh") return true;
  throw Error("attribute 'approximate' must be \"none\" or \"tanh\", got " + quote_text(mode));
}

}  // namespace

void register_gelu(Registry& registry) {
  const Kernel exact = math::float_unary_kernel<numeric::Fn::GeluErf>();
  const Kernel tanh = math::float_unary_kernel<numeric::Fn::GeluTanh>();
  OpVersion v =
      math::float_unary_version("Gelu", 20, type_sets::kFloatsIR4, math::kXY,
                                {{"approximate", AttrType::String, false, AttrValue{std::string("none")}}}, Kernel{});
  // `approximate`, parsed and checked at load: whether the tanh form is asked for.
  v.set_kernel(tanh_form, [exact, tanh](const KernelContext& ctx, bool tanh_asked) {
    return tanh_asked ? tanh(ctx) : exact(ctx);
  });
  registry.add(std::move(v));
  registry.declare_accuracy(
      "Gelu", {AccuracyKind::CorrectlyRounded, "the exact value of the chosen form (erf or tanh) rounded once"});
}

}  // namespace onnx_ref
