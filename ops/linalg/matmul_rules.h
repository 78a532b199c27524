#pragma once
// Shape rules of MatMul (numpy.matmul) as pure functions, and the batched run over the engine.
#include <cstdint>

#include "ops/registry.h"
#include "runtime/tensor.h"

namespace onnx_ref::linalg {

// numpy.matmul's shapes: a 1-D A is a row [1, K] and a 1-D B a column [K, 1], and that dimension is
// dropped from the output; the batch dimensions (all but the last two) broadcast
// multidirectionally. Throws Error naming the rule: a rank-0 operand, inner dimensions that differ,
// batch dimensions that do not broadcast, an output whose element count overflows.
struct MatMulShapes {
  Shape batch;             // the broadcast batch dimensions
  Shape a_batch, b_batch;  // each operand's batch dims, left-padded with 1s to batch's rank
  int64_t M = 0, K = 0, N = 0;
  Shape out;
};
MatMulShapes matmul_shapes(const Shape& a, const Shape& b);

// Y = A x B over the shapes above, every output the exact sum rounded once (gemm/dot.h).
Tensor matmul(const Tensor& a, const Tensor& b);

}  // namespace onnx_ref::linalg
