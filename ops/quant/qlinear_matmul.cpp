// ONNX QLinearMatMul (10, 21): numpy.matmul of quantized operands, requantized. Contract: correctly
// rounded — with the integer accumulation acc = sum_k (a - a_zero_point) * (b - b_zero_point)
// (exact; the spec lets only the 32-bit accumulation overflow, and it then wraps modulo 2^32), each
// output is saturate(round(acc * a_scale * b_scale / y_scale) + y_zero_point): the real value of
// the spec's "x / y_scale" taken exactly from the scales as the model holds them and rounded once to
// the nearest integer, ties to even (ops/quant/requantize.h). No intermediate product of scales is
// rounded to the scales' type.
// Scales and zero points: per tensor (one element), per row of a ([M] or [..., M, 1]) and per column
// of b ([N] or [..., 1, N]); a scale and its zero point must be read the same way. y_scale and
// y_zero_point are per tensor. Shapes: ops/linalg/matmul_rules.h.
//   10: int8, uint8; float scales.  21: + the four float8 types (refused at run time: not
//   implemented); float16 and bfloat16 scales.
#include "ops/linalg/int8_matmul.h"
#include "ops/linalg/matmul_rules.h"
#include "ops/linalg/zero_point.h"
#include "ops/quant/register.h"
#include "ops/quant/requantize.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

// How a's (or b's) scale and zero point are read against the operand (zero_point.h's shapes); the
// two must agree.
Shape qlinear_matmul_read_shape(const KernelContext& ctx, const Tensor& x, size_t scale_in, size_t zp_in, bool is_b) {
  const size_t r = x.rank();
  const size_t vector_axis = r < 2 ? r : (is_b ? r - 1 : r - 2);
  const size_t along = is_b ? (r >= 2 ? r - 2 : 0) : r - 1;
  const std::string op = is_b ? "b" : "a";
  const Tensor& scale = ctx.input(scale_in);
  const Tensor& zp = ctx.input(zp_in);
  const Shape ss = linalg::zero_point_shape(scale, x, op + "_scale", vector_axis, along, r >= 2);
  const Shape zs = linalg::zero_point_shape(zp, x, op + "_zero_point", vector_axis, along, r >= 2);
  if (ss != zs || scale.element_count() != zp.element_count())
    throw Error(op + "_scale " + scale.describe() + " and " + op + "_zero_point " + zp.describe() +
                " must have the same shape");
  return ss;
}

std::vector<Value> qlinear_matmul(const KernelContext& ctx) {
  const Tensor& a = ctx.input(0);
  const Tensor& b = ctx.input(3);
  int64_t lo = 0, hi = 0;
  quant::integer_output_range(a.type(), "QLinearMatMul", lo, hi);
  quant::integer_output_range(b.type(), "QLinearMatMul", lo, hi);
  quant::integer_output_range(ctx.input(7).type(), "QLinearMatMul", lo, hi);
  const linalg::MatMulShapes ms = linalg::matmul_shapes(a.shape(), b.shape());
  const Shape a_read = qlinear_matmul_read_shape(ctx, a, 1, 2, false);
  const Shape b_read = qlinear_matmul_read_shape(ctx, b, 4, 5, true);
  const Tensor& y_scale = ctx.input(6);
  const Tensor& y_zp = ctx.input(7);
  if (y_scale.rank() > 1 || y_scale.element_count() != 1 || y_zp.rank() > 1 || y_zp.element_count() != 1)
    throw Error("y_scale " + y_scale.describe() + " and y_zero_point " + y_zp.describe() +
                " must be scalars (one scale per tensor)");
  const std::vector<double> as = quant::read_scales(ctx.input(1), "a_scale", false);
  const std::vector<double> bs = quant::read_scales(ctx.input(4), "b_scale", false);
  const double ys = quant::read_scales(y_scale, "y_scale", true)[0];
  const int64_t yz = y_zp.type() == ElementType::Int8 ? *y_zp.data_as<int8_t>() : *y_zp.data_as<uint8_t>();

  const Tensor acc = linalg::int8_matmul(a, &ctx.input(2), a_read, b, &ctx.input(5), b_read);
  // The output with both matrix axes kept: a 1-D operand's dropped axis has length 1, so the flat
  // order is the same, and the scales' read shapes align with it from the right.
  Shape full = ms.batch;
  full.push_back(ms.M);
  full.push_back(ms.N);
  Tensor y = Tensor::uninitialized(y_zp.type(), ms.out);
  const int32_t* pa = acc.data_as<int32_t>();
  auto run = [&](auto tag) {
    using Q = typename decltype(tag)::type;
    Q* py = reinterpret_cast<Q*>(y.mutable_data());
    for_each_broadcast_row<2>(
        full, {&a_read, &b_read},
        [&](int64_t o, const std::array<int64_t, 2>& off, const std::array<int64_t, 2>& step, int64_t n) {
          for (int64_t j = 0; j < n; ++j) {
            const double sa = as[static_cast<size_t>(off[0] + j * step[0])],
                         sb = bs[static_cast<size_t>(off[1] + j * step[1])];
            py[o + j] = static_cast<Q>(quant::requantize_fast(pa[o + j], sa * sb / ys, sa, sb, ys, yz, lo, hi));
          }
        });
  };
  if (y.type() == ElementType::Int8)
    run(std::type_identity<int8_t>{});
  else
    run(std::type_identity<uint8_t>{});
  return {std::move(y)};
}

OpVersion qlinear_matmul_version(int since, const TypeSet& quantized, const TypeSet& scales) {
  OpVersion v;
  v.op_type = "QLinearMatMul";
  v.since_version = since;
  const std::string ts = since >= 21 ? "TS" : "tensor(float)";
  v.inputs = {{"a", "T1"},     {"a_scale", ts},        {"a_zero_point", "T1"}, {"b", "T2"},
              {"b_scale", ts}, {"b_zero_point", "T2"}, {"y_scale", ts},        {"y_zero_point", "T3"}};
  v.outputs = {{"y", "T3"}};
  v.type_constraints = {{"T1", quantized}, {"T2", quantized}, {"T3", quantized}};
  if (since >= 21)
    v.type_constraints.insert(v.type_constraints.begin(), TypeConstraint{"TS", scales});
  else
    v.type_constraints.push_back({"tensor(float)", scales, "tensor(float)"});
  v.kernel = qlinear_matmul;
  return v;
}

}  // namespace

void register_qlinear_matmul(Registry& registry) {
  using ET = ElementType;
  const TypeSet eight_bit{ET::Int8, ET::UInt8};
  registry.add(qlinear_matmul_version(10, eight_bit, TypeSet{ET::Float}));
  registry.add(qlinear_matmul_version(
      21, eight_bit.with({ET::Float8E4M3FN, ET::Float8E4M3FNUZ, ET::Float8E5M2, ET::Float8E5M2FNUZ}),
      TypeSet{ET::Float, ET::Float16, ET::BFloat16}));
  registry.declare_accuracy(
      "QLinearMatMul",
      {AccuracyKind::CorrectlyRounded,
       "the exact integer sum times a_scale b_scale / y_scale rounded once to an integer, ties to even, saturated"});
}

}  // namespace onnx_ref
