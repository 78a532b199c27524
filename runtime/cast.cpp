#include "runtime/cast.h"
#include "runtime/cast_fast.h"

#include <Eigen/Core>

#include <locale.h>
#include <algorithm>
#include <bit>
#include <cfenv>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "runtime/error.h"
#include "runtime/raw_elements.h"

namespace onnx_ref {

namespace {

// Every integer value of every integer type (and bool) lies in [-2^63, 2^64): a signed 128-bit
// integer holds them all exactly, so integer sources never pass through double.
__extension__ typedef __int128 Int128;

// Elements are converted in blocks: one switch on each type per block, not per element.
constexpr int64_t kCastBlock = 1024;  // a multiple of 4, so a block starts on a byte of packed elements

using raw::load;
using raw::load_packed;
using raw::sign_extend;
using raw::store;
using raw::store_packed;

bool is_integer_kind(ElementType type) {
  const ElementKind kind = info(type).kind;
  return kind == ElementKind::SignedInt || kind == ElementKind::UnsignedInt || kind == ElementKind::Boolean;
}

bool is_fnuz(ElementType type) { return type == ElementType::Float8E4M3FNUZ || type == ElementType::Float8E5M2FNUZ; }

// ---- decimal text ----

locale_t c_locale() {
  static const locale_t locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
  return locale;
}

// The decimal `text` (already validated: sign, digits, point, exponent) rounded once to double,
// to nearest.
double decimal_to_double(const std::string& text) { return strtod_l(text.c_str(), nullptr, c_locale()); }

// The decimal rounded to odd at double precision: exact when the decimal is a double, otherwise
// whichever of the two doubles around it has an odd last mantissa bit. Rounding that double once
// more to any format with at most 51 significant bits (every float type Cast has besides float and
// double), to nearest or directed, gives the same result as rounding the exact decimal once, so a
// string such as "0.50000000000000000001" is not first rounded to 0.5 and then to even.
// glibc's strtod honours the current rounding mode, which gives the two neighbours.
double decimal_to_double_odd(const std::string& text) {
  const int saved = std::fegetround();
  std::fesetround(FE_DOWNWARD);
  const double down = strtod_l(text.c_str(), nullptr, c_locale());
  std::fesetround(FE_UPWARD);
  const double up = strtod_l(text.c_str(), nullptr, c_locale());
  std::fesetround(saved);
  if (down == up) return down;
  return (std::bit_cast<uint64_t>(down) & 1) ? down : up;
}

// The exact integer rounded to odd at double precision (see decimal_to_double_odd).
double integer_to_double_odd(Int128 value) {
  const bool negative = value < 0;
  const auto magnitude = static_cast<uint64_t>(negative ? -value : value);  // at most 2^64 - 1
  double result;
  if (magnitude < (uint64_t{1} << 53)) {
    result = static_cast<double>(magnitude);
  } else {
    const int shift = 64 - std::countl_zero(magnitude) - 53;
    uint64_t kept = magnitude >> shift;
    if (magnitude & ((uint64_t{1} << shift) - 1)) kept |= 1;  // sticky: the dropped bits were not zero
    result = std::ldexp(static_cast<double>(kept), shift);
  }
  return negative ? -result : result;
}

// The exact integer rounded once to double, to nearest, ties to even (the hardware conversions are).
double integer_to_double(Int128 value) {
  if (value >= INT64_MIN && value <= INT64_MAX) return static_cast<double>(static_cast<int64_t>(value));
  return static_cast<double>(static_cast<uint64_t>(value));
}

// Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "literal" + std::string&&
// once inlined here.
std::string integer_to_string(Int128 value) {
  if (value >= 0) return std::to_string(static_cast<uint64_t>(value));
  std::string text = "-";
  text += std::to_string(static_cast<uint64_t>(-value));
  return text;
}

// A message quoting text from the model: escaped, and cut after 64 bytes.
std::string quoted(std::string_view text) {
  constexpr size_t kLimit = 64;
  std::string shown = escape_for_message(text.substr(0, kLimit), true);
  if (text.size() > kLimit) shown += "...";
  return "'" + shown + "'";
}

// ---- encoding to the small float types ----

// Cast's encoding to a small float type (float16, bfloat16, the float8 types, float4e2m1, float8e8m0)
// of a value already rounded to odd or exact.
uint32_t encode_for_cast(ElementType to, double value, const CastOptions& options) {
  if (to == ElementType::Float8E8M0) {
    // float8e8m0 (Cast-24 table): with saturate, +inf -> E8M0_MAX, 0 -> the smallest value (pattern
    // 0x00, as the official test test_cast_e8m0_FLOAT_to_FLOAT8E8M0 has it) and values rounding below
    // 2^-127 -> 2^-127; without saturate all three are NaN. Negative values are undefined in the
    // spec: like ONNX's reference (numpy_helper.to_float8e8m0) we take the magnitude, so -inf is inf.
    if (std::isnan(value)) return 0xFF;
    if (std::isinf(value)) return options.saturate ? 0xFE : 0xFF;
    const double magnitude = std::fabs(value);
    if (magnitude == 0.0) return options.saturate ? 0x00 : 0xFF;
    if (!options.saturate) {
      // Below these bounds the rounded value is 2^-128 or smaller, outside the type.
      const double smallest = 0x1p-127;
      const bool underflows = options.round_mode == E8M0Rounding::Up     ? magnitude <= smallest / 2
                              : options.round_mode == E8M0Rounding::Down ? magnitude < smallest
                                                                         : magnitude < 0.75 * smallest;
      if (underflows) return 0xFF;
    }
    return encode_small_float(to, magnitude, options.saturate, options.round_mode);
  }
  // ±inf with saturate: the Cast-19, 21 and 23 tables say NaN for the FNUZ types, the Cast-24 and 25
  // tables ±FLT_MAX. The official tests of every one of these versions expect ±FLT_MAX (0x7F/0xFF in
  // test_cast_FLOAT_to_FLOAT8E4M3FNUZ at opsets 19, 21, 23), and so does ONNX's reference, so every
  // version gives ±FLT_MAX.
  if (options.saturate && std::isinf(value) && is_fnuz(to)) return value > 0 ? 0x7F : 0xFF;
  if (options.legacy_4bit_rules && to == ElementType::Float4E2M1 && std::isnan(value)) return 0x7;
  if (options.legacy_bfloat16_truncation && to == ElementType::BFloat16)
    return std::bit_cast<uint32_t>(static_cast<float>(value)) >> 16;
  return encode_small_float(to, value, options.saturate);
}

// ---- readers: a block of elements as exact integers or exact doubles ----

template <class T>
void read_fixed(const std::byte* data, int64_t start, int64_t n, Int128* out) {
  for (int64_t i = 0; i < n; ++i) out[i] = load<T>(data, start + i);
}

void read_packed(const std::byte* data, int64_t start, int64_t n, Int128* out, int bits, bool is_signed) {
  for (int64_t i = 0; i < n; ++i) {
    const uint32_t raw = load_packed(data, start + i, bits);
    out[i] = is_signed ? sign_extend(raw, bits) : raw;
  }
}

void read_integers(ElementType type, const std::byte* data, int64_t start, int64_t n, Int128* out) {
  switch (type) {
    case ElementType::Bool:
      for (int64_t i = 0; i < n; ++i) out[i] = load<uint8_t>(data, start + i) != 0 ? 1 : 0;
      return;
    case ElementType::Int8:
      return read_fixed<int8_t>(data, start, n, out);
    case ElementType::UInt8:
      return read_fixed<uint8_t>(data, start, n, out);
    case ElementType::Int16:
      return read_fixed<int16_t>(data, start, n, out);
    case ElementType::UInt16:
      return read_fixed<uint16_t>(data, start, n, out);
    case ElementType::Int32:
      return read_fixed<int32_t>(data, start, n, out);
    case ElementType::UInt32:
      return read_fixed<uint32_t>(data, start, n, out);
    case ElementType::Int64:
      return read_fixed<int64_t>(data, start, n, out);
    case ElementType::UInt64:
      return read_fixed<uint64_t>(data, start, n, out);
    case ElementType::Int4:
      return read_packed(data, start, n, out, 4, true);
    case ElementType::UInt4:
      return read_packed(data, start, n, out, 4, false);
    case ElementType::Int2:
      return read_packed(data, start, n, out, 2, true);
    case ElementType::UInt2:
      return read_packed(data, start, n, out, 2, false);
    default:
      throw std::logic_error("cast: read_integers on " + std::string(name_of(type)));
  }
}

// The exact value of every bit pattern of an 8- or 4-bit float type. A NaN pattern with the sign bit
// set (float8e4m3fn 0xFF, float8e5m2 0xFD..0xFF) decodes to a negative NaN, so its sign survives a
// cast to a type with signed NaNs. The FNUZ types' one NaN (0x80) and float8e8m0's have no sign.
std::vector<double> decode_table(ElementType type) {
  const int patterns = 1 << bits_of(type);
  std::vector<double> table(static_cast<size_t>(patterns));
  const uint32_t sign_bit = static_cast<uint32_t>(patterns) >> 1;
  const bool signed_nan = !is_fnuz(type) && type != ElementType::Float8E8M0;
  for (int bits = 0; bits < patterns; ++bits) {
    double v = decode_small_float(type, static_cast<uint32_t>(bits));
    if (std::isnan(v) && signed_nan) v = std::copysign(v, (bits & sign_bit) ? -1.0 : 1.0);
    table[static_cast<size_t>(bits)] = v;
  }
  return table;
}

class RealReader {
 public:
  explicit RealReader(ElementType type) : type_(type) {
    if (bits_of(type) <= 8 && type != ElementType::Bool) table_ = decode_table(type);
  }

