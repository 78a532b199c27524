// Small float formats: exhaustive decoding against an independent formula, canonical round trips,
// round-to-nearest-even at every midpoint, saturation, NaN, infinities and signed zeros, float8e8m0
// rounding modes, and float16/bfloat16 agreement with Eigen.
#include <doctest/doctest.h>

#include <Eigen/Core>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "runtime/element_type.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// What the special patterns mean, written out from the format descriptions in SPEC-NOTES.
enum class NanRule { Ieee, AllOnesIsNan, NegativeZeroIsNan, None };

struct Layout {
  ElementType type;
  int exponent_bits;
  int mantissa_bits;
  int bias;
  NanRule rule;
};

const std::vector<Layout>& sign_exponent_mantissa_layouts() {
  static const std::vector<Layout> layouts = {
      {ElementType::Float8E4M3FN, 4, 3, 7, NanRule::AllOnesIsNan},
      {ElementType::Float8E4M3FNUZ, 4, 3, 8, NanRule::NegativeZeroIsNan},
      {ElementType::Float8E5M2, 5, 2, 15, NanRule::Ieee},
      {ElementType::Float8E5M2FNUZ, 5, 2, 16, NanRule::NegativeZeroIsNan},
      {ElementType::Float4E2M1, 2, 1, 1, NanRule::None},
      {ElementType::Float16, 5, 10, 15, NanRule::Ieee},
      {ElementType::BFloat16, 8, 7, 127, NanRule::Ieee},
  };
  return layouts;
}

const Layout& layout_of(ElementType type) {
  for (const auto& l : sign_exponent_mantissa_layouts())
    if (l.type == type) return l;
  throw std::logic_error("no layout");
}

uint32_t pattern_count(const Layout& l) { return 1u << (1 + l.exponent_bits + l.mantissa_bits); }
uint32_t sign_bit(const Layout& l) { return 1u << (l.exponent_bits + l.mantissa_bits); }

// value = (-1)^s * 2^(e - bias) * (1 + m / 2^M) for e > 0, and (-1)^s * 2^(1 - bias) * (m / 2^M) for e = 0.
double reference_decode(const Layout& l, uint32_t bits) {
  const bool negative = (bits >> (l.exponent_bits + l.mantissa_bits)) & 1;
  const uint32_t e = (bits >> l.mantissa_bits) & ((1u << l.exponent_bits) - 1);
  const uint32_t m = bits & ((1u << l.mantissa_bits) - 1);
  const uint32_t e_all_ones = (1u << l.exponent_bits) - 1;
  const uint32_t m_all_ones = (1u << l.mantissa_bits) - 1;
  if (l.rule == NanRule::Ieee && e == e_all_ones) return m == 0 ? (negative ? -kInf : kInf) : kNaN;
  if (l.rule == NanRule::AllOnesIsNan && e == e_all_ones && m == m_all_ones) return kNaN;
  if (l.rule == NanRule::NegativeZeroIsNan && negative && e == 0 && m == 0) return kNaN;
  const double fraction = std::ldexp(static_cast<double>(m), -l.mantissa_bits);
  const double magnitude =
      e == 0 ? std::ldexp(fraction, 1 - l.bias) : std::ldexp(1.0 + fraction, static_cast<int>(e) - l.bias);
  return negative ? -magnitude : magnitude;
}

bool same_double(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

std::string hex(uint32_t v) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "0x%X", v);
  return buffer;
}

// The non-negative finite patterns of a format in increasing value order, with their values.
struct Point {
  uint32_t bits;
  double value;
};
std::vector<Point> non_negative_finite(const Layout& l) {
  std::vector<Point> points;
  for (uint32_t b = 0; b < sign_bit(l); ++b) {
    const double v = reference_decode(l, b);
    if (std::isfinite(v)) points.push_back({b, v});
  }
  return points;  // codes below the sign bit increase with the value
}

