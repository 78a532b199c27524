#pragma once
// The arithmetic of quantization, shared by QuantizeLinear and DynamicQuantizeLinear (tested in
// tests/test_quant.cpp against exact rationals).
#include <cstdint>

#include "runtime/element_type.h"

namespace onnx_ref::quant {

// a / b correctly rounded once (nearest, ties to even) to `precision`: float, float16 or bfloat16,
// or double for anything else. a and b finite, b non-zero, each with at most 53 significant bits
// and within float's exponent range or int32's. The double quotient is made "round to odd" from
// its exact remainder, so the second rounding to a narrower precision is innocuous.
double quotient_in_precision(double a, double b, ElementType precision);

// q rounded to the nearest integer, ties to even, and clamped to [lo, hi] (±inf go to the bounds).
int64_t round_half_even_clamped(double q, int64_t lo, int64_t hi);

}  // namespace onnx_ref::quant
