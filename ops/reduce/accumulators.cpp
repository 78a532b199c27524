// The floating accumulators that need an exact sum: Sum, L1, SumSquare and Mean, each rounded
// once to the element type. See ops/reduce/accumulators.h for the contract of each.
#include "ops/reduce/accumulators.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "numeric/exact_sum.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

constexpr int64_t kBlock = 1024;  // 2^10 elements: the headroom the fast path's exactness bound uses

const float* float16_table() {
  static const std::vector<float> table = [] {
    std::vector<float> t(65536);
    for (uint32_t b = 0; b < 65536; ++b) t[b] = static_cast<float>(decode_small_float(ElementType::Float16, b));
    return t;
  }();
  return table.data();
}

// Exactly x + y = s + err (Knuth's TwoSum), for finite values whose sum does not overflow.
inline double two_sum(double x, double y, double& err) {
  const double s = x + y;
  const double yv = s - x;
  err = (x - (s - yv)) + (y - yv);
  return s;
}

template <class S>
bool is_negative_zero(S v) {
  if constexpr (std::is_same_v<S, float>)
    return std::bit_cast<uint32_t>(v) == 0x80000000u;
  else if constexpr (std::is_same_v<S, double>)
    return std::bit_cast<uint64_t>(v) == (uint64_t{1} << 63);
  else
    return v.bits == 0x8000;
}

// IEEE addition gives -0 for an exactly zero sum only when every addend is -0.
template <class S>
bool all_negative_zero(const S* x, int64_t n) {
  if (n == 0) return false;
  for (int64_t i = 0; i < n; ++i)
    if (!is_negative_zero(x[i])) return false;
  return true;
}

// One pass over a block of at most kBlock floats: the largest and the smallest non-zero magnitude
// (as bits: the exponent is bits >> 23) and the sum in double, added in an order that vectorizes.
// The sum is only used when the magnitudes show it is exact. Built for AVX2 as well where the
// compiler can, chosen at run time.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
double
scan_float_block(const float* f, int64_t len, uint32_t& max_bits, uint32_t& min_bits_minus_one) {
  uint32_t mx = 0, mn = 0x7fffffff;
  for (int64_t i = 0; i < len; ++i) {
    uint32_t a;
    std::memcpy(&a, f + i, 4);
    a &= 0x7fffffff;
    mx = std::max(mx, a);
    mn = std::min(mn, (a - 1) & 0x7fffffff);  // zeros become 0x7fffffff and drop out
  }
  double acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int64_t i = 0;
  for (; i + 8 <= len; i += 8)
    for (int j = 0; j < 8; ++j) acc[j] += static_cast<double>(f[i + j]);
  for (; i < len; ++i) acc[0] += static_cast<double>(f[i]);
  max_bits = mx;
  min_bits_minus_one = mn;
  return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
}

// Sum of float, bfloat16 or float16 elements: blocks of up to 2^10 elements are added in double when
// that is provably exact, the block sums are added with TwoSum, and whatever TwoSum could not hold
// (and every block the fast path cannot take) goes to an ExactSum, created only when needed.
// A block is exact in double when each element is a multiple of u = 2^(Emin - 127 - (P - 1)) (Emin the
// smallest exponent in the block, P the precision) and below 2^(Emax - 126): every partial sum is
// then a multiple of u below 2^(10 + (Emax - Emin) + P) u, which fits 53 bits when the exponent
// spread is at most 53 - 10 - P. float16 values are multiples of 2^-24 below 2^16: always exact.
// Returns the double part of the exact sum; `exact` (created only when needed) holds the rest.
template <class S, bool kAbs>
double small_float_sum_parts(const S* x, int64_t n, std::unique_ptr<ExactSum>& exact) {
  constexpr int precision = std::is_same_v<S, float> ? 24 : std::is_same_v<S, BFloat16Bits> ? 8 : 11;
  constexpr bool always_exact = std::is_same_v<S, Float16Bits>;
  constexpr uint32_t max_spread = 53 - 10 - precision;
  const float* f16 = always_exact ? float16_table() : nullptr;
  float buffer[kBlock];
  double total = 0;
  // `exact` is on the heap: most runs never need it, and it is 600 bytes to clear.
  auto spill = [&](double v) {
    if (!exact) exact = std::make_unique<ExactSum>();
    exact->add(v);
  };
  for (int64_t b0 = 0; b0 < n; b0 += kBlock) {
    const int64_t len = std::min(kBlock, n - b0);
    const float* f;
    if constexpr (std::is_same_v<S, float> && !kAbs) {
      f = x + b0;
    } else {
      for (int64_t i = 0; i < len; ++i) {
        if constexpr (std::is_same_v<S, float>)
          buffer[i] = x[b0 + i];
        else if constexpr (always_exact)
          buffer[i] = f16[x[b0 + i].bits];
        else
          buffer[i] = std::bit_cast<float>(static_cast<uint32_t>(x[b0 + i].bits) << 16);
        if constexpr (kAbs) buffer[i] = std::fabs(buffer[i]);
      }
      f = buffer;
    }
    uint32_t mx, mn;
    const double block = scan_float_block(f, len, mx, mn);
    if (mx == 0) continue;
    bool fast = mx < 0x7f800000;  // no infinity or NaN
    if (fast && !always_exact) {
      const uint32_t emax = std::max<uint32_t>(mx >> 23, 1), emin = std::max<uint32_t>((mn + 1) >> 23, 1);
      fast = emax - emin <= max_spread;
    }
    if (!fast) {  // the block's double sum may be inexact: add each element exactly instead
      for (int64_t i = 0; i < len; ++i) spill(f[i]);
      continue;
    }
    double err;
    total = two_sum(total, block, err);  // floats sum far below double's overflow
    if (err != 0) spill(err);
  }
  return total;
}

