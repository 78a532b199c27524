#pragma once
// An exact sum divided by a count, rounded once: the average of the averaging pools.
#include <cstdint>

#include "numeric/exact_sum.h"

namespace onnx_ref::gemm {

// sum / count (count >= 1) rounded once to the storage type S (float, double, Float16Bits,
// BFloat16Bits), nearest, ties to even. A candidate from the double quotient is checked against the
// exact midpoints to its neighbours (sign of sum - count * midpoint, computed exactly in ExactSum)
// and moved until it is the right one. NaN and infinities follow IEEE. Limits: a double sum beyond
// the double range gives the infinity; a double quotient below 2^-1073 may be off by its last bit
// (the midpoint of two subnormal neighbours is not a double); an exactly zero average is +0.
template <class S>
S round_quotient(const ExactSum& sum, uint64_t count);

}  // namespace onnx_ref::gemm
