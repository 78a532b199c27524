// Unit tests of ops/cast/cast.cpp.
#include "helpers/cast.h"
#include "helpers/cast_rules.h"

TEST_CASE("Cast: every 8-bit float pattern into every other float type, rounded once from the exact value") {
  for (T from : k8BitFloats) {
    const Tensor in = from_bits(from, all_patterns(from));
    for (bool saturate : {true, false}) {
      CastOptions options;
      options.saturate = saturate;
      // Exact targets: float and double hold every value.
      for (T exact : {T::Float, T::Double}) {
        const Tensor out = cast_tensor(in, exact, options);
        for (int64_t i = 0; i < 256; ++i) {
          CAPTURE(name_of(from));
          CAPTURE(i);
          CHECK(same_value(value_at(out, i), decode_small_float(from, static_cast<uint32_t>(i))));
        }
      }
      for (T to : kSmallFloats) {
        if (to == from) continue;
        const Tensor out = cast_tensor(in, to, options);
        for (int64_t i = 0; i < 256; ++i) {
          const double x = decode_small_float(from, static_cast<uint32_t>(i));
          if (std::isnan(x)) {
            if (to != T::Float4E2M1) CHECK(std::isnan(value_at(out, i)));
            continue;
          }
          double expected = reference_round(to, x, saturate);
          // ±inf with saturate: ±max for the FNUZ targets too (the official tests of every version).
          if (saturate && std::isinf(x) && is_fnuz_type(to)) expected = x > 0 ? 57344.0 : -57344.0;
          if (saturate && std::isinf(x) && to == T::Float8E4M3FNUZ) expected = x > 0 ? 240.0 : -240.0;
          CAPTURE(name_of(from));
          CAPTURE(name_of(to));
          CAPTURE(saturate);
          CAPTURE(x);
          CHECK(same_value(value_at(out, i), expected));
        }
      }
    }
  }
}

TEST_CASE("Cast: every float16 and bfloat16 pattern into the float8 types and float4e2m1") {
  for (T from : {T::Float16, T::BFloat16}) {
    const Tensor in = from_bits(from, all_patterns(from));
    for (T to : {T::Float8E4M3FN, T::Float8E4M3FNUZ, T::Float8E5M2, T::Float8E5M2FNUZ, T::Float4E2M1}) {
      for (bool saturate : {true, false}) {
        CastOptions options;
        options.saturate = saturate;
        const Tensor out = cast_tensor(in, to, options);
        int mismatches = 0;
        for (int64_t i = 0; i < 65536; ++i) {
          const double x = decode_small_float(from, static_cast<uint32_t>(i));
          if (std::isnan(x)) {
            if (to != T::Float4E2M1 && !std::isnan(value_at(out, i))) ++mismatches;
            continue;
          }
          double expected = reference_round(to, x, saturate);
          if (saturate && std::isinf(x) && is_fnuz_type(to))
            expected = (x > 0 ? 1 : -1) * (to == T::Float8E4M3FNUZ ? 240.0 : 57344.0);
          if (!same_value(value_at(out, i), expected)) {
            if (++mismatches < 5) {
              CAPTURE(name_of(from));
              CAPTURE(name_of(to));
              CAPTURE(x);
              CAPTURE(expected);
              CHECK(value_at(out, i) == expected);
            }
          }
        }
        CAPTURE(name_of(from));
        CAPTURE(name_of(to));
        CHECK(mismatches == 0);
      }
    }
  }
}

TEST_CASE("Cast: float and double into float16 and bfloat16 round once from the exact value") {
  // 1 + 2^-11 is the float16 tie between 1 and 1 + 2^-10: ties to even gives 1. One ulp of double
  // above it must go up; through float32 it would not (float32 cannot hold 1 + 2^-11 + 2^-40... it
  // can; take 2^-60, which float32 loses).
  const double tie = 1 + 0x1p-11;
  const Tensor out = cast_tensor(doubles({tie, tie + 0x1p-52, -tie, 65504, 65520, 65519.99, kInf, -kInf}), T::Float16);
  CHECK(bits_at(out, 0) == 0x3C00);
  CHECK(bits_at(out, 1) == 0x3C01);
  CHECK(bits_at(out, 2) == 0xBC00);
  CHECK(bits_at(out, 3) == 0x7BFF);
  CHECK(bits_at(out, 4) == 0x7C00);  // the midpoint past max: IEEE overflow, whatever `saturate` says
  CHECK(bits_at(out, 5) == 0x7BFF);
  CHECK(bits_at(out, 6) == 0x7C00);
  CHECK(bits_at(out, 7) == 0xFC00);
  // double -> float -> bfloat16 would round twice: 1 + 2^-8 + 2^-30 is above the bfloat16 tie
  // 1 + 2^-8 but float32 rounds it onto the tie, and the tie goes to even (1).
  const Tensor b = cast_tensor(doubles({1 + 0x1p-8 + 0x1p-30, 1 + 0x1p-8}), T::BFloat16);
  CHECK(bits_at(b, 0) == 0x3F81);
  CHECK(bits_at(b, 1) == 0x3F80);
  // Legacy (Cast-13 to 23): float32 first, then the low 16 bits dropped.
  CastOptions legacy;
  legacy.legacy_bfloat16_truncation = true;
  const Tensor t = cast_tensor(floats({0.48033667f, -0.48033667f}), T::BFloat16, legacy);
  CHECK(value_at(t, 0) == 0.478515625);
  CHECK(value_at(t, 1) == -0.478515625);
  CHECK(value_at(cast_tensor(floats({0.48033667f}), T::BFloat16), 0) == 0.48046875);
}

