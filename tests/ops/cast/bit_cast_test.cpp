// BitCast-26: the bits of each element, read as another type of the same width. Expected values
// are the IEEE encodings written out by hand.
#include <doctest/doctest.h>

#include <cstring>

#include "op_tester.h"
#include "ops/registry.h"
#include "runtime/error.h"

using namespace onnx_ref;

namespace {

Tensor bit_cast_to(const Tensor& x, ElementType to) {
  REQUIRE(Registry::builtin().resolve("", "BitCast", 26) != nullptr);
  Attributes attrs;
  attrs.set("to", int64_t{static_cast<int32_t>(to)});
  return testing::run_node_rule("BitCast", 26, {Value(x)}, attrs)[0].tensor();
}

}  // namespace

TEST_CASE("BitCast: float bits read as integers and back, shape and storage kept") {
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {2, 2}, {1.0f, -2.0f, 0.5f, -0.0f});
  const Tensor y = bit_cast_to(x, ElementType::Int32);
  CHECK(y.type() == ElementType::Int32);
  // spec: BitCast-26: "The output tensor has the same shape as the input tensor."
  // spec: BitCast-26: "Output tensor with the same shape as the input."
  CHECK(y.shape() == Shape{2, 2});
  const int32_t* v = y.data_as<int32_t>();
  // spec: BitCast-26: "Implementations must treat the underlying bytes as little endian."
  CHECK(v[0] == 0x3f800000);
  CHECK(v[1] == static_cast<int32_t>(0xc0000000u));
  CHECK(v[2] == 0x3f000000);
  CHECK(v[3] == static_cast<int32_t>(0x80000000u));
  CHECK(y.shares_storage_with(x));
  CHECK(bit_cast_to(y, ElementType::Float).identical_to(x));
  // float16 1.0 is 0x3c00; bfloat16 0x3c00 is 2^-7 = 0.0078125.
  const Tensor h = Tensor::from_values<uint16_t>(ElementType::UInt16, {1}, {0x3c00});
  CHECK(bit_cast_to(h, ElementType::Float16).data_as<uint16_t>()[0] == 0x3c00);
}

TEST_CASE("BitCast: packed 4-bit elements keep their nibbles; bool bytes must be 0 or 1") {
  // int4 [-1, 7, -8] packs as 0x7f, 0x08: read as uint4 they are 15, 7, 8, with the same bytes.
  Tensor i4 = Tensor::zeros(ElementType::Int4, {3});
  i4.mutable_data()[0] = std::byte{0x7f};
  i4.mutable_data()[1] = std::byte{0x08};
  const Tensor u4 = bit_cast_to(i4, ElementType::UInt4);
  CHECK(u4.type() == ElementType::UInt4);
  CHECK(std::memcmp(u4.data(), i4.data(), 2) == 0);
  const Tensor bytes = Tensor::from_values<uint8_t>(ElementType::UInt8, {3}, {1, 0, 1});
  CHECK(bit_cast_to(bytes, ElementType::Bool).data_as<uint8_t>()[2] == 1);
  const Tensor bad = Tensor::from_values<uint8_t>(ElementType::UInt8, {3}, {1, 0, 2});
  CHECK_THROWS_WITH_AS(bit_cast_to(bad, ElementType::Bool), doctest::Contains("element 2 is the byte 2"), Error);
}

TEST_CASE("BitCast: widths must match, and 'to' must name a non-string type") {
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {1}, {1.0f});
  // spec: BitCast-26: "The target data type must have the same bit-width as the input data type."
  // spec: BitCast-26: "The target type must have the same bit-width as the input type."
  CHECK_THROWS_WITH_AS(bit_cast_to(x, ElementType::Int64), doctest::Contains("one bit width"), Error);
  // spec: BitCast-26: "Bitcasting to string is not supported."
  // spec: BitCast-26: "Must be one of the non-string types from DataType enum in TensorProto."
  CHECK_THROWS_WITH_AS(bit_cast_to(x, ElementType::String), doctest::Contains("no strings"), Error);
  CHECK_THROWS_WITH_AS(bit_cast_to(x, static_cast<ElementType>(99)), doctest::Contains("not a TensorProto.DataType"),
                       Error);
  // A string input is refused as a string target is; bool, of 8 bits, is one of the types.
  // spec: BitCast-26: "All types except string are supported."
  CHECK_THROWS_AS(bit_cast_to(Tensor::from_strings({1}, {"1"}), ElementType::String), Error);
  CHECK_THROWS_AS(bit_cast_to(Tensor::from_strings({1}, {"1"}), ElementType::Int64), Error);
  const Tensor flag = bit_cast_to(Tensor::from_values<uint8_t>(ElementType::Bool, {1}, {1}), ElementType::UInt8);
  CHECK(flag.data_as<uint8_t>()[0] == 1);
}