uint16_t eigen_half_bits(float f) { return Eigen::numext::bit_cast<uint16_t>(Eigen::half(f)); }
uint16_t eigen_bfloat16_bits(float f) { return Eigen::numext::bit_cast<uint16_t>(Eigen::bfloat16(f)); }

float float_from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

}  // namespace

TEST_CASE("small float: is_small_float names exactly the eight small float types") {
  int count = 0;
  for (const auto& t : all_element_types()) count += is_small_float(t.type) ? 1 : 0;
  CHECK(count == 8);
  CHECK(is_small_float(ElementType::Float8E8M0));
  CHECK(is_small_float(ElementType::Float4E2M1));
  CHECK(is_small_float(ElementType::BFloat16));
  CHECK_FALSE(is_small_float(ElementType::Float));
  CHECK_FALSE(is_small_float(ElementType::Double));
  CHECK_FALSE(is_small_float(ElementType::Int4));
  CHECK_THROWS_AS(decode_small_float(ElementType::Float, 0), std::logic_error);
  CHECK_THROWS_AS(encode_small_float(ElementType::Int8, 1.0), std::logic_error);
}

TEST_CASE("small float: every bit pattern of the float8 and float4 types decodes as the formula says") {
  for (const auto& l : sign_exponent_mantissa_layouts()) {
    if (l.type == ElementType::Float16 || l.type == ElementType::BFloat16) continue;
    CAPTURE(name_of(l.type));
    for (uint32_t b = 0; b < pattern_count(l); ++b) {
      CAPTURE(hex(b));
      CHECK(same_double(decode_small_float(l.type, b), reference_decode(l, b)));
    }
  }
}

TEST_CASE("small float: every float8e8m0 pattern is 2^(e-127), 0xFF is NaN") {
  for (uint32_t b = 0; b < 256; ++b) {
    CAPTURE(b);
    const double expected = b == 0xFF ? kNaN : std::ldexp(1.0, static_cast<int>(b) - 127);
    CHECK(same_double(decode_small_float(ElementType::Float8E8M0, b), expected));
  }
}

TEST_CASE("small float: spec values decode as documented") {
  auto decode = decode_small_float;
  CHECK(decode(ElementType::Float8E4M3FN, 0x7E) == 448.0);
  CHECK(decode(ElementType::Float8E4M3FN, 0xFE) == -448.0);
  CHECK(std::isnan(decode(ElementType::Float8E4M3FN, 0x7F)));
  CHECK(std::isnan(decode(ElementType::Float8E4M3FN, 0xFF)));
  CHECK(decode(ElementType::Float8E4M3FN, 0x01) == 0x1p-9);  // smallest subnormal
  CHECK(decode(ElementType::Float8E4M3FN, 0x38) == 1.0);
  CHECK(same_double(decode(ElementType::Float8E4M3FN, 0x80), -0.0));
  CHECK(std::isnan(decode(ElementType::Float8E4M3FNUZ, 0x80)));
  CHECK(decode(ElementType::Float8E4M3FNUZ, 0x7F) == 240.0);
  CHECK(decode(ElementType::Float8E4M3FNUZ, 0xFF) == -240.0);
  CHECK(decode(ElementType::Float8E4M3FNUZ, 0x40) == 1.0);
  CHECK(decode(ElementType::Float8E5M2, 0x7C) == kInf);
  CHECK(decode(ElementType::Float8E5M2, 0xFC) == -kInf);
  CHECK(decode(ElementType::Float8E5M2, 0x7B) == 57344.0);
  CHECK(std::isnan(decode(ElementType::Float8E5M2, 0x7D)));
  CHECK(decode(ElementType::Float8E5M2, 0x3C) == 1.0);
  CHECK(decode(ElementType::Float8E5M2, 0x01) == 0x1p-16);
  CHECK(std::isnan(decode(ElementType::Float8E5M2FNUZ, 0x80)));
  CHECK(decode(ElementType::Float8E5M2FNUZ, 0x7F) == 57344.0);
  CHECK(decode(ElementType::Float8E5M2FNUZ, 0x40) == 1.0);
  CHECK(decode(ElementType::Float8E8M0, 0x7F) == 1.0);
  CHECK(decode(ElementType::Float8E8M0, 0x00) == 0x1p-127);
  CHECK(decode(ElementType::Float8E8M0, 0xFE) == 0x1p127);
  CHECK(decode(ElementType::Float4E2M1, 0x7) == 6.0);
  CHECK(decode(ElementType::Float4E2M1, 0xF) == -6.0);
  CHECK(decode(ElementType::Float4E2M1, 0x1) == 0.5);
  CHECK(decode(ElementType::Float4E2M1, 0x5) == 3.0);
  CHECK(same_double(decode(ElementType::Float4E2M1, 0x8), -0.0));
  CHECK(decode(ElementType::Float16, 0x3C00) == 1.0);
  CHECK(decode(ElementType::Float16, 0x7BFF) == 65504.0);
  CHECK(decode(ElementType::Float16, 0x0001) == 0x1p-24);
  CHECK(decode(ElementType::BFloat16, 0x3F80) == 1.0);
  CHECK(decode(ElementType::BFloat16, 0xC040) == -3.0);
}

