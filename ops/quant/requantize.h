#pragma once
// Requantization of an exact integer accumulation, shared by QLinearMatMul and QLinearConv:
// y = saturate(round(acc * s1 * s2 / s3) + zero_point), where the real value acc * s1 * s2 / s3 is
// taken exactly (the scales as the model holds them) and rounded once to the nearest integer, ties
// to even. Integer arithmetic only (tested in tests/test_qlinear.cpp against exact rationals).
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref::quant {

// s1 * s2 / s3 exactly: sign * num / den * 2^exp2 with integer num, den.
struct ScaleRatio {
  bool negative = false;
  uint64_t num = 0;  // <= 52 bits (two significands of <= 26 bits)
  uint64_t den = 1;  // <= 26 bits
  int exp2 = 0;
};

// The exact ratio of three finite scales with s3 non-zero; each must have at most 26 significant
// bits (float, float16 and bfloat16 values do); the callers check both (a logic error otherwise).
ScaleRatio scale_ratio(double s1, double s2, double s3);

// round(acc * r), nearest, ties to even, plus zero_point, clamped to [lo, hi]. |acc| < 2^40.
int64_t requantize(int64_t acc, const ScaleRatio& r, int64_t zero_point, int64_t lo, int64_t hi);

// Every element of a scale input, checked: finite (and non-zero for a divisor, y_scale); Error
// naming the input and element otherwise. Read exactly (float, float16, bfloat16).
std::vector<double> read_scales(const Tensor& scale, const std::string& name, bool divisor);

// The clamp range of an 8-bit output type (int8 or uint8); Error naming any other.
void integer_output_range(ElementType type, const std::string& op, int64_t& lo, int64_t& hi);

}  // namespace onnx_ref::quant
