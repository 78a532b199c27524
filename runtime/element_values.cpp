#include "runtime/element_values.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "runtime/float_formats.h"
#include "runtime/raw_elements.h"

namespace onnx_ref {

namespace {

using K = ElementKind;

[[noreturn]] void misuse(const char* function, ElementType type) {
  throw std::logic_error(std::string(function) + ": not valid for element type " + std::string(name_of(type)));
}

using raw::load;
using raw::load_packed;
using raw::sign_extend;
using raw::store;
using raw::store_packed;

// ---- integer ranges ----

struct IntRange {
  int64_t min;
  uint64_t max;
};

std::optional<IntRange> integer_range(ElementType type) {
  switch (type) {
    case ElementType::Bool:
      return IntRange{0, 1};
    case ElementType::Int2:
      return IntRange{-2, 1};
    case ElementType::UInt2:
      return IntRange{0, 3};
    case ElementType::Int4:
      return IntRange{-8, 7};
    case ElementType::UInt4:
      return IntRange{0, 15};
    case ElementType::Int8:
      return IntRange{INT8_MIN, INT8_MAX};
    case ElementType::UInt8:
      return IntRange{0, UINT8_MAX};
    case ElementType::Int16:
      return IntRange{INT16_MIN, INT16_MAX};
    case ElementType::UInt16:
      return IntRange{0, UINT16_MAX};
    case ElementType::Int32:
      return IntRange{INT32_MIN, INT32_MAX};
    case ElementType::UInt32:
      return IntRange{0, UINT32_MAX};
    case ElementType::Int64:
      return IntRange{INT64_MIN, INT64_MAX};
    case ElementType::UInt64:
      return IntRange{0, UINT64_MAX};
    default:
      return std::nullopt;
  }
}

IntRange require_integer_range(const char* function, ElementType type) {
  const auto range = integer_range(type);
  if (!range) misuse(function, type);
  return *range;
}

// Integer element i of an integer or bool type, as int64 (uint64 goes through read_uint64).
int64_t load_signed(ElementType type, const std::byte* data, int64_t index) {
  switch (type) {
    case ElementType::Bool:
      return load<uint8_t>(data, index) != 0 ? 1 : 0;
    case ElementType::Int2:
      return sign_extend(load_packed(data, index, 2), 2);
    case ElementType::UInt2:
      return load_packed(data, index, 2);
    case ElementType::Int4:
      return sign_extend(load_packed(data, index, 4), 4);
    case ElementType::UInt4:
      return load_packed(data, index, 4);
    case ElementType::Int8:
      return load<int8_t>(data, index);
    case ElementType::UInt8:
      return load<uint8_t>(data, index);
    case ElementType::Int16:
      return load<int16_t>(data, index);
    case ElementType::UInt16:
      return load<uint16_t>(data, index);
    case ElementType::Int32:
      return load<int32_t>(data, index);
    case ElementType::UInt32:
      return load<uint32_t>(data, index);
    case ElementType::Int64:
      return load<int64_t>(data, index);
    default:
      misuse("read_int64", type);
  }
}

// Stores an integer already checked to fit the type. Two's complement truncation gives the right
// bits for every signed and unsigned width.
void store_integer(ElementType type, std::byte* data, int64_t index, uint64_t bits) {
  switch (type) {
    case ElementType::Bool:
    case ElementType::Int8:
    case ElementType::UInt8:
      store(data, index, static_cast<uint8_t>(bits));
      break;
    case ElementType::Int2:
    case ElementType::UInt2:
      store_packed(data, index, 2, static_cast<uint32_t>(bits & 0x3));
      break;
    case ElementType::Int4:
    case ElementType::UInt4:
      store_packed(data, index, 4, static_cast<uint32_t>(bits & 0xF));
      break;
    case ElementType::Int16:
    case ElementType::UInt16:
      store(data, index, static_cast<uint16_t>(bits));
      break;
    case ElementType::Int32:
    case ElementType::UInt32:
      store(data, index, static_cast<uint32_t>(bits));
      break;
    case ElementType::Int64:
    case ElementType::UInt64:
      store(data, index, bits);
      break;
    default:
      misuse("write_integer", type);
  }
}

bool is_packed_small_float(ElementType type) { return type == ElementType::Float4E2M1; }

// Stored data is not a Cast: an infinity written to a format that has one (float8e5m2, like float16
// and bfloat16) stays an infinity, so every bit pattern survives a write of its own value. Cast's
// saturation still applies to finite values out of range and to infinities in formats without one.
bool keeps_infinity(ElementType type, double value) {
  return std::isinf(value) && std::isinf(decode_small_float(type, encode_small_float(type, value, false)));
}

}  // namespace

bool fits_integer(ElementType type, int64_t value) {
  const IntRange range = require_integer_range("fits_integer", type);
  return value >= range.min && (value < 0 || static_cast<uint64_t>(value) <= range.max);
}

bool fits_unsigned(ElementType type, uint64_t value) {
  return value <= require_integer_range("fits_unsigned", type).max;
}

uint64_t read_bits(ElementType type, const std::byte* data, int64_t index) {
  switch (bits_of(type)) {
    case 2:
      return load_packed(data, index, 2);
    case 4:
      return load_packed(data, index, 4);
    case 8:
      return load<uint8_t>(data, index);
    case 16:
      return load<uint16_t>(data, index);
    case 32:
      return load<uint32_t>(data, index);
    case 64:
      return load<uint64_t>(data, index);
    default:
      misuse("read_bits", type);  // string, complex128
  }
}

double read_real(ElementType type, const std::byte* data, int64_t index) {
  switch (type) {
    case ElementType::Float:
      return load<float>(data, index);
    case ElementType::Double:
      return load<double>(data, index);
    // Exact up to 2^53; larger int64/uint64 magnitudes round (read_int64/read_uint64 are exact).
    case ElementType::UInt64:
      return static_cast<double>(load<uint64_t>(data, index));
    default:
      break;
  }
  if (is_small_float(type)) return decode_small_float(type, static_cast<uint32_t>(read_bits(type, data, index)));
  if (integer_range(type)) return static_cast<double>(load_signed(type, data, index));
  misuse("read_real", type);  // string, complex
}

std::complex<double> read_complex(ElementType type, const std::byte* data, int64_t index) {
  if (type == ElementType::Complex64) {
    return {load<float>(data, 2 * index), load<float>(data, 2 * index + 1)};
  }
  if (type == ElementType::Complex128) {
    return {load<double>(data, 2 * index), load<double>(data, 2 * index + 1)};
  }
  misuse("read_complex", type);
}

int64_t read_int64(ElementType type, const std::byte* data, int64_t index) {
  const auto kind = info(type).kind;
  if (kind != K::SignedInt && kind != K::Boolean) misuse("read_int64", type);
  return load_signed(type, data, index);
}

uint64_t read_uint64(ElementType type, const std::byte* data, int64_t index) {
  if (info(type).kind != K::UnsignedInt) misuse("read_uint64", type);
  if (type == ElementType::UInt64) return load<uint64_t>(data, index);
  return static_cast<uint64_t>(load_signed(type, data, index));
}

void write_real(ElementType type, std::byte* data, int64_t index, double value) {
  switch (type) {
    case ElementType::Float:
      store(data, index, static_cast<float>(value));
      return;  // one IEEE rounding
    case ElementType::Double:
      store(data, index, value);
      return;
    default:
      break;
  }
  if (is_small_float(type)) {
    const uint32_t bits = encode_small_float(type, value, /*saturate=*/!keeps_infinity(type, value));
    if (is_packed_small_float(type)) {
      store_packed(data, index, 4, bits);
    } else if (bits_of(type) == 16) {
      store(data, index, static_cast<uint16_t>(bits));
    } else {
      store(data, index, static_cast<uint8_t>(bits));
    }
    return;
  }
  if (!integer_range(type)) misuse("write_real", type);
  // Integer types take an integral value in range; anything else is the caller's bug.
  if (!(std::trunc(value) == value))
    throw std::logic_error("write_real: non-integral value for " + std::string(name_of(type)));
  if (value >= -0x1p63 && value < 0x1p63) {
    const auto as_int = static_cast<int64_t>(value);
    if (fits_integer(type, as_int)) return store_integer(type, data, index, static_cast<uint64_t>(as_int));
  } else if (value >= 0x1p63 && value < 0x1p64 && fits_unsigned(type, static_cast<uint64_t>(value))) {
    return store_integer(type, data, index, static_cast<uint64_t>(value));
  }
  throw std::logic_error("write_real: value out of range for " + std::string(name_of(type)));
}

void write_complex(ElementType type, std::byte* data, int64_t index, std::complex<double> value) {
  if (type == ElementType::Complex64) {
    store(data, 2 * index, static_cast<float>(value.real()));
    store(data, 2 * index + 1, static_cast<float>(value.imag()));
    return;
  }
  if (type == ElementType::Complex128) {
    store(data, 2 * index, value.real());
    store(data, 2 * index + 1, value.imag());
    return;
  }
  misuse("write_complex", type);
}

void write_int64(ElementType type, std::byte* data, int64_t index, int64_t value) {
  require_integer_range("write_int64", type);
  if (!fits_integer(type, value))
    throw std::logic_error("write_int64: " + std::to_string(value) + " does not fit " + std::string(name_of(type)));
  store_integer(type, data, index, static_cast<uint64_t>(value));
}

void write_uint64(ElementType type, std::byte* data, int64_t index, uint64_t value) {
  require_integer_range("write_uint64", type);
  if (!fits_unsigned(type, value))
    throw std::logic_error("write_uint64: " + std::to_string(value) + " does not fit " + std::string(name_of(type)));
  store_integer(type, data, index, value);
}

}  // namespace onnx_ref
