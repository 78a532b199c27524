// Reading and writing single elements of raw storage: byte order, packed 4- and 2-bit layouts, sign
// extension, bool, complex, integer ranges and misuse.
#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "runtime/element_type.h"
#include "runtime/element_values.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;

namespace {

std::vector<std::byte> bytes(std::initializer_list<int> values) {
  std::vector<std::byte> out;
  for (int v : values) out.push_back(static_cast<std::byte>(v));
  return out;
}

int byte_at(const std::vector<std::byte>& data, size_t i) { return std::to_integer<int>(data[i]); }

std::vector<ElementType> types_of_kind(ElementKind kind) {
  std::vector<ElementType> out;
  for (const auto& t : all_element_types())
    if (t.kind == kind) out.push_back(t.type);
  return out;
}

}  // namespace

TEST_CASE("element values: multi-byte types are little-endian and need no alignment") {
  // One byte of padding in front so every element sits at an odd address.
  auto data = bytes({0xAA, 0x04, 0x03, 0x02, 0x01, 0x08, 0x07, 0x06, 0x05});
  const std::byte* p = data.data() + 1;
  CHECK(read_int64(ElementType::Int32, p, 0) == 0x01020304);
  CHECK(read_int64(ElementType::Int32, p, 1) == 0x05060708);
  CHECK(read_uint64(ElementType::UInt16, p, 1) == 0x0102);
  CHECK(read_uint64(ElementType::UInt64, p, 0) == 0x0506070801020304ull);
  CHECK(read_bits(ElementType::Float, p, 0) == 0x01020304u);

  std::vector<std::byte> out(9);
  write_int64(ElementType::Int64, out.data() + 1, 0, -2);
  CHECK(byte_at(out, 0) == 0);
  CHECK(byte_at(out, 1) == 0xFE);
  for (size_t i = 2; i < 9; ++i) CHECK(byte_at(out, i) == 0xFF);
  write_uint64(ElementType::UInt32, out.data() + 1, 1, 0xA1B2C3D4u);
  CHECK(byte_at(out, 5) == 0xD4);
  CHECK(byte_at(out, 8) == 0xA1);
  write_real(ElementType::Float, out.data() + 1, 0, 1.0);  // 0x3F800000
  CHECK(byte_at(out, 1) == 0x00);
  CHECK(byte_at(out, 4) == 0x3F);
  CHECK(byte_at(out, 3) == 0x80);
}

TEST_CASE("element values: 4-bit elements, element 0 in the low nibble") {
  const auto data = bytes({0x21, 0x43, 0xF8});
  for (int i = 0; i < 4; ++i) CHECK(read_uint64(ElementType::UInt4, data.data(), i) == static_cast<uint64_t>(i + 1));
  // 0xF8: low nibble 8 is -8, high nibble F is -1 (sign extension).
  CHECK(read_int64(ElementType::Int4, data.data(), 4) == -8);
  CHECK(read_int64(ElementType::Int4, data.data(), 5) == -1);
  CHECK(read_int64(ElementType::Int4, data.data(), 0) == 1);
  CHECK(read_real(ElementType::Int4, data.data(), 4) == -8.0);
  CHECK(read_uint64(ElementType::UInt4, data.data(), 4) == 8);
  CHECK(read_bits(ElementType::Int4, data.data(), 5) == 0xF);
  // float4e2m1 packs the same way: 0xF8 holds -0 then -6.
  CHECK(read_real(ElementType::Float4E2M1, data.data(), 5) == -6.0);
  CHECK(std::signbit(read_real(ElementType::Float4E2M1, data.data(), 4)));
  CHECK(read_real(ElementType::Float4E2M1, data.data(), 1) == 1.0);  // nibble 2 = 1.0
}

TEST_CASE("element values: 2-bit elements, x0 | x1<<2 | x2<<4 | x3<<6") {
  const auto data = bytes({0xE4, 0x02});  // 0b11'10'01'00, then 0b10
  for (int i = 0; i < 4; ++i) CHECK(read_uint64(ElementType::UInt2, data.data(), i) == static_cast<uint64_t>(i));
  CHECK(read_int64(ElementType::Int2, data.data(), 0) == 0);
  CHECK(read_int64(ElementType::Int2, data.data(), 1) == 1);
  CHECK(read_int64(ElementType::Int2, data.data(), 2) == -2);
  CHECK(read_int64(ElementType::Int2, data.data(), 3) == -1);
  CHECK(read_int64(ElementType::Int2, data.data(), 4) == -2);
  CHECK(read_real(ElementType::Int2, data.data(), 3) == -1.0);
  CHECK(read_bits(ElementType::Int2, data.data(), 3) == 3);
}

