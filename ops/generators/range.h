#pragma once
// The element count and elements of Range as pure functions, for the kernel and its tests.
#include <cstdint>

namespace onnx_ref {

// max(ceil((limit - start) / delta), 0) for integer inputs, computed exactly in 128 bits.
// Throws Error when delta is 0 or the count exceeds int64.
int64_t range_count_integer(int64_t start, int64_t limit, int64_t delta);

// max(ceil((limit - start) / delta), 0) for floating inputs (float16, bfloat16, float values
// widened exactly to double, or doubles), computed on the exact real values: no rounding of
// limit - start, of the quotient, or of a cast to float. Throws Error when delta is 0, when an
// input is infinite or NaN, or when the count exceeds 2^62 (never allocatable).
int64_t range_count_floating(double start, double limit, double delta);

// start + i * delta, the exact value rounded once (nearest, ties to even) to double (`to_odd`
// false), or rounded "to odd" in double (`to_odd` true: a later rounding to float, float16 or
// bfloat16 is then the correctly rounded value).
double range_element(double start, double delta, int64_t i, bool to_odd);

}  // namespace onnx_ref
