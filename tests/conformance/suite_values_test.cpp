// gen-suite's value cycles: the corner values of each float format are the ones IEEE 754 and the
// OCP 8-bit formats define, written out here by their bit patterns (the oracle), not computed.
#include <doctest/doctest.h>

#include <set>

#include "conformance/suite_values.h"
#include "runtime/element_values.h"

namespace onnx_ref::suite {

namespace {

std::set<uint64_t> bit_patterns(ElementType type, ValueFlavor flavor) {
  const Tensor t = flavored_tensor(type, {64}, flavor, 0);
  std::set<uint64_t> bits;
  for (int64_t i = 0; i < t.element_count(); ++i) bits.insert(read_bits(type, t.data(), i));
  return bits;
}

}  // namespace

TEST_CASE("gen-suite special values of float16 hold NaN, both infinities, -0 and the smallest subnormal") {
  const auto bits = bit_patterns(ElementType::Float16, ValueFlavor::Special);
  CHECK(bits.count(0x7C00));  // +inf
  CHECK(bits.count(0xFC00));  // -inf
  CHECK(bits.count(0x8000));  // -0
  CHECK(bits.count(0x0001));  // 2^-24, the smallest subnormal
  CHECK(bits.count(0x7BFF));  // 65504, the largest finite
  CHECK(bits.count(0x0400));  // 2^-14, the smallest normal
  bool has_nan = false;
  for (uint64_t b : bits) has_nan |= (b & 0x7C00) == 0x7C00 && (b & 0x03FF) != 0;
  CHECK(has_nan);
}

TEST_CASE("gen-suite subnormal values of float32 lie on both sides of the normal range's edge") {
  const auto bits = bit_patterns(ElementType::Float, ValueFlavor::Subnormal);
  CHECK(bits.count(0x00000001));  // 2^-149
  CHECK(bits.count(0x80000001));  // -2^-149
  CHECK(bits.count(0x007FFFFF));  // the largest subnormal
  CHECK(bits.count(0x00800000));  // 2^-126
}

TEST_CASE("gen-suite leaves out what a format cannot hold: float8e4m3fn has no infinity, fnuz no -0") {
  // float8e4m3fn: 0x7F and 0xFF are NaN, S.1111.110 = 448 the largest finite; no infinity exists.
  const auto e4m3 = bit_patterns(ElementType::Float8E4M3FN, ValueFlavor::Special);
  CHECK(e4m3.count(0x7E));  // 448
  CHECK(e4m3.count(0x01));  // 2^-9
  CHECK(e4m3.count(0x80));  // -0
  // float8e4m3fnuz: 0x80 is its NaN, so -0 must not appear as a value (it would be NaN).
  const auto fnuz = bit_patterns(ElementType::Float8E4M3FNUZ, ValueFlavor::Special);
  CHECK(fnuz.count(0x80) == 1);  // the NaN (from the NaN entry), and no other pattern stands for -0
  CHECK(fnuz.count(0x7F));       // 240, the largest finite
}

TEST_CASE("gen-suite ties of bfloat16 include 1 + 2^-7 and the halfway values") {
  const auto bits = bit_patterns(ElementType::BFloat16, ValueFlavor::Ties);
  CHECK(bits.count(0x3F81));  // 1 + 2^-7
  CHECK(bits.count(0x3F00));  // 0.5
  CHECK(bits.count(0x3FC0));  // 1.5
  CHECK(bits.count(0x4020));  // 2.5
}

TEST_CASE("gen-suite integer extremes are each type's minimum and maximum") {
  const Tensor i8 = flavored_tensor(ElementType::Int8, {8}, ValueFlavor::Extremes, 0);
  std::set<int64_t> values;
  for (int64_t i = 0; i < 8; ++i) values.insert(read_int64(ElementType::Int8, i8.data(), i));
  CHECK(values.count(-128));
  CHECK(values.count(127));
  const Tensor u64 = flavored_tensor(ElementType::UInt64, {8}, ValueFlavor::Extremes, 0);
  std::set<uint64_t> unsigned_values;
  for (int64_t i = 0; i < 8; ++i) unsigned_values.insert(read_uint64(ElementType::UInt64, u64.data(), i));
  CHECK(unsigned_values.count(18446744073709551615ull));
  CHECK(unsigned_values.count(0));
}

TEST_CASE("gen-suite values depend on the seed only through where the cycle starts") {
  const Tensor a = flavored_tensor(ElementType::Float, {5}, ValueFlavor::Ordinary, 3);
  const Tensor b = flavored_tensor(ElementType::Float, {5}, ValueFlavor::Ordinary, 3);
  const Tensor c = flavored_tensor(ElementType::Float, {5}, ValueFlavor::Ordinary, 4);
  CHECK(a.identical_to(b));
  CHECK(!a.identical_to(c));
  CHECK(read_real(ElementType::Float, a.data(), 1) == read_real(ElementType::Float, c.data(), 0));
}

}  // namespace onnx_ref::suite
