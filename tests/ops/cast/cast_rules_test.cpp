// Cast and CastLike, every version: the rules of the ONNX 1.22.0 text run through a model (the
// attributes' defaults, shapes, the numeric conversion rules), each check citing its sentence.
// Expected values by hand.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace cast_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

const std::vector<int64_t> kCastFrom9 = {9, 13, 19, 21, 23, 24, 25};
const std::vector<int64_t> kCastLike = {15, 19, 21, 23, 24, 25};

Tensor cast(int64_t v, const Tensor& x, T to) {
  OpTester t("Cast", v);
  t.input(Value(x)).attribute("to", static_cast<int64_t>(code_of(to)));
  return t.run_tensor();
}

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
    if (v == 1) t.input(Value(x)).attribute("to", "STRING");
    else t.input(Value(x)).attribute("to", static_cast<int64_t>(code_of(T::String)));
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
    CHECK(std::vector<uint8_t>(flags.data_as<uint8_t>(), flags.data_as<uint8_t>() + 5) == std::vector<uint8_t>{0, 0, 1, 1, 1});
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
    off.input(Value(x)).attribute("to", static_cast<int64_t>(code_of(T::Float8E4M3FN))).attribute("saturate", int64_t{0});
    CHECK(off.run_tensor().data_as<uint8_t>()[0] == 0x7F);
    OpTester like("CastLike", v);
    like.input(Value(x)).input(Value(Tensor::from_values<uint8_t>(T::Float8E4M3FN, {1}, {0})));
    CHECK(like.run_tensor().data_as<uint8_t>()[0] == 0x7E);
    OpTester like_off("CastLike", v);
    like_off.input(Value(x)).input(Value(Tensor::from_values<uint8_t>(T::Float8E4M3FN, {1}, {0}))).attribute("saturate", int64_t{0});
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

// spec: CastLike-*: "The operator casts the elements of a given input tensor (the first input) to the same data type as the elements of the second input tensor."
// spec: CastLike-*: "The (first) input tensor will be cast to produce a tensor of the same type as this (second input) tensor."
// spec: CastLike-*: "Output tensor produced by casting the first input tensor to have the same type as the second input tensor."
TEST_CASE("CastLike, every version: the first input in the second input's type, the first's shape") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2, 2}, {1.5f, -2.75f, 3, 1e10f});
  const Tensor like = Tensor::from_values<int32_t>(T::Int32, {3}, {0, 0, 0});
  for (int64_t v : kCastLike) {
    INFO("CastLike-", v);
    OpTester t("CastLike", v);
    t.input(Value(Tensor::from_values<float>(T::Float, {2, 2}, {1.5f, -2.75f, 3, 100}))).input(Value(like));
    const Tensor y = t.run_tensor();
    REQUIRE(y.type() == T::Int32);
    REQUIRE(y.shape() == Shape{2, 2});
    CHECK(std::vector<int32_t>(y.data_as<int32_t>(), y.data_as<int32_t>() + 4) == std::vector<int32_t>{1, -2, 3, 100});
    OpTester d("CastLike", v);
    d.input(Value(x)).input(Value(Tensor::from_values<double>(T::Double, {}, {0})));
    CHECK(d.run_tensor().data_as<double>()[3] == 1e10);
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
    if (v == 1) t.input(Value(c)).attribute("to", "FLOAT");
    else t.input(Value(c)).attribute("to", static_cast<int64_t>(code_of(T::Float)));
    CHECK_THROWS_AS(t.run(), Error);
  }
  for (int64_t v : {1, 6}) {
    OpTester s("Cast", v);
    if (v == 1) s.input(Value(Tensor::from_strings({1}, {"1"}))).attribute("to", "FLOAT");
    else s.input(Value(Tensor::from_strings({1}, {"1"}))).attribute("to", static_cast<int64_t>(code_of(T::Float)));
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