TEST_CASE("Cast: int64 and uint64 extremes convert exactly, never through double") {
  const int64_t big = (int64_t{1} << 53) + 1;
  const Tensor in = int64s({INT64_MAX, INT64_MIN, big, big + 2, -big, (int64_t{1} << 62) + (int64_t{1} << 54) + 1, -1});
  const Tensor d = cast_tensor(in, T::Double);
  CHECK(value_at(d, 0) == 0x1p63);
  CHECK(value_at(d, 1) == -0x1p63);
  CHECK(value_at(d, 2) == 0x1p53);      // the tie goes to even
  CHECK(value_at(d, 3) == 0x1p53 + 4);  // 2^53 + 3: the tie goes to even, up
  CHECK(value_at(d, 4) == -0x1p53);
  const Tensor f = cast_tensor(in, T::Float);
  CHECK(value_at(f, 2) == 0x1p53);
  CHECK(value_at(f, 0) == 0x1p63);
  // 2^62 + 2^54 + 1: just above the bfloat16 tie 2^62 + 2^54, so up to 2^62 + 2^55. Rounding to
  // double first would land on the tie and go down to 2^62.
  const Tensor bf = cast_tensor(in, T::BFloat16);
  CHECK(value_at(bf, 5) == 0x1p62 + 0x1p55);
  CHECK(value_at(cast_tensor(in, T::Float16), 0) == kInf);      // beyond 65504: IEEE overflow
  CHECK(value_at(cast_tensor(in, T::Float8E4M3FN), 0) == 448);  // saturated
  CHECK(std::isnan(value_at(cast_tensor(in, T::Float8E4M3FN, {.saturate = false}), 0)));
  CHECK(value_at(cast_tensor(in, T::Float8E5M2, {.saturate = false}), 1) == -kInf);
  // Integer to integer keeps the low bits.
  const Tensor i8 = cast_tensor(in, T::Int8);
  CHECK(read_int64(T::Int8, i8.data(), 0) == -1);
  CHECK(read_int64(T::Int8, i8.data(), 1) == 0);
  const Tensor u64 = cast_tensor(in, T::UInt64);
  CHECK(read_uint64(T::UInt64, u64.data(), 1) == (uint64_t{1} << 63));
  CHECK(read_uint64(T::UInt64, u64.data(), 6) == UINT64_MAX);
  const Tensor un = uint64s({UINT64_MAX, (uint64_t{1} << 63) + 1});
  CHECK(value_at(cast_tensor(un, T::Double), 0) == 0x1p64);
  CHECK(value_at(cast_tensor(un, T::Float), 1) == 0x1p63);
  CHECK(read_int64(T::Int64, cast_tensor(un, T::Int64).data(), 0) == -1);
  CHECK(read_int64(T::Int8, cast_tensor(Tensor::from_values(T::Int16, {1}, std::vector<int16_t>{200}), T::Int8).data(),
                   0) == -56);
  const Tensor b = cast_tensor(int64s({0, 36, -1, INT64_MIN}), T::Bool);
  CHECK(bits_at(b, 0) == 0);
  CHECK(bits_at(b, 1) == 1);
  CHECK(bits_at(b, 2) == 1);
  CHECK(bits_at(b, 3) == 1);
}

TEST_CASE("Cast: floats to integers truncate and wrap; NaN, infinities and far values are errors") {
  const Tensor out = cast_tensor(doubles({-2.7, 2.7, 3e9, -1.0, 0x1p63, -0.0}), T::Int32);
  CHECK(read_int64(T::Int32, out.data(), 0) == -2);
  CHECK(read_int64(T::Int32, out.data(), 1) == 2);
  CHECK(read_int64(T::Int32, out.data(), 2) == 3000000000LL - (1LL << 32));
  CHECK(read_int64(T::Int32, out.data(), 3) == -1);
  CHECK(read_int64(T::Int32, out.data(), 4) == 0);
  CHECK(read_int64(T::Int32, out.data(), 5) == 0);
  CHECK(read_uint64(T::UInt64, cast_tensor(doubles({0x1p64 - 2048}), T::UInt64).data(), 0) == UINT64_MAX - 2047);
  CHECK(read_uint64(T::UInt8, cast_tensor(doubles({-1.0}), T::UInt8).data(), 0) == 255);
  CHECK(cast_error(doubles({1, kNaN}), T::Int32) ==
        "element 1 = NaN has no int32 value: the spec leaves the conversion of NaN, infinities and out-of-range "
        "floats to integers undefined (onnx-ref wraps integer parts in [-2^63, 2^64) and refuses the rest)");
  CHECK(cast_error(floats({-INFINITY}), T::UInt8).rfind("element 0 = -INF has no uint8 value", 0) == 0);
  CHECK(cast_error(doubles({0x1p64}), T::UInt64).rfind("element 0 = 1.8446744073709552e+19 has no uint64 value", 0) ==
        0);
  CHECK(cast_error(doubles({-0x1p63 - 2048}), T::Int64).rfind("element 0 = -9.223372036854778e+18 has no int64", 0) ==
        0);
  // float -> bool: only ±0 is false.
  const Tensor b = cast_tensor(doubles({0.0, -0.0, 0.5, kNaN, -kInf}), T::Bool);
  CHECK(bits_at(b, 0) == 0);
  CHECK(bits_at(b, 1) == 0);
  CHECK(bits_at(b, 2) == 1);
  CHECK(bits_at(b, 3) == 1);
  CHECK(bits_at(b, 4) == 1);
}

