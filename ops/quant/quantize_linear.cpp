// ONNX QuantizeLinear, every version (10, 13, 19, 21, 23, 24, 25):
// y = saturate(round(x / y_scale) + y_zero_point), per tensor, per axis (13 on) or blocked
// (block_size, 21 on); layouts in quant_layout.h. Contract:
// rounded at named points —
//  - the division: x / y_scale is rounded once (nearest, ties to even) to the division's precision,
//    which the spec gives as y_scale's type (float, float16, bfloat16; int32 and float8e8m0 scales
//    divide in double) unless `precision` (23 on) names another. Versions 10 to 21 name none; their
//    official tests (test_dynamicquantizelinear through QuantizeLinear-10) fix float32 division
//    for float scales, which is the same rule. The exact quotient rounded straight to an integer
//    would differ where the rounded quotient lands on a half-integer (0.5 / fl(5 / 255)).
//  - integer targets: that quotient rounded to an integer, ties to even, plus y_zero_point,
//    saturated to the type's range (±inf saturate); integer arithmetic is exact.
//  - float8 and float4e2m1 targets: the quotient rounded to the target (nearest, ties to even),
//    saturating or not as `saturate` says (Cast's rules). Their zero point must be 0 (the spec:
//    "usually not used"); a non-zero one is refused.
// Refused: a zero, infinite or NaN scale (no quotient), NaN x for an integer target.
//   10: x float, int32; scale float; y int8, uint8 (uint8 without a zero point).  13: + axis.
//   19: x, scale float, float16, bfloat16, int32; y + the four float8 types; saturate.
//   21: y + int16, uint16, int4, uint4; block_size, output_dtype.
//   23: the scale's type apart from x's; y + float4e2m1; precision.  24: scale + float8e8m0.
//   25: y + int2, uint2.
#include <cmath>

#include "ops/quant/quant_layout.h"
#include "ops/quant/quantize_rules.h"
#include "ops/quant/register.h"
#include "runtime/element_values.h"
#include "runtime/float_formats.h"
#include "runtime/raw_elements.h"

