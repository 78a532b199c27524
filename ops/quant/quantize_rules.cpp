// The arithmetic of quantization (see quantize_rules.h).
#include "ops/quant/quantize_rules.h"

#include <cmath>
#include <cstring>

#include "runtime/numeric_dispatch.h"

namespace onnx_ref::quant {

double quotient_in_precision(double a, double b, ElementType precision) {
  double q = a / b;
  if (precision == ElementType::Double || !std::isfinite(q) || q == 0) return q;
  // The remainder a - q * b is exact (no operand near the ends of double's range); when it is not
  // zero the exact quotient lies strictly beyond q in its direction, and an odd last bit records it.
  const double r = std::fma(-q, b, a);
  if (r != 0) {
    uint64_t bits;
    std::memcpy(&bits, &q, sizeof bits);
    if ((bits & 1) == 0) q = std::nextafter(q, (r > 0) == (b > 0) ? INFINITY : -INFINITY);
  }
  switch (precision) {
    case ElementType::Float:
      return static_cast<double>(static_cast<float>(q));
    case ElementType::Float16:
      return widen(narrow<Float16Bits>(q));
    case ElementType::BFloat16:
      return widen(narrow<BFloat16Bits>(q));
    default:
      return q;
  }
}

int64_t round_half_even_clamped(double q, int64_t lo, int64_t hi) {
  if (q >= static_cast<double>(hi)) return hi;
  if (q <= static_cast<double>(lo)) return lo;
  return static_cast<int64_t>(std::nearbyint(q));  // the default rounding mode: ties to even
}

}  // namespace onnx_ref::quant