TEST_CASE("Cast: packed int4, uint4, int2, uint2 and float4e2m1 in and out") {
  // The official tests' values: -9..15 into int4 and uint4 wrap (Cast-24 onward).
  std::vector<float> v;
  for (int k = -9; k <= 15; ++k) v.push_back(static_cast<float>(k));
  const Tensor in = floats(v);
  const Tensor i4 = cast_tensor(in, T::Int4);
  const Tensor u4 = cast_tensor(in, T::UInt4);
  for (int64_t i = 0; i < 25; ++i) {
    const int64_t k = i - 9;
    CHECK(read_int64(T::Int4, i4.data(), i) == ((k + 8) % 16 + 16) % 16 - 8);
    CHECK(read_uint64(T::UInt4, u4.data(), i) == static_cast<uint64_t>((k % 16 + 16) % 16));
  }
  CHECK(i4.bytes().size() == 13);
  CHECK(std::to_integer<int>(i4.bytes()[12]) == 0x0F);  // the unused high nibble stays zero
  // Legacy (Cast-21 and 23): nearest even, clamped.
  CastOptions legacy;
  legacy.legacy_4bit_rules = true;
  const Tensor c = cast_tensor(doubles({-9, 2.5, 3.5, 100, -kInf, 15.7}), T::Int4, legacy);
  CHECK(read_int64(T::Int4, c.data(), 0) == -8);
  CHECK(read_int64(T::Int4, c.data(), 1) == 2);
  CHECK(read_int64(T::Int4, c.data(), 2) == 4);
  CHECK(read_int64(T::Int4, c.data(), 3) == 7);
  CHECK(read_int64(T::Int4, c.data(), 4) == -8);
  CHECK(read_uint64(T::UInt4, cast_tensor(doubles({-1, 15.7}), T::UInt4, legacy).data(), 1) == 15);
  CHECK(read_uint64(T::UInt4, cast_tensor(doubles({-1}), T::UInt4, legacy).data(), 0) == 0);
  CHECK(cast_error(doubles({kNaN}), T::Int4, legacy).find("element 0 = NaN has no int4 value") == 0);
  // Integer sources wrap in every version.
  CHECK(read_int64(T::Int4, cast_tensor(int64s({-9}), T::Int4, legacy).data(), 0) == 7);
  // 2-bit.
  const Tensor i2 = cast_tensor(int64s({-3, -2, -1, 0, 1, 2, 3}), T::Int2);
  const int64_t expected_i2[] = {1, -2, -1, 0, 1, -2, -1};
  for (int64_t i = 0; i < 7; ++i) CHECK(read_int64(T::Int2, i2.data(), i) == expected_i2[i]);
  CHECK(std::to_integer<int>(i2.bytes()[1]) == 0x39 - 0x00);  // 1 | -2<<2 | -1<<4 -> 0b00111001
  const Tensor back = cast_tensor(i2, T::Int8);
  CHECK(read_int64(T::Int8, back.data(), 1) == -2);
  const Tensor u2 = cast_tensor(i2, T::UInt2);
  CHECK(read_uint64(T::UInt2, u2.data(), 1) == 2);
  // int4 -> uint2 and uint4 -> float16.
  CHECK(read_uint64(T::UInt2, cast_tensor(cast_tensor(int64s({-8, 7}), T::Int4), T::UInt2).data(), 1) == 3);
  CHECK(value_at(cast_tensor(cast_tensor(int64s({15}), T::UInt4), T::Float16), 0) == 15.0);
  // float4e2m1: the official test's values.
  const Tensor f4 =
      cast_tensor(floats({0.48f, 0.25f, 1.05f, -3.5f, -8, 9, 1e6f, 1e-7f, NAN, INFINITY, -INFINITY, -4, 0.01f, -0.0f}),
                  T::Float4E2M1);
  const uint64_t expected_f4[] = {0x1, 0x0, 0x2, 0xE, 0xF, 0x7, 0x7, 0x0, 0x8, 0x7, 0xF, 0xE, 0x0, 0x8};
  for (int64_t i = 0; i < 14; ++i) {
    CAPTURE(i);
    CHECK(bits_at(f4, i) == expected_f4[i]);
  }
  CHECK(bits_at(cast_tensor(floats({NAN}), T::Float4E2M1, legacy), 0) == 0x7);
  CHECK(value_at(cast_tensor(f4, T::Float), 3) == -4.0);
}

TEST_CASE("Cast: float8 saturation and the FNUZ infinities") {
  const Tensor in = floats({INFINITY, -INFINITY, 1e6f, -1e6f, -1e-7f, NAN});
  struct Case {
    T to;
    bool saturate;
    uint64_t expected[6];
  };
  const Case cases[] = {
      {T::Float8E4M3FN, true, {0x7E, 0xFE, 0x7E, 0xFE, 0x80, 0x7F}},
      {T::Float8E4M3FNUZ, true, {0x7F, 0xFF, 0x7F, 0xFF, 0x00, 0x80}},
      {T::Float8E5M2, true, {0x7B, 0xFB, 0x7B, 0xFB, 0x80, 0x7F}},
      {T::Float8E5M2FNUZ, true, {0x7F, 0xFF, 0x7F, 0xFF, 0x00, 0x80}},
      {T::Float8E4M3FN, false, {0x7F, 0xFF, 0x7F, 0xFF, 0x80, 0x7F}},
      {T::Float8E4M3FNUZ, false, {0x80, 0x80, 0x80, 0x80, 0x00, 0x80}},
      {T::Float8E5M2, false, {0x7C, 0xFC, 0x7C, 0xFC, 0x80, 0x7F}},
      {T::Float8E5M2FNUZ, false, {0x80, 0x80, 0x80, 0x80, 0x00, 0x80}},
  };
  for (const auto& c : cases) {
    const Tensor out = cast_tensor(in, c.to, {.saturate = c.saturate});
    for (int64_t i = 0; i < 6; ++i) {
      CAPTURE(name_of(c.to));
      CAPTURE(c.saturate);
      CAPTURE(i);
      CHECK(bits_at(out, i) == c.expected[i]);
    }
  }
  // The sign of a float8e4m3fn NaN survives into float.
  CHECK(std::signbit(value_at(cast_tensor(from_bits(T::Float8E4M3FN, {0xFF}), T::Float), 0)));
}