TEST_CASE("small float: float16 and bfloat16 decode all 65536 patterns exactly like Eigen and the formula") {
  for (uint32_t b = 0; b < 65536; ++b) {
    CAPTURE(hex(b));
    const auto raw = static_cast<uint16_t>(b);
    const double half = static_cast<float>(Eigen::numext::bit_cast<Eigen::half>(raw));
    const double bf = static_cast<float>(Eigen::numext::bit_cast<Eigen::bfloat16>(raw));
    REQUIRE(same_double(decode_small_float(ElementType::Float16, b), half));
    REQUIRE(same_double(decode_small_float(ElementType::BFloat16, b), bf));
    REQUIRE(same_double(half, reference_decode(layout_of(ElementType::Float16), b)));
    REQUIRE(same_double(bf, reference_decode(layout_of(ElementType::BFloat16), b)));
  }
}

TEST_CASE("small float: encoding a decoded value gives back the same pattern") {
  for (const auto& l : sign_exponent_mantissa_layouts()) {
    CAPTURE(name_of(l.type));
    for (uint32_t b = 0; b < pattern_count(l); ++b) {
      const double v = reference_decode(l, b);
      if (std::isnan(v)) continue;
      CAPTURE(hex(b));
      // Infinities only survive without saturation (with it, float8 E5M2 clamps them to ±max).
      REQUIRE(encode_small_float(l.type, v, /*saturate=*/false) == b);
      if (std::isfinite(v)) REQUIRE(encode_small_float(l.type, v, /*saturate=*/true) == b);
    }
  }
  for (uint32_t b = 0; b < 255; ++b) {
    const double v = std::ldexp(1.0, static_cast<int>(b) - 127);
    for (auto mode : {E8M0Rounding::Up, E8M0Rounding::Down, E8M0Rounding::Nearest}) {
      CHECK(encode_small_float(ElementType::Float8E8M0, v, true, mode) == b);
      CHECK(encode_small_float(ElementType::Float8E8M0, v, false, mode) == b);
    }
  }
}

