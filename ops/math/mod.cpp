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
#include "ops/math/elementwise.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
namespace {

template <bool SignOfDivisor>
struct ModFn {
  using Result = void;
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  static constexpr bool can_fail = is_int_storage<S>;
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
  static bool check(S, S y) {
    return y != 0;
  }
  template <class S>
  [[noreturn]] static void fail(S x, S, int64_t index) {
    throw Error("integer modulo by zero at output index " + std::to_string(index) + " (A is " + std::to_string(x) +
                ", B is 0)");
  }
};

bool is_floating(ElementType t) {
  return t == ElementType::Float || t == ElementType::Double || t == ElementType::Float16 ||
         t == ElementType::BFloat16;
}

Kernel mod_kernel() {
  return [](const KernelContext& ctx) -> std::vector<Value> {
    const bool fmod = ctx.attrs.get_int("fmod") != 0;
    const Tensor& a = ctx.input(0);
    if (!fmod && is_floating(a.type()))
      throw Error("attribute 'fmod' is 0 but the inputs are " + std::string(name_of(a.type())) +
                  "; floating inputs need fmod = 1");
    const BinaryShapes shapes = binary_shapes(ctx, false);
    return {fmod ? run_binary<ModFn<false>>(a, ctx.input(1), shapes)
                 : run_binary<ModFn<true>>(a, ctx.input(1), shapes)};
  };
}

void check_fmod(const Attributes& attrs) {
  const int64_t v = attrs.get_int("fmod");
  if (v != 0 && v != 1) throw Error("attribute 'fmod' must be 0 or 1, got " + std::to_string(v));
}

OpVersion mod_version(int since, const TypeSet& types) {
  OpVersion v = binary_version("Mod", since, types, false, false, false, mod_kernel());
  v.attributes = {{"fmod", AttrType::Int, false, int64_t{0}}};
  v.check_attributes = check_fmod;
  return v;
}
}  // namespace
}  // namespace math

void register_mod(Registry& registry) {
  registry.add(math::mod_version(10, type_sets::kAllNumericTypes));
  registry.add(math::mod_version(13, type_sets::kAllNumericTypesIR4));
  registry.declare_accuracy("Mod",
                            {AccuracyKind::Exact, "the exact remainder, always representable"});
}
}  // namespace onnx_ref