TEST_CASE("Cast: float8e8m0 round modes and the Cast-24 table") {
  const Tensor in = floats({0.0f, 0.124f, 0.25f, 0.5f, 1.1f, 2.0f, 4.0f, 8.0f});
  // The official test: saturate, round up.
  const Tensor up = cast_tensor(in, T::Float8E8M0);
  const uint64_t expected_up[] = {0x00, 0x7C, 0x7D, 0x7E, 0x80, 0x80, 0x81, 0x82};
  for (int64_t i = 0; i < 8; ++i) CHECK(bits_at(up, i) == expected_up[i]);
  auto one = [](double x, E8M0Rounding mode, bool saturate) {
    return bits_at(cast_tensor(doubles({x}), T::Float8E8M0, {.saturate = saturate, .round_mode = mode}), 0);
  };
  using R = E8M0Rounding;
  CHECK(one(3.0, R::Up, true) == 0x81);
  CHECK(one(3.0, R::Down, true) == 0x80);
  CHECK(one(3.0, R::Nearest, true) == 0x81);  // f = 1.5: the tie goes up
  CHECK(one(2.9, R::Nearest, true) == 0x80);
  CHECK(one(kInf, R::Up, true) == 0xFE);
  CHECK(one(kInf, R::Nearest, false) == 0xFF);
  CHECK(one(0.0, R::Nearest, false) == 0xFF);
  CHECK(one(0x1p200, R::Up, true) == 0xFE);
  CHECK(one(0x1p200, R::Up, false) == 0xFF);
  CHECK(one(0x1p-200, R::Up, true) == 0x00);
  CHECK(one(0x1p-200, R::Nearest, false) == 0xFF);
  CHECK(one(0x1p-127, R::Down, false) == 0x00);
  CHECK(one(0x1p-128, R::Up, false) == 0xFF);
  CHECK(one(0x1p-128 * 1.5, R::Nearest, false) == 0x00);
  CHECK(one(kNaN, R::Up, true) == 0xFF);
  CHECK(one(-4.0, R::Up, true) == 0x81);  // negative: undefined in the spec; the magnitude, as ONNX's reference
  // From integers too.
  CHECK(bits_at(cast_tensor(int64s({INT64_MAX}), T::Float8E8M0), 0) == 127 + 63);
}

TEST_CASE("Cast: numbers to strings") {
  CHECK(format_cast_float(0.9767611026763916, T::Float) == "0.9767611");
  CHECK(format_cast_float(0.03918779268860817, T::Float) == "0.039187793");
  CHECK(format_cast_float(1.0, T::Float) == "1.0");
  CHECK(format_cast_float(100.0, T::Double) == "100.0");
  CHECK(format_cast_float(123456789.0, T::Float) == "123456790.0");
  CHECK(format_cast_float(1e16, T::Double) == "1e+16");
  CHECK(format_cast_float(1e15, T::Double) == "1000000000000000.0");
  CHECK(format_cast_float(1.5e-5, T::Double) == "1.5e-05");
  CHECK(format_cast_float(0.0001, T::Double) == "0.0001");
  CHECK(format_cast_float(-0.0, T::Float) == "-0.0");
  CHECK(format_cast_float(kNaN, T::Float) == "NaN");
  CHECK(format_cast_float(kInf, T::Float16) == "INF");
  CHECK(format_cast_float(-kInf, T::Double) == "-INF");
  CHECK(format_cast_float(0.1, T::Double) == "0.1");
  CHECK(format_cast_float(static_cast<float>(0.1), T::Float) == "0.1");
  CHECK(format_cast_float(decode_small_float(T::Float16, 0x2E66), T::Float16) == "0.1");
  // The shortest digits that read back as the same value of the source type, as numpy prints them.
  CHECK(format_cast_float(65504, T::Float16) == "65500.0");
  CHECK(format_cast_float(448, T::Float8E4M3FN) == "450.0");
  CHECK(format_cast_float(1e300, T::Double) == "1e+300");
  CHECK(format_cast_float(5e-324, T::Double) == "5e-324");
  const Tensor s = cast_tensor(int64s({INT64_MIN, 0, 42}), T::String);
  CHECK(s.strings() == std::vector<std::string>{"-9223372036854775808", "0", "42"});
  CHECK(cast_tensor(uint64s({UINT64_MAX}), T::String).strings()[0] == "18446744073709551615");
  CHECK(cast_tensor(Tensor::from_values(T::Bool, {2}, std::vector<uint8_t>{1, 0}), T::String).strings() ==
        std::vector<std::string>{"1", "0"});
  CHECK(cast_tensor(cast_tensor(int64s({-8, 7}), T::Int4), T::String).strings() == std::vector<std::string>{"-8", "7"});
  CHECK(cast_tensor(floats({0.5f, NAN, -INFINITY}), T::String).strings() ==
        std::vector<std::string>{"0.5", "NaN", "-INF"});
}

TEST_CASE("Cast: every float16, bfloat16 and float8 value survives a round trip through its string") {
  for (T type :
       {T::Float16, T::BFloat16, T::Float8E4M3FN, T::Float8E4M3FNUZ, T::Float8E5M2, T::Float8E5M2FNUZ, T::Float4E2M1}) {
    const Tensor in = from_bits(type, all_patterns(type));
    // Without saturation, so that float8e5m2's "INF" reads back as inf.
    const Tensor back = cast_tensor(cast_tensor(in, T::String), type, {.saturate = false});
    int mismatches = 0;
    for (int64_t i = 0; i < in.element_count(); ++i) {
      const double v = value_at(in, i);
      if (std::isnan(v)) continue;
      if (!same_value(value_at(back, i), v) && ++mismatches < 4) {
        CAPTURE(name_of(type));
        CAPTURE(i);
        CHECK(value_at(back, i) == v);
      }
    }
    CHECK(mismatches == 0);
  }
  // float and double: a sample of awkward values.
  const std::vector<double> sample = {
      0.1, 1.0 / 3, 5e-324, 1.7976931348623157e308, 2.2250738585072014e-308, 123456789012345678.0};
  const Tensor back = cast_tensor(cast_tensor(doubles(sample), T::String), T::Double);
  for (size_t i = 0; i < sample.size(); ++i) CHECK(value_at(back, static_cast<int64_t>(i)) == sample[i]);
}

