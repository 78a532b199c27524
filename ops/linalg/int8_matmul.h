#pragma once
// The integer matrix product behind MatMulInteger and QLinearMatMul: numpy.matmul's shapes
// (ops/linalg/matmul_rules.h), each output sum_k (A - a_zero_point) * (B - b_zero_point) modulo
// 2^32 as int32, on the packed 8-bit kernels of gemm/int8_gemm.h, on every thread.
#include "runtime/tensor.h"

namespace onnx_ref::linalg {

// A and B int8 or uint8. A zero point (null: 0) has its operand's type and is read as the shape
// ops/linalg/zero_point.h's zero_point_shape gave for it (empty: one per tensor); it must be
// constant along K.
Tensor int8_matmul(const Tensor& a, const Tensor* a_zero_point, const Shape& a_zp_shape, const Tensor& b,
                   const Tensor* b_zero_point, const Shape& b_zp_shape);

}  // namespace onnx_ref::linalg
