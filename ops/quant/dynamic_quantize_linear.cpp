// ONNX DynamicQuantizeLinear-11: float32 x to uint8 with a scale and zero point computed from x's
// range (extended to include 0). Contract: rounded at named points —
//  - y_scale = fl(fl(max(0, max(x)) - min(0, min(x))) / 255): the spec's two float32 operations
//    (its function body's Sub and Div), each rounded to nearest, ties to even;
//  - y_zero_point = round(clamp(-fl(min(0, min(x)) / y_scale), 0, 255)) and
//    y = clamp(round(fl(x / y_scale)) + y_zero_point, 0, 255): each quotient is rounded once to
//    float32, as the function body's Div and QuantizeLinear-10 compute it, and then to an integer,
//    ties to even (ops/quant/quantize_rules.h). Rounding the exact quotient straight to an integer
//    would be the ideal, but it is not what the spec defines: the official test
//    test_dynamicquantizelinear fixes 0.5 / fl(5 / 255), just below 25.5 exactly, whose float32
//    quotient is 25.5 and rounds to 26.
// When x is all zeros (or empty) the range is 0 and the spec's formulas divide 0 by 0: y_scale is
// then 0 (the spec's formula), y_zero_point 0 and y 0, the only values that dequantize back to x.
// NaN or infinite elements, a range that overflows float32 and a non-zero range whose scale
// rounds to 0 are refused: no float32 scale describes them.
#include <cmath>

#include "ops/quant/register.h"
#include "ops/quant/quantize_rules.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

std::vector<Value> dynamic_quantize_linear(const KernelContext& ctx) {
  const Tensor& x = ctx.input(0);
  const float* px = x.data_as<float>();
  const int64_t n = x.element_count();
  float lo = 0, hi = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (!std::isfinite(px[i]))
      throw Error("DynamicQuantizeLinear needs finite x, but element " + std::to_string(i) + " is " +
                  (std::isnan(px[i]) ? "NaN" : px[i] > 0 ? "inf" : "-inf"));
    lo = std::min(lo, px[i]);
    hi = std::max(hi, px[i]);
  }
  const float range = hi - lo;  // float32 arithmetic, rounded once: the spec's Sub
  if (!std::isfinite(range)) throw Error("the range of x (max - min) overflows float32");
  const float scale = range / 255.0f;  // the spec's Div
  Tensor y = Tensor::uninitialized(ElementType::UInt8, x.shape());
  uint8_t* py = reinterpret_cast<uint8_t*>(y.mutable_data());
  int64_t zp = 0;
  if (scale == 0) {
    // A range of a few subnormals also gives a zero scale (2^-149 / 255 rounds to 0), and no
    // float32 scale quantizes it: refused.
    if (range != 0) throw Error("the range of x is non-zero but below 128 * 2^-149, and no float32 scale quantizes it");
    for (int64_t i = 0; i < n; ++i) py[i] = 0;
  } else {
    zp = quant::round_half_even_clamped(-quant::quotient_in_precision(lo, scale, ElementType::Float), 0, 255);
    for (int64_t i = 0; i < n; ++i) {
      const double q = quant::quotient_in_precision(px[i], scale, ElementType::Float);
      py[i] = static_cast<uint8_t>(quant::round_half_even_clamped(q, -zp, 255 - zp) + zp);
    }
  }
  Tensor s = Tensor::from_values<float>(ElementType::Float, {}, {scale});
  Tensor z = Tensor::from_values<uint8_t>(ElementType::UInt8, {}, {static_cast<uint8_t>(zp)});
  return {y, s, z};
}

}  // namespace

void register_dynamic_quantize_linear(Registry& registry) {
  using ET = ElementType;
  OpVersion v;
  v.op_type = "DynamicQuantizeLinear";
  v.since_version = 11;
  v.inputs = {{"x", "T1"}};
  v.outputs = {{"y", "T2"}, {"y_scale", "tensor(float)"}, {"y_zero_point", "T2"}};
  v.type_constraints = {{"T1", TypeSet{ET::Float}}, {"T2", TypeSet{ET::UInt8}},
                        {"tensor(float)", TypeSet{ET::Float}, "tensor(float)"}};
  v.kernel = dynamic_quantize_linear;
  registry.add(std::move(v));
  registry.declare_accuracy("DynamicQuantizeLinear",
                            {AccuracyKind::RoundedAtNamedPoints, "y_scale from two float32 operations, each rounded once; each quotient rounded to float32, then to an integer, ties to even"});
}

}  // namespace onnx_ref
