#pragma once
// Rounding to odd in double: the result is the exact value truncated toward zero with its last bit
// set when anything was cut. A value rounded to odd in double and then rounded once more to any
// format of at most 51 bits (float, float16, bfloat16) is the exact value rounded once, which a
// plain double intermediate does not guarantee.
#include <bit>
#include <cmath>
#include <cstdint>

namespace onnx_ref {

// s = the double nearest to the exact value, `err` = the exact value minus s (the exact error term
// of an fma or a TwoSum). The exact value lies strictly between s and its neighbour toward err, and
// exactly one of those two has an odd last bit.
inline double odd_from_nearest(double s, double err) {
  if (err == 0 || !std::isfinite(s)) return s;
  if (std::bit_cast<uint64_t>(s) & 1) return s;
  return std::nextafter(s, err > 0 ? INFINITY : -INFINITY);
}

// a + b rounded to odd (TwoSum gives the exact error).
inline double add_round_odd(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  const double err = (a - (s - bb)) + (b - bb);
  return odd_from_nearest(s, err);
}

// a / b rounded to odd, for finite a and nonzero finite b whose quotient is a normal double (the
// remainder a - q b is then exact).
inline double div_round_odd(double a, double b) {
  const double q = a / b;
  const double r = std::fma(-q, b, a);
  return odd_from_nearest(q, b > 0 ? r : -r);
}

}  // namespace onnx_ref