  void read(const std::byte* data, int64_t start, int64_t n, double* out) const {
    switch (type_) {
      case ElementType::Float:
        for (int64_t i = 0; i < n; ++i) out[i] = load<float>(data, start + i);
        return;
      case ElementType::Double:
        std::memcpy(out, data + start * 8, static_cast<size_t>(n) * 8);
        return;
      case ElementType::Float16:
        for (int64_t i = 0; i < n; ++i)
          out[i] =
              static_cast<float>(Eigen::half(Eigen::half_impl::raw_uint16_to_half(load<uint16_t>(data, start + i))));
        return;
      case ElementType::BFloat16:
        // bfloat16 is the top half of a float32: exact, sign and NaN payload kept.
        for (int64_t i = 0; i < n; ++i)
          out[i] = std::bit_cast<float>(static_cast<uint32_t>(load<uint16_t>(data, start + i)) << 16);
        return;
      case ElementType::Float4E2M1:
        for (int64_t i = 0; i < n; ++i) out[i] = table_[load_packed(data, start + i, 4)];
        return;
      default:  // the 8-bit float types
        for (int64_t i = 0; i < n; ++i) out[i] = table_[load<uint8_t>(data, start + i)];
        return;
    }
  }

 private:
  ElementType type_;
  std::vector<double> table_;
};

// ---- writers ----

// Integer targets keep the low bits of the two's complement value: the spec's "discard higher bits
// and reinterpret". W: the storage word; packed types (W = void) hold `bits` per element.
template <class W>
void store_low_bits(std::byte* data, int64_t start, int64_t n, const Int128* v, int bits = 0) {
  for (int64_t i = 0; i < n; ++i) {
    const auto low = static_cast<uint64_t>(v[i]);
    if constexpr (std::is_void_v<W>)
      store_packed(data, start + i, bits, static_cast<uint32_t>(low & ((1u << bits) - 1)));
    else
      store<W>(data, start + i, static_cast<W>(low));
  }
}

// Floating types narrower than float (float16, bfloat16, float4e2m1, the float8 types): each
// value_of(i), a double exact or rounded to odd, encoded as a cast encodes it. False for any other
// type.
template <class ValueOf>
bool store_small_floats(ElementType to, std::byte* data, int64_t start, int64_t n, const CastOptions& options,
                        ValueOf value_of) {
  switch (to) {
    case ElementType::Float16:
    case ElementType::BFloat16:
      for (int64_t i = 0; i < n; ++i)
        store<uint16_t>(data, start + i, static_cast<uint16_t>(encode_for_cast(to, value_of(i), options)));
      return true;
    case ElementType::Float4E2M1:
      for (int64_t i = 0; i < n; ++i) store_packed(data, start + i, 4, encode_for_cast(to, value_of(i), options));
      return true;
    case ElementType::Float8E4M3FN:
    case ElementType::Float8E4M3FNUZ:
    case ElementType::Float8E5M2:
    case ElementType::Float8E5M2FNUZ:
    case ElementType::Float8E8M0:
      for (int64_t i = 0; i < n; ++i)
        store<uint8_t>(data, start + i, static_cast<uint8_t>(encode_for_cast(to, value_of(i), options)));
      return true;
    default:
      return false;
  }
}

// Integer (or bool) values to any non-string type.
void write_integers(ElementType to, std::byte* data, int64_t start, int64_t n, const Int128* v,
                    const CastOptions& options) {
  switch (to) {
    case ElementType::Bool:
      for (int64_t i = 0; i < n; ++i) store<uint8_t>(data, start + i, v[i] != 0 ? 1 : 0);
      return;
    case ElementType::Int8:
    case ElementType::UInt8:
      return store_low_bits<uint8_t>(data, start, n, v);
    case ElementType::Int16:
    case ElementType::UInt16:
      return store_low_bits<uint16_t>(data, start, n, v);
    case ElementType::Int32:
    case ElementType::UInt32:
      return store_low_bits<uint32_t>(data, start, n, v);
    case ElementType::Int64:
    case ElementType::UInt64:
      return store_low_bits<uint64_t>(data, start, n, v);
    case ElementType::Int4:
    case ElementType::UInt4:
      return store_low_bits<void>(data, start, n, v, 4);
    case ElementType::Int2:
    case ElementType::UInt2:
      return store_low_bits<void>(data, start, n, v, 2);
    case ElementType::Double:
      for (int64_t i = 0; i < n; ++i) store<double>(data, start + i, integer_to_double(v[i]));
      return;
    case ElementType::Float:
      // Rounded to odd at 53 bits, then to nearest at 24: one correct rounding of the integer.
      for (int64_t i = 0; i < n; ++i) store<float>(data, start + i, static_cast<float>(integer_to_double_odd(v[i])));
      return;
    default:
      if (store_small_floats(to, data, start, n, options, [v](int64_t i) { return integer_to_double_odd(v[i]); }))
        return;
      throw std::logic_error("cast: write_integers to " + std::string(name_of(to)));
  }
}

// The integer a float converts to: truncated toward zero. Error for NaN, infinities and values
// outside [-2^63, 2^64), whose conversion the spec leaves undefined ("fixed point: undefined if OOR");
// inside that range the result wraps like an integer cast, as the official tests fix for the 4- and
// 2-bit types (float -9.0 -> int4 7, float -1.0 -> uint2 3).
Int128 real_to_integer(double value, ElementType from, ElementType to, int64_t index) {
  const double t = std::trunc(value);
  if (!(t >= -0x1p63 && t < 0x1p64))
    throw Error("element " + std::to_string(index) + " = " + format_cast_float(value, from) + " has no " +
                std::string(name_of(to)) +
                " value: the spec leaves the conversion of NaN, infinities and out-of-range floats to integers "
                "undefined (onnx-ref wraps integer parts in [-2^63, 2^64) and refuses the rest)");
  if (t < 0) return static_cast<int64_t>(t);
  return static_cast<uint64_t>(t);
}

// Cast-21 and 23 to int4/uint4 (CastOptions::legacy_4bit_rules): nearest, ties to even, clamped.
Int128 clamp_to_4bit(double value, ElementType from, ElementType to, int64_t index) {
  if (std::isnan(value))
    throw Error("element " + std::to_string(index) + " = NaN has no " + std::string(name_of(to)) + " value (" +
                std::string(name_of(from)) + " NaN to an integer type is undefined in the spec)");
  const double low = to == ElementType::Int4 ? -8 : 0;
  const double high = to == ElementType::Int4 ? 7 : 15;
  return static_cast<int64_t>(std::nearbyint(std::clamp(value, low, high)));  // the default mode: ties to even
}

// Exact doubles (or doubles rounded to odd from a wider exact value, see decimal_to_double_odd) to
// any non-string type but double itself when rounded to odd. `first_index` numbers the elements in
// error messages.
void write_reals(ElementType to, std::byte* data, int64_t start, int64_t n, const double* v, ElementType from,
                 const CastOptions& options, int64_t first_index) {
  switch (to) {
    case ElementType::Float:
      for (int64_t i = 0; i < n; ++i) store<float>(data, start + i, static_cast<float>(v[i]));
      return;
    case ElementType::Double:
      std::memcpy(data + start * 8, v, static_cast<size_t>(n) * 8);
      return;
    case ElementType::Bool:
      // ±0 is false; everything else, NaN included, is true (the spec: "all else to True").
      for (int64_t i = 0; i < n; ++i) store<uint8_t>(data, start + i, v[i] != 0.0 ? 1 : 0);
      return;
    default:
      if (store_small_floats(to, data, start, n, options, [v](int64_t i) { return v[i]; })) return;
      break;
  }
  if (!is_integer_kind(to)) throw std::logic_error("cast: write_reals to " + std::string(name_of(to)));
  Int128 integers[kCastBlock];
  const bool clamp = options.legacy_4bit_rules && (to == ElementType::Int4 || to == ElementType::UInt4);
  for (int64_t done = 0; done < n; done += kCastBlock) {
    const int64_t m = std::min(kCastBlock, n - done);
    for (int64_t i = 0; i < m; ++i)
      integers[i] = clamp ? clamp_to_4bit(v[done + i], from, to, first_index + done + i)
                          : real_to_integer(v[done + i], from, to, first_index + done + i);
    write_integers(to, data, start + done, m, integers, options);
  }
}

// ---- strings ----

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const char x = (a[i] >= 'A' && a[i] <= 'Z') ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    if (x != b[i]) return false;
  }
  return true;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A string that holds a number, split as the grammar in cast.h reads it.
struct Number {
  bool special = false;  // NaN or an infinity, in `special_value`
  double special_value = 0;
  bool negative = false;
  std::string digits;               // the integer digits, then the fraction digits
  int64_t point = 0;                // the value is 0.<digits> * 10^point (saturated far beyond any type's range)
  bool is_integer_literal = false;  // no point, no exponent
};

// Validates the grammar documented in cast.h; nullopt when `text` is not a number.
std::optional<Number> scan_number(std::string_view text) {
  Number number;
  size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) number.negative = text[i++] == '-';
  const std::string_view rest = text.substr(i);
  if (equals_ignoring_case(rest, "inf") || equals_ignoring_case(rest, "infinity")) {
    number.special = true;
    number.special_value = number.negative ? -HUGE_VAL : HUGE_VAL;
    return number;
  }
  if (equals_ignoring_case(rest, "nan")) {
    number.special = true;
    number.special_value = std::copysign(std::numeric_limits<double>::quiet_NaN(), number.negative ? -1.0 : 1.0);
    return number;
  }
  size_t int_digits = 0, frac_digits = 0;
  bool has_point = false, has_exponent = false;
  while (i < text.size() && is_digit(text[i])) number.digits += text[i++], ++int_digits;
  if (i < text.size() && text[i] == '.') {
    has_point = true;
    ++i;
    while (i < text.size() && is_digit(text[i])) number.digits += text[i++], ++frac_digits;
  }
  if (int_digits + frac_digits == 0) return std::nullopt;
  int64_t exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    has_exponent = true;
    ++i;
    bool exponent_negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) exponent_negative = text[i++] == '-';
    size_t exponent_digits = 0;
    constexpr int64_t kSaturated = int64_t{1} << 40;  // far beyond any exponent a type can hold
    while (i < text.size() && is_digit(text[i])) {
      exponent = std::min(kSaturated, exponent * 10 + (text[i++] - '0'));
      ++exponent_digits;
    }
    if (exponent_digits == 0) return std::nullopt;
    if (exponent_negative) exponent = -exponent;
  }
  if (i != text.size()) return std::nullopt;
  number.point = static_cast<int64_t>(int_digits) + exponent;
  number.is_integer_literal = !has_point && !has_exponent;
  return number;
}