template <class S, bool kAbs>
S sum_small_float_run(const S* x, int64_t n) {
  std::unique_ptr<ExactSum> exact;
  const double total = small_float_sum_parts<S, kAbs>(x, n, exact);
  double r = total;
  if (exact) {
    exact->add(total);
    r = exact->round_odd();
  }
  if (!kAbs && r == 0 && all_negative_zero(x, n)) r = -0.0;
  return narrow<S>(r);
}

double sum_double_run(const double* x, int64_t n, bool absolute) {
  ExactSum s;
  for (int64_t i = 0; i < n; ++i) s.add(absolute ? std::fabs(x[i]) : x[i]);
  double r = s.round_nearest();
  if (!absolute && r == 0 && all_negative_zero(x, n)) r = -0.0;
  return r;
}

// The exact sum of the elements' squares. float16, bfloat16 and float squares are exact in double
// (at most 48 bits, far above the subnormal range); a double square is p + e exactly with the FMA
// residual e, unless e falls below 2^-1074 (squares below 2^-969).
template <class S>
ExactSum square_sum(const S* x, int64_t n) {
  ExactSum s;
  for (int64_t i = 0; i < n; ++i) {
    const double w = widen(x[i]);
    const double p = w * w;
    s.add(p);
    if constexpr (std::is_same_v<S, double>) {
      if (std::isfinite(p)) s.add(std::fma(w, w, -p));
    }
  }
  return s;
}

template <class S>
S rounded(const ExactSum& s) {
  if constexpr (std::is_same_v<S, double>)
    return s.round_nearest();
  else
    return narrow<S>(s.round_odd());  // to odd, then to at most 24 bits: rounded once in effect
}

// ---- Mean ----

template <class S>
uint64_t bits_of(S v) {
  if constexpr (std::is_same_v<S, float>)
    return std::bit_cast<uint32_t>(v);
  else if constexpr (std::is_same_v<S, double>)
    return std::bit_cast<uint64_t>(v);
  else
    return v.bits;
}

// The neighbour of y in its format, upward or downward (zeros of either sign step to the smallest
// subnormal of the direction's sign). Infinities come out at the ends.
template <class S>
S neighbour(S y, bool up) {
  if constexpr (std::is_floating_point_v<S>) {
    return std::nextafter(y, up ? std::numeric_limits<S>::infinity() : -std::numeric_limits<S>::infinity());
  } else {
    const uint16_t b = y.bits;
    if ((b & 0x7fff) == 0) return S{static_cast<uint16_t>(up ? 0x0001 : 0x8001)};
    const bool negative = (b & 0x8000) != 0;
    return S{static_cast<uint16_t>(up != negative ? b + 1 : b - 1)};  // sign-magnitude order
  }
}

// The sign of sum - n * (y + z) / 2: the exact sum against n times the midpoint of the adjacent
// values y and z (finite). z - y is a power of two, exact; when its half is below ExactSum's unit
// (2^-1074, double's subnormals) the comparison is made in whole units, where no tie can occur.
int compare_with_midpoint(const ExactSum& sum, uint64_t n, double y, double z) {
  ExactSum t = sum;
  t.add_product(n, -y);
  const double d = z - y;
  const double h = d / 2;
  if (h * 2 == d) {
    t.add_product(n, -h);
    return t.sign();
  }
  t.add_product(n / 2, -d);
  if (n % 2 == 0) return t.sign();
  const int ts = t.sign();  // a whole number of units against half a unit of d's sign
  if (d > 0) return ts > 0 ? 1 : -1;
  return ts >= 0 ? 1 : -1;
}

