#pragma once
// An independent oracle for correctly rounded results: a nonnegative value n * 2^e (n an exact
// 128-bit integer, `sticky` when something nonzero but below 2^e was cut, e.g. a division's
// remainder) rounded to a binary format of p significand bits whose smallest subnormal is 2^emin,
// to nearest, ties to even, with plain integer arithmetic. Used by the tests of element-wise
// operators instead of onnx-ref's own rounding code.
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace onnx_ref::testing {

struct Format {
  int precision;  // significand bits, the implicit one included
  int emin;       // exponent of the smallest subnormal
};
inline constexpr Format kHalf{11, -24};
inline constexpr Format kBFloat{8, -133};
inline constexpr Format kSingle{24, -149};
inline constexpr Format kDouble{53, -1074};

inline double round_dyadic(unsigned __int128 n, int e, bool sticky, Format f) {
  if (n == 0) {
    if (sticky) throw std::logic_error("round_dyadic: a sticky bit needs integer bits above it");
    return 0.0;
  }
  int msb = 127;
  while (((n >> msb) & 1) == 0) --msb;
  const int top = msb + e;  // the value lies in [2^top, 2^(top + 1))
  int lsb = top - (f.precision - 1);
  if (lsb < f.emin) lsb = f.emin;
  const int shift = lsb - e;
  if (shift < 2) throw std::logic_error("round_dyadic: give at least two bits below the result's last one");
  const unsigned __int128 kept = n >> shift;
  const unsigned __int128 rest = n & ((static_cast<unsigned __int128>(1) << shift) - 1);
  const unsigned __int128 half = static_cast<unsigned __int128>(1) << (shift - 1);
  const bool up = rest > half || (rest == half && (sticky || (kept & 1)));
  return std::ldexp(static_cast<double>(kept + (up ? 1 : 0)), lsb);
}

// (n / d) * 2^e rounded: n scaled up by 2^extra first so that the quotient has bits to spare.
inline double round_quotient(unsigned __int128 n, uint64_t d, int e, Format f, int extra = 40) {
  const unsigned __int128 scaled = n << extra;
  return round_dyadic(scaled / d, e - extra, scaled % d != 0, f);
}

// A signed value: the sign applied after rounding the magnitude (rounding to nearest is symmetric).
inline double round_signed(__int128 n, int e, Format f) {
  const double m = round_dyadic(static_cast<unsigned __int128>(n < 0 ? -n : n), e, false, f);
  return n < 0 ? -m : m;
}

}  // namespace onnx_ref::testing