namespace onnx_ref {

namespace {

// The attributes, parsed at load; the defaults stand in for those a version does not have.
struct QuantizeParams {
  int64_t axis = 1, block_size = 0, output_dtype = 0;
  bool saturate = true;
  std::optional<ElementType> precision;  // nullopt: y_scale's type
};

QuantizeParams parse_quantize_params(const Attributes& attrs, int since) {
  QuantizeParams p;
  if (since >= 13) p.axis = attrs.get_int("axis");
  if (since >= 19) p.saturate = attrs.get_flag("saturate");
  if (since >= 21) p.block_size = attrs.get_int("block_size"), p.output_dtype = attrs.get_int("output_dtype");
  if (since >= 23) {
    const int64_t code = attrs.get_int("precision");
    if (code != 0) {
      p.precision = element_type_from_code(static_cast<int32_t>(code));
      if (!p.precision) throw Error("attribute 'precision' " + std::to_string(code) + " is no element type");
    }
  }
  return p;
}

ElementType quantize_output_type(const KernelContext& ctx, int64_t d) {
  if (ctx.has_input(2)) {
    const ElementType z = ctx.input(2).type();
    if (d != 0 && d != code_of(z))
      throw Error("attribute 'output_dtype' " + std::to_string(d) + " differs from y_zero_point's type " +
                  std::string(name_of(z)));
    return z;
  }
  return d != 0 ? *element_type_from_code(static_cast<int32_t>(d)) : ElementType::UInt8;
}

std::vector<Value> quantize_linear(const KernelContext& ctx, const QuantizeParams& params, int since) {
  const Tensor& x = ctx.input(0);
  const Tensor& scale = ctx.input(1);
  const Tensor* zp = ctx.has_input(2) ? &ctx.input(2) : nullptr;
  const ElementType out_type = quantize_output_type(ctx, params.output_dtype);
  const quant::QuantLayout layout =
      quant::quant_layout(x, scale, zp, since >= 13, params.axis, params.block_size, "y_scale");
  for (int64_t k = 0; k < scale.element_count(); ++k) {
    const double s = read_real(scale.type(), scale.data(), k);
    if (s == 0 || !std::isfinite(s))
      throw Error("y_scale element " + std::to_string(k) + " is " +
                  (std::isnan(s) ? "NaN"
                   : s == 0      ? "0"
                                 : "infinite") +
                  ", which quantizes nothing");
  }
  const bool saturate = params.saturate;
  const ElementType precision = params.precision.value_or(scale.type());
  const auto range = quant::quant_integer_range(out_type);
  Tensor y = Tensor::zeros(out_type, x.shape());
  std::byte* py = y.mutable_data();
  for (int64_t i = 0; i < x.element_count(); ++i) {
    const int64_t k = layout.scale_index(i);
    const double a = read_real(x.type(), x.data(), i);
    const double s = read_real(scale.type(), scale.data(), k);
    const double q = std::isfinite(a) ? quant::quotient_in_precision(a, s, precision) : a / s;
    if (range) {
      if (std::isnan(a)) throw Error("x element " + std::to_string(i) + " is NaN, which has no integer quantization");
      const int64_t z = zp ? quant::quant_read_integer(zp->type(), zp->data(), k) : 0;
      write_int64(out_type, py, i, quant::round_half_even_clamped(q, range->first - z, range->second - z) + z);
    } else {
      if (zp && read_real(zp->type(), zp->data(), k) != 0)
        throw Error("y_zero_point element " + std::to_string(k) + " is not 0, which a " +
                    std::string(name_of(out_type)) + " quantization does not support");
      const uint32_t bits = encode_small_float(out_type, q, saturate);
      if (out_type == ElementType::Float4E2M1)
        raw::store_packed(py, i, 4, bits);
      else
        raw::store<uint8_t>(py, i, static_cast<uint8_t>(bits));
    }
  }
  return {y};
}

OpVersion quantize_linear_version(int since, const TypeSet& x_types, const TypeSet& scale_types,
                                  const TypeSet& y_types) {
  using ET = ElementType;
  OpVersion v;
  v.op_type = "QuantizeLinear";
  v.since_version = since;
  if (since < 19) {
    v.inputs = {{"x", "T1"}, {"y_scale", "tensor(float)"}, {"y_zero_point", "T2", ParamOption::Optional}};
    v.outputs = {{"y", "T2"}};
    v.type_constraints = {{"T1", x_types}, {"T2", y_types}, {"tensor(float)", TypeSet{ET::Float}, "tensor(float)"}};
  } else if (since < 23) {
    v.inputs = {{"x", "T1"}, {"y_scale", "T1"}, {"y_zero_point", "T2", ParamOption::Optional}};
    v.outputs = {{"y", "T2"}};
    v.type_constraints = {{"T1", x_types}, {"T2", y_types}};
  } else {
    v.inputs = {{"x", "T1"}, {"y_scale", "T2"}, {"y_zero_point", "T3", ParamOption::Optional}};
    v.outputs = {{"y", "T3"}};
    v.type_constraints = {{"T1", x_types}, {"T2", scale_types}, {"T3", y_types}};
  }
  if (since >= 13) v.attributes.push_back({"axis", AttrType::Int, false, int64_t{1}});
  if (since >= 21) {
    v.attributes.push_back({"block_size", AttrType::Int, false, int64_t{0}});
    v.attributes.push_back({"output_dtype", AttrType::Int, false, int64_t{0}});
  }
  if (since >= 23) v.attributes.push_back({"precision", AttrType::Int, false, int64_t{0}});
  if (since >= 19) v.attributes.push_back({"saturate", AttrType::Int, false, int64_t{1}});
  const std::string out_var = since >= 23 ? "T3" : "T2";
  v.attribute_type = [since, out_var](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != out_var) return std::nullopt;
    const int64_t d = since >= 21 ? attrs.get_int("output_dtype") : 0;
    if (d == 0) return ElementType::UInt8;  // used only when no zero point binds the type
    const auto t = element_type_from_code(static_cast<int32_t>(d));
    if (!t) throw Error("attribute 'output_dtype' " + std::to_string(d) + " is no element type");
    return t;
  };
  v.set_kernel(
      [since](const Attributes& attrs) { return parse_quantize_params(attrs, since); },
      [since](const KernelContext& ctx, const QuantizeParams& params) { return quantize_linear(ctx, params, since); });
  return v;
}

}  // namespace

void register_quantize_linear(Registry& registry) {
  using ET = ElementType;
  const TypeSet y10{ET::Int8, ET::UInt8};
  const TypeSet y19 = y10.with({ET::Float8E4M3FN, ET::Float8E4M3FNUZ, ET::Float8E5M2, ET::Float8E5M2FNUZ});
  const TypeSet y21 = y19.with({ET::Int16, ET::UInt16, ET::Int4, ET::UInt4});
  const TypeSet y23 = y21.with({ET::Float4E2M1});
  const TypeSet y25 = y23.with({ET::Int2, ET::UInt2});
  const TypeSet x19{ET::BFloat16, ET::Float, ET::Float16, ET::Int32};
  const TypeSet s24 = x19.with({ET::Float8E8M0});
  registry.add(quantize_linear_version(10, TypeSet{ET::Float, ET::Int32}, {}, y10));
  registry.add(quantize_linear_version(13, TypeSet{ET::Float, ET::Int32}, {}, y10));
  registry.add(quantize_linear_version(19, x19, {}, y19));
  registry.add(quantize_linear_version(21, x19, {}, y21));
  registry.add(quantize_linear_version(23, x19, x19, y23));
  registry.add(quantize_linear_version(24, x19, s24, y23));
  registry.add(quantize_linear_version(25, x19, s24, y25));
  registry.declare_accuracy(
      "QuantizeLinear",
      {AccuracyKind::RoundedAtNamedPoints,
       "x / y_scale rounded once to the division's precision, then to the target (integers: ties to even, saturated)"});
}

}  // namespace onnx_ref