TEST_CASE("Cast: strings to numbers") {
  const Tensor f = cast_tensor(
      strings({"3.14", "1e-5", "1E8", "-INF", "+INF", "INF", "inf", "NaN", "nan", "-0", ".5", "5.", "Infinity"}),
      T::Float);
  CHECK(value_at(f, 0) == static_cast<double>(3.14f));
  CHECK(value_at(f, 1) == static_cast<double>(1e-5f));
  CHECK(value_at(f, 2) == 1e8);
  CHECK(value_at(f, 3) == -kInf);
  CHECK(value_at(f, 4) == kInf);
  CHECK(value_at(f, 5) == kInf);
  CHECK(value_at(f, 6) == kInf);
  CHECK(std::isnan(value_at(f, 7)));
  CHECK(std::isnan(value_at(f, 8)));
  CHECK(same_value(value_at(f, 9), -0.0));
  CHECK(value_at(f, 10) == 0.5);
  CHECK(value_at(f, 11) == 5.0);
  CHECK(value_at(f, 12) == kInf);
  // float16: the decimal is rounded once. 1.00048828125 is the tie between 1 and 1 + 2^-10.
  const Tensor h = cast_tensor(
      strings({"1.00048828125", "1.00048828125000000000001", "0.1", "1e400", "-1e-400", "65520"}), T::Float16);
  CHECK(bits_at(h, 0) == 0x3C00);
  CHECK(bits_at(h, 1) == 0x3C01);
  CHECK(bits_at(h, 2) == 0x2E66);
  CHECK(bits_at(h, 3) == 0x7C00);
  CHECK(bits_at(h, 4) == 0x8000);
  CHECK(bits_at(h, 5) == 0x7C00);
  const Tensor e = cast_tensor(strings({"1e400", "-1e400", "240.1"}), T::Float8E4M3FNUZ);
  CHECK(bits_at(e, 0) == 0x7F);
  CHECK(bits_at(e, 1) == 0xFF);
  CHECK(bits_at(e, 2) == 0x7F);
  CHECK(value_at(cast_tensor(strings({"0.1"}), T::Double), 0) == 0.1);
  // Integers: exact, wrapped; other numbers truncated.
  const Tensor i = cast_tensor(
      strings({"9223372036854775807", "-9223372036854775808", "300", "-2.7", "1e3", "100.5", "-0"}), T::Int64);
  CHECK(read_int64(T::Int64, i.data(), 0) == INT64_MAX);
  CHECK(read_int64(T::Int64, i.data(), 1) == INT64_MIN);
  CHECK(read_int64(T::Int64, i.data(), 3) == -2);
  CHECK(read_int64(T::Int64, i.data(), 4) == 1000);
  CHECK(read_int64(T::Int64, i.data(), 5) == 100);
  CHECK(read_int64(T::Int64, i.data(), 6) == 0);
  CHECK(read_uint64(T::UInt8, cast_tensor(strings({"300"}), T::UInt8).data(), 0) == 44);
  CHECK(read_uint64(T::UInt64, cast_tensor(strings({"18446744073709551615"}), T::UInt64).data(), 0) == UINT64_MAX);
  CHECK(read_int64(T::Int64, cast_tensor(strings({"2.9999999999999999999999"}), T::Int64).data(), 0) == 2);
  CHECK(read_int64(T::Int4, cast_tensor(strings({"-9", "7"}), T::Int4).data(), 0) == 7);
  const Tensor b = cast_tensor(strings({"0", "0.0", "-0e5", "1e-400", "NaN", "2"}), T::Bool);
  const uint64_t expected_b[] = {0, 0, 0, 1, 1, 1};
  for (int64_t k = 0; k < 6; ++k) CHECK(bits_at(b, k) == expected_b[k]);
  // Errors name the element and the string.
  CHECK(cast_error(strings({"1", "Hello World!"}), T::Float) ==
        "element 1 is the string 'Hello World!', which is not a number");
  CHECK(cast_error(strings({" 1"}), T::Double) == "element 0 is the string ' 1', which is not a number");
  CHECK(cast_error(strings({"1e"}), T::Double) == "element 0 is the string '1e', which is not a number");
  CHECK(cast_error(strings({"0x10"}), T::Int32) == "element 0 is the string '0x10', which is not a number");
  CHECK(cast_error(strings({""}), T::Bool) == "element 0 is the string '', which is not a number");
  CHECK(cast_error(strings({"a\nb'"}), T::Float) == "element 0 is the string 'a\\x0ab\\'', which is not a number");
  CHECK(cast_error(strings({"18446744073709551616"}), T::UInt64) ==
        "element 0 is the string '18446744073709551616', which has no uint64 value: only numbers whose integer part "
        "lies in [-2^63, 2^64) convert to integers");
  CHECK(cast_error(strings({"NaN"}), T::Int8).rfind("element 0 is the string 'NaN', which has no int8 value", 0) == 0);
  CHECK(
      cast_error(strings({"-1e30"}), T::Int64).rfind("element 0 is the string '-1e30', which has no int64 value", 0) ==
      0);
  CHECK(cast_error(strings({std::string(100, '7') + "x"}), T::Int64) ==
        "element 0 is the string '" + std::string(64, '7') + "...', which is not a number");
}