TEST_CASE("small float: rounding is to nearest with ties to the even pattern, at every midpoint") {
  for (const auto& l : sign_exponent_mantissa_layouts()) {
    CAPTURE(name_of(l.type));
    const auto points = non_negative_finite(l);
    for (size_t i = 0; i + 1 < points.size(); ++i) {
      const Point lo = points[i];
      const Point hi = points[i + 1];
      const double mid = (lo.value + hi.value) / 2;  // exact: these values have few significant bits
      REQUIRE(mid > lo.value);
      REQUIRE(mid < hi.value);
      const uint32_t even = (lo.bits % 2 == 0) ? lo.bits : hi.bits;
      REQUIRE(lo.bits % 2 != hi.bits % 2);
      CAPTURE(mid);
      for (bool saturate : {true, false}) {
        REQUIRE(encode_small_float(l.type, mid, saturate) == even);
        REQUIRE(encode_small_float(l.type, std::nextafter(mid, kInf), saturate) == hi.bits);
        REQUIRE(encode_small_float(l.type, std::nextafter(mid, 0.0), saturate) == lo.bits);
        // The negative side mirrors the positive one (FNUZ types have no -0: it becomes +0).
        const uint32_t negative_even = (even == 0 && l.rule == NanRule::NegativeZeroIsNan) ? 0 : (even | sign_bit(l));
        REQUIRE(encode_small_float(l.type, -mid, saturate) == negative_even);
        REQUIRE(encode_small_float(l.type, -std::nextafter(mid, kInf), saturate) == (hi.bits | sign_bit(l)));
      }
    }
  }
}

TEST_CASE("small float: values between the largest finite value and the next step") {
  // max, the overflow midpoint max + ulp/2, and where that midpoint goes: ties to even, so it stays at
  // max when max's pattern is even (e4m3fn 0x7E) and overflows when it is odd.
  struct Case {
    ElementType type;
    double max;
    double midpoint;
    uint32_t max_bits;
    bool midpoint_overflows;
  };
  const Case cases[] = {
      {ElementType::Float8E4M3FN, 448, 464, 0x7E, false},  {ElementType::Float8E4M3FNUZ, 240, 248, 0x7F, true},
      {ElementType::Float8E5M2, 57344, 61440, 0x7B, true}, {ElementType::Float8E5M2FNUZ, 57344, 61440, 0x7F, true},
      {ElementType::Float16, 65504, 65520, 0x7BFF, true},  {ElementType::Float4E2M1, 6, 7, 0x7, true},
  };
  for (const auto& c : cases) {
    CAPTURE(name_of(c.type));
    CHECK(encode_small_float(c.type, std::nextafter(c.midpoint, 0.0), false) == c.max_bits);
    CHECK(encode_small_float(c.type, std::nextafter(c.midpoint, 0.0), true) == c.max_bits);
    // With saturation everything up there is max.
    CHECK(encode_small_float(c.type, c.midpoint, true) == (c.type == ElementType::Float16 ? 0x7C00u : c.max_bits));
    CHECK(encode_small_float(c.type, std::nextafter(c.midpoint, kInf), true) ==
          (c.type == ElementType::Float16 ? 0x7C00u : c.max_bits));
    if (c.type == ElementType::Float4E2M1) continue;  // no inf or NaN to overflow to: checked below
    // Without saturation, anything above the midpoint overflows to inf or NaN.
    const double past = decode_small_float(c.type, encode_small_float(c.type, std::nextafter(c.midpoint, kInf), false));
    CHECK_FALSE(past == c.max);
    CHECK_FALSE(std::isfinite(past));
    const double at_mid = decode_small_float(c.type, encode_small_float(c.type, c.midpoint, false));
    CHECK((at_mid == c.max) == !c.midpoint_overflows);
  }
  CHECK(encode_small_float(ElementType::Float4E2M1, 7.0, false) == 0x7);  // float4 always clamps
  CHECK(encode_small_float(ElementType::Float4E2M1, 1e9, false) == 0x7);
}