bool is_zero(const Number& number) {
  return !number.special && number.digits.find_first_not_of('0') == std::string::npos;
}

// The integer part of a finite number (truncated toward zero), exactly; nullopt outside
// [-2^63, 2^64).
std::optional<Int128> integer_part(const Number& number) {
  uint64_t magnitude = 0;
  const int64_t length = static_cast<int64_t>(number.digits.size());
  if (number.point > 0) {
    for (int64_t k = 0; k < number.point; ++k) {
      const uint64_t digit = k < length ? static_cast<uint64_t>(number.digits[static_cast<size_t>(k)] - '0') : 0;
      if (magnitude > (UINT64_MAX - digit) / 10) return std::nullopt;
      magnitude = magnitude * 10 + digit;
    }
  }
  if (number.negative) {
    if (magnitude > (uint64_t{1} << 63)) return std::nullopt;
    return -static_cast<Int128>(magnitude);
  }
  return static_cast<Int128>(magnitude);
}

}  // namespace

void cast_string_element(std::string_view text, ElementType to, const CastOptions& options, std::byte* out,
                         int64_t index) {
  const auto number = scan_number(text);
  auto where = [&] { return "element " + std::to_string(index) + " is the string " + quoted(text); };
  if (!number) throw Error(where() + ", which is not a number");
  if (to == ElementType::Bool) {
    // As from a float: zero is false, anything else (NaN, infinities, 1e-400) true.
    store<uint8_t>(out, index, is_zero(*number) ? 0 : 1);
    return;
  }
  const bool legacy_clamp = options.legacy_4bit_rules && (to == ElementType::Int4 || to == ElementType::UInt4);
  if (is_integer_kind(to) && !(legacy_clamp && !number->is_integer_literal)) {
    // The exact integer part of the decimal, wrapped like an integer cast: "300" -> uint8 44,
    // "-2.7" -> int8 -2, "1e3" -> 1000. The spec calls "2.718" to INT undefined; we truncate as a
    // float source would.
    const auto value = number->special ? std::nullopt : integer_part(*number);
    if (!value)
      throw Error(where() + ", which has no " + std::string(name_of(to)) +
                  " value: only numbers whose integer part lies in [-2^63, 2^64) convert to integers");
    write_integers(to, out, index, 1, &*value, options);
    return;
  }
  if (number->special) {
    write_reals(to, out, index, 1, &number->special_value, ElementType::Double, options, index);
    return;
  }
  const std::string nul_terminated(text);
  if (to == ElementType::Float) {
    // strtof rounds the decimal once, straight to float.
    store<float>(out, index, strtof_l(nul_terminated.c_str(), nullptr, c_locale()));
    return;
  }
  const double value = to == ElementType::Double || legacy_clamp ? decimal_to_double(nul_terminated)
                                                                 : decimal_to_double_odd(nul_terminated);
  write_reals(to, out, index, 1, &value, ElementType::Double, options, index);
}