TEST_CASE("Cast: same type, empty tensors, complex refused") {
  const Tensor x = floats({1.5f});
  CHECK(cast_tensor(x, T::Float).shares_storage_with(x));
  const Tensor empty = Tensor::zeros(T::Float, {0, 3});
  const Tensor out = cast_tensor(empty, T::Int4);
  CHECK(out.shape() == Shape{0, 3});
  CHECK(cast_tensor(Tensor::from_strings({0}, {}), T::Double).element_count() == 0);
  CHECK(cast_error(x, T::Complex64) == "Cast does not convert complex64 (its type constraints exclude complex types)");
  // A block boundary: more than 1024 elements, packed.
  std::vector<int64_t> many(3001);
  for (size_t i = 0; i < many.size(); ++i) many[i] = static_cast<int64_t>(i % 16) - 8;
  const Tensor big = cast_tensor(cast_tensor(int64s(many), T::Int4), T::Int64);
  CHECK(big.identical_to(int64s(many)));
}

TEST_CASE("Cast: the `to`, `saturate` and `round_mode` attributes at load") {
  // Cast-1 names the type.
  const Model m1 = cast_model(1, [](auto& n) { set_string(n, "to", "DOUBLE"); });
  const auto out = m1.run({{"x", floats({1.5f, -2})}});
  CHECK(out[0].second.tensor().type() == T::Double);
  CHECK(cast_load_error(1, [](auto& n) { set_string(n, "to", "double"); })
            .find("attribute 'to' = \"double\" is not a TensorProto.DataType name (FLOAT, INT64, FLOAT16, ...)") !=
        std::string::npos);
  CHECK(cast_load_error(1, [](auto& n) {
          set_string(n, "to", "FLOAT32");
        }).find("is not a TensorProto.DataType name") != std::string::npos);
  CHECK(cast_load_error(1, [](auto& n) {
          set_string(n, "to", "STRING");
        }).find("would be tensor(string), which Cast-1 does not allow for T2") != std::string::npos);
  CHECK(cast_load_error(6, [](auto& n) {
          set_string(n, "to", "DOUBLE");
        }).find("attribute 'to' must be of type int, got string") != std::string::npos);
  CHECK(cast_load_error(9, [](auto& n) {
          set_int(n, "to", 99);
        }).find("attribute 'to' = 99 is not a TensorProto.DataType code (1 to 26)") != std::string::npos);
  CHECK(cast_load_error(9, [](auto& n) { set_int(n, "to", 0); }).find("attribute 'to' = 0 is not") !=
        std::string::npos);
  CHECK(cast_load_error(13, [](auto& n) {
          set_int(n, "to", 17);
        }).find("would be tensor(float8e4m3fn), which Cast-13 does not allow for T2") != std::string::npos);
  CHECK(cast_load_error(25, [](auto& n) { set_int(n, "to", 14); }).find("would be tensor(complex64)") !=
        std::string::npos);
  CHECK(cast_load_error(21, [](auto& n) {
          set_int(n, "to", 1);
          set_int(n, "saturate", 2);
        }).find("attribute 'saturate' must be 0 or 1, got 2") != std::string::npos);
  CHECK(cast_load_error(24, [](auto& n) {
          set_int(n, "to", 24);
          set_string(n, "round_mode", "UP");
        }).find("attribute 'round_mode' must be \"up\", \"down\" or \"nearest\", got \"UP\"") != std::string::npos);
  CHECK(cast_load_error(23, [](auto& n) {
          set_int(n, "to", 1);
          set_string(n, "round_mode", "up");
        }).find("'round_mode' is not an attribute of Cast-23") != std::string::npos);
  CHECK(cast_load_error(13, [](auto& n) {
          set_int(n, "to", 1);
          set_int(n, "saturate", 1);
        }).find("'saturate' is not an attribute of Cast-13") != std::string::npos);
  // round_mode reaches the kernel.
  const Model m24 = cast_model(24, [](auto& n) {
    set_int(n, "to", 24);
    set_string(n, "round_mode", "down");
  });
  CHECK(bits_at(m24.run({{"x", floats({3.0f, 0.3f})}})[0].second.tensor(), 0) == 0x80);
  // The version decides the legacy rules: float -9 to int4 clamps at 21 and wraps at 25.
  auto int4_of = [](int opset) {
    const Model m = cast_model(opset, [](auto& n) { set_int(n, "to", 22); });
    return read_int64(T::Int4, m.run({{"x", floats({-9, 0})}})[0].second.tensor().data(), 0);
  };
  CHECK(int4_of(21) == -8);
  CHECK(int4_of(23) == -8);
  CHECK(int4_of(24) == 7);
  CHECK(int4_of(25) == 7);
}

namespace cast_rules_tests {

// spec: Cast-*: "The operator casts the elements of a given input tensor to a data type specified by the 'to' argument and returns an output tensor of the same size in the converted type."
// spec: Cast-*: "Output tensor with the same shape as input with type specified by the 'to' argument"
// spec: Cast-*: "The 'to' argument must be one of the data types specified in the 'DataType' enum field in the TensorProto message."
// spec: Cast-*: "Strictly must be one of the types from DataType enum in TensorProto"
TEST_CASE("Cast, every version from 6: the shape kept, the type 'to' names; a 'to' outside DataType is refused") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2, 1, 2}, {1.5f, -2, 0, 7});
  for (int64_t v : {6, 9, 13, 19, 21, 23, 24, 25}) {
    INFO("Cast-", v);
    const Tensor y = cast(v, x, T::Double);
    REQUIRE(y.type() == T::Double);
    REQUIRE(y.shape() == Shape{2, 1, 2});
    CHECK(std::vector<double>(y.data_as<double>(), y.data_as<double>() + 4) == std::vector<double>{1.5, -2, 0, 7});
    OpTester bad("Cast", v);
    bad.input(Value(x)).attribute("to", int64_t{1000});
    CHECK_THROWS_AS(bad.run(), Error);
  }
}

