// ONNX Mod, every version (10, 13): C = A mod B with multidirectional broadcasting.
//   10: float16, float, double and the eight integer types.  13: + bfloat16.
// Attribute fmod (default 0, must be 0 or 1):
//  - fmod = 0 (integers only; the spec requires fmod = 1 for floating types, so a floating input
//    with fmod = 0 is an error): the remainder takes the divisor's sign, as Python's %.
//  - fmod = 1: the remainder takes the dividend's sign, as C's fmod and %.
// Contract: exact (a remainder is always representable). Integer division by zero is an Error
// naming the flat output index; the most negative value mod -1 is 0. A floating remainder by zero
// is NaN (IEEE fmod).
#include <cmath>

#include "ops/math/register.h"
#include "ops/math/zero_divisor.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
namespace {

template <bool SignOfDivisor>
struct ModFn : ZeroDivisorRule {
  template <class S>
  static S apply(S x, S y) {
    if constexpr (is_int_storage<S>) {
      if constexpr (std::is_signed_v<S>) {
        if (y == -1) return 0;  // also INT_MIN % -1, which C++ leaves undefined
        S r = static_cast<S>(x % y);
        if (SignOfDivisor && r != 0 && ((r < 0) != (y < 0))) r = static_cast<S>(r + y);
        return r;
      } else {
        return static_cast<S>(x % y);
      }
    } else if constexpr (std::is_floating_point_v<S>) {
      return std::fmod(x, y);
    } else {
      return narrow<S>(std::fmod(widen(x), widen(y)));
    }
  }
  template <class S>
  [[noreturn]] static void fail(S x, S, int64_t index) {
    refuse_zero_divisor("modulo", x, index);
  }
};

bool is_floating(ElementType t) {
  return t == ElementType::Float || t == ElementType::Double || t == ElementType::Float16 || t == ElementType::BFloat16;
}

// The kernel takes `fmod`, parsed and checked at load.
std::vector<Value> mod_kernel(const KernelContext& ctx, bool fmod) {
  const Tensor& a = ctx.input(0);
  if (!fmod && is_floating(a.type()))
    throw Error("attribute 'fmod' is 0 but the inputs are " + std::string(name_of(a.type())) +
                "; floating inputs need fmod = 1");
  const BinaryShapes shapes = binary_shapes(ctx, false);
  return {fmod ? run_binary<ModFn<false>>(a, ctx.input(1), shapes) : run_binary<ModFn<true>>(a, ctx.input(1), shapes)};
}

bool parse_fmod(const Attributes& attrs) {
  const int64_t v = attrs.get_int("fmod");
  if (v != 0 && v != 1) throw Error("attribute 'fmod' must be 0 or 1, got " + std::to_string(v));
  return v == 1;
}

OpVersion mod_version(int since, const TypeSet& types) {
  OpVersion v = binary_version("Mod", since, types, false, false, false, Kernel{});
  v.attributes = {{"fmod", AttrType::Int, false, int64_t{0}}};
  v.set_kernel(parse_fmod, mod_kernel);
  return v;
}
}  // namespace
}  // namespace math

void register_mod(Registry& registry) {
  registry.add(math::mod_version(10, type_sets::kAllNumericTypes));
  registry.add(math::mod_version(13, type_sets::kAllNumericTypesIR4));
  registry.declare_accuracy("Mod", {AccuracyKind::Exact, "the exact remainder, always representable"});
}
}  // namespace onnx_ref
