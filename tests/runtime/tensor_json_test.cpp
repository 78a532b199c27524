#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <random>
#include <string>

#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"
#include "runtime/npy.h"
#include "runtime/tensor.h"
#include "runtime/tensor_json.h"
#include "runtime/tensor_proto.h"

using namespace onnx_ref;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

JsonTensorContext input_x(std::optional<ElementType> declared = std::nullopt) { return {"input 'x'", {}, declared}; }

// What `onnx-ref run` does with an output and what reading it back as an input does: through text.
Tensor through_text(const Tensor& t) {
  const std::string text = tensor_to_json(t).dump();
  return tensor_from_json(json::parse(text), {"output 'y'", {}, t.type()});
}

Tensor parse(const std::string& text, std::optional<ElementType> declared = std::nullopt) {
  return tensor_from_json(json::parse(text), input_x(declared));
}

std::string error_of(const std::string& text, std::optional<ElementType> declared = std::nullopt,
                     const fs::path& base_dir = {}) {
  try {
    tensor_from_json(json::parse(text), {"input 'x'", base_dir, declared});
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

std::string data_text(const Tensor& t) { return tensor_to_json(t).at("data").dump(); }

// Random but valid storage: bool bytes are 0 or 1 and the unused high bits of a packed tensor's last
// byte are zero; every other bit pattern is a valid element (NaNs with payloads included).
Tensor random_tensor(ElementType type, const Shape& shape, std::mt19937_64& rng) {
  if (type == ElementType::String) {
    std::vector<std::string> values(static_cast<size_t>(*checked_element_count(shape)));
    for (auto& s : values) {
      s.resize(rng() % 6);
      for (char& c : s) c = static_cast<char>(rng() % 4 == 0 ? rng() : 'a' + rng() % 26);
    }
    return Tensor::from_strings(shape, values);
  }
  Tensor t = Tensor::zeros(type, shape);
  const size_t size = t.bytes().size();
  std::byte* data = t.mutable_data();
  for (size_t i = 0; i < size; ++i)
    data[i] = static_cast<std::byte>(type == ElementType::Bool ? rng() & 1 : rng() & 0xFF);
  const auto used_bits = static_cast<uint64_t>(t.element_count()) * static_cast<uint64_t>(bits_of(type)) % 8;
  if (is_sub_byte(type) && used_bits != 0) data[size - 1] &= static_cast<std::byte>((1u << used_bits) - 1);
  return t;
}

int64_t pattern_count(ElementType type) { return type == ElementType::Bool ? 2 : int64_t{1} << bits_of(type); }

// `count` elements cycling through every bit pattern of a type of at most 8 bits (packed for 4- and
// 2-bit types, with the unused bits of the last byte left zero).
Tensor cycling_patterns(ElementType type, int64_t count) {
  const int bits = bits_of(type);
  const int per_byte = 8 / bits;
  Tensor t = Tensor::zeros(type, {count});
  for (int64_t v = 0; v < count; ++v) {
    const int64_t pattern = v % pattern_count(type);
    const int64_t shift = v % per_byte * bits;
    t.mutable_data()[v / per_byte] |= static_cast<std::byte>(pattern << shift);
  }
  return t;
}

Tensor float_tensor(std::initializer_list<uint32_t> bits) {
  std::vector<uint32_t> values(bits);
  return Tensor::from_values<uint32_t>(ElementType::Float, {static_cast<int64_t>(values.size())}, values);
}

}  // namespace

TEST_CASE("json golden property: every element type round-trips bit-exactly through text") {
  std::mt19937_64 rng(2024);
  for (const auto& type_info : all_element_types()) {
    const ElementType type = type_info.type;
    for (const Shape& shape : {Shape{}, Shape{0}, Shape{2, 0, 3}, Shape{1}, Shape{7}, Shape{3, 5}, Shape{2, 3, 3}}) {
      CAPTURE(name_of(type));
      CAPTURE(shape_to_string(shape));
      for (int repeat = 0; repeat < 4; ++repeat) {
        const Tensor t = random_tensor(type, shape, rng);
        CHECK(through_text(t).identical_to(t));
        CHECK(tensor_from_json(tensor_to_json(t), input_x(type)).identical_to(t));
      }
    }
  }
}

TEST_CASE("json golden property: all bit patterns of every 8-, 4- and 2-bit type, NaNs included") {
  for (const auto& type_info : all_element_types()) {
    if (type_info.bits == 0 || type_info.bits > 8) continue;
    const int64_t n = pattern_count(type_info.type);
    // For packed types every count up to n + 3 (odd ones leave part of the last byte unused).
    const int64_t first_count = is_sub_byte(type_info.type) ? 1 : n;
    for (int64_t count = first_count; count <= n + 3; ++count) {
      CAPTURE(type_info.name);
      CAPTURE(count);
      const Tensor t = cycling_patterns(type_info.type, count);
      CHECK(through_text(t).identical_to(t));
    }
  }
}

TEST_CASE("json prints floats as the shortest text that reads back exactly") {
  const float max = std::numeric_limits<float>::max();
  const float tiny = std::numeric_limits<float>::denorm_min();
  const Tensor t = float_tensor({std::bit_cast<uint32_t>(0.1f), 0x80000000u, std::bit_cast<uint32_t>(1.0f),
                                 std::bit_cast<uint32_t>(max), std::bit_cast<uint32_t>(tiny), 0x7F800000u, 0xFF800000u,
                                 0x7FC00000u, std::bit_cast<uint32_t>(16777216.0f)});
  CHECK(data_text(t) == R"([0.1,-0.0,1.0,3.4028235e+38,1e-45,"inf","-inf","nan",16777216.0])");
  CHECK(through_text(t).identical_to(t));

  // The only finite floats (found by checking all 2^32) whose shortest text "7.038531e-26", read as a
  // double and then rounded to float, gives a different float: the output must use another spelling.
  const Tensor double_rounding = float_tensor({0x15AE43FDu, 0x95AE43FDu});
  CHECK(std::bit_cast<uint32_t>(static_cast<float>(7.038531e-26)) != 0x15AE43FDu);
  CHECK(through_text(double_rounding).identical_to(double_rounding));

  const Tensor half = Tensor::from_values<uint16_t>(ElementType::Float16, {4}, {0x2E66, 0x7BFF, 0x8000, 0x0001});
  // Small float types print their exact value, which is always a short double.
  CHECK(data_text(half) == "[0.0999755859375,65504.0,-0.0,5.960464477539063e-08]");
  CHECK(through_text(half).identical_to(half));
  CHECK(data_text(Tensor::from_values<double>(ElementType::Double, {2}, {0.1, -1e300})) == "[0.1,-1e+300]");
}

TEST_CASE("json float and double round-trip for many random bit patterns") {
  std::mt19937_64 rng(99);
  std::vector<uint32_t> floats(100000);
  for (auto& f : floats) f = static_cast<uint32_t>(rng());
  const Tensor f32 = Tensor::from_values<uint32_t>(ElementType::Float, {static_cast<int64_t>(floats.size())}, floats);
  CHECK(through_text(f32).identical_to(f32));
  std::vector<uint64_t> doubles(100000);
  for (auto& d : doubles) d = rng();
  const Tensor f64 =
      Tensor::from_values<uint64_t>(ElementType::Double, {static_cast<int64_t>(doubles.size())}, doubles);
  CHECK(through_text(f64).identical_to(f64));
}

TEST_CASE("json NaN: \"nan\" is the canonical NaN, every other NaN is \"nan:0x<bits>\"") {
  CHECK(data_text(float_tensor({0x7FC00000u, 0xFFC00000u, 0x7F800001u})) ==
        R"(["nan","nan:0xffc00000","nan:0x7f800001"])");
  CHECK(data_text(Tensor::from_values<uint8_t>(ElementType::Float8E4M3FN, {2}, {0x7F, 0xFF})) ==
        R"(["nan","nan:0xff"])");
  CHECK(data_text(Tensor::from_values<uint8_t>(ElementType::Float8E5M2, {3}, {0x7F, 0x7D, 0xFE})) ==
        R"(["nan","nan:0x7d","nan:0xfe"])");
  CHECK(data_text(Tensor::from_values<uint8_t>(ElementType::Float8E4M3FNUZ, {1}, {0x80})) == R"(["nan"])");
  CHECK(data_text(Tensor::from_values<uint8_t>(ElementType::Float8E8M0, {1}, {0xFF})) == R"(["nan"])");
  CHECK(data_text(Tensor::from_values<uint16_t>(ElementType::Float16, {2}, {0x7E00, 0x7C01})) ==
        R"(["nan","nan:0x7c01"])");
  CHECK(data_text(Tensor::from_values<uint16_t>(ElementType::BFloat16, {2}, {0x7FC0, 0xFFC1})) ==
        R"(["nan","nan:0xffc1"])");
  CHECK(
      data_text(Tensor::from_values<uint64_t>(ElementType::Double, {2}, {0x7FF8000000000000u, 0x7FF0000000000001u})) ==
      R"(["nan","nan:0x7ff0000000000001"])");

  // Input: "nan" gives the canonical pattern, "nan:0x..." exactly the pattern given (any case of hex).
  CHECK(parse(R"({"dtype": "float", "data": ["nan", "nan:0x7F800001", "nan:0xffc00000"]})")
            .identical_to(float_tensor({0x7FC00000u, 0x7F800001u, 0xFFC00000u})));
  CHECK(parse(R"({"dtype": "float8e4m3fn", "data": ["nan", "nan:0xff"]})")
            .identical_to(Tensor::from_values<uint8_t>(ElementType::Float8E4M3FN, {2}, {0x7F, 0xFF})));
  CHECK(error_of(R"({"dtype": "float16", "data": [1, "nan:0x3c00"]})") ==
        R"(input 'x' [1]: "nan:0x3c00" is not a NaN of float16)");
  CHECK(error_of(R"({"dtype": "float16", "data": ["nan:0x1fe00"]})") ==
        R"(input 'x' [0]: "nan:0x1fe00" has more than 16 bits for float16)");
  CHECK(error_of(R"({"dtype": "float4e2m1", "data": ["nan:0x7"]})") ==
        R"(input 'x' [0]: "nan:0x7": float4e2m1 has no NaN)");
  CHECK(error_of(R"({"dtype": "float", "data": ["nan:0x"]})") ==
        R"(input 'x' [0]: "nan:0x" is not a NaN bit pattern ("nan:0x" and hex digits))");
  CHECK(error_of(R"({"dtype": "double", "data": ["nan:0x7ff8g"]})")
            .starts_with("input 'x' [0]: \"nan:0x7ff8g\" is not a NaN bit pattern"));
}

TEST_CASE("json float inputs: infinities, spellings, and rounding as Cast does") {
  CHECK(parse(R"({"dtype": "float", "data": ["inf", "+inf", "-inf", 0.1, -0.0, 16777217, 3.4028235e38]})")
            .identical_to(float_tensor({0x7F800000u, 0x7F800000u, 0xFF800000u, std::bit_cast<uint32_t>(0.1f),
                                        0x80000000u, std::bit_cast<uint32_t>(16777216.0f), 0x7F7FFFFFu})));
  // A number that would round to an infinity is refused, as 300 is for uint8: FLT_MAX + half an ulp
  // (2^128 - 2^103, exact in the double JSON reads) is the first value that rounds to infinity.
  CHECK(error_of(R"({"dtype": "float", "data": [1e300]})") ==
        R"(input 'x' [0]: 1e+300 is beyond the range of float (write "inf" or "-inf" for an infinity))");
  CHECK(error_of(R"({"dtype": "float", "data": [340282356779733661637539395458142568448]})")
            .starts_with("input 'x' [0]: "));
  CHECK(parse(R"({"dtype": "float", "data": [3.4028235677973362e38]})").identical_to(float_tensor({0x7F7FFFFFu})));
  CHECK(error_of(R"({"dtype": "float16", "data": [65520]})") ==
        R"(input 'x' [0]: 65520 is beyond the range of float16 (write "inf" or "-inf" for an infinity))");
  CHECK(parse(R"({"dtype": "float16", "data": [65519]})")
            .identical_to(Tensor::from_values<uint16_t>(ElementType::Float16, {1}, {0x7BFF})));
  for (const char* bad : {"NaN", "Infinity", "-nan", "1.5", " inf", ""}) {
    CAPTURE(bad);
    CHECK(error_of(json{{"dtype", "float"}, {"data", json::array({bad})}}.dump()) ==
          "input 'x' [0]: \"" + std::string(bad) +
              R"(" is not a number (the strings a float accepts are "nan", "inf", "+inf", "-inf" and "nan:0x<bits>"))");
  }
  CHECK(error_of(R"({"dtype": "double", "data": [1, true]})") == "input 'x' [1]: true is not a number");
  CHECK(error_of(R"({"dtype": "double", "data": [null]})") == "input 'x' [0]: null is not a number");

  // "inf" is the infinity of the types that have one; the other float8 types saturate to their
  // largest value, as Cast does (the Cast-24 table; the official tests of opsets 19 to 23).
  CHECK(parse(R"({"dtype": "float8e5m2", "data": ["inf", "-inf", 1e6]})")
            .identical_to(Tensor::from_values<uint8_t>(ElementType::Float8E5M2, {3}, {0x7C, 0xFC, 0x7B})));
  CHECK(parse(R"({"dtype": "float8e4m3fnuz", "data": ["inf", "-inf", 1e6]})")
            .identical_to(Tensor::from_values<uint8_t>(ElementType::Float8E4M3FNUZ, {3}, {0x7F, 0xFF, 0x7F})));
  CHECK(parse(R"({"dtype": "float8e4m3fn", "data": ["inf", "-inf"]})")
            .identical_to(Tensor::from_values<uint8_t>(ElementType::Float8E4M3FN, {2}, {0x7E, 0xFE})));
  CHECK(parse(R"({"dtype": "float16", "data": ["inf", "-inf"]})")
            .identical_to(Tensor::from_values<uint16_t>(ElementType::Float16, {2}, {0x7C00, 0xFC00})));

  // Small float types round and saturate as Cast (saturate = 1) does.
  const Tensor e4m3 = parse(R"({"dtype": "float8e4m3fn", "data": [0.1, 1e6, "inf", -1e6, 448]})");
  const std::vector<uint8_t> expected{static_cast<uint8_t>(encode_small_float(ElementType::Float8E4M3FN, 0.1)), 0x7E,
                                      0x7E, 0xFE, 0x7E};
  CHECK(e4m3.identical_to(Tensor::from_values<uint8_t>(ElementType::Float8E4M3FN, {5}, expected)));
  // A JSON integer is rounded once, straight to the format: 2^60 + 2^52 + 1 lies just above the
  // midpoint between two bfloat16 values (0x5D80 = 2^60, 0x5D81), a distinction a double cannot hold.
  CHECK(
      parse(
          R"({"dtype": "bfloat16", "data": [1152921504606846977, 1152921504606846976, 1157425104234217472, 1157425104234217473]})")
          .identical_to(Tensor::from_values<uint16_t>(ElementType::BFloat16, {4}, {0x5D80, 0x5D80, 0x5D80, 0x5D81})));
  CHECK(parse(R"({"dtype": "float", "data": [9007199254740993, 18446744073709551615, -9223372036854775808]})")
            .identical_to(Tensor::from_values<float>(
                ElementType::Float, {3}, {9007199254740992.0f, 18446744073709551616.0f, -9223372036854775808.0f})));
  CHECK(parse(R"({"dtype": "double", "data": [9007199254740993]})")
            .identical_to(Tensor::from_values<double>(ElementType::Double, {1}, {9007199254740992.0})));
}

TEST_CASE("json int64 and uint64 are exact, never through a double") {
  const Tensor i64 =
      parse(R"({"dtype": "int64", "data": [9223372036854775807, -9223372036854775808, 9007199254740993, -1]})");
  CHECK(i64.identical_to(
      Tensor::from_values<int64_t>(ElementType::Int64, {4}, {INT64_MAX, INT64_MIN, 9007199254740993, -1})));
  CHECK(data_text(i64) == "[9223372036854775807,-9223372036854775808,9007199254740993,-1]");
  const Tensor u64 = parse(R"({"dtype": "uint64", "data": [18446744073709551615, 18446744073709551614, 0]})");
  CHECK(u64.identical_to(Tensor::from_values<uint64_t>(ElementType::UInt64, {3}, {UINT64_MAX, UINT64_MAX - 1, 0})));
  CHECK(data_text(u64) == "[18446744073709551615,18446744073709551614,0]");
  // Integral numbers written with a fraction or exponent are fine where a double is exact.
  CHECK(parse(R"({"dtype": "int32", "data": [1e3, -2.0, 0.0, -0.0]})")
            .identical_to(Tensor::from_values<int32_t>(ElementType::Int32, {4}, {1000, -2, 0, 0})));
  CHECK(error_of(R"({"dtype": "int64", "data": [9007199254740993.0]})") ==
        "input 'x' [0]: 9.007199254740992e+15 is not a JSON integer and not below 2^53, so it is not exact; write the "
        "integer digits");
  CHECK(error_of(R"({"dtype": "uint64", "data": [1e19]})").starts_with("input 'x' [0]: 1e+19 is not a JSON integer"));
  CHECK(parse("[9007199254740991.0]", ElementType::Int64)
            .identical_to(Tensor::from_values<int64_t>(ElementType::Int64, {1}, {9007199254740991})));
}

TEST_CASE("json range errors name the input, the flat index and the type") {
  CHECK(error_of("[1, 2, 3, 300]", ElementType::UInt8) == "input 'x' [3]: 300 does not fit uint8");
  CHECK(error_of("[[1, 2], [3, 9]]", ElementType::Int4) == "input 'x' [3]: 9 does not fit int4");
  CHECK(error_of("[-8, 7, -9]", ElementType::Int4) == "input 'x' [2]: -9 does not fit int4");
  CHECK(error_of("[0, -1]", ElementType::UInt32) == "input 'x' [1]: -1 does not fit uint32");
  CHECK(error_of("[1.5]", ElementType::Int32) == "input 'x' [0]: 1.5 does not fit int32");
  CHECK(error_of("[true, 2]", ElementType::Bool) == "input 'x' [1]: 2 does not fit bool");
  CHECK(error_of("[4]", ElementType::UInt2) == "input 'x' [0]: 4 does not fit uint2");
  CHECK(error_of("[-3]", ElementType::Int2) == "input 'x' [0]: -3 does not fit int2");
  CHECK(error_of("[2147483648]", ElementType::Int32) == "input 'x' [0]: 2147483648 does not fit int32");
  CHECK(error_of("[9223372036854775808]", ElementType::Int64) ==
        "input 'x' [0]: 9223372036854775808 does not fit int64");
  CHECK(error_of("[-9223372036854775808]", ElementType::UInt64) ==
        "input 'x' [0]: -9223372036854775808 does not fit uint64");
  CHECK(error_of("[65536]", ElementType::UInt16) == "input 'x' [0]: 65536 does not fit uint16");
  CHECK(error_of(R"([1, "2"])", ElementType::Int8) == R"(input 'x' [1]: "2" is not an integer)");
  CHECK(error_of(R"(["nan"])", ElementType::Int64) == R"(input 'x' [0]: "nan" is not an integer)");
  CHECK(error_of("[false]", ElementType::Int64) == "input 'x' [0]: false is not an integer");
  CHECK(error_of(R"(["true"])", ElementType::Bool) == R"(input 'x' [0]: "true" is not a bool (true, false, 0 or 1))");
}

TEST_CASE("json bool takes true/false and 0/1, and prints true/false") {
  const Tensor b = parse("[true, false, 1, 0, 1.0]", ElementType::Bool);
  CHECK(b.identical_to(Tensor::from_values<uint8_t>(ElementType::Bool, {5}, {1, 0, 1, 0, 1})));
  CHECK(data_text(b) == "[true,false,true,false,true]");
}

TEST_CASE("json packed 4- and 2-bit values land in the right nibbles") {
  const Tensor i4 = parse(R"({"dtype": "int4", "data": [-8, 7, -1]})");
  REQUIRE(i4.bytes().size() == 2);
  CHECK(std::to_integer<int>(i4.bytes()[0]) == 0x78);
  CHECK(std::to_integer<int>(i4.bytes()[1]) == 0x0F);
  const Tensor u2 = parse(R"({"dtype": "uint2", "data": [1, 2, 3, 0, 3]})");
  REQUIRE(u2.bytes().size() == 2);
  CHECK(std::to_integer<int>(u2.bytes()[0]) == (1 | 2 << 2 | 3 << 4));
  CHECK(std::to_integer<int>(u2.bytes()[1]) == 3);
  CHECK(data_text(u2) == "[1,2,3,0,3]");
}

TEST_CASE("json complex numbers are [re, im] pairs") {
  const Tensor c = parse(R"({"dtype": "complex64", "shape": [2], "data": [[1.5, -2], ["nan", "-inf"]]})");
  CHECK(c.shape() == Shape{2});
  const Tensor parts =
      float_tensor({std::bit_cast<uint32_t>(1.5f), std::bit_cast<uint32_t>(-2.0f), 0x7FC00000u, 0xFF800000u});
  REQUIRE(c.bytes().size() == 16);
  CHECK(std::memcmp(c.data(), parts.data(), 16) == 0);
  CHECK(data_text(c) == R"([[1.5,-2.0],["nan","-inf"]])");
  // Nested to a shape, and a rank-0 complex is a bare pair.
  CHECK(parse(R"({"dtype": "complex128", "data": [[[1, 2]], [[3, 4]]]})").shape() == Shape{2, 1});
  CHECK(parse("[1, 2]", ElementType::Complex128).shape() == Shape{});
  CHECK(error_of(R"({"dtype": "complex64", "data": [1, 2, 3]})") ==
        "input 'x' [0]: 1 is not a complex number [re, im]");
  CHECK(error_of(R"({"dtype": "complex64", "data": [[1, "x"]]})").starts_with(R"(input 'x' [0]: "x" is not a number)"));
}

TEST_CASE("json strings keep any bytes: plain JSON strings for UTF-8, base64 otherwise") {
  std::vector<std::string> values{"",
                                  "plain",
                                  std::string("nul\0inside", 10),
                                  "caf\xC3\xA9 \xF0\x9F\x98\x80",
                                  "\xFF\xFE",
                                  "\xC0\x80",
                                  "\xED\xA0\x80",
                                  "\xF4\x90\x80\x80",
                                  "trunc\xE2\x82"};
  std::string all_bytes;
  for (int b = 0; b < 256; ++b) all_bytes += static_cast<char>(b);
  values.push_back(all_bytes);
  for (int b = 0; b < 256; ++b) values.emplace_back(1, static_cast<char>(b));
  const Tensor t = Tensor::from_strings({static_cast<int64_t>(values.size())}, values);
  const json j = tensor_to_json(t);
  CHECK(j["data"][0] == "");
  CHECK(j["data"][2] == std::string("nul\0inside", 10));
  CHECK(j["data"][3] == "caf\xC3\xA9 \xF0\x9F\x98\x80");
  CHECK(j["data"][4] == json{{"base64", "//4="}});
  CHECK(j["data"][5] == json{{"base64", "wIA="}});      // overlong NUL
  CHECK(j["data"][6] == json{{"base64", "7aCA"}});      // a UTF-16 surrogate
  CHECK(j["data"][7] == json{{"base64", "9JCAgA=="}});  // above U+10FFFF
  CHECK(j["data"][8].is_object());
  CHECK(j.dump().find("\\u0000") != std::string::npos);
  CHECK(through_text(t).identical_to(t));
}

TEST_CASE("json string input: escapes decode, anything else is an error") {
  const Tensor t = parse(R"({"dtype": "string", "data": ["a\u0000b", {"base64": "AP8="}, {"base64": ""}]})");
  CHECK(t.strings() == std::vector<std::string>{std::string("a\0b", 3), std::string("\0\xFF", 2), ""});
  CHECK(parse(R"("hello")", ElementType::String).shape() == Shape{});
  CHECK(parse(R"({"base64": "/w=="})", ElementType::String).strings() == std::vector<std::string>{"\xFF"});
  for (const char* bad : {"AP8", "AP9=", "A===", "AP8=AP8=", "AP 8", "A-8="}) {
    CAPTURE(bad);
    CHECK(error_of(json{{"dtype", "string"}, {"data", json::array({json{{"base64", bad}}})}}.dump()) ==
          "input 'x' [0]: \"" + std::string(bad) + "\" is not valid base64 (standard alphabet, padded with '=')");
  }
  CHECK(error_of(R"({"dtype": "string", "data": ["a", 5]})") ==
        R"(input 'x' [1]: 5 is not a string (a JSON string, or {"base64": "..."} for other bytes))");
  CHECK(error_of(R"({"dtype": "string", "data": [{"bytes": [1]}]})")
            .starts_with(R"(input 'x' [0]: {"bytes":[1]} is not a string)"));
}

TEST_CASE("json shapes: flat or nested data, inferred shapes, scalars and zero-sized dims") {
  const Tensor expected = Tensor::from_values<float>(ElementType::Float, {2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(parse(R"({"dtype": "float", "shape": [2, 3], "data": [1, 2, 3, 4, 5, 6]})").identical_to(expected));
  CHECK(parse(R"({"dtype": "float32", "shape": [2, 3], "data": [[1, 2, 3], [4, 5, 6]]})").identical_to(expected));
  CHECK(parse(R"({"dtype": "float", "data": [[1, 2, 3], [4, 5, 6]]})").identical_to(expected));
  CHECK(parse("[[1, 2, 3], [4, 5, 6]]", ElementType::Float).identical_to(expected));
  CHECK(parse(R"({"data": [[1, 2, 3], [4, 5, 6]]})", ElementType::Float).identical_to(expected));

  CHECK(parse("7", ElementType::Int64).identical_to(Tensor::from_values<int64_t>(ElementType::Int64, {}, {7})));
  CHECK(parse(R"({"dtype": "int64", "shape": [], "data": 7})")
            .identical_to(Tensor::from_values<int64_t>(ElementType::Int64, {}, {7})));
  CHECK(parse(R"({"dtype": "int64", "shape": [], "data": [7]})")
            .identical_to(Tensor::from_values<int64_t>(ElementType::Int64, {}, {7})));
  CHECK(parse(R"({"dtype": "int64", "data": 7})").shape() == Shape{});
  CHECK(parse(R"({"dtype": "int64", "shape": [1, 1, 1], "data": [7]})").shape() == Shape{1, 1, 1});

  CHECK(parse(R"({"dtype": "int8", "shape": [2, 0, 3], "data": []})").shape() == Shape{2, 0, 3});
  CHECK(parse(R"({"dtype": "int8", "shape": [2, 0, 3], "data": [[], []]})").shape() == Shape{2, 0, 3});
  CHECK(parse(R"({"dtype": "int8", "data": [[], []]})").shape() == Shape{2, 0});
  CHECK(parse("[]", ElementType::String).shape() == Shape{0});
  CHECK(data_text(parse(R"({"dtype": "uint4", "shape": [2, 0, 3], "data": []})")) == "[]");
  CHECK(tensor_to_json(parse(R"({"dtype": "int8", "shape": [2, 0, 3], "data": []})")) ==
        json::parse(R"({"dtype": "int8", "shape": [2, 0, 3], "data": []})"));
}

TEST_CASE("json structure errors say where the data goes wrong") {
  CHECK(error_of(R"({"dtype": "float", "shape": [2, 3], "data": [[1, 2, 3], [4, 5]]})") ==
        "input 'x': data[1] has 2 entries where the shape [2, 3] needs 3");
  CHECK(error_of(R"({"dtype": "float", "data": [[1, 2, 3], [4, 5]]})") ==
        "input 'x': data[1] has 2 entries where the shape [2, 3] (inferred from the first entries) needs 3");
  CHECK(error_of(R"([[[1], [2]], [[3], [4, 5]]])", ElementType::Int32) ==
        "input 'x': value[1][1] has 2 entries where the shape [2, 2, 1] (inferred from the first entries) needs 1");
  CHECK(error_of(R"({"dtype": "float", "shape": [2, 3], "data": [1, 2, 3, 4, 5]})") ==
        "input 'x': data has 5 values where the shape [2, 3] needs 6");
  CHECK(error_of(R"({"dtype": "float", "shape": [3], "data": [1, 2]})") ==
        "input 'x': data has 2 entries where the shape [3] needs 3");
  CHECK(error_of(R"({"dtype": "float", "shape": [2, 2], "data": [1, [2, 3]]})") ==
        "input 'x': data[0] is a single value where the shape [2, 2] needs a list of 2");
  CHECK(error_of(R"({"dtype": "float", "shape": [2], "data": [[1], [2]]})") ==
        "input 'x': data[0] is nested deeper than the shape [2]");
  CHECK(error_of(R"({"dtype": "float", "data": [[1, 2], 3]})") ==
        "input 'x': data[1] is a single value where the shape [2, 2] (inferred from the first entries) needs a list of "
        "2");
  CHECK(error_of(R"({"dtype": "float", "shape": [3], "data": 1})") ==
        "input 'x': data is a single value where the shape [3] needs a list of 3");
  CHECK(error_of(R"({"dtype": "float", "shape": [], "data": [1, 2]})") ==
        "input 'x': data must be one value (or a list of one) for the shape []");

  const std::string deep = std::string(1001, '[') + "1" + std::string(1001, ']');
  CHECK(error_of(deep, ElementType::Float) ==
        "input 'x': value would be nested 1001 levels deep; at most 1000 are supported (flat data has no such limit)");
  CHECK(parse(std::string(1000, '[') + "1" + std::string(1000, ']'), ElementType::Float).rank() == 1000);
  std::string ones = "1";
  for (int i = 1; i < 2000; ++i) ones += ",1";
  CHECK(parse(R"({"dtype": "float", "shape": [)" + ones + R"(], "data": [5]})").rank() == 2000);

  CHECK(error_of(R"({"dtype": "float", "data": [1], "shap": [1]})") ==
        R"(input 'x': unknown key "shap" (a tensor object has "dtype", "shape" and "data", or only "file"))");
  CHECK(error_of(R"({"dtype": "float", "shape": [1]})") == R"(input 'x': a tensor object needs "data" (or "file"))");
  CHECK(error_of(R"({"dtype": "float33", "data": [1]})") == R"(input 'x': unknown dtype "float33")");
  CHECK(error_of(R"({"dtype": 1, "data": [1]})") == "input 'x': unknown dtype 1");
  CHECK(error_of(R"({"data": [1]})") ==
        R"(input 'x': a tensor object needs "dtype" here (the model declares no element type for it))");
  CHECK(error_of(R"({"dtype": "float16", "data": [1]})", ElementType::Float) ==
        "input 'x': dtype float16 does not match the model's declared tensor(float)");
  CHECK(error_of("[1, 2]") ==
        R"(input 'x': a bare value needs the model's declared element type; write {"dtype": ..., "data": ...})");
  CHECK(error_of(R"({"dtype": "float", "shape": [-1], "data": []})") ==
        R"(input 'x': "shape" [-1] must hold non-negative integers)");
  CHECK(error_of(R"({"dtype": "float", "shape": [2.0], "data": [1, 2]})") ==
        R"(input 'x': "shape" [2.0] must hold non-negative integers)");
  CHECK(error_of(R"({"dtype": "float", "shape": 2, "data": [1, 2]})") ==
        R"(input 'x': "shape" must be a list of dimensions, not 2)");
  CHECK(error_of(R"({"dtype": "float", "shape": [4294967296, 4294967296], "data": []})") ==
        R"(input 'x': "shape" [4294967296,4294967296] has more elements than int64 can count)");
}

TEST_CASE("json file references: .npy and .pb, relative to base_dir or absolute") {
  std::random_device seed;
  const fs::path dir =
      fs::temp_directory_path() / ("onnx-ref-json-test-" + std::to_string(seed()) + std::to_string(seed()));
  struct Cleanup {
    fs::path path;
    ~Cleanup() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  } cleanup{dir};
  fs::create_directories(dir / "sub");

  const Tensor t = Tensor::from_values<int32_t>(ElementType::Int32, {2, 2}, {1, -2, 3, -4});
  write_npy(dir / "sub" / "a.npy", t);
  const JsonTensorContext context{"input 'x'", dir, ElementType::Int32};
  CHECK(tensor_from_json(json::parse(R"({"file": "sub/a.npy"})"), context).identical_to(t));
  CHECK(tensor_from_json(json{{"file", (dir / "sub" / "a.npy").string()}}, {"input 'x'", "/nonexistent", {}})
            .identical_to(t));

  write_tensor_file(dir / "b.pb", t);
  CHECK(tensor_from_json(json::parse(R"({"file": "b.pb"})"), context).identical_to(t));

  const std::string missing = (dir / "nope.npy").string();
  CHECK(error_of(R"({"file": "nope.npy"})", std::nullopt, dir) == "input 'x': file '" + missing + "' does not exist");
  CHECK(error_of(R"({"file": "sub/a.npy"})", ElementType::Float, dir) ==
        "input 'x': dtype int32 does not match the model's declared tensor(float)");
  CHECK(error_of(R"({"file": "sub"})", std::nullopt, dir) ==
        "input 'x': '" + (dir / "sub").string() + "' is not a regular file");
  CHECK(error_of(R"({"file": "sub/a.npy", "dtype": "int32"})", std::nullopt, dir) ==
        R"(input 'x': unknown key "dtype" beside "file" (a file reference has only "file"))");
  CHECK(error_of(R"({"file": 3})", std::nullopt, dir) == R"(input 'x': "file" must be a path string, not 3)");
  fs::copy_file(dir / "sub" / "a.npy", dir / "a.txt");
  CHECK(error_of(R"({"file": "a.txt"})", std::nullopt, dir) ==
        "input 'x': file '" + (dir / "a.txt").string() + "': expected a .pb (serialized TensorProto) or .npy file");
  // Errors from the file reader get the input's name in front of the file's.
  std::filesystem::resize_file(dir / "sub" / "a.npy", 130);
  CHECK(error_of(R"({"file": "sub/a.npy"})", std::nullopt, dir) ==
        "input 'x': " + (dir / "sub" / "a.npy").string() +
            ": the data is truncated: '<i4' (2, 2) needs 16 bytes, 2 follow the header");
}