std::string format_cast_float(double value, ElementType source) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "INF" : "-INF";
  // The shortest round-trip digits in scientific form, e.g. "-9.767611e-01".
  char buf[64];
  if (source == ElementType::Float) {
    *std::to_chars(buf, buf + sizeof buf - 1, static_cast<float>(value), std::chars_format::scientific).ptr = '\0';
  } else if (source == ElementType::Double || value == 0.0) {
    *std::to_chars(buf, buf + sizeof buf - 1, value, std::chars_format::scientific).ptr = '\0';
  } else {
    // The small types: the fewest significant digits (correctly rounded by printf) that read back,
    // with Cast's own parsing, as the same value. float8e8m0 reads back with round_mode "nearest".
    CastOptions reading;
    reading.round_mode = E8M0Rounding::Nearest;
    for (int digits = 1; digits <= 17; ++digits) {
      std::snprintf(buf, sizeof buf, "%.*e", digits - 1, value);
      const double back = decimal_to_double_odd(buf);
      if (decode_small_float(source, encode_for_cast(source, back, reading)) == value) break;
    }
  }
  // Split into sign, digits and decimal exponent.
  std::string_view s(buf);
  std::string out;
  if (!s.empty() && s[0] == '-') {
    out = "-";
    s.remove_prefix(1);
  }
  const size_t e = s.find('e');
  std::string digits;
  for (char c : s.substr(0, e))
    if (c != '.') digits += c;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int exponent = std::atoi(std::string(s.substr(e + 1)).c_str());
  const auto count = static_cast<int>(digits.size());
  if (exponent >= -4 && exponent < 16) {
    if (exponent >= 0) {
      const int int_len = exponent + 1;
      if (count <= int_len) {
        out += digits + std::string(static_cast<size_t>(int_len - count), '0') + ".0";
      } else {
        out += digits.substr(0, static_cast<size_t>(int_len)) + "." + digits.substr(static_cast<size_t>(int_len));
      }
    } else {
      out += "0.";
      out.append(static_cast<size_t>(-exponent - 1), '0');
      out += digits;
    }
  } else {
    out += digits.substr(0, 1);
    if (count > 1) {
      out += '.';
      out.append(digits, 1);
    }
    const int magnitude = exponent < 0 ? -exponent : exponent;
    out += exponent < 0 ? "e-" : "e+";
    if (magnitude < 10) out += "0";
    out += std::to_string(magnitude);
  }
  return out;
}