template <class S>
S mean_run(const S* x, int64_t n) {
  if (n == 0) return narrow<S>(std::numeric_limits<double>::quiet_NaN());  // 0 / 0
  if constexpr (!std::is_same_v<S, double>) {
    if (static_cast<uint64_t>(n) < (uint64_t{1} << 32)) {
      // The exact sum (fast for blocks provably exact in double) over n by long division, rounded
      // to odd in double and then to the element type: rounded once in effect. A non-zero
      // quotient never rounds to zero to odd, so 0 means an exactly zero sum.
      std::unique_ptr<ExactSum> exact;
      const double total = small_float_sum_parts<S, false>(x, n, exact);
      ExactSum local;  // on the stack when the fast path needed no ExactSum: no allocation per row
      ExactSum& sum = exact ? *exact : local;
      sum.add(total);
      const double r = sum.round_quotient(static_cast<uint32_t>(n), /*to_odd=*/true);
      if (r == 0) return narrow<S>(all_negative_zero(x, n) ? -0.0 : 0.0);
      return narrow<S>(r);
    }
  }
  ExactSum s;
  bool infinite = false;
  for (int64_t i = 0; i < n; ++i) {
    const double w = widen(x[i]);
    infinite |= std::isinf(w);
    s.add(w);
  }
  const double r = s.round_nearest();
  if (std::isnan(r) || infinite) return narrow<S>(r);  // IEEE: NaN, or the infinity over n
  if (s.sign() == 0) return narrow<S>(all_negative_zero(x, n) ? -0.0 : 0.0);
  // A candidate within a few units in the last place, then the exact midpoint comparisons.
  double candidate = r / static_cast<double>(n);
  if (!std::isfinite(r)) {  // the double sum overflowed (double elements only): scale first
    candidate = 0;
    for (int64_t i = 0; i < n; ++i) candidate += widen(x[i]) / static_cast<double>(n);
  }
  S y = narrow<S>(candidate);
  if (std::isinf(widen(y))) y = neighbour(y, widen(y) < 0);  // the mean is at most the largest |x|
  const auto count = static_cast<uint64_t>(n);
  for (int step = 0; step < 1 << 20; ++step) {
    const double wy = widen(y);
    const bool odd = (bits_of(y) & 1) != 0;
    const S up = neighbour(y, true);
    if (std::isfinite(widen(up))) {
      const int c = compare_with_midpoint(s, count, wy, widen(up));
      if (c > 0 || (c == 0 && odd)) {
        y = up;
        continue;
      }
    }
    const S down = neighbour(y, false);
    if (std::isfinite(widen(down))) {
      const int c = compare_with_midpoint(s, count, wy, widen(down));
      if (c < 0 || (c == 0 && odd)) {
        y = down;
        continue;
      }
    }
    return y;
  }
  throw std::logic_error("mean_run: the midpoint search did not converge");
}

// ---- L2 ----

// The sign of sum - ((y + z) / 2)^2 for adjacent values y, z of the element type (finite, >= 0).
// Small formats: the midpoint has at most 25 bits, its square is exact in double. Double: the
// midpoint is y + h, its square y^2 + 2yh + h^2 with y^2 split by an FMA (valid in [2^-450, 2^500]).
template <class S>
int compare_with_squared_midpoint(const ExactSum& sum, double y, double z) {
  ExactSum t = sum;
  if constexpr (!std::is_same_v<S, double>) {
    const double mid = (y + z) / 2;
    t.add(-(mid * mid));
  } else {
    const double h = (z - y) / 2;
    const double p = y * y;
    t.add(-p);
    t.add(-std::fma(y, y, -p));
    t.add(-2 * y * h);
    t.add(-(h * h));
  }
  return t.sign();
}

template <class S>
S l2_run(const S* x, int64_t n) {
  bool nan = false, infinite = false;
  for (int64_t i = 0; i < n; ++i) {
    const double w = widen(x[i]);
    nan |= std::isnan(w);
    infinite |= std::isinf(w);
  }
  if (nan) return narrow<S>(std::numeric_limits<double>::quiet_NaN());
  if (infinite) return narrow<S>(std::numeric_limits<double>::infinity());
  const ExactSum s = square_sum(x, n);
  const double r = s.round_nearest();  // infinite only when double squares overflow
  if (!std::isinf(r) && s.sign() == 0) return narrow<S>(0.0);
  double candidate = std::sqrt(r);
  if (std::isinf(r)) {  // scale by 2^-600 first; the result is above 2^500, outside the search
    double scaled = 0;
    for (int64_t i = 0; i < n; ++i) {
      const double v = std::ldexp(widen(x[i]), -600);
      scaled += v * v;
    }
    candidate = std::ldexp(std::sqrt(scaled), 600);
  }
  S y = narrow<S>(candidate);
  if constexpr (std::is_same_v<S, double>) {
    if (!(y >= 0x1p-450 && y <= 0x1p500)) return y;  // outside the exact comparison's range
  }
  if constexpr (!std::is_same_v<S, double>) {
    if (std::isinf(widen(y))) {
      // Overflow: infinity unless the root is below the largest finite value plus half an ulp
      // (the midpoint between it and the next power of two); a tie rounds to infinity (even).
      const S largest = neighbour(y, false);
      const double w = widen(largest);
      if (compare_with_squared_midpoint<S>(s, w, w + (w - widen(neighbour(largest, false)))) >= 0) return y;
      y = largest;
    }
  }
  for (int step = 0; step < 1 << 20; ++step) {
    const double wy = widen(y);
    const bool odd = (bits_of(y) & 1) != 0;
    const S up = neighbour(y, true);
    if (std::isfinite(widen(up))) {
      const int c = compare_with_squared_midpoint<S>(s, wy, widen(up));
      if (c > 0 || (c == 0 && odd)) {
        y = up;
        continue;
      }
    }
    if (wy > 0) {
      const S down = neighbour(y, false);
      const int c = compare_with_squared_midpoint<S>(s, wy, widen(down));
      if (c < 0 || (c == 0 && odd)) {
        y = down;
        continue;
      }
    }
    return y;
  }
  throw std::logic_error("l2_run: the midpoint search did not converge");
}

