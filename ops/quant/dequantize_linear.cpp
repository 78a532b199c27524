// ONNX DequantizeLinear, every version (10, 13, 19, 21, 23, 24, 25): y = (x - x_zero_point) *
// x_scale, per tensor, per axis (13 on) or blocked (block_size, 21 on); layouts in quant_layout.h.
// Contract: correctly rounded — x - x_zero_point is exact (an integer, or a difference of two
// float8/float4 values, exact in double), and its product with the scale is rounded once to the
// output type (nearest, ties to even): the product is formed exactly (TwoProduct) and rounded to
// odd before the final rounding when it does not fit a double. NaN and infinities of float8 inputs
// propagate as IEEE multiplication gives them.
//   10: x int8, uint8, int32; scale float; y float.  13: + axis.
//   19: x + the four float8 types; scale and y float, float16 or bfloat16.
//   21: x + int16, uint16, int4, uint4; block_size.  23: x + float4e2m1; output_dtype chooses y.
//   24: scale + float8e8m0 (y's type then comes from output_dtype).  25: x + int2, uint2.
#include <cmath>

#include "numeric/exact_sum.h"
#include "ops/float_dispatch.h"
#include "ops/quant/quant_layout.h"
#include "ops/quant/register.h"
#include "runtime/element_values.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// (d * s) rounded once to S.
template <class S>
S dequantize_product(double d, double s) {
  const double p = d * s;
  if (!std::isfinite(p)) return narrow<S>(p);
  const double e = std::fma(d, s, -p);
  if (e == 0) return narrow<S>(p);
  ExactSum sum;
  sum.add(p);
  sum.add(e);
  return narrow<S>(std::is_same_v<S, double> ? sum.round_nearest() : sum.round_odd());
}

// The attributes, parsed at load; the defaults stand in for those a version does not have.
struct DequantizeParams {
  int64_t axis = 1, block_size = 0;
  std::optional<ElementType> output_type;  // nullopt: x_scale's type
};

DequantizeParams parse_dequantize_params(const Attributes& attrs, int since) {
  DequantizeParams p;
  if (since >= 13) p.axis = attrs.get_int("axis");
  if (since >= 21) p.block_size = attrs.get_int("block_size");
  if (since >= 23 && attrs.get_int("output_dtype") != 0)
    p.output_type = element_type_from_code(static_cast<int32_t>(attrs.get_int("output_dtype")));
  return p;
}

std::vector<Value> dequantize_linear(const KernelContext& ctx, const DequantizeParams& params, int since) {
  const Tensor& x = ctx.input(0);
  const Tensor& scale = ctx.input(1);
  const Tensor* zp = ctx.has_input(2) ? &ctx.input(2) : nullptr;
  const quant::QuantLayout layout =
      quant::quant_layout(x, scale, zp, since >= 13, params.axis, params.block_size, "x_scale");
  ElementType out_type = scale.type();
  if (params.output_type) {
    out_type = *params.output_type;
  } else if (scale.type() == ElementType::Float8E8M0) {
    throw Error("a float8e8m0 x_scale needs attribute 'output_dtype' to choose y's type");
  }
  // Every version: "In the case of dequantizing int32, there's no zero point (zero point is
  // supposed to be 0)". A zero point of zeros is taken; any other value is refused.
  if (zp && x.type() == ElementType::Int32)
    for (int64_t k = 0; k < zp->element_count(); ++k)
      if (const int64_t z = quant::quant_read_integer(zp->type(), zp->data(), k); z != 0)
        throw Error("x is int32, whose zero point is 0 by the spec, but x_zero_point[" + std::to_string(k) +
                    "] = " + std::to_string(z));
  Tensor y = Tensor::uninitialized(out_type, x.shape());
  const bool integer = quant::quant_integer_range(x.type()).has_value();
  dispatch_float(out_type, "DequantizeLinear", [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* py = reinterpret_cast<S*>(y.mutable_data());
    for (int64_t i = 0; i < x.element_count(); ++i) {
      const int64_t k = layout.scale_index(i);
      const double s = read_real(scale.type(), scale.data(), k);
      double d = 0;
      if (integer) {
        const int64_t z = zp ? quant::quant_read_integer(zp->type(), zp->data(), k) : 0;
        d = static_cast<double>(quant::quant_read_integer(x.type(), x.data(), i) - z);  // below 2^33: exact
      } else {
        d = read_real(x.type(), x.data(), i) - (zp ? read_real(zp->type(), zp->data(), k) : 0.0);
      }
      py[i] = dequantize_product<S>(d, s);
    }
  });
  return {y};
}