TEST_CASE("element values: packed writes touch only their own bits and leave the last byte's high bits zero") {
  std::vector<std::byte> nibbles(2);
  for (int i = 0; i < 3; ++i) write_uint64(ElementType::UInt4, nibbles.data(), i, static_cast<uint64_t>(0xA + i));
  CHECK(byte_at(nibbles, 0) == 0xBA);
  CHECK(byte_at(nibbles, 1) == 0x0C);  // three elements: the high nibble of the last byte stays 0

  std::vector<std::byte> crumbs(2);
  for (int i = 0; i < 5; ++i) write_int64(ElementType::Int2, crumbs.data(), i, i % 2 == 0 ? -1 : 1);
  CHECK(byte_at(crumbs, 0) == 0x77);  // 11, 01, 11, 01 from the lowest bits up
  CHECK(byte_at(crumbs, 1) == 0x03);  // five elements: bits 2..7 of the last byte stay 0

  // Overwriting one element keeps its neighbours.
  auto full = bytes({0xFF, 0xFF});
  write_int64(ElementType::Int4, full.data(), 1, 0);
  CHECK(byte_at(full, 0) == 0x0F);
  write_uint64(ElementType::UInt2, full.data(), 6, 0);
  CHECK(byte_at(full, 1) == 0xCF);
  write_real(ElementType::Float4E2M1, full.data(), 2, 1.5);  // 0x3
  CHECK(byte_at(full, 1) == 0xC3);
  write_int64(ElementType::Int4, full.data(), 0, -8);
  CHECK(byte_at(full, 0) == 0x08);
}

TEST_CASE("element values: bool is one byte 0 or 1") {
  std::vector<std::byte> data(3, std::byte{0x55});
  write_int64(ElementType::Bool, data.data(), 0, 1);
  write_uint64(ElementType::Bool, data.data(), 1, 0);
  write_real(ElementType::Bool, data.data(), 2, 1.0);
  CHECK(byte_at(data, 0) == 1);
  CHECK(byte_at(data, 1) == 0);
  CHECK(byte_at(data, 2) == 1);
  CHECK(read_int64(ElementType::Bool, data.data(), 0) == 1);
  CHECK(read_real(ElementType::Bool, data.data(), 1) == 0.0);
  CHECK(read_real(ElementType::Bool, data.data(), 2) == 1.0);
  CHECK_THROWS_AS(write_int64(ElementType::Bool, data.data(), 0, 2), std::logic_error);
  CHECK_THROWS_AS(write_real(ElementType::Bool, data.data(), 0, 0.5), std::logic_error);
}

TEST_CASE("element values: complex elements are (real, imaginary) pairs") {
  std::vector<std::byte> c64(16);
  write_complex(ElementType::Complex64, c64.data(), 1, {1.5, -2.5});
  CHECK(read_real(ElementType::Float, c64.data(), 2) == 1.5);
  CHECK(read_real(ElementType::Float, c64.data(), 3) == -2.5);
  CHECK(read_complex(ElementType::Complex64, c64.data(), 1) == std::complex<double>(1.5, -2.5));
  CHECK(read_complex(ElementType::Complex64, c64.data(), 0) == std::complex<double>(0, 0));
  std::vector<std::byte> c128(32);
  write_complex(ElementType::Complex128, c128.data(), 1, {0.1, 1e300});
  CHECK(read_real(ElementType::Double, c128.data(), 2) == 0.1);
  CHECK(read_real(ElementType::Double, c128.data(), 3) == 1e300);
  CHECK(read_complex(ElementType::Complex128, c128.data(), 1) == std::complex<double>(0.1, 1e300));
}