TEST_CASE("small float: saturation of out-of-range values and infinities") {
  struct Case {
    ElementType type;
    double value;
    bool saturate;
    uint32_t expected;
  };
  const Case cases[] = {
      // saturate = true: beyond max and ±inf become ±max for every float8 type.
      {ElementType::Float8E4M3FN, 1e6, true, 0x7E},
      {ElementType::Float8E4M3FN, -1e6, true, 0xFE},
      {ElementType::Float8E4M3FN, kInf, true, 0x7E},
      {ElementType::Float8E4M3FN, -kInf, true, 0xFE},
      {ElementType::Float8E4M3FNUZ, 1e6, true, 0x7F},
      {ElementType::Float8E4M3FNUZ, -1e6, true, 0xFF},
      // ±inf -> ±max with saturate (the Cast-24 table and the official tests of opsets 19 to 23).
      {ElementType::Float8E4M3FNUZ, kInf, true, 0x7F},
      {ElementType::Float8E4M3FNUZ, -kInf, true, 0xFF},
      {ElementType::Float8E5M2, 1e6, true, 0x7B},
      {ElementType::Float8E5M2, -1e6, true, 0xFB},
      {ElementType::Float8E5M2, kInf, true, 0x7B},
      {ElementType::Float8E5M2, -kInf, true, 0xFB},
      {ElementType::Float8E5M2FNUZ, 1e6, true, 0x7F},
      {ElementType::Float8E5M2FNUZ, -1e6, true, 0xFF},
      {ElementType::Float8E5M2FNUZ, kInf, true, 0x7F},
      {ElementType::Float8E5M2FNUZ, -kInf, true, 0xFF},
      // saturate = false: NaN, except E5M2 which has infinities.
      {ElementType::Float8E4M3FN, 1e6, false, 0x7F},
      {ElementType::Float8E4M3FN, -1e6, false, 0xFF},
      {ElementType::Float8E4M3FN, kInf, false, 0x7F},
      {ElementType::Float8E4M3FN, -kInf, false, 0xFF},
      {ElementType::Float8E4M3FNUZ, 1e6, false, 0x80},
      {ElementType::Float8E4M3FNUZ, -kInf, false, 0x80},
      {ElementType::Float8E5M2, 1e6, false, 0x7C},
      {ElementType::Float8E5M2, -1e6, false, 0xFC},
      {ElementType::Float8E5M2, kInf, false, 0x7C},
      {ElementType::Float8E5M2, -kInf, false, 0xFC},
      {ElementType::Float8E5M2FNUZ, 1e6, false, 0x80},
      {ElementType::Float8E5M2FNUZ, kInf, false, 0x80},
      // float16 and bfloat16 are IEEE: overflow is inf, whatever `saturate` says.
      {ElementType::Float16, 1e6, true, 0x7C00},
      {ElementType::Float16, -1e6, true, 0xFC00},
      {ElementType::Float16, kInf, true, 0x7C00},
      {ElementType::Float16, -kInf, false, 0xFC00},
      {ElementType::BFloat16, 1e39, true, 0x7F80},
      {ElementType::BFloat16, -1e39, false, 0xFF80},
      {ElementType::BFloat16, kInf, true, 0x7F80},
      // float4e2m1 has neither: always ±6.
      {ElementType::Float4E2M1, 100, true, 0x7},
      {ElementType::Float4E2M1, -100, false, 0xF},
      {ElementType::Float4E2M1, kInf, false, 0x7},
      {ElementType::Float4E2M1, -kInf, true, 0xF},
  };
  for (const auto& c : cases) {
    CAPTURE(name_of(c.type));
    CAPTURE(c.value);
    CAPTURE(c.saturate);
    CHECK(hex(encode_small_float(c.type, c.value, c.saturate)) == hex(c.expected));
  }
}