OpVersion dequantize_linear_version(int since, const TypeSet& x_types, const TypeSet& scale_types) {
  using ET = ElementType;
  OpVersion v;
  v.op_type = "DequantizeLinear";
  v.since_version = since;
  if (since < 19) {
    v.inputs = {{"x", "T"}, {"x_scale", "tensor(float)"}, {"x_zero_point", "T", ParamOption::Optional}};
    v.outputs = {{"y", "tensor(float)"}};
    v.type_constraints = {{"T", x_types}, {"tensor(float)", TypeSet{ET::Float}, "tensor(float)"}};
  } else {
    v.inputs = {{"x", "T1"}, {"x_scale", "T2"}, {"x_zero_point", "T1", ParamOption::Optional}};
    v.outputs = {{"y", since >= 23 ? "T3" : "T2"}};
    v.type_constraints = {{"T1", x_types}, {"T2", scale_types}};
    if (since >= 23) v.type_constraints.push_back({"T3", TypeSet{ET::BFloat16, ET::Float, ET::Float16}});
  }
  if (since >= 13) v.attributes.push_back({"axis", AttrType::Int, false, int64_t{1}});
  if (since >= 21) v.attributes.push_back({"block_size", AttrType::Int, false, int64_t{0}});
  if (since >= 23) {
    v.attributes.push_back({"output_dtype", AttrType::Int, false, int64_t{0}});
    v.check_attributes = [](const Attributes& attrs) {
      const int64_t d = attrs.get_int("output_dtype");
      if (d != 0 && d != code_of(ET::Float) && d != code_of(ET::Float16) && d != code_of(ET::BFloat16))
        throw Error("attribute 'output_dtype' must be 0 or float (1), float16 (10) or bfloat16 (16), got " +
                    std::to_string(d));
    };
    v.attribute_type = [](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
      const int64_t d = attrs.get_int("output_dtype");
      if (var != "T3" || d == 0) return std::nullopt;
      return element_type_from_code(static_cast<int32_t>(d));
    };
  }
  v.set_kernel([since](const Attributes& attrs) { return parse_dequantize_params(attrs, since); },
               [since](const KernelContext& ctx, const DequantizeParams& params) {
                 return dequantize_linear(ctx, params, since);
               });
  return v;
}

}  // namespace

void register_dequantize_linear(Registry& registry) {
  using ET = ElementType;
  const TypeSet x10{ET::Int32, ET::Int8, ET::UInt8};
  const TypeSet x19 = x10.with({ET::Float8E4M3FN, ET::Float8E4M3FNUZ, ET::Float8E5M2, ET::Float8E5M2FNUZ});
  const TypeSet x21 = x19.with({ET::Int16, ET::UInt16, ET::Int4, ET::UInt4});
  const TypeSet x23 = x21.with({ET::Float4E2M1});
  const TypeSet x25 = x23.with({ET::Int2, ET::UInt2});
  const TypeSet s19{ET::BFloat16, ET::Float, ET::Float16};
  const TypeSet s24 = s19.with({ET::Float8E8M0});
  registry.add(dequantize_linear_version(10, x10, {}));
  registry.add(dequantize_linear_version(13, x10, {}));
  registry.add(dequantize_linear_version(19, x19, s19));
  registry.add(dequantize_linear_version(21, x21, s19));
  registry.add(dequantize_linear_version(23, x23, s19));
  registry.add(dequantize_linear_version(24, x23, s24));
  registry.add(dequantize_linear_version(25, x25, s24));
  registry.declare_accuracy("DequantizeLinear",
                            {AccuracyKind::CorrectlyRounded, "the exact (x - zero_point) * scale rounded once"});
}

}  // namespace onnx_ref
