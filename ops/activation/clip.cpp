// ONNX Clip, every version (1, 6, 11, 12, 13): Y = min(max(X, min), max).
//   1: float16, float, double; bounds are the optional float attributes `min` and `max`, which
//      "default to numeric_limits::lowest() and numeric_limits::max()" as at 6; consumed_inputs (ignored).
//   6: the attributes default to -FLT_MAX and FLT_MAX (so a double beyond them is clamped).
//   11: the bounds are optional inputs of X's type; an absent one is the type's lowest or largest
//      finite value ("They default to numeric_limits::lowest() and numeric_limits::max()"), so an
//      absent max clamps +inf and an absent min clamps -inf.
//   12: + the eight integer types.  13: + bfloat16.
// A bound input must hold one element: a scalar, as the spec says, or a [1] tensor (what exporters
// write and onnxruntime takes). min > max gives max everywhere, as the spec says (max is applied
// last). A NaN in X or in a bound gives NaN.
// Contract: exact for bounds of X's type; a float32 attribute bound is rounded once to X's type
// (rounding is monotonic, so clamping with the rounded bound is rounding the clamped value).
#include <limits>
#include <optional>
#include <type_traits>

#include "ops/activation/register.h"
#include "ops/attribute_specs.h"
#include "ops/math/elementwise.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
namespace {

template <class S>
S clip_one(S x, const std::optional<S>& lo, const std::optional<S>& hi) {
  if (is_nan(x)) return x;
  if (lo) {
    if (is_nan(*lo)) return *lo;
    if (comparable(x) < comparable(*lo)) x = *lo;
  }
  if (hi) {
    if (is_nan(*hi)) return *hi;
    if (comparable(x) > comparable(*hi)) x = *hi;
  }
  return x;
}

// Bounds as doubles (attributes) or as tensors (inputs), made the element type S.
struct ClipBounds {
  std::optional<double> lo_attr, hi_attr;
  const Tensor* lo_input = nullptr;
  const Tensor* hi_input = nullptr;
  bool absent_is_limit = false;  // 11+: an absent bound input is numeric_limits' lowest() / max()
};

// numeric_limits<S>::lowest() or max(), float16 and bfloat16 included (their largest finite
// values are the bit patterns 0x7BFF and 0x7F7F).
template <class S>
S finite_limit(bool largest) {
  if constexpr (std::is_same_v<S, Float16Bits>)
    return {static_cast<uint16_t>(largest ? 0x7BFF : 0xFBFF)};
  else if constexpr (std::is_same_v<S, BFloat16Bits>)
    return {static_cast<uint16_t>(largest ? 0x7F7F : 0xFF7F)};
  else
    return largest ? std::numeric_limits<S>::max() : std::numeric_limits<S>::lowest();
}

template <class S>
std::optional<S> bound_as(const std::optional<double>& attr, const Tensor* input) {
  if (input) return input->data_as<S>()[0];
  if (attr) return narrow<S>(*attr);
  return std::nullopt;
}

Tensor clip_tensor(const Tensor& x, const ClipBounds& bounds) {
  return dispatch_real(x.type(), [&](auto tag) -> Tensor {
    using S = typename decltype(tag)::type;
    if constexpr (!(is_float_storage<S> || is_int_storage<S>)) {
      throw std::logic_error("Clip: no kernel for " + std::string(name_of(x.type())));
    } else {
      std::optional<S> lo = bound_as<S>(bounds.lo_attr, bounds.lo_input);
      std::optional<S> hi = bound_as<S>(bounds.hi_attr, bounds.hi_input);
      if (bounds.absent_is_limit && !lo) lo = finite_limit<S>(false);
      if (bounds.absent_is_limit && !hi) hi = finite_limit<S>(true);
      Tensor out = Tensor::uninitialized(x.type(), x.shape());
      if constexpr (std::is_floating_point_v<S>) {
        if (lo && hi && !is_nan(*lo) && !is_nan(*hi)) {
          // clip_one without branches (the loop vectorizes): a NaN x fails both comparisons and
          // stays, as does -0 against a +0 bound (neither is less than the other).
          const S l = *lo, h = *hi;
          unary_map(x.data_as<S>(), reinterpret_cast<S*>(out.mutable_data()), x.element_count(), [l, h](S v) {
            const S raised = v < l ? l : v;
            return raised > h ? h : raised;
          });
          return out;
        }
      }
      unary_map(x.data_as<S>(), reinterpret_cast<S*>(out.mutable_data()), x.element_count(),
                [&](S v) { return clip_one(v, lo, hi); });
      return out;
    }
  });
}

// The bounds, parsed at load. Clip-1 declares no attribute defaults, but its text gives the same
// ones as Clip-6: an absent bound is float's lowest or largest value.
ClipBounds parse_clip_bounds(const Attributes& attrs) {
  ClipBounds b;
  b.lo_attr = attrs.has("min") ? float_attr(attrs, "min") : std::numeric_limits<float>::lowest();
  b.hi_attr = attrs.has("max") ? float_attr(attrs, "max") : std::numeric_limits<float>::max();
  return b;
}

void set_clip_attribute_kernel(OpVersion& v) {
  v.set_kernel(parse_clip_bounds, [](const KernelContext& ctx, const ClipBounds& b) -> std::vector<Value> {
    return {clip_tensor(ctx.input(0), b)};
  });
}

const Tensor* bound_input(const KernelContext& ctx, size_t index, const char* name) {
  if (!ctx.has_input(index)) return nullptr;
  const Tensor& t = ctx.input(index);
  if (t.shape().size() > 1 || t.element_count() != 1)
    throw Error(std::string("input '") + name + "' has shape " + shape_to_string(t.shape()) +
                "; a bound must be a scalar (one element)");
  return &t;
}

Kernel clip_input_kernel() {
  return [](const KernelContext& ctx) -> std::vector<Value> {
    ClipBounds b;
    b.lo_input = bound_input(ctx, 1, "min");
    b.hi_input = bound_input(ctx, 2, "max");
    b.absent_is_limit = true;
    return {clip_tensor(ctx.input(0), b)};
  };
}

OpVersion clip_input_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Clip";
  v.since_version = since;
  v.inputs = {{"input", "T"}, {"min", "T", ParamOption::Optional}, {"max", "T", ParamOption::Optional}};
  v.outputs = {{"output", "T"}};
  v.type_constraints = {{"T", types}};
  v.kernel = clip_input_kernel();
  return v;
}

}  // namespace
}  // namespace math

