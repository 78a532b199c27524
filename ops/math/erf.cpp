// ONNX Erf, every version (9, 13): output = erf(input).
//   9: float16, float, double and the eight integer types.  13: float16, float, double, bfloat16.
// Accuracy contract: correctly rounded: the exact erf x rounded once to the element type (nearest,
// ties to even; numeric/elementary.h). For integer elements that rounding is to the nearest
// integer: erf(0) = 0 and |erf(n)| >= erf(1) = 0.8427... for every other integer, so the result is
// the sign of the input (-1, 0 or 1).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {
namespace {

Tensor erf_of_integers(const Tensor& x) {
  return dispatch_real(x.type(), [&](auto tag) -> Tensor {
    using S = typename decltype(tag)::type;
    if constexpr (!std::is_integral_v<S>) {
      throw std::logic_error("Erf: no integer kernel for " + std::string(name_of(x.type())));
    } else {
      Tensor out = Tensor::uninitialized(x.type(), x.shape());
      const S* in = x.data_as<S>();
      S* o = reinterpret_cast<S*>(out.mutable_data());
      for (int64_t i = 0; i < x.element_count(); ++i) o[i] = static_cast<S>(in[i] > 0 ? 1 : in[i] < 0 ? -1 : 0);
      return out;
    }
  });
}

}  // namespace

void register_erf(Registry& registry) {
  using namespace type_sets;
  using ET = ElementType;
  const Kernel floats = math::float_unary_kernel<numeric::Fn::Erf>();
  const Kernel any = [floats](const KernelContext& ctx) -> std::vector<Value> {
    if (type_sets::kIntegers.contains(ctx.input(0).type())) return {erf_of_integers(ctx.input(0))};
    return floats(ctx);
  };
  registry.add(math::float_unary_version(
      "Erf", 9,
      kFloats.with({ET::Int8, ET::Int16, ET::Int32, ET::Int64, ET::UInt8, ET::UInt16, ET::UInt32, ET::UInt64}),
      math::kInputOutput, {}, any));
  registry.add(math::float_unary_version("Erf", 13, kFloatsIR4, math::kInputOutput, {}, floats));
  registry.declare_accuracy("Erf",
                            {AccuracyKind::CorrectlyRounded, "the exact erf x rounded once (integers: the sign of x)"});
}

}  // namespace onnx_ref