TEST_CASE("small float: NaN stays NaN, with the format's NaN pattern") {
  for (bool saturate : {true, false}) {
    CAPTURE(saturate);
    CHECK(encode_small_float(ElementType::Float8E4M3FN, kNaN, saturate) == 0x7F);
    CHECK(encode_small_float(ElementType::Float8E4M3FN, -kNaN, saturate) == 0xFF);
    CHECK(encode_small_float(ElementType::Float8E4M3FNUZ, kNaN, saturate) == 0x80);
    CHECK(encode_small_float(ElementType::Float8E4M3FNUZ, -kNaN, saturate) == 0x80);
    CHECK(encode_small_float(ElementType::Float8E5M2FNUZ, -kNaN, saturate) == 0x80);
    const uint32_t e5m2 = encode_small_float(ElementType::Float8E5M2, -kNaN, saturate);
    CHECK(std::isnan(decode_small_float(ElementType::Float8E5M2, e5m2)));
    CHECK((e5m2 & 0x80) == 0x80);
    const uint32_t f16 = encode_small_float(ElementType::Float16, kNaN, saturate);
    CHECK(std::isnan(decode_small_float(ElementType::Float16, f16)));
    const uint32_t bf16 = encode_small_float(ElementType::BFloat16, -kNaN, saturate);
    CHECK(std::isnan(decode_small_float(ElementType::BFloat16, bf16)));
    CHECK((bf16 & 0x8000) == 0x8000);
    // float4e2m1 has no NaN; ml_dtypes (ONNX's reference Cast) gives its quiet_NaN() pattern 0b1000
    // (-0), and for a negative NaN the negation of that, 0b0000.
    CHECK(encode_small_float(ElementType::Float4E2M1, kNaN, saturate) == 0x8);
    CHECK(encode_small_float(ElementType::Float4E2M1, -kNaN, saturate) == 0x0);
  }
}

TEST_CASE("small float: signed zeros and values that round to zero") {
  CHECK(encode_small_float(ElementType::Float8E4M3FN, -0.0) == 0x80);
  CHECK(encode_small_float(ElementType::Float8E5M2, -0.0) == 0x80);
  CHECK(encode_small_float(ElementType::Float16, -0.0) == 0x8000);
  CHECK(encode_small_float(ElementType::BFloat16, -0.0) == 0x8000);
  CHECK(encode_small_float(ElementType::Float4E2M1, -0.0) == 0x8);
  // FNUZ types have no -0 (its pattern is NaN): -0 and negative underflow become +0.
  CHECK(encode_small_float(ElementType::Float8E4M3FNUZ, -0.0) == 0x00);
  CHECK(encode_small_float(ElementType::Float8E5M2FNUZ, -0.0) == 0x00);
  CHECK(encode_small_float(ElementType::Float8E4M3FNUZ, -1e-30) == 0x00);
  CHECK(encode_small_float(ElementType::Float8E5M2FNUZ, -1e-30, false) == 0x00);
  CHECK(encode_small_float(ElementType::Float8E4M3FN, -1e-30) == 0x80);
  CHECK(encode_small_float(ElementType::Float8E4M3FN, 1e-30) == 0x00);
  CHECK(encode_small_float(ElementType::Float8E4M3FN, std::numeric_limits<double>::denorm_min()) == 0x00);
  // Half the smallest subnormal ties to zero; just above it rounds up to the subnormal.
  CHECK(encode_small_float(ElementType::Float8E4M3FN, 0x1p-10) == 0x00);
  CHECK(encode_small_float(ElementType::Float8E4M3FN, std::nextafter(0x1p-10, 1.0)) == 0x01);
  CHECK(encode_small_float(ElementType::Float16, 0x1p-25) == 0x0000);
  CHECK(encode_small_float(ElementType::Float16, 0x1.8p-25) == 0x0001);
  CHECK(encode_small_float(ElementType::Float4E2M1, 0.25) == 0x0);
  CHECK(encode_small_float(ElementType::Float4E2M1, -0.26) == 0x9);
}

