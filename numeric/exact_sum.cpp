// ExactSum: a signed fixed-point integer over the whole double range (see exact_sum.h).
#include "numeric/exact_sum.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace onnx_ref {

void ExactSum::add_magnitude(uint64_t magnitude, bool negative, int position) {
  const int idx = position >> 5;
  const unsigned __int128 v = static_cast<unsigned __int128>(magnitude) << (position & 31);
  const auto d0 = static_cast<int64_t>(static_cast<uint32_t>(v));
  const auto d1 = static_cast<int64_t>(static_cast<uint32_t>(v >> 32));
  const auto d2 = static_cast<int64_t>(static_cast<uint64_t>(v >> 64));
  if (negative) {
    digits_[idx] -= d0;
    digits_[idx + 1] -= d1;
    digits_[idx + 2] -= d2;
  } else {
    digits_[idx] += d0;
    digits_[idx + 1] += d1;
    digits_[idx + 2] += d2;
  }
  // Each addition moves a limb by less than 2^32; int64_t limbs take 2^30 of them safely.
  if (++pending_ >= (int64_t{1} << 30)) normalize();
}

void ExactSum::normalize() {
  int64_t carry = 0;
  for (int i = 0; i < kDigits - 1; ++i) {
    const int64_t v = digits_[i] + carry;
    digits_[i] = v & 0xffffffff;
    carry = v >> 32;  // arithmetic: floor division by 2^32
  }
  digits_[kDigits - 1] += carry;
  pending_ = 0;
}

void ExactSum::add(double x) {
  const auto b = std::bit_cast<uint64_t>(x);
  const int e = static_cast<int>((b >> 52) & 0x7ff);
  uint64_t m = b & ((uint64_t{1} << 52) - 1);
  const bool negative = (b >> 63) != 0;
  if (e == 0x7ff) {
    if (m != 0)
      nan_ = true;
    else if (negative)
      neg_inf_ = true;
    else
      pos_inf_ = true;
    return;
  }
  if (e != 0) m |= uint64_t{1} << 52;
  if (m == 0) return;
  // x = m * 2^(max(e,1) - 1075) = m * 2^(position - 1074)
  add_magnitude(m, negative, std::max(e, 1) - 1);
}

void ExactSum::add_product(uint64_t n, double x) {
  const auto b = std::bit_cast<uint64_t>(x);
  const int e = static_cast<int>((b >> 52) & 0x7ff);
  uint64_t m = b & ((uint64_t{1} << 52) - 1);
  if (e != 0) m |= uint64_t{1} << 52;
  if (m == 0 || n == 0) return;
  const unsigned __int128 p = static_cast<unsigned __int128>(n) * m;  // < 2^116
  const bool negative = (b >> 63) != 0;
  const int position = std::max(e, 1) - 1;
  add_magnitude(static_cast<uint64_t>(p), negative, position);
  add_magnitude(static_cast<uint64_t>(p >> 64), negative, position + 64);
}

namespace {
// The top 64 bits of a number held in 32-bit digits, digit(i) (0 for i < 0), h the highest nonzero
// one: its top bit becomes bit 63; `sticky` gathers every bit below them. Returns them and sets
// `shift`: the number is about the result * 2^(32 (h - 2) + shift) digit units.
template <class Digit>
uint64_t top_64_bits(const Digit& digit, int h, bool& sticky, int& shift) {
  unsigned __int128 w = (static_cast<unsigned __int128>(digit(h)) << 64) |
                        (static_cast<unsigned __int128>(digit(h - 1)) << 32) | digit(h - 2);
  for (int i = 0; i < h - 2; ++i) sticky |= digit(i) != 0;
  // w below 2^96.
  const uint64_t hi = static_cast<uint64_t>(w >> 64), lo = static_cast<uint64_t>(w);
  const int msb = hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(lo);
  shift = msb - 63;
  if (shift > 0) {
    sticky |= (w & ((static_cast<unsigned __int128>(1) << shift) - 1)) != 0;
    w >>= shift;
  } else {
    w <<= -shift;
  }
  return static_cast<uint64_t>(w);
}
}  // namespace

bool ExactSum::top_bits(uint64_t& mantissa, int& exponent, bool& sticky, bool& negative) const {
  ExactSum c = *this;
  c.normalize();
  negative = c.digits_[kDigits - 1] < 0;
  if (negative) {
    for (auto& d : c.digits_) d = -d;
    c.normalize();
  }
  int h = kDigits - 1;
  while (h >= 0 && c.digits_[h] == 0) --h;
  if (h < 0) return false;
  // The digits are units of 2^-1074.
  sticky = false;
  int shift = 0;
  mantissa = top_64_bits([&](int i) -> uint64_t { return i >= 0 ? static_cast<uint64_t>(c.digits_[i]) : 0; }, h, sticky,
                         shift);
  exponent = 32 * (h - 2) - 1074 + shift;
  return true;
}

