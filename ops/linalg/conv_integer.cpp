// ONNX ConvInteger-10: Conv of int8/uint8 operands minus their zero points, into int32, with Conv's
// attributes (group, strides, dilations, pads, auto_pad, kernel_shape). Contract: exact — each
// output is the exact sum of the products (x - x_zero_point) * (w - w_zero_point) over its window;
// padding contributes nothing (as if padded with x_zero_point). The 32-bit accumulation wraps
// modulo 2^32 (two's complement) if it overflows, which takes a window of more than 33,025 taps.
// x_zero_point is a scalar (per tensor); w_zero_point a scalar or a 1-D tensor of M elements (per
// output channel). The products run on the packed 8-bit kernels (ops/linalg/int8_conv.h).
#include "ops/linalg/conv.h"
#include "ops/linalg/int8_conv.h"
#include "ops/linalg/register.h"
#include "ops/linalg/zero_point.h"
#include "ops/window_rules.h"

namespace onnx_ref {

namespace {

std::vector<Value> conv_integer(const KernelContext& ctx, const linalg::ConvParams& params) {
  const Tensor& x = ctx.input(0);
  const Tensor& w = ctx.input(1);
  if (x.rank() < 3) throw Error("ConvInteger needs x of rank 3 or more [N, C, spatial...], but it is " + x.describe());
  if (w.rank() != x.rank())
    throw Error("ConvInteger's w must have x's rank " + std::to_string(x.rank()) +
                " [M, C/group, kernel...], but it is " + w.describe());
  const Tensor* xzp = ctx.has_input(2) ? &ctx.input(2) : nullptr;
  const Tensor* wzp = ctx.has_input(3) ? &ctx.input(3) : nullptr;
  if (xzp && !(xzp->rank() <= 1 && xzp->element_count() == 1))
    throw Error("x_zero_point " + xzp->describe() + " must be a scalar (one zero point per tensor)");
  if (wzp) linalg::zero_point_shape(*wzp, w, "w_zero_point", 0, 1, false);
  return {linalg::int8_conv(x, w, xzp, wzp, nullptr, params)};
}

}  // namespace

void register_conv_integer(Registry& registry) {
  using ET = ElementType;
  OpVersion v;
  v.op_type = "ConvInteger";
  v.since_version = 10;
  v.inputs = {{"x", "T1"},
              {"w", "T2"},
              {"x_zero_point", "T1", ParamOption::Optional},
              {"w_zero_point", "T2", ParamOption::Optional}};
  v.outputs = {{"y", "T3"}};
  v.attributes = linalg::conv_attributes();
  v.type_constraints = {
      {"T1", TypeSet{ET::Int8, ET::UInt8}}, {"T2", TypeSet{ET::Int8, ET::UInt8}}, {"T3", TypeSet{ET::Int32}}};
  v.set_kernel(linalg::parse_conv_params, conv_integer);
  registry.add(std::move(v));
  registry.declare_accuracy("ConvInteger",
                            {AccuracyKind::Exact, "exact integer sums of products (the 32-bit accumulation wraps)"});
}

}  // namespace onnx_ref