TEST_CASE("element values: write then read every non-string type") {
  for (const auto& t : all_element_types()) {
    if (t.type == ElementType::String) continue;
    CAPTURE(t.name);
    std::vector<std::byte> data(16 * 10);  // room for ten 16-byte elements
    switch (t.kind) {
      case ElementKind::Complex: {
        const std::complex<double> v(-0.5, 4.0);
        for (int i = 0; i < 3; ++i) write_complex(t.type, data.data(), i, v * double(i));
        for (int i = 0; i < 3; ++i) CHECK(read_complex(t.type, data.data(), i) == v * double(i));
        CHECK_THROWS_AS(read_real(t.type, data.data(), 0), std::logic_error);
        break;
      }
      case ElementKind::Float: {
        // Representable in every float format down to float4e2m1 (with e8m0, only positive powers of two).
        const bool e8m0 = t.type == ElementType::Float8E8M0;
        const std::vector<double> values = e8m0 ? std::vector<double>{1.0, 0.5, 4.0, 0x1p-127, 0x1p127}
                                                : std::vector<double>{1.0, -0.5, 3.0, 0.0, -6.0};
        for (size_t i = 0; i < values.size(); ++i) write_real(t.type, data.data(), static_cast<int64_t>(i), values[i]);
        for (size_t i = 0; i < values.size(); ++i)
          CHECK(read_real(t.type, data.data(), static_cast<int64_t>(i)) == values[i]);
        if (is_small_float(t.type)) {
          CHECK(read_bits(t.type, data.data(), 0) == encode_small_float(t.type, 1.0));
        }
        break;
      }
      case ElementKind::SignedInt: {
        const int64_t lo = t.bits == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (t.bits - 1));
        const int64_t hi = t.bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (t.bits - 1)) - 1;
        const std::vector<int64_t> values = {lo, hi, -1, 0, 1, lo + 1};
        for (size_t i = 0; i < values.size(); ++i) write_int64(t.type, data.data(), static_cast<int64_t>(i), values[i]);
        for (size_t i = 0; i < values.size(); ++i) {
          CHECK(read_int64(t.type, data.data(), static_cast<int64_t>(i)) == values[i]);
          CHECK(read_real(t.type, data.data(), static_cast<int64_t>(i)) == static_cast<double>(values[i]));
        }
        write_real(t.type, data.data(), 7, -1.0);
        CHECK(read_int64(t.type, data.data(), 7) == -1);
        break;
      }
      case ElementKind::UnsignedInt: {
        const uint64_t hi = t.bits == 64 ? std::numeric_limits<uint64_t>::max() : (uint64_t{1} << t.bits) - 1;
        const std::vector<uint64_t> values = {0, hi, 1, hi - 1, 2};
        for (size_t i = 0; i < values.size(); ++i)
          write_uint64(t.type, data.data(), static_cast<int64_t>(i), values[i]);
        for (size_t i = 0; i < values.size(); ++i)
          CHECK(read_uint64(t.type, data.data(), static_cast<int64_t>(i)) == values[i]);
        write_real(t.type, data.data(), 7, 3.0);
        CHECK(read_real(t.type, data.data(), 7) == 3.0);
        write_int64(t.type, data.data(), 8, 2);
        CHECK(read_uint64(t.type, data.data(), 8) == 2);
        break;
      }
      case ElementKind::Boolean: {
        write_int64(t.type, data.data(), 0, 1);
        write_int64(t.type, data.data(), 1, 0);
        CHECK(read_int64(t.type, data.data(), 0) == 1);
        CHECK(read_int64(t.type, data.data(), 1) == 0);
        break;
      }
      case ElementKind::String:
        break;
    }
  }
}

TEST_CASE("element values: read_real is exact up to 2^53 and read_int64/read_uint64 beyond") {
  std::vector<std::byte> data(16);
  write_int64(ElementType::Int64, data.data(), 0, (int64_t{1} << 53) + 1);
  CHECK(read_int64(ElementType::Int64, data.data(), 0) == (int64_t{1} << 53) + 1);
  write_int64(ElementType::Int64, data.data(), 1, -(int64_t{1} << 53));
  CHECK(read_real(ElementType::Int64, data.data(), 1) == -0x1p53);
  write_uint64(ElementType::UInt64, data.data(), 0, std::numeric_limits<uint64_t>::max());
  CHECK(read_uint64(ElementType::UInt64, data.data(), 0) == std::numeric_limits<uint64_t>::max());
  CHECK(read_real(ElementType::UInt64, data.data(), 0) == 0x1p64);  // nearest double
  write_real(ElementType::UInt64, data.data(), 1, 0x1p63);
  CHECK(read_uint64(ElementType::UInt64, data.data(), 1) == (uint64_t{1} << 63));
  // Doubles and float16 values come back bit for bit.
  write_real(ElementType::Double, data.data(), 0, 0.1);
  CHECK(read_real(ElementType::Double, data.data(), 0) == 0.1);
  write_real(ElementType::Float16, data.data(), 0, 65504.0);
  CHECK(read_bits(ElementType::Float16, data.data(), 0) == 0x7BFF);
  CHECK(read_real(ElementType::Float16, data.data(), 0) == 65504.0);
  write_real(ElementType::Float, data.data(), 0, 0.1);
  CHECK(read_real(ElementType::Float, data.data(), 0) == static_cast<double>(0.1f));
}

