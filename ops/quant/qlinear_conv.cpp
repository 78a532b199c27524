// ONNX QLinearConv-10: Conv of quantized operands, requantized, with Conv's attributes (group,
// strides, dilations, pads, auto_pad, kernel_shape). Contract: correctly rounded — with the integer
// accumulation acc = B[m] + sum over the window of (x - x_zero_point) * (w - w_zero_point) (exact;
// padding contributes nothing, as if padded with x_zero_point; a 32-bit overflow, possible only
// beyond 33,025 taps, wraps modulo 2^32), each output is
// saturate(round(acc * x_scale * w_scale[m] / y_scale) + y_zero_point): the real value taken
// exactly from the float scales and rounded once to the nearest integer, ties to even
// (ops/quant/requantize.h).
// x_scale, x_zero_point, y_scale and y_zero_point are per tensor; w_scale and w_zero_point a
// scalar or a 1-D tensor of M elements (per output channel); B, when given, int32 of shape [M].
// The integer sums are ConvInteger's (ops/linalg/int8_conv.h).
#include <algorithm>

#include "ops/linalg/conv.h"
#include "ops/linalg/int8_conv.h"
#include "ops/linalg/zero_point.h"
#include "ops/quant/register.h"
#include "ops/quant/requantize.h"
#include "ops/window_rules.h"
#include "runtime/parallel_for.h"

namespace onnx_ref {

namespace {

void qlinear_conv_require_scalar(const Tensor& t, const std::string& name) {
  if (t.rank() > 1 || t.element_count() != 1)
    throw Error(name + " " + t.describe() + " must be a scalar (one per tensor)");
}

std::vector<Value> qlinear_conv(const KernelContext& ctx, const linalg::ConvParams& params) {
  const Tensor& x = ctx.input(0);
  const Tensor& w = ctx.input(3);
  int64_t lo = 0, hi = 0;
  quant::integer_output_range(ctx.input(7).type(), "QLinearConv", lo, hi);
  if (x.rank() < 3) throw Error("QLinearConv needs x of rank 3 or more [N, C, spatial...], but it is " + x.describe());
  if (w.rank() != x.rank())
    throw Error("QLinearConv's w must have x's rank " + std::to_string(x.rank()) +
                " [M, C/group, kernel...], but it is " + w.describe());
  const Tensor& x_scale = ctx.input(1);
  const Tensor& x_zp = ctx.input(2);
  const Tensor& w_scale = ctx.input(4);
  const Tensor& w_zp = ctx.input(5);
  const Tensor& y_scale = ctx.input(6);
  const Tensor& y_zp = ctx.input(7);
  qlinear_conv_require_scalar(x_scale, "x_scale");
  qlinear_conv_require_scalar(x_zp, "x_zero_point");
  qlinear_conv_require_scalar(y_scale, "y_scale");
  qlinear_conv_require_scalar(y_zp, "y_zero_point");
  const int64_t M = w.shape()[0];
  linalg::zero_point_shape(w_zp, w, "w_zero_point", 0, 1, false);
  linalg::zero_point_shape(w_scale, w, "w_scale", 0, 1, false);
  // "Each scale and zero-point pair must have same shape": both per tensor, or both per channel.
  if (w_scale.element_count() != w_zp.element_count())
    throw Error("w_scale " + w_scale.describe() + " and w_zero_point " + w_zp.describe() +
                " must have the same shape: both one value, or both one per output channel");
  if (ctx.has_input(8) && ctx.input(8).shape() != Shape{M})
    throw Error("QLinearConv's B must have shape [" + std::to_string(M) + "], but it is " + ctx.input(8).describe());
  const double xs = quant::read_scales(x_scale, "x_scale", false)[0];
  const std::vector<double> ws = quant::read_scales(w_scale, "w_scale", false);
  const double ys = quant::read_scales(y_scale, "y_scale", true)[0];
  const int64_t yz = y_zp.type() == ElementType::Int8 ? *y_zp.data_as<int8_t>() : *y_zp.data_as<uint8_t>();

  const Tensor acc = linalg::int8_conv(x, w, &x_zp, &w_zp, ctx.has_input(8) ? &ctx.input(8) : nullptr, params);
  // Each output channel's ratio x_scale * w_scale[m] / y_scale in double (requantize_fast decides
  // from it, or falls back to the exact division).
  std::vector<double> ratio;
  for (double s : ws) ratio.push_back(xs * s / ys);
  Tensor y = Tensor::uninitialized(y_zp.type(), acc.shape());
  const int32_t* pa = acc.data_as<int32_t>();
  const int64_t plane = acc.shape()[0] * M == 0 ? 0 : acc.element_count() / (acc.shape()[0] * M);
  auto run = [&](auto tag) {
    using Q = typename decltype(tag)::type;
    Q* py = reinterpret_cast<Q*>(y.mutable_data());
    parallel_for(acc.element_count(), int64_t{1} << 15, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end;) {
        const int64_t image_channel = i / plane, stop = std::min(end, (image_channel + 1) * plane);
        const size_t m = ratio.size() == 1 ? 0 : static_cast<size_t>(image_channel % M);
        for (; i < stop; ++i)
          py[i] = static_cast<Q>(quant::requantize_fast(pa[i], ratio[m], xs, ws[m], ys, yz, lo, hi));
      }
    });
  };
  if (y.type() == ElementType::Int8)
    run(std::type_identity<int8_t>{});
  else
    run(std::type_identity<uint8_t>{});
  return {std::move(y)};
}

}  // namespace

void register_qlinear_conv(Registry& registry) {
  using ET = ElementType;
  OpVersion v;
  v.op_type = "QLinearConv";
  v.since_version = 10;
  v.inputs = {{"x", "T1"},
              {"x_scale", "tensor(float)"},
              {"x_zero_point", "T1"},
              {"w", "T2"},
              {"w_scale", "tensor(float)"},
              {"w_zero_point", "T2"},
              {"y_scale", "tensor(float)"},
              {"y_zero_point", "T3"},
              {"B", "T4", ParamOption::Optional}};
  v.outputs = {{"y", "T3"}};
  v.attributes = linalg::conv_attributes();
  v.type_constraints = {{"T1", TypeSet{ET::Int8, ET::UInt8}},
                        {"T2", TypeSet{ET::Int8, ET::UInt8}},
                        {"T3", TypeSet{ET::Int8, ET::UInt8}},
                        {"T4", TypeSet{ET::Int32}},
                        {"tensor(float)", TypeSet{ET::Float}, "tensor(float)"}};
  v.set_kernel(linalg::parse_conv_params, qlinear_conv);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "QLinearConv",
      {AccuracyKind::CorrectlyRounded,
       "the exact integer sum times x_scale w_scale / y_scale rounded once to an integer, ties to even, saturated"});
}

}  // namespace onnx_ref