Tensor cast_tensor(const Tensor& in, ElementType to, const CastOptions& options) {
  const ElementType from = in.type();
  for (ElementType t : {from, to})
    if (info(t).kind == ElementKind::Complex)
      throw Error("Cast does not convert " + std::string(name_of(t)) + " (its type constraints exclude complex types)");
  if (from == to) return in;
  if (auto fast = cast_fast_path(in, to, options)) return std::move(*fast);
  return cast_tensor_elementwise(in, to, options);
}

Tensor cast_tensor_elementwise(const Tensor& in, ElementType to, const CastOptions& options) {
  const ElementType from = in.type();
  if (from == to) return in;
  const int64_t n = in.element_count();

  if (from == ElementType::String) {
    Tensor out = Tensor::zeros(to, in.shape());
    const auto& strings = in.strings();
    for (int64_t i = 0; i < n; ++i)
      cast_string_element(strings[static_cast<size_t>(i)], to, options, out.mutable_data(), i);
    return out;
  }

  Tensor out = is_sub_byte(to) ? Tensor::zeros(to, in.shape()) : Tensor::uninitialized(to, in.shape());
  const std::byte* src = in.data();
  const bool integer_source = is_integer_kind(from);
  std::vector<std::string>* strings = to == ElementType::String ? &out.mutable_strings() : nullptr;
  std::byte* dst = strings ? nullptr : out.mutable_data();
  const RealReader reals(integer_source ? ElementType::Double : from);
  std::vector<Int128> int_block(integer_source ? static_cast<size_t>(std::min(n, kCastBlock)) : 0);
  std::vector<double> real_block(integer_source ? 0 : static_cast<size_t>(std::min(n, kCastBlock)));

  for (int64_t start = 0; start < n; start += kCastBlock) {
    const int64_t m = std::min(kCastBlock, n - start);
    if (integer_source) {
      read_integers(from, src, start, m, int_block.data());
      if (strings) {
        for (int64_t i = 0; i < m; ++i)
          (*strings)[static_cast<size_t>(start + i)] = integer_to_string(int_block[static_cast<size_t>(i)]);
      } else {
        write_integers(to, dst, start, m, int_block.data(), options);
      }
    } else {
      reals.read(src, start, m, real_block.data());
      if (strings) {
        for (int64_t i = 0; i < m; ++i)
          (*strings)[static_cast<size_t>(start + i)] = format_cast_float(real_block[static_cast<size_t>(i)], from);
      } else {
        write_reals(to, dst, start, m, real_block.data(), from, options, start);
      }
    }
  }
  return out;
}

}  // namespace onnx_ref
