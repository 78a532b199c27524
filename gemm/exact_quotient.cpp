// The exact quotient (see exact_quotient.h).
#include "gemm/exact_quotient.h"

#include <bit>
#include <cmath>
#include <limits>

#include "runtime/numeric_dispatch.h"

namespace onnx_ref::gemm {

namespace {

// Neighbours and the last significand bit of a value of S, through its encoding.
template <class S>
S step(S y, bool up) {
  if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>) {
    return std::nextafter(y, up ? std::numeric_limits<S>::infinity() : -std::numeric_limits<S>::infinity());
  } else {
    const uint16_t b = y.bits;
    const bool neg = (b & 0x8000) != 0;
    const bool away = up != neg;  // moving away from zero grows the magnitude bits
    if (!away && (b & 0x7fff) == 0) return S{static_cast<uint16_t>(up ? 0x0001 : 0x8001)};  // across zero
    return S{static_cast<uint16_t>(away ? b + 1 : b - 1)};
  }
}

template <class S>
bool odd(S y) {
  if constexpr (std::is_same_v<S, float>)
    return std::bit_cast<uint32_t>(y) & 1;
  else if constexpr (std::is_same_v<S, double>)
    return std::bit_cast<uint64_t>(y) & 1;
  else
    return y.bits & 1;
}

// The sign of sum - count * (y + offset), exactly.
int compare(const ExactSum& sum, uint64_t count, double y, double offset) {
  ExactSum t = sum;
  if (y != 0) t.add_product(count, -y);
  if (offset != 0) t.add_product(count, -offset);
  return t.sign();
}

}  // namespace

template <class S>
S round_quotient(const ExactSum& sum, uint64_t count) {
  const double nearest = sum.round_nearest();
  if (!std::isfinite(nearest)) return narrow<S>(nearest / static_cast<double>(count));
  S y = narrow<S>(nearest / static_cast<double>(count));
  for (int guard = 0; guard < 8; ++guard) {
    const double yd = widen(y);
    const double up = widen(step(y, true)), down = widen(step(y, false));
    // Half the gaps to the neighbours (at the top of the range, the gap below stands in for the one
    // above: the rounding boundary to infinity is half an ulp above the largest value).
    const double half_up = (std::isfinite(up) ? up - yd : yd - down) / 2;
    const double half_down = (std::isfinite(down) ? yd - down : up - yd) / 2;
    const int above = compare(sum, count, yd, half_up);
    if (above > 0 || (above == 0 && odd(y))) {
      y = step(y, true);
      continue;
    }
    const int below = compare(sum, count, yd, -half_down);
    if (below < 0 || (below == 0 && odd(y))) {
      y = step(y, false);
      continue;
    }
    return y;
  }
  return y;
}

template float round_quotient<float>(const ExactSum&, uint64_t);
template double round_quotient<double>(const ExactSum&, uint64_t);
template Float16Bits round_quotient<Float16Bits>(const ExactSum&, uint64_t);
template BFloat16Bits round_quotient<BFloat16Bits>(const ExactSum&, uint64_t);

}  // namespace onnx_ref::gemm