TEST_CASE("element values: float writes round like Cast with saturation, keeping infinities") {
  std::vector<std::byte> data(4);
  write_real(ElementType::Float8E4M3FN, data.data(), 0, 1e6);
  CHECK(read_real(ElementType::Float8E4M3FN, data.data(), 0) == 448.0);
  write_real(ElementType::Float8E5M2, data.data(), 1, -1e6);
  CHECK(read_real(ElementType::Float8E5M2, data.data(), 1) == -57344.0);
  // Stored data keeps the infinities of a format that has them; formats without one saturate.
  const double inf = std::numeric_limits<double>::infinity();
  write_real(ElementType::Float8E5M2, data.data(), 1, -inf);
  CHECK(read_bits(ElementType::Float8E5M2, data.data(), 1) == 0xFC);
  write_real(ElementType::Float8E4M3FN, data.data(), 1, inf);
  CHECK(read_real(ElementType::Float8E4M3FN, data.data(), 1) == 448.0);
  write_real(ElementType::Float8E5M2FNUZ, data.data(), 1, -1e6);
  CHECK(read_real(ElementType::Float8E5M2FNUZ, data.data(), 1) == -57344.0);
  // ±inf saturates to ±max in the FNUZ types too (the Cast-24 table, the official Cast tests).
  write_real(ElementType::Float8E5M2FNUZ, data.data(), 1, -inf);
  CHECK(read_bits(ElementType::Float8E5M2FNUZ, data.data(), 1) == 0xFF);
  write_real(ElementType::Float4E2M1, data.data(), 1, inf);
  CHECK(read_real(ElementType::Float4E2M1, data.data(), 1) == 6.0);
  write_real(ElementType::Float16, data.data(), 1, 1e6);
  CHECK(std::isinf(read_real(ElementType::Float16, data.data(), 1)));
  write_real(ElementType::Float4E2M1, data.data(), 1, 2.5);  // tie between 2 and 3 goes to even 2
  CHECK(read_real(ElementType::Float4E2M1, data.data(), 1) == 2.0);
  write_real(ElementType::Float8E8M0, data.data(), 0, 3.0);  // default round mode is up
  CHECK(read_real(ElementType::Float8E8M0, data.data(), 0) == 4.0);
}

