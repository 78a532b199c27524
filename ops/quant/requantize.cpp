// Exact requantization (ops/quant/requantize.h). The value acc * num / den * 2^exp2 has a numerator
// below 2^92 (40 + 52 bits) and a denominator below 2^26, so one 128-bit division decides the
// rounding; exponents too large or too small for that saturate or give 0, which they are far from
// deciding otherwise.
#include "ops/quant/requantize.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref::quant {

namespace {

// x = m * 2^e with m an odd integer (or 0); false when m needs more than 26 bits.
bool requantize_split(double x, uint64_t& m, int& e) {
  if (x == 0) {
    m = 0;
    e = 0;
    return true;
  }
  int fe = 0;
  const double f = std::frexp(std::fabs(x), &fe);  // f in [0.5, 1)
  m = static_cast<uint64_t>(std::ldexp(f, 53));
  e = fe - 53;
  const int tz = std::countr_zero(m);
  m >>= tz;
  e += tz;
  return std::bit_width(m) <= 26;
}

int requantize_bit_width(unsigned __int128 v) {
  const auto hi = static_cast<uint64_t>(v >> 64);
  return hi ? 64 + std::bit_width(hi) : std::bit_width(static_cast<uint64_t>(v));
}

}  // namespace

ScaleRatio scale_ratio(double s1, double s2, double s3) {
  if (!std::isfinite(s1) || !std::isfinite(s2) || !std::isfinite(s3) || s3 == 0)
    throw std::logic_error("scale_ratio: scales must be finite and the divisor non-zero");
  uint64_t m1 = 0, m2 = 0, m3 = 0;
  int e1 = 0, e2 = 0, e3 = 0;
  if (!requantize_split(s1, m1, e1) || !requantize_split(s2, m2, e2) || !requantize_split(s3, m3, e3))
    throw std::logic_error("scale_ratio: a scale has more than 26 significant bits");
  ScaleRatio r;
  r.negative = ((s1 < 0) != (s2 < 0)) != (s3 < 0);
  r.num = m1 * m2;
  r.den = m3;
  r.exp2 = e1 + e2 - e3;
  if (r.num == 0) {
    r.negative = false;
    r.exp2 = 0;
  }
  return r;
}

int64_t requantize(int64_t acc, const ScaleRatio& r, int64_t zero_point, int64_t lo, int64_t hi) {
  if (acc == 0 || r.num == 0) return std::clamp<int64_t>(zero_point, lo, hi);
  const bool negative = (acc < 0) != r.negative;
  const unsigned __int128 p =
      static_cast<unsigned __int128>(acc < 0 ? -static_cast<uint64_t>(acc) : static_cast<uint64_t>(acc)) * r.num;
  // |value| = p * 2^exp2 / den, with 1 <= p < 2^92 and 1 <= den < 2^26.
  constexpr int64_t kHuge = int64_t{1} << 40;  // beyond every clamp range around any zero point
  int64_t q = 0;
  if (r.exp2 >= 0 && requantize_bit_width(p) + r.exp2 > 120) {
    q = kHuge;  // |value| >= 2^119 / 2^26
  } else if (r.exp2 < 0 && -r.exp2 > 100) {
    q = 0;  // |value| < 2^92 * 2^-101 < 1/2
  } else {
    const unsigned __int128 num = r.exp2 >= 0 ? p << r.exp2 : p;
    const unsigned __int128 den =
        r.exp2 >= 0 ? static_cast<unsigned __int128>(r.den) : static_cast<unsigned __int128>(r.den) << -r.exp2;
    unsigned __int128 quot = num / den;
    const unsigned __int128 rem = num % den;
    if (2 * rem > den || (2 * rem == den && (quot & 1))) ++quot;
    q = quot > static_cast<unsigned __int128>(kHuge) ? kHuge : static_cast<int64_t>(quot);
  }
  const int64_t y = (negative ? -q : q) + zero_point;
  return std::clamp(y, lo, hi);
}

std::vector<double> read_scales(const Tensor& scale, const std::string& name, bool divisor) {
  const MemoryCharge v_charge =
      charge_scratch<double>(static_cast<uint64_t>(scale.element_count()), name + "'s widened values");
  std::vector<double> v(static_cast<size_t>(scale.element_count()));
  for (int64_t k = 0; k < scale.element_count(); ++k) {
    const double s = read_real(scale.type(), scale.data(), k);
    if (!std::isfinite(s) || (divisor && s == 0))
      throw Error(name + " element " + std::to_string(k) + " is " +
                  (std::isnan(s) ? "NaN"
                   : s == 0      ? "0"
                                 : "infinite") +
                  ", which " + (divisor ? "quantizes nothing" : "is no scale"));
    v[static_cast<size_t>(k)] = s;
  }
  return v;
}

void integer_output_range(ElementType type, const std::string& op, int64_t& lo, int64_t& hi) {
  if (type == ElementType::Int8) {
    lo = -128;
    hi = 127;
  } else if (type == ElementType::UInt8) {
    lo = 0;
    hi = 255;
  } else {
    throw Error(op + " of " + std::string(name_of(type)) +
                " values is not implemented: only int8 and uint8 operands and outputs are");
  }
}

}  // namespace onnx_ref::quant