// spec: Cast-1: "Casting to strings and complex are not supported."
// spec: Cast-1,6: "NOTE: Casting to and from strings is not supported yet."
// spec: Cast-9,13,19,21,23,24,25: "Casting to complex is not supported."
// spec: CastLike-*: "Casting to complex is not supported."
TEST_CASE("Cast, CastLike: casting to complex is refused at every version; to strings before 9") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1}, {1});
  for (int64_t v : kCastFrom9) {
    INFO("Cast-", v);
    OpTester t("Cast", v);
    t.input(Value(x)).attribute("to", static_cast<int64_t>(code_of(T::Complex64)));
    CHECK_THROWS_AS(t.run(), Error);
  }
  for (int64_t v : {1, 6}) {
    INFO("Cast-", v);
    OpTester t("Cast", v);
    if (v == 1)
      t.input(Value(x)).attribute("to", "STRING");
    else
      t.input(Value(x)).attribute("to", static_cast<int64_t>(code_of(T::String)));
    CHECK_THROWS_AS(t.run(), Error);
  }
  for (int64_t v : kCastLike) {
    INFO("CastLike-", v);
    OpTester t("CastLike", v);
    t.input(Value(x)).input(Value(Tensor::zeros(T::Complex64, {1})));
    CHECK_THROWS_AS(t.run(), Error);
  }
}

// spec: Cast-9,13,19,21,23,24,25: "Casting from string tensor in plain (e.g., "3.14" and "1000") and scientific numeric representations (e.g., "1e-5" and "1E8") to float types is supported."
// spec: Cast-9,13,19,21,23,24,25: "Any string which can exactly match "+INF" in a case-insensitive way would be mapped to positive infinite."
TEST_CASE("Cast 9 and later: strings in plain and scientific notation, and +INF in any case, to float") {
  const Tensor s = Tensor::from_strings({6}, {"3.14", "1000", "1e-5", "1E8", "+INF", "+inf"});
  for (int64_t v : kCastFrom9) {
    INFO("Cast-", v);
    const Tensor y = cast(v, s, T::Float);
    const float* p = y.data_as<float>();
    CHECK(p[0] == 3.14f);
    CHECK(p[1] == 1000.0f);
    CHECK(p[2] == 1e-5f);
    CHECK(p[3] == 1e8f);
    CHECK(p[4] == std::numeric_limits<float>::infinity());
    CHECK(p[5] == std::numeric_limits<float>::infinity());
  }
}

// spec: Cast-13,19,21,23,24,25: "* Casting from floating point to: * floating point: +/- infinity if OOR (out of range)."
// spec: Cast-13: "In more detail, the conversion among numerical types should follow these rules:"
// spec: Cast-19,21,23,24,25: "In more detail, the conversion among numerical types should follow these rules if the destination type is not a float 8 type."
// spec: Cast-13,19,21,23,24,25: "* bool: +/- 0.0 to False; all else to True."
TEST_CASE("Cast 13 and later: float out of range to a float type is +/- infinity; float to bool is x != 0") {
  const Tensor big = Tensor::from_values<double>(T::Double, {2}, {1e300, -1e300});
  const Tensor b = Tensor::from_values<float>(T::Float, {5}, {0.0f, -0.0f, 0.5f, -3, NAN});
  const Tensor wide = Tensor::from_values<int64_t>(T::Int64, {2}, {100000, -100000});
  for (int64_t v : {13, 19, 21, 23, 24, 25}) {
    INFO("Cast-", v);
    const Tensor f = cast(v, big, T::Float);
    CHECK(f.data_as<float>()[0] == std::numeric_limits<float>::infinity());
    CHECK(f.data_as<float>()[1] == -std::numeric_limits<float>::infinity());
    const Tensor flags = cast(v, b, T::Bool);
    CHECK(std::vector<uint8_t>(flags.data_as<uint8_t>(), flags.data_as<uint8_t>() + 5) ==
          std::vector<uint8_t>{0, 0, 1, 1, 1});
    // Fixed point to float16 beyond 65504: +/- infinity (0x7C00, 0xFC00).
    const Tensor h = cast(v, wide, T::Float16);
    CHECK(h.data_as<uint16_t>()[0] == 0x7C00);
    CHECK(h.data_as<uint16_t>()[1] == 0xFC00);
  }
}

// 1e6 into float8e4m3fn: 448 (0x7E) saturated by default, NaN (0x7F) with saturate = 0: the
// table's row "[x] > FLT_MAX".
// spec: Cast-19,21,23,24,25: "By default the conversion of a float *x* obeys to the following rules."
// spec: Cast-19,21,23,24,25: "It is true by default."
// spec: Cast-19,21,23,24,25: "The behavior changes if the parameter 'saturate' is set to False."
// spec: Cast-19,21,23,24,25: "The parameter defines how the conversion behaves if an input value is out of range of the destination type."
// spec: CastLike-19,21,23,24,25: "It is true by default."
// spec: CastLike-19,21,23,24,25: "The parameter defines how the conversion behaves if an input value is out of range of the destination type."
TEST_CASE("Cast, CastLike 19 and later: saturate is true by default for float 8") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1}, {1e6f});
  for (int64_t v : {19, 21, 23, 24, 25}) {
    INFO("version ", v);
    CHECK(cast(v, x, T::Float8E4M3FN).data_as<uint8_t>()[0] == 0x7E);
    OpTester off("Cast", v);
    off.input(Value(x))
        .attribute("to", static_cast<int64_t>(code_of(T::Float8E4M3FN)))
        .attribute("saturate", int64_t{0});
    CHECK(off.run_tensor().data_as<uint8_t>()[0] == 0x7F);
    OpTester like("CastLike", v);
    like.input(Value(x)).input(Value(Tensor::from_values<uint8_t>(T::Float8E4M3FN, {1}, {0})));
    CHECK(like.run_tensor().data_as<uint8_t>()[0] == 0x7E);
    OpTester like_off("CastLike", v);
    like_off.input(Value(x))
        .input(Value(Tensor::from_values<uint8_t>(T::Float8E4M3FN, {1}, {0})))
        .attribute("saturate", int64_t{0});
    CHECK(like_off.run_tensor().data_as<uint8_t>()[0] == 0x7F);
  }
}