TEST_CASE("small float: float4e2m1 rounding thresholds as in ONNX's float32_to_float4e2m1") {
  // onnx/subbyte.py: >5 -> 6, >=3.5 -> 4, >2.5 -> 3, >=1.75 -> 2, >1.25 -> 1.5, >=0.75 -> 1, >0.25 -> 0.5.
  const double up_thresholds[] = {0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0};
  const double results[] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  const bool tie_goes_up[] = {false, true, false, true, false, true, false};
  for (int i = 0; i < 7; ++i) {
    const double t = up_thresholds[i];
    CAPTURE(t);
    auto value = [](double x) {
      return decode_small_float(ElementType::Float4E2M1, encode_small_float(ElementType::Float4E2M1, x));
    };
    CHECK(value(std::nextafter(t, 0.0)) == results[i]);
    CHECK(value(std::nextafter(t, 10.0)) == results[i + 1]);
    CHECK(value(t) == (tie_goes_up[i] ? results[i + 1] : results[i]));
    CHECK(value(-t) == -(tie_goes_up[i] ? results[i + 1] : results[i]));
  }
}

TEST_CASE("small float: float8e8m0 rounding modes") {
  const auto e8m0 = [](double v, E8M0Rounding mode, bool saturate = true) {
    return encode_small_float(ElementType::Float8E8M0, v, saturate, mode);
  };
  using R = E8M0Rounding;
  // Default is round up.
  CHECK(encode_small_float(ElementType::Float8E8M0, 1.5) == 0x80);
  CHECK(e8m0(1.0, R::Up) == 0x7F);
  CHECK(e8m0(std::nextafter(1.0, 2.0), R::Up) == 0x80);  // exactly from the double, no float rounding
  CHECK(e8m0(1.0 + 0x1p-40, R::Up) == 0x80);
  CHECK(e8m0(0.75, R::Up) == 0x7F);
  CHECK(e8m0(3.0, R::Up) == 0x81);
  CHECK(e8m0(1.5, R::Down) == 0x7F);
  CHECK(e8m0(std::nextafter(2.0, 0.0), R::Down) == 0x7F);
  CHECK(e8m0(0.75, R::Down) == 0x7E);
  // Nearest: f * 2^k with f in [1, 2) goes up from f = 1.5 on (ONNX's to_float8e8m0 rounds that tie up).
  CHECK(e8m0(1.5, R::Nearest) == 0x80);
  CHECK(e8m0(std::nextafter(1.5, 0.0), R::Nearest) == 0x7F);
  CHECK(e8m0(3.0, R::Nearest) == 0x81);
  CHECK(e8m0(2.9, R::Nearest) == 0x80);
  CHECK(e8m0(0x1.8p-100, R::Nearest) == 0x7F - 99);  // 2^-99
  // Largest value 2^127: beyond it, saturate to 0xFE or become NaN.
  CHECK(e8m0(0x1.8p127, R::Up, true) == 0xFE);
  CHECK(e8m0(0x1.8p127, R::Up, false) == 0xFF);
  CHECK(e8m0(0x1.8p127, R::Down, false) == 0xFE);
  CHECK(e8m0(0x1.8p127, R::Nearest, true) == 0xFE);
  CHECK(e8m0(0x1.8p127, R::Nearest, false) == 0xFF);
  CHECK(e8m0(0x1p128, R::Down, true) == 0xFE);
  CHECK(e8m0(0x1p128, R::Down, false) == 0xFF);
  CHECK(e8m0(1e300, R::Up, true) == 0xFE);
  // Smallest value 2^-127: everything below saturates to it, zero included.
  CHECK(e8m0(0x1p-130, R::Up) == 0x00);
  CHECK(e8m0(0x1p-130, R::Down) == 0x00);
  CHECK(e8m0(0x1p-130, R::Nearest) == 0x00);
  CHECK(e8m0(0x1.8p-128, R::Up) == 0x00);
  CHECK(e8m0(0x1.8p-127, R::Up) == 0x01);
  CHECK(e8m0(0x1.8p-127, R::Down) == 0x00);
  CHECK(e8m0(0.0, R::Up) == 0x00);
  CHECK(e8m0(-0.0, R::Nearest, false) == 0x00);
  // No sign: ONNX's to_float8e8m0 reads only exponent and mantissa, so -x encodes like x.
  CHECK(e8m0(-4.0, R::Up) == 0x81);
  CHECK(e8m0(-3.0, R::Down) == 0x80);
  // NaN and infinities become NaN even with saturation, as in to_float8e8m0.
  for (bool saturate : {true, false}) {
    CHECK(e8m0(kNaN, R::Up, saturate) == 0xFF);
    CHECK(e8m0(kInf, R::Up, saturate) == 0xFF);
    CHECK(e8m0(-kInf, R::Down, saturate) == 0xFF);
  }
}