// floor(sqrt(v)) for a 128-bit v: a double estimate corrected in integers. The estimate is
// clamped below 2^64 so that no square below wraps.
uint64_t l2_isqrt128(unsigned __int128 v) {
  constexpr unsigned __int128 kTop = UINT64_MAX;
  auto r = std::min(static_cast<unsigned __int128>(std::sqrt(static_cast<double>(v))), kTop);
  while (r * r > v) --r;
  while (r < kTop && (r + 1) * (r + 1) <= v) ++r;
  return static_cast<uint64_t>(r);
}

template <class I>
uint64_t integer_l2_run(const I* x, int64_t n) {
  unsigned __int128 sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    const unsigned __int128 m =
        x[i] < 0 ? static_cast<unsigned __int128>(-static_cast<__int128>(x[i])) : static_cast<unsigned __int128>(x[i]);
    const unsigned __int128 sq = m * m;  // below 2^128
    if (sum + sq < sum) throw Error("ReduceL2: the exact sum of squares exceeds 2^128");
    sum += sq;
  }
  return l2_isqrt128(sum);
}

}  // namespace

uint64_t integer_l2(const int64_t* x, int64_t n) { return integer_l2_run(x, n); }
uint64_t integer_l2(const uint64_t* x, int64_t n) { return integer_l2_run(x, n); }

float exact_l2_run(const float* x, int64_t n) { return l2_run(x, n); }
double exact_l2_run(const double* x, int64_t n) { return l2_run(x, n); }
Float16Bits exact_l2_run(const Float16Bits* x, int64_t n) { return l2_run(x, n); }
BFloat16Bits exact_l2_run(const BFloat16Bits* x, int64_t n) { return l2_run(x, n); }

float exact_sum_run(const float* x, int64_t n) { return sum_small_float_run<float, false>(x, n); }
double exact_sum_run(const double* x, int64_t n) { return sum_double_run(x, n, false); }
Float16Bits exact_sum_run(const Float16Bits* x, int64_t n) { return sum_small_float_run<Float16Bits, false>(x, n); }
BFloat16Bits exact_sum_run(const BFloat16Bits* x, int64_t n) { return sum_small_float_run<BFloat16Bits, false>(x, n); }

float exact_abs_sum_run(const float* x, int64_t n) { return sum_small_float_run<float, true>(x, n); }
double exact_abs_sum_run(const double* x, int64_t n) { return sum_double_run(x, n, true); }
Float16Bits exact_abs_sum_run(const Float16Bits* x, int64_t n) { return sum_small_float_run<Float16Bits, true>(x, n); }
BFloat16Bits exact_abs_sum_run(const BFloat16Bits* x, int64_t n) {
  return sum_small_float_run<BFloat16Bits, true>(x, n);
}

float exact_square_sum_run(const float* x, int64_t n) { return rounded<float>(square_sum(x, n)); }
double exact_square_sum_run(const double* x, int64_t n) { return rounded<double>(square_sum(x, n)); }
Float16Bits exact_square_sum_run(const Float16Bits* x, int64_t n) { return rounded<Float16Bits>(square_sum(x, n)); }
BFloat16Bits exact_square_sum_run(const BFloat16Bits* x, int64_t n) { return rounded<BFloat16Bits>(square_sum(x, n)); }

float exact_mean_run(const float* x, int64_t n) { return mean_run(x, n); }
double exact_mean_run(const double* x, int64_t n) { return mean_run(x, n); }
Float16Bits exact_mean_run(const Float16Bits* x, int64_t n) { return mean_run(x, n); }
BFloat16Bits exact_mean_run(const BFloat16Bits* x, int64_t n) { return mean_run(x, n); }

}  // namespace onnx_ref