void register_clip(Registry& registry) {
  using namespace math;
  using type_sets::kFloats;
  const UnaryNames names{"input", "output"};
  constexpr float kMax = std::numeric_limits<float>::max();
  register_unary_ladder(
      registry, "Clip",
      {AccuracyKind::CorrectlyRounded, "x clamped to the float32 bounds, each bound rounded once to x's type"},
      {{1, kFloats, true}},
      {{"min", AttrType::Float, false, std::nullopt}, {"max", AttrType::Float, false, std::nullopt}},
      set_clip_attribute_kernel, names);
  register_unary_ladder(
      registry, "Clip",
      {AccuracyKind::CorrectlyRounded, "x clamped to the float32 bounds, each bound rounded once to x's type"},
      {{6, kFloats}}, {float_attribute("min", -kMax), float_attribute("max", kMax)}, set_clip_attribute_kernel, names);
  registry.add(clip_input_version(11, kFloats));
  registry.add(clip_input_version(12, type_sets::kAllNumericTypes));
  registry.add(clip_input_version(13, type_sets::kAllNumericTypesIR4));
  registry.declare_accuracy("Clip", {AccuracyKind::Exact, "x clamped to the bound inputs: an element of x or a bound"},
                            {11, 12, 13});
}

}  // namespace onnx_ref