int ExactSum::sign() const {
  uint64_t m;
  int e;
  bool sticky, negative;
  if (!top_bits(m, e, sticky, negative)) return 0;
  return negative ? -1 : 1;
}

namespace {
double special_or_nothing(bool nan, bool pos_inf, bool neg_inf, bool& found) {
  found = true;
  if (nan || (pos_inf && neg_inf)) return std::numeric_limits<double>::quiet_NaN();
  if (pos_inf) return std::numeric_limits<double>::infinity();
  if (neg_inf) return -std::numeric_limits<double>::infinity();
  found = false;
  return 0;
}

// What round_nearest and round_odd share: the special values, zero, and the scaling back of the 53
// bits that `round(m, sticky)` keeps of the top 64 bits m (the value is m * 2^e; sticky: bits
// below m). top_bits is ExactSum::top_bits.
template <class TopBits, class Round>
double round_to_double(bool nan, bool pos_inf, bool neg_inf, TopBits top_bits, Round round) {
  bool found;
  const double special = special_or_nothing(nan, pos_inf, neg_inf, found);
  if (found) return special;
  uint64_t m;
  int e;
  bool sticky, negative;
  if (!top_bits(m, e, sticky, negative)) return 0.0;
  const double v = std::ldexp(static_cast<double>(round(m, sticky)), e + 11);  // 2^53 is exact too
  return negative ? -v : v;
}
}  // namespace

double ExactSum::round_nearest() const {
  const auto top = [this](uint64_t& m, int& e, bool& sticky, bool& negative) {
    return top_bits(m, e, sticky, negative);
  };
  return round_to_double(nan_, pos_inf_, neg_inf_, top, [](uint64_t m, bool sticky) {
    // Values below 2^-1022 are multiples of 2^-1074 under 2^52 units: exact, nothing is cut there.
    uint64_t r = m >> 11;
    const uint64_t rest = m & 0x7ff;
    if (rest > 0x400 || (rest == 0x400 && (sticky || (r & 1)))) ++r;
    return r;
  });
}

double ExactSum::round_odd() const {
  const auto top = [this](uint64_t& m, int& e, bool& sticky, bool& negative) {
    return top_bits(m, e, sticky, negative);
  };
  return round_to_double(nan_, pos_inf_, neg_inf_, top, [](uint64_t m, bool sticky) {
    uint64_t r = m >> 11;
    if ((m & 0x7ff) != 0 || sticky) r |= 1;
    return r;
  });
}

double ExactSum::round_quotient(uint32_t n, bool to_odd) const {
  bool found;
  const double special = special_or_nothing(nan_, pos_inf_, neg_inf_, found);
  if (found) return special;
  ExactSum c = *this;
  c.normalize();
  const bool negative = c.digits_[kDigits - 1] < 0;
  if (negative) {
    for (auto& d : c.digits_) d = -d;
    c.normalize();
  }
  // Quotient digits q[i] in units of 2^(32 (i - 2) - 1074): two fractional digits below 2^-1074.
  constexpr int kQ = kDigits + 2;
  uint64_t q[kQ] = {};
  uint64_t rem = 0;
  for (int i = kQ - 1; i >= 0; --i) {
    const uint64_t digit = i >= 2 ? static_cast<uint64_t>(c.digits_[i - 2]) : 0;
    const uint64_t cur = (rem << 32) | digit;  // rem < n < 2^32: fits
    q[i] = cur / n;
    rem = cur % n;
  }
  int h = kQ - 1;
  while (h >= 0 && q[h] == 0) --h;
  if (h < 0) return 0.0;  // a zero sum (a nonzero one has a nonzero quotient: 64 extra bits)
  bool sticky = rem != 0;
  int shift = 0;
  const uint64_t m = top_64_bits([&](int i) -> uint64_t { return i >= 0 ? q[i] : 0; }, h, sticky,
                                 shift);  // value = m * 2^e, m in [2^63, 2^64)
  const int e = 32 * (h - 4) - 1074 + shift;
  // Keep the bits at or above 2^max(e + 11, -1074): 53 of them, fewer for a subnormal result.
  const int cut = std::max(11, -1074 - e);
  uint64_t r = cut >= 64 ? 0 : m >> cut;
  const bool half = cut <= 64 && ((cut == 64 ? m >> 63 : (m >> (cut - 1))) & 1) != 0;
  bool below_half = sticky;
  if (cut >= 2) below_half |= (cut > 64 ? m : (m & ((uint64_t{1} << (std::min(cut, 64) - 1)) - 1))) != 0;
  if (cut > 64) below_half |= m != 0;
  if (to_odd) {
    if (half || below_half) r |= 1;
  } else if (half && (below_half || (r & 1))) {
    ++r;
  }
  const double v = std::ldexp(static_cast<double>(r), e + cut);
  return negative ? -v : v;
}

}  // namespace onnx_ref