TEST_CASE("small float: float16 and bfloat16 encoding agrees with Eigen for float inputs") {
  // Every float exponent, 2^32 / 65521 mantissas each, plus every float near the float16 range at a
  // finer step: Eigen rounds float -> half and float -> bfloat16 once, to nearest even.
  auto check = [](uint32_t u) {
    const float f = float_from_bits(u);
    const uint32_t half = encode_small_float(ElementType::Float16, f);
    const uint32_t bf = encode_small_float(ElementType::BFloat16, f);
    if (std::isnan(f)) {
      return std::isnan(decode_small_float(ElementType::Float16, half)) &&
             std::isnan(decode_small_float(ElementType::BFloat16, bf)) && (half >> 15) == (u >> 31) &&
             (bf >> 15) == (u >> 31);
    }
    return half == eigen_half_bits(f) && bf == eigen_bfloat16_bits(f);
  };
  int64_t checked = 0;
  int64_t mismatches = 0;
  for (uint64_t u = 0; u <= 0xFFFFFFFFull; u += 65521) {
    ++checked;
    if (!check(static_cast<uint32_t>(u))) ++mismatches;
  }
  // Floats from 2^-26 to 2^17 (the float16 range and a little around it), every 61st pattern.
  for (uint32_t u = 0x32800000u; u <= 0x48000000u; u += 61) {
    ++checked;
    if (!check(u) || !check(u | 0x80000000u)) ++mismatches;
  }
  CHECK(checked > 4000000);
  CHECK(mismatches == 0);
}

TEST_CASE("small float: float16 and bfloat16 round a double once, not through float") {
  // 1 + 2^-11 is the midpoint between the float16 values 1 and 1 + 2^-10. The double just above it
  // must round up; converting to float first lands exactly on the midpoint, which then ties to even
  // (down to 1.0). Eigen::half(double) goes through float and gets it wrong.
  const double above_half_midpoint = 1.0 + 0x1p-11 + 0x1p-40;
  CHECK(static_cast<float>(above_half_midpoint) == 1.0f + 0x1p-11f);
  CHECK(eigen_half_bits(static_cast<float>(above_half_midpoint)) == 0x3C00);
  CHECK(Eigen::numext::bit_cast<uint16_t>(Eigen::half(above_half_midpoint)) == 0x3C00);
  CHECK(encode_small_float(ElementType::Float16, above_half_midpoint) == 0x3C01);
  CHECK(encode_small_float(ElementType::Float16, 1.0 + 0x1p-11 - 0x1p-40) == 0x3C00);

  const double above_bf16_midpoint = 1.0 + 0x1p-8 + 0x1p-40;  // bfloat16 values 1 and 1 + 2^-7
  CHECK(eigen_bfloat16_bits(static_cast<float>(above_bf16_midpoint)) == 0x3F80);
  CHECK(encode_small_float(ElementType::BFloat16, above_bf16_midpoint) == 0x3F81);

  // The same holds for the float8 types: 1 + 2^-4 is the e4m3fn midpoint between 1 and 1.125.
  CHECK(encode_small_float(ElementType::Float8E4M3FN, 1.0 + 0x1p-4 + 0x1p-40) == 0x39);
  CHECK(encode_small_float(ElementType::Float8E4M3FN, 1.0 + 0x1p-4) == 0x38);
}