TEST_CASE("element values: fits_integer and fits_unsigned at the boundaries") {
  CHECK(fits_integer(ElementType::Int4, -8));
  CHECK(fits_integer(ElementType::Int4, 7));
  CHECK_FALSE(fits_integer(ElementType::Int4, -9));
  CHECK_FALSE(fits_integer(ElementType::Int4, 8));
  CHECK(fits_integer(ElementType::UInt4, 15));
  CHECK_FALSE(fits_integer(ElementType::UInt4, 16));
  CHECK_FALSE(fits_integer(ElementType::UInt4, -1));
  CHECK(fits_integer(ElementType::UInt2, 0));
  CHECK(fits_integer(ElementType::UInt2, 3));
  CHECK_FALSE(fits_integer(ElementType::UInt2, -1));
  CHECK_FALSE(fits_integer(ElementType::UInt2, 4));
  CHECK(fits_integer(ElementType::Int2, -2));
  CHECK(fits_integer(ElementType::Int2, 1));
  CHECK_FALSE(fits_integer(ElementType::Int2, 2));
  CHECK_FALSE(fits_integer(ElementType::Int2, -3));
  CHECK(fits_integer(ElementType::Int8, -128));
  CHECK_FALSE(fits_integer(ElementType::Int8, 128));
  CHECK(fits_integer(ElementType::UInt8, 255));
  CHECK_FALSE(fits_integer(ElementType::UInt8, 256));
  CHECK(fits_integer(ElementType::Int16, -32768));
  CHECK_FALSE(fits_integer(ElementType::Int16, 32768));
  CHECK(fits_integer(ElementType::UInt16, 65535));
  CHECK_FALSE(fits_integer(ElementType::UInt16, 65536));
  CHECK(fits_integer(ElementType::Int32, std::numeric_limits<int32_t>::min()));
  CHECK_FALSE(fits_integer(ElementType::Int32, int64_t{std::numeric_limits<int32_t>::max()} + 1));
  CHECK(fits_integer(ElementType::UInt32, 4294967295LL));
  CHECK_FALSE(fits_integer(ElementType::UInt32, 4294967296LL));
  CHECK(fits_integer(ElementType::Int64, std::numeric_limits<int64_t>::min()));
  CHECK(fits_integer(ElementType::Int64, std::numeric_limits<int64_t>::max()));
  CHECK(fits_integer(ElementType::UInt64, std::numeric_limits<int64_t>::max()));
  CHECK_FALSE(fits_integer(ElementType::UInt64, -1));
  CHECK(fits_integer(ElementType::Bool, 0));
  CHECK(fits_integer(ElementType::Bool, 1));
  CHECK_FALSE(fits_integer(ElementType::Bool, 2));
  CHECK_FALSE(fits_integer(ElementType::Bool, -1));

  CHECK(fits_unsigned(ElementType::UInt64, std::numeric_limits<uint64_t>::max()));
  CHECK_FALSE(fits_unsigned(ElementType::Int64, std::numeric_limits<uint64_t>::max()));
  CHECK(fits_unsigned(ElementType::Int64, uint64_t{std::numeric_limits<int64_t>::max()}));
  CHECK_FALSE(fits_unsigned(ElementType::Int64, uint64_t{1} << 63));
  CHECK(fits_unsigned(ElementType::UInt2, 3));
  CHECK_FALSE(fits_unsigned(ElementType::UInt2, 4));
  CHECK(fits_unsigned(ElementType::Int4, 7));
  CHECK_FALSE(fits_unsigned(ElementType::Int4, 8));
  CHECK(fits_unsigned(ElementType::Bool, 1));
  CHECK_FALSE(fits_unsigned(ElementType::Bool, 2));

  // Every integer type answers; no other type does.
  for (auto kind : {ElementKind::SignedInt, ElementKind::UnsignedInt, ElementKind::Boolean})
    for (auto type : types_of_kind(kind)) {
      CAPTURE(name_of(type));
      CHECK(fits_integer(type, 0));
      CHECK(fits_unsigned(type, 1));
    }
  for (auto kind : {ElementKind::Float, ElementKind::Complex, ElementKind::String})
    for (auto type : types_of_kind(kind)) {
      CAPTURE(name_of(type));
      CHECK_THROWS_AS(fits_integer(type, 0), std::logic_error);
      CHECK_THROWS_AS(fits_unsigned(type, 0), std::logic_error);
    }
}

TEST_CASE("element values: misuse throws std::logic_error") {
  std::vector<std::byte> data(32);
  std::byte* p = data.data();
  CHECK_THROWS_AS(read_real(ElementType::String, p, 0), std::logic_error);
  CHECK_THROWS_AS(read_real(ElementType::Complex64, p, 0), std::logic_error);
  CHECK_THROWS_AS(read_complex(ElementType::Float, p, 0), std::logic_error);
  CHECK_THROWS_AS(read_int64(ElementType::Float, p, 0), std::logic_error);
  CHECK_THROWS_AS(read_int64(ElementType::UInt64, p, 0), std::logic_error);
  CHECK_THROWS_AS(read_uint64(ElementType::Int8, p, 0), std::logic_error);
  CHECK_THROWS_AS(read_bits(ElementType::String, p, 0), std::logic_error);
  CHECK_THROWS_AS(read_bits(ElementType::Complex128, p, 0), std::logic_error);
  CHECK_THROWS_AS(write_real(ElementType::Complex128, p, 0, 1.0), std::logic_error);
  CHECK_THROWS_AS(write_real(ElementType::String, p, 0, 1.0), std::logic_error);
  CHECK_THROWS_AS(write_complex(ElementType::Double, p, 0, {1.0, 0.0}), std::logic_error);
  CHECK_THROWS_AS(write_int64(ElementType::Float, p, 0, 1), std::logic_error);
  CHECK_THROWS_AS(write_int64(ElementType::Int4, p, 0, 8), std::logic_error);
  CHECK_THROWS_AS(write_uint64(ElementType::UInt8, p, 0, 256), std::logic_error);
  CHECK_THROWS_AS(write_real(ElementType::Int8, p, 0, 1.5), std::logic_error);
  CHECK_THROWS_AS(write_real(ElementType::Int8, p, 0, 128.0), std::logic_error);
  CHECK_THROWS_AS(write_real(ElementType::UInt64, p, 0, 0x1p64), std::logic_error);
  CHECK_THROWS_AS(write_real(ElementType::Int32, p, 0, std::nan("")), std::logic_error);
  // A refused write leaves the storage alone.
  for (const auto b : data) CHECK(std::to_integer<int>(b) == 0);
}
