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

// requantize(acc, scale_ratio(s1, s2, s3), ...) by a double product when that decides it, the
// exact division otherwise. `ratio` is s1 * s2 / s3 in double (s1 * s2 is exact: two significands
// of at most 26 bits; the quotient is rounded once), so |ratio - R| <= 2^-53 |R| for the exact
// R = s1 s2 / s3, and v = fl(acc * ratio) is within |acc R| (2^-53 + 2^-53 + 2^-106) < 2^-51 |acc R|
// of acc R (a subnormal v within 2^-1074). Hence:
//  - |v| >= 2^21: |acc R| > 2^20, beyond every 8-bit range around any zero point in [-128, 255], so
//    the output saturates on v's side;
//  - |v| < 2^21: the error is below 2^-29. Round half to even changes value only at half-integers,
//    so when v is more than 2^-20 away from every half-integer, acc R lies on the same side of each
//    and rounds to the integer nearest v.
// Only an accumulation within 2^-20 of a tie takes the exact path (for random data about one in
// 2^19), so the result is requantize's in every case.
inline int64_t requantize_fast(int64_t acc, double ratio, double s1, double s2, double s3, int64_t zero_point,
                               int64_t lo, int64_t hi) {
  const double v = static_cast<double>(acc) * ratio;
  if (v >= 0x1p21) return hi;
  if (v <= -0x1p21) return lo;
  const double n = __builtin_nearbyint(v);  // ties to even; v - n is exact (|v - n| <= 1/2, |v| < 2^21)
  const double d = v - n;
  if (__builtin_fabs(__builtin_fabs(d) - 0.5) > 0x1p-20) {
    const int64_t y = static_cast<int64_t>(n) + zero_point;
    return y < lo ? lo : y > hi ? hi : y;
  }
  return requantize(acc, scale_ratio(s1, s2, s3), zero_point, lo, hi);
}

// Every element of a scale input, checked: finite (and non-zero for a divisor, y_scale); Error
// naming the input and element otherwise. Read exactly (float, float16, bfloat16).
std::vector<double> read_scales(const Tensor& scale, const std::string& name, bool divisor);

// The clamp range of an 8-bit output type (int8 or uint8); Error naming any other.
void integer_output_range(ElementType type, const std::string& op, int64_t& lo, int64_t& hi);

}  // namespace onnx_ref::quant
