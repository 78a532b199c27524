#include "runtime/float_formats.h"

#include <Eigen/Core>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

namespace onnx_ref {

namespace {

// How a format spends its special bit patterns. Every format here is sign | exponent | mantissa.
enum class Specials {
  Ieee,    // all-ones exponent: mantissa 0 is ±inf, anything else NaN (float16, bfloat16, e5m2)
  FnNan,   // no inf; only S.1111.111 is NaN (e4m3fn)
  Fnuz,    // no inf, no -0; the "negative zero" pattern 0x80 is the only NaN (e4m3fnuz, e5m2fnuz)
  Finite,  // no inf, no NaN at all (float4e2m1)
};

struct Format {
  int exponent_bits;
  int mantissa_bits;
  int bias;
  Specials specials;
  uint32_t max_finite;  // magnitude bits of the largest finite value
  uint32_t nan;         // magnitude bits of the NaN we produce (sign added where the format has one)
  bool saturable;       // whether Cast's `saturate` applies (the float8 types, not float16/bfloat16)

  int total_bits() const { return 1 + exponent_bits + mantissa_bits; }
  uint32_t sign_bit() const { return uint32_t{1} << (exponent_bits + mantissa_bits); }
  uint32_t magnitude_mask() const { return sign_bit() - 1; }
  uint32_t infinity() const { return ((uint32_t{1} << exponent_bits) - 1) << mantissa_bits; }
  int min_normal_exponent() const { return 1 - bias; }
};

// NaN patterns: float16 and bfloat16 use the quiet NaN Eigen produces (0x7E00 / 0x7FC0, sign kept).
// e4m3fn and e5m2 use S.1111111, as onnx/helper.py float32_to_float8e4m3 / float32_to_float8e5m2
// return `0x7F | sign` (ml_dtypes returns 0x7E | sign for e5m2; both are NaN).
constexpr Format kFloat16{5, 10, 15, Specials::Ieee, 0x7BFF, 0x7E00, false};
constexpr Format kBFloat16{8, 7, 127, Specials::Ieee, 0x7F7F, 0x7FC0, false};
constexpr Format kE4M3FN{4, 3, 7, Specials::FnNan, 0x7E, 0x7F, true};
constexpr Format kE4M3FNUZ{4, 3, 8, Specials::Fnuz, 0x7F, 0x80, true};
constexpr Format kE5M2{5, 2, 15, Specials::Ieee, 0x7B, 0x7F, true};
constexpr Format kE5M2FNUZ{5, 2, 16, Specials::Fnuz, 0x7F, 0x80, true};
constexpr Format kFloat4E2M1{2, 1, 1, Specials::Finite, 0x7, 0x0, false};

std::optional<Format> format_of(ElementType type) {
  switch (type) {
    case ElementType::Float16:
      return kFloat16;
    case ElementType::BFloat16:
      return kBFloat16;
    case ElementType::Float8E4M3FN:
      return kE4M3FN;
    case ElementType::Float8E4M3FNUZ:
      return kE4M3FNUZ;
    case ElementType::Float8E5M2:
      return kE5M2;
    case ElementType::Float8E5M2FNUZ:
      return kE5M2FNUZ;
    case ElementType::Float4E2M1:
      return kFloat4E2M1;
    default:
      return std::nullopt;
  }
}

[[noreturn]] void not_small_float(const char* what, ElementType type) {
  throw std::logic_error(std::string(what) + ": " + std::string(name_of(type)) + " is not a small float type");
}

// ---- decoding ----

double decode_with_format(const Format& f, uint32_t bits) {
  bits &= (uint32_t{1} << f.total_bits()) - 1;
  const bool negative = (bits & f.sign_bit()) != 0;
  const uint32_t magnitude = bits & f.magnitude_mask();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  switch (f.specials) {
    case Specials::Ieee:
      if (magnitude == f.infinity()) return negative ? -HUGE_VAL : HUGE_VAL;
      if (magnitude > f.infinity()) return nan;
      break;
    case Specials::FnNan:
      if (magnitude == f.magnitude_mask()) return nan;
      break;
    case Specials::Fnuz:
      if (bits == f.sign_bit()) return nan;
      break;
    case Specials::Finite:
      break;
  }
  const int exponent_field = static_cast<int>(magnitude >> f.mantissa_bits);
  const uint32_t mantissa = magnitude & ((uint32_t{1} << f.mantissa_bits) - 1);
  // Subnormals (exponent field 0) have no implicit leading one and the minimum exponent.
  const double significand = exponent_field == 0 ? static_cast<double>(mantissa)
                                                 : static_cast<double>((uint32_t{1} << f.mantissa_bits) | mantissa);
  const int exponent = (exponent_field == 0 ? f.min_normal_exponent() : exponent_field - f.bias) - f.mantissa_bits;
  const double value = std::ldexp(significand, exponent);
  return negative ? -value : value;
}

double decode_e8m0(uint32_t bits) {
  bits &= 0xFF;
  if (bits == 0xFF) return std::numeric_limits<double>::quiet_NaN();
  return std::ldexp(1.0, static_cast<int>(bits) - 127);
}

// ---- encoding ----

// Round half to even of a non-negative double below 2^52 (so the fraction is exact).
double round_half_even(double q) {
  const double floor_q = std::floor(q);
  const double fraction = q - floor_q;
  if (fraction > 0.5) return floor_q + 1;
  if (fraction < 0.5) return floor_q;
  return std::fmod(floor_q, 2.0) == 0.0 ? floor_q : floor_q + 1;
}

// The magnitude bits of finite, non-negative `magnitude` rounded once, to nearest with ties to even,
// straight from the double. The result may exceed the format's largest finite code (or land on a
// special pattern); the caller treats any code above max_finite as overflow.
uint64_t round_magnitude(const Format& f, double magnitude) {
  if (magnitude == 0.0) return 0;
  int frexp_exponent = 0;
  std::frexp(magnitude, &frexp_exponent);   // magnitude = m * 2^frexp_exponent, m in [0.5, 1)
  const int exponent = frexp_exponent - 1;  // magnitude in [2^exponent, 2^(exponent+1))
  const int max_field = (1 << f.exponent_bits) - 1;
  if (exponent > max_field - f.bias) return uint64_t{f.magnitude_mask()} + 1;  // beyond every code
  const bool subnormal = exponent < f.min_normal_exponent();
  // The spacing of representable values around `magnitude`; scaling by a power of two is exact.
  const int quantum_exponent = (subnormal ? f.min_normal_exponent() : exponent) - f.mantissa_bits;
  const auto steps = static_cast<uint64_t>(round_half_even(std::ldexp(magnitude, -quantum_exponent)));
  if (subnormal) return steps;  // a carry into 2^mantissa_bits is exactly the smallest normal code
  // steps is in [2^m, 2^(m+1)]; a carry out of the mantissa bumps the exponent field, as it should.
  const auto biased = static_cast<uint64_t>(exponent + f.bias);
  return ((biased - 1) << f.mantissa_bits) + steps;
}

uint32_t encode_with_format(const Format& f, double value, bool saturate) {
  const uint32_t sign = std::signbit(value) ? f.sign_bit() : 0;

  if (std::isnan(value)) {
    if (f.specials == Specials::Finite) {
      // float4e2m1 has no NaN. ONNX's reference Cast (onnx/reference/ops/op_cast.py, ONNX >= 1.19)
      // is `x.astype(ml_dtypes.float4_e2m1fn)`. ml_dtypes (mxfloat.h) returns quiet_NaN(), the
      // pattern 0b1'00'0 (-0), for a NaN, and its negation (sign bit flipped: 0b0'00'0, +0) for a NaN
      // with the sign bit set. The older onnx/subbyte.py float32_to_float4e2m1_unpacked returned 0x7
      // (+6) for every NaN instead; we follow the current reference.
      return sign != 0 ? 0x0 : 0x8;
    }
    return f.specials == Specials::Fnuz ? f.nan : (f.nan | sign);
  }

  // Values beyond the largest finite value: float16/bfloat16 follow IEEE (±inf; `saturate` does not
  // apply to them). With saturate the float8 types clamp to ±max; without it E5M2 gives ±inf,
  // E4M3FN NaN (sign kept, `0x7F | sign` as in onnx/helper.py) and FNUZ their NaN 0x80.
  // float4e2m1 has neither inf nor NaN and always clamps to ±6 (ml_dtypes' infinity() is max).
  auto overflow = [&]() -> uint32_t {
    if (f.specials == Specials::Finite) return f.max_finite | sign;
    if (saturate && f.saturable) return f.max_finite | sign;
    if (f.specials == Specials::Ieee) return f.infinity() | sign;
    return f.specials == Specials::Fnuz ? f.nan : (f.nan | sign);
  };
  // ±inf itself, with saturate, becomes ±max in all four float8 types. The Cast-19, 21 and 23 tables
  // say NaN for the FNUZ types, but the Cast-24 and 25 tables say ±max, and so do the official tests
  // of opsets 19, 21 and 23 (test_cast_FLOAT_to_FLOAT8E4M3FNUZ) and ONNX's reference: the later
  // table is taken as the correction (runtime/cast.cpp follows the same rule).

  const double magnitude = std::fabs(value);
  if (std::isinf(magnitude)) return overflow();
  const uint64_t code = round_magnitude(f, magnitude);
  if (code > f.max_finite) return overflow();
  // FNUZ formats have no -0 (its pattern is their NaN): -0 and negative values that round to zero
  // become +0, as in the Cast spec table and ml_dtypes. The old onnx/helper.py returned 0x80 (NaN) for
  // tiny negative values, which we do not copy.
  if (code == 0 && f.specials == Specials::Fnuz) return 0;
  return static_cast<uint32_t>(code) | sign;
}

// float8e8m0 (Cast-24, round_mode): value 2^(e-127), 0xFF is NaN, no sign and no zero.
// Edge cases follow ONNX's reference, onnx/numpy_helper.py to_float8e8m0:
//  - NaN and ±inf become 0xFF (NaN) whatever `saturate` says (it maps float32 exponent 0xFF to 0xFF);
//  - the sign is ignored (it only looks at the exponent and mantissa bits), so -x encodes as x;
//  - zero (either sign) becomes 0x00 = 2^-127, the smallest value;
//  - "up": smallest power of two >= x; "down": largest power of two <= x; "nearest": x = f * 2^k with
//    f in [1, 2) goes up when f >= 1.5, so the tie goes up (its round bit test uses lsb = 1);
//  - with saturate, rounding past 2^127 stays at 0xFE; without, it becomes 0xFF.
// Where we differ, on purpose: we round the double itself rather than its float32 conversion (one
// rounding, and doubles beyond float range are finite values, so they saturate instead of becoming
// inf -> NaN), and values below 2^-126 are rounded by value, whereas the reference treats float32
// subnormals through their exponent field (it sends 2^-127 itself to 2^-126 with "up").
uint32_t encode_e8m0(double value, bool saturate, E8M0Rounding rounding) {
  constexpr uint32_t kNan = 0xFF;
  constexpr uint32_t kMax = 0xFE;
  constexpr int kMinExponent = -127;
  constexpr int kMaxExponent = 127;
  if (std::isnan(value) || std::isinf(value)) return kNan;
  const double magnitude = std::fabs(value);
  if (magnitude == 0.0) return 0x00;

  int frexp_exponent = 0;
  const double m = std::frexp(magnitude, &frexp_exponent);  // magnitude = m * 2^frexp_exponent
  int exponent = frexp_exponent - 1;                        // magnitude = (2m) * 2^exponent, 2m in [1, 2)
  const double f = 2 * m;
  switch (rounding) {
    case E8M0Rounding::Up:
      if (f > 1.0) ++exponent;
      break;
    case E8M0Rounding::Down:
      break;
    case E8M0Rounding::Nearest:
      if (f >= 1.5) ++exponent;
      break;
  }
  if (exponent < kMinExponent) return 0x00;  // below the smallest value: saturate to it
  if (exponent > kMaxExponent) return saturate ? kMax : kNan;
  return static_cast<uint32_t>(exponent - kMinExponent);
}

}  // namespace

bool is_small_float(ElementType type) { return type == ElementType::Float8E8M0 || format_of(type).has_value(); }

std::optional<Float8Layout> float8_layout(ElementType type) {
  const auto format = format_of(type);
  if (!format || format->total_bits() != 8) return std::nullopt;
  return Float8Layout{format->mantissa_bits, format->bias, format->specials != Specials::Fnuz,
                      decode_with_format(*format, format->max_finite)};
}

double decode_small_float(ElementType type, uint32_t bits) {
  switch (type) {
    case ElementType::Float16:
      return static_cast<double>(
          static_cast<float>(Eigen::half(Eigen::half_impl::raw_uint16_to_half(static_cast<uint16_t>(bits & 0xFFFF)))));
    case ElementType::BFloat16:
      return static_cast<double>(static_cast<float>(
          Eigen::bfloat16(Eigen::bfloat16_impl::raw_uint16_to_bfloat16(static_cast<uint16_t>(bits & 0xFFFF)))));
    case ElementType::Float8E8M0:
      return decode_e8m0(bits);
    default:
      break;
  }
  const auto format = format_of(type);
  if (!format) not_small_float("decode_small_float", type);
  return decode_with_format(*format, bits);
}

uint32_t encode_small_float(ElementType type, double value, bool saturate, E8M0Rounding e8m0_rounding) {
  if (type == ElementType::Float8E8M0) return encode_e8m0(value, saturate, e8m0_rounding);
  const auto format = format_of(type);
  if (!format) not_small_float("encode_small_float", type);
  return encode_with_format(*format, value, saturate);
}

}  // namespace onnx_ref
