#pragma once
// An independent oracle for results rounded once: the value num / den (integers, den > 0) rounded
// to nearest, ties to even, at `precision` significant bits, by integer division alone. Normal
// range only (the tests keep their values there). No floating arithmetic is involved except the
// final, exact ldexp.
#include <bit>
#include <cmath>
#include <cstdint>

namespace onnx_ref::testing {

inline int bit_length(unsigned __int128 v) {
  const auto hi = static_cast<uint64_t>(v >> 64), lo = static_cast<uint64_t>(v);
  return hi ? 128 - std::countl_zero(hi) : 64 - std::countl_zero(lo);
}

inline double round_rational(__int128 num, __int128 den, int precision) {
  if (num == 0) return 0.0;
  const bool negative = num < 0;
  unsigned __int128 n = negative ? static_cast<unsigned __int128>(-num) : static_cast<unsigned __int128>(num);
  unsigned __int128 d = static_cast<unsigned __int128>(den);
  // Scale n / d by 2^shift so that the quotient has precision + 1 bits (the last is the guard).
  int shift = 0;
  const int want = precision + 1;
  const int diff = bit_length(n) - bit_length(d);
  int s = want - diff;  // n * 2^s / d then has `want` or `want` + 1 bits
  if (s > 0) {
    const int room = 126 - bit_length(n);
    const int up = s < room ? s : room;
    n <<= up;
    shift += up;
    s -= up;
    if (s > 0) return std::nan("");  // beyond 128 bits: the tests keep their values smaller
  } else if (s < 0) {
    const int room = 126 - bit_length(d);
    const int up = -s < room ? -s : room;
    d <<= up;
    shift -= up;
  }
  unsigned __int128 q = n / d, r = n % d;
  while (bit_length(q) > want) {
    r = r | (q & 1);  // a non-zero remainder marker suffices for the sticky bit
    q >>= 1;
    --shift;
  }
  const bool sticky = r != 0;
  unsigned __int128 mant = q >> 1;
  const bool guard = (q & 1) != 0;
  if (guard && (sticky || (mant & 1))) ++mant;
  const double v = std::ldexp(static_cast<double>(mant), 1 - shift);
  return negative ? -v : v;
}

}  // namespace onnx_ref::testing
