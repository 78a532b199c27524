#pragma once
// The exact sum of binary floating-point values, shared by every operator whose result is a sum
// rounded once (ReduceSum, ReduceMean, Mean, Sum, Range's end point, the dot-product fallback).
#include <cstdint>

namespace onnx_ref {

// The exact sum of binary floating-point values (doubles and products of a double with an
// integer), held as a signed fixed-point integer in units of 2^-1074 (the smallest double),
// wide enough for 2^63 additions of the largest double. Digits are 32 bits kept in int64_t limbs,
// so an addition touches three limbs and carries are propagated only once every 2^30 additions.
class ExactSum {
 public:
  ExactSum() = default;
  // Adds x exactly; infinities and NaN are recorded apart.
  void add(double x);
  // Adds n * x exactly (n < 2^63, x finite).
  void add_product(uint64_t n, double x);
  // True once a NaN, or both infinities, were added.
  bool is_nan() const { return nan_ || (pos_inf_ && neg_inf_); }
  // -1, 0 or 1: the sign of the finite part.
  int sign() const;
  // The sum rounded once to double, nearest, ties to even (±inf beyond the double range); the
  // recorded infinities and NaN take precedence. A zero sum is +0.
  double round_nearest() const;
  // The sum rounded to a double "to odd" (truncated, with the last bit set when anything was cut):
  // rounding that double to nearest in any format of at most 51 bits gives the correctly rounded
  // sum, so float, float16 and bfloat16 results are rounded once in effect. Finite sums only; the
  // magnitude must be within double's normal range or exact (true for sums of such values).
  double round_odd() const;
  // The sum divided by n (1 <= n < 2^32), rounded once: to nearest, ties to even, or to odd (for a
  // narrower format afterwards, as round_odd). The quotient is found by long division with 64 bits
  // below 2^-1074 and the remainder kept as a sticky bit, so subnormal quotients round right too.
  // NaN stays NaN and an infinity divided by n is that infinity (Mean, HardSwish's division by 6).
  double round_quotient(uint32_t n, bool to_odd) const;

 private:
  static constexpr int kDigits = 72;  // 2304 bits: 2^-1074 up to 2^1230
  void add_magnitude(uint64_t magnitude, bool negative, int position);
  void normalize();
  // Normalized magnitude digits of the finite part and its sign; false when zero.
  bool top_bits(uint64_t& mantissa, int& exponent, bool& sticky, bool& negative) const;
  int64_t digits_[kDigits] = {};
  int64_t pending_ = 0;
  bool nan_ = false, pos_inf_ = false, neg_inf_ = false;
};

}  // namespace onnx_ref
