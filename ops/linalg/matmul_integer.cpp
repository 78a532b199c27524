// ONNX MatMulInteger-10: numpy.matmul of int8/uint8 operands minus their zero points, into int32.
// Contract: exact — each output is the exact sum of the exact products (A - a_zero_point) *
// (B - b_zero_point); the spec lets only the 32-bit accumulation overflow, and it then wraps modulo
// 2^32 (two's complement; possible only when K exceeds 33,025). Zero points: a scalar (per tensor),
// a 1-D vector per row of A ([M]) or per column of B ([N]), or a tensor of the operand's rank with 1
// at the K axis ([D1, D2, M, 1], [D1, D2, 1, N]) broadcasting to it. Shapes:
// ops/linalg/matmul_rules.h; arithmetic: the packed 8-bit kernels (ops/linalg/int8_matmul.h).
#include "ops/linalg/int8_matmul.h"
#include "ops/linalg/matmul_rules.h"
#include "ops/linalg/register.h"
#include "ops/linalg/zero_point.h"

namespace onnx_ref {

namespace {

// The shape the operand's zero point is read as (empty: one per tensor, or none).
Shape matmul_integer_zero_point(const KernelContext& ctx, size_t input, size_t zp_input, bool is_b) {
  const Tensor& x = ctx.input(input);
  if (x.rank() == 0)
    throw Error(std::string(is_b ? "B" : "A") + " must have rank 1 or more, but it is " + x.describe());
  if (!ctx.has_input(zp_input)) return {};
  const Tensor& zp = ctx.input(zp_input);
  const size_t r = x.rank();
  // A: constant along its last axis (K), a vector per row (axis r - 2). B: constant along axis r - 2
  // (K), a vector per column (its last axis).
  const size_t vector_axis = r < 2 ? r : (is_b ? r - 1 : r - 2);
  const size_t along = is_b ? (r >= 2 ? r - 2 : 0) : r - 1;
  return linalg::zero_point_shape(zp, x, is_b ? "b_zero_point" : "a_zero_point", vector_axis, along, r >= 2);
}

std::vector<Value> matmul_integer(const KernelContext& ctx) {
  // The shapes are checked first so that a mismatch is reported before any work.
  linalg::matmul_shapes(ctx.input(0).shape(), ctx.input(1).shape());
  const Shape azs = matmul_integer_zero_point(ctx, 0, 2, false);
  const Shape bzs = matmul_integer_zero_point(ctx, 1, 3, true);
  return {linalg::int8_matmul(ctx.input(0), ctx.has_input(2) ? &ctx.input(2) : nullptr, azs, ctx.input(1),
                              ctx.has_input(3) ? &ctx.input(3) : nullptr, bzs)};
}

}  // namespace

void register_matmul_integer(Registry& registry) {
  using ET = ElementType;
  OpVersion v;
  v.op_type = "MatMulInteger";
  v.since_version = 10;
  v.inputs = {{"A", "T1"},
              {"B", "T2"},
              {"a_zero_point", "T1", ParamOption::Optional},
              {"b_zero_point", "T2", ParamOption::Optional}};
  v.outputs = {{"Y", "T3"}};
  v.type_constraints = {
      {"T1", TypeSet{ET::Int8, ET::UInt8}}, {"T2", TypeSet{ET::Int8, ET::UInt8}}, {"T3", TypeSet{ET::Int32}}};
  v.kernel = matmul_integer;
  registry.add(std::move(v));
  registry.declare_accuracy("MatMulInteger",
                            {AccuracyKind::Exact, "exact integer sums of products (the 32-bit accumulation wraps)"});
}

}  // namespace onnx_ref