// 3 into float8e8m0: up (the default) gives 4 (0x81); down gives 2 (0x80).
// spec: Cast-24,25: "It only applies to casting to float8e8m0 and is `up` by default."
// spec: CastLike-24,25: "It only applies to casting to float8e8m0 and is `up` by default."
// spec: Cast-24,25: "When casting to FLOAT8E8M0, the rounding behavior can be specified using the `round_mode` and `saturate` attributes."
// spec: Cast-24,25: "| Inf | E8M0_MAX | NaN |"
TEST_CASE("Cast, CastLike 24 and later: round_mode is up by default; the float8e8m0 table") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2}, {3, std::numeric_limits<float>::infinity()});
  const auto e8m0 = static_cast<int64_t>(code_of(T::Float8E8M0));
  for (int64_t v : {24, 25}) {
    INFO("version ", v);
    const Tensor up = cast(v, x, T::Float8E8M0);
    CHECK(up.data_as<uint8_t>()[0] == 0x81);
    CHECK(up.data_as<uint8_t>()[1] == 0xFE);  // Inf, saturate + up: E8M0_MAX
    OpTester down("Cast", v);
    down.input(Value(x)).attribute("to", e8m0).attribute("round_mode", "down");
    CHECK(down.run_tensor().data_as<uint8_t>()[0] == 0x80);
    OpTester nearest("Cast", v);
    nearest.input(Value(x)).attribute("to", e8m0).attribute("round_mode", "nearest").attribute("saturate", int64_t{0});
    CHECK(nearest.run_tensor().data_as<uint8_t>()[1] == 0xFF);  // Inf, non-saturate + nearest: NaN
    OpTester like("CastLike", v);
    like.input(Value(x)).input(Value(Tensor::from_values<uint8_t>(T::Float8E8M0, {1}, {0x7F})));
    CHECK(like.run_tensor().data_as<uint8_t>()[0] == 0x81);
  }
}

// spec: Cast-9,13,19,21,23,24,25: "Casting from complex is not supported."
// spec: Cast-1,6: "Casting from strings and complex are not supported."
// spec: CastLike-*: "Casting from complex is not supported."
// spec: BitCast-26: "Bitcasting from string is not supported."
TEST_CASE("Cast, CastLike, BitCast: complex inputs (and strings before Cast-9, and for BitCast) are refused") {
  const Tensor c = Tensor::zeros(T::Complex64, {1});
  for (int64_t v : {1, 6, 9, 13, 19, 21, 23, 24, 25}) {
    INFO("Cast-", v);
    OpTester t("Cast", v);
    if (v == 1)
      t.input(Value(c)).attribute("to", "FLOAT");
    else
      t.input(Value(c)).attribute("to", static_cast<int64_t>(code_of(T::Float)));
    CHECK_THROWS_AS(t.run(), Error);
  }
  for (int64_t v : {1, 6}) {
    OpTester s("Cast", v);
    if (v == 1)
      s.input(Value(Tensor::from_strings({1}, {"1"}))).attribute("to", "FLOAT");
    else
      s.input(Value(Tensor::from_strings({1}, {"1"}))).attribute("to", static_cast<int64_t>(code_of(T::Float)));
    CHECK_THROWS_AS(s.run(), Error);
  }
  for (int64_t v : kCastLike) {
    OpTester like("CastLike", v);
    like.input(Value(c)).input(Value(Tensor::zeros(T::Float, {1})));
    CHECK_THROWS_AS(like.run(), Error);
  }
  OpTester bits("BitCast", 26);
  bits.input(Value(Tensor::from_strings({1}, {"abcd"}))).attribute("to", static_cast<int64_t>(code_of(T::Int32)));
  CHECK_THROWS_AS(bits.run(), Error);
}

// spec: Cast-6: "Casting to strings and complex are not supported."
TEST_CASE("Cast-6: casting to string is refused") {
  OpTester t("Cast", 6);
  t.input(Value(Tensor::zeros(T::Float, {1}))).attribute("to", static_cast<int64_t>(code_of(T::String)));
  CHECK_THROWS_AS(t.run(), Error);
}

// 1e6 into float16 is +inf whatever saturate says: saturate concerns the float 8 types only.
// spec: Cast-19,21,23: "It only applies for float 8 conversion (float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz)."
// spec: Cast-24,25: "It only applies for float 8 conversion (float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz, float8e8m0)."
// spec: CastLike-19,21,23: "It only applies for float 8 conversion (float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz)."
// spec: CastLike-24,25: "It only applies for float 8 conversion (float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz, float8e8m0)."
TEST_CASE("Cast, CastLike 19 and later: saturate does not change a conversion to float16") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1}, {1e6f});
  const Tensor half = Tensor::zeros(T::Float16, {1});
  for (int64_t v : {19, 21, 23, 24, 25})
    for (int64_t saturate : {0, 1}) {
      INFO("version ", v, " saturate ", saturate);
      OpTester t("Cast", v);
      t.input(Value(x)).attribute("to", static_cast<int64_t>(code_of(T::Float16))).attribute("saturate", saturate);
      CHECK(t.run_tensor().data_as<uint16_t>()[0] == 0x7C00);
      OpTester like("CastLike", v);
      like.input(Value(x)).input(Value(half)).attribute("saturate", saturate);
      CHECK(like.run_tensor().data_as<uint16_t>()[0] == 0x7C00);
    }
}

}  // namespace cast_rules_tests
