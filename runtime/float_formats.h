#pragma once
// Conversions between double and the small floating-point formats: float16 and bfloat16 (through
// Eigen::half / Eigen::bfloat16), the four float8 types, float8e8m0 and float4e2m1.
// Decoding is exact: every value of these formats is a double. Encoding rounds to nearest, ties to
// even, with saturation as in the ONNX Cast operator (SPEC-NOTES "Converting to and from the small
// float types").
#include <cstdint>
#include <optional>

#include "runtime/element_type.h"

namespace onnx_ref {

enum class E8M0Rounding { Up, Down, Nearest };

// `bits` holds the format's bit pattern in its low bits (16, 8 or 4 of them).
// Valid for Float16, BFloat16, the four Float8 types, Float8E8M0 and Float4E2M1.
double decode_small_float(ElementType type, uint32_t bits);
// Rounds `value` to the format. saturate = true is Cast's default; float8e8m0 uses `e8m0_rounding`.
uint32_t encode_small_float(ElementType type, double value, bool saturate = true,
                            E8M0Rounding e8m0_rounding = E8M0Rounding::Up);
bool is_small_float(ElementType type);

// The parameters of one of the four float8 types, for encoders that convert many values at once:
// below the largest finite value, encoding is rounding the mantissa and rebiasing the exponent.
struct Float8Layout {
  int mantissa_bits;
  int bias;
  bool has_negative_zero;  // false for the FNUZ types, whose "-0" pattern is their NaN
  double max_finite;       // the largest finite value
};
// nullopt for every other element type.
std::optional<Float8Layout> float8_layout(ElementType type);

}  // namespace onnx_ref
