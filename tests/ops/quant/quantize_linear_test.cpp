// Unit tests of ops/quant/quantize_linear.cpp.
#include "helpers/quant.h"
#include "helpers/quantize_linear_rules.h"
#include "helpers/quantize_rules.h"

TEST_CASE("QuantizeLinear and DequantizeLinear: per tensor, per axis, blocked, int4 and float8") {
  // ONNX's example: [0, 2, 3, 1000, -254, -1000] / 2 + 128 saturated: 3 / 2 = 1.5 rounds to 2.
  const Tensor x = Tensor::from_values<float>(T::Float, {6}, {0, 2, 3, 1000, -254, -1000});
  const auto q = quant_run(
      "QuantizeLinear", 10,
      {x, Tensor::from_values<float>(T::Float, {}, {2.0f}), Tensor::from_values<uint8_t>(T::UInt8, {}, {128})})[0];
  CHECK(quant_values<uint8_t>(q) == std::vector<uint8_t>{128, 129, 130, 255, 1, 0});
  // Per axis 0 of [2, 2] into int8 without a zero point at 13 (uint8 by default: refuses negatives).
  const Tensor x2 = Tensor::from_values<float>(T::Float, {2, 2}, {-3, 5, 7.5, -7.5});
  const auto qa = quant_run(
      "QuantizeLinear", 13,
      {x2, Tensor::from_values<float>(T::Float, {2}, {2, 5}), Tensor::from_values<int8_t>(T::Int8, {2}, {0, -1})},
      {{"axis", {0}, true}})[0];
  // -3/2 = -1.5 -> -2; 5/2 = 2.5 -> 2; 7.5/5 = 1.5 -> 2, -1 -> 1; -1.5 -> -2, -1 -> -3.
  CHECK(quant_values<int8_t>(qa) == std::vector<int8_t>{-2, 2, 1, -3});
  // Blocked along axis 1 with block 2 into int4 (packed): scales [[1, 4]] over x [1, 3].
  const auto qb = quant_run(
      "QuantizeLinear", 21,
      {Tensor::from_values<float>(T::Float, {1, 3}, {3, -9, 10}), Tensor::from_values<float>(T::Float, {1, 2}, {1, 4})},
      {{"axis", {1}, true}, {"block_size", {2}, true}, {"output_dtype", {22}, true}})[0];
  REQUIRE(qb.type() == T::Int4);
  // 3 -> 3, -9 -> -8 (saturated), 10 / 4 = 2.5 -> 2: packed nibbles 0x3, 0x8, 0x2.
  const auto* packed = reinterpret_cast<const uint8_t*>(qb.data());
  CHECK(std::vector<uint8_t>(packed, packed + 2) == std::vector<uint8_t>{0x83, 0x02});
  // float8e4m3fn: 200 / 2 = 100 is a tie between 96 and 104 and goes to even 96 (0x6C); 1e5 / 2
  // saturates to 448 (0x7E).
  const auto q8 = quant_run(
      "QuantizeLinear", 19,
      {Tensor::from_values<float>(T::Float, {2}, {200, 100000}), Tensor::from_values<float>(T::Float, {}, {2.0f}),
       Tensor::from_values<uint8_t>(T::Float8E4M3FN, {}, {0})})[0];
  CHECK(quant_values<uint8_t>(q8) == std::vector<uint8_t>{0x6C, 0x7E});
  // DequantizeLinear: (x - zero point) * scale rounded once. (2^31 - 1) * (1 + 2^-23) =
  // 2^31 + 255 - 2^-23 needs 55 bits; its float neighbours are 2^31 and 2^31 + 256, and it rounds
  // to 2^31 + 256 (0x4F000001). A bfloat16 scale gives a bfloat16 y.
  const auto d = quant_run("DequantizeLinear", 19,
                           {Tensor::from_values<int32_t>(T::Int32, {1}, {2147483647}),
                            Tensor::from_values<float>(T::Float, {}, {1.0f + 0x1p-23f})})[0];
  REQUIRE(d.type() == T::Float);
  CHECK(quant_values<uint32_t>(d) == std::vector<uint32_t>{0x4F000001u});
  const auto db = quant_run(
      "DequantizeLinear", 19,
      {Tensor::from_values<int8_t>(T::Int8, {1}, {-3}), Tensor::from_values<uint16_t>(T::BFloat16, {}, {0x3FC0})})[0];
  REQUIRE(db.type() == T::BFloat16);
  CHECK(quant_values<uint16_t>(db) == std::vector<uint16_t>{0xC090});  // -3 * 1.5 = -4.5
  const auto dq = quant_run(
      "DequantizeLinear", 13,
      {Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {0, 255, 10, 20}),
       Tensor::from_values<float>(T::Float, {2}, {0.5f, 2.0f}), Tensor::from_values<uint8_t>(T::UInt8, {2}, {128, 10})},
      {{"axis", {0}, true}})[0];
  CHECK(quant_values<float>(dq) == std::vector<float>{-64.0f, 63.5f, 0.0f, 20.0f});
  CHECK_THROWS_WITH_AS(quant_run("QuantizeLinear", 13, {x2, Tensor::from_values<float>(T::Float, {3}, {1, 2, 3})}),
                       doctest::Contains("must be a scalar or a 1-D tensor of x.shape[1] = 2 elements"), Error);
  CHECK_THROWS_WITH_AS(quant_run("QuantizeLinear", 13, {x2, Tensor::from_values<float>(T::Float, {}, {0.0f})}),
                       doctest::Contains("y_scale element 0 is 0"), Error);
}

namespace quantize_linear_spec_tests {

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }

// Version 10 has no axis: its scale and zero point are one value for the whole tensor (one-element
// 1-D ones are accepted too: docs/DEPARTURES.md, QuantizeLinear and DequantizeLinear).
// spec: QuantizeLinear-10: "It's a scalar, which means a per-tensor/layer quantization."
// spec: DequantizeLinear-10: "It's a scalar, which means a per-tensor/layer quantization."
TEST_CASE("QuantizeLinear-10, DequantizeLinear-10: scale and zero point are per tensor; two scales are refused") {
  const Tensor x = f32({2}, {4, 6});
  CHECK(quant_values<uint8_t>(
            quant_run("QuantizeLinear", 10, {x, f32({}, {2}), Tensor::from_values<uint8_t>(T::UInt8, {}, {1})})[0]) ==
        std::vector<uint8_t>{3, 4});
  CHECK_THROWS_AS(quant_run("QuantizeLinear", 10, {x, f32({2}, {2, 2})}), Error);
  CHECK_THROWS_AS(
      quant_run("QuantizeLinear", 10, {x, f32({}, {2}), Tensor::from_values<uint8_t>(T::UInt8, {2}, {1, 1})}), Error);
  const Tensor q = Tensor::from_values<uint8_t>(T::UInt8, {2}, {3, 4});
  CHECK(quant_values<float>(
            quant_run("DequantizeLinear", 10, {q, f32({}, {2}), Tensor::from_values<uint8_t>(T::UInt8, {}, {1})})[0]) ==
        std::vector<float>{4, 6});
  CHECK_THROWS_AS(quant_run("DequantizeLinear", 10, {q, f32({2}, {2, 2})}), Error);
  CHECK_THROWS_AS(
      quant_run("DequantizeLinear", 10, {q, f32({}, {2}), Tensor::from_values<uint8_t>(T::UInt8, {2}, {1, 1})}), Error);
}

// A scalar scale quantizes per tensor whatever axis says, even an axis outside the rank; block_size
// changes nothing without blocked scales.
// spec: QuantizeLinear-13,19: "Ignored for per-tensor quantization."
// spec: DequantizeLinear-13: "Ignored for per-tensor quantization."
// spec: DequantizeLinear-19: "Used only for per-axis quantization."
// spec: QuantizeLinear-21,23,24,25: "Used only for per-axis and blocked quantization."
// spec: QuantizeLinear-21,23,24,25: "Used only for blocked quantization."
// spec: DequantizeLinear-21,23,24,25: "Used only for blocked quantization."
TEST_CASE(
    "QuantizeLinear, DequantizeLinear 13 and later: axis is ignored per tensor; block_size only for blocked scales") {
  const Tensor x = f32({2, 2}, {2, 4, 6, 8});
  const Tensor q = Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {1, 2, 3, 4});
  for (int64_t v : {13, 19, 21, 23, 24, 25}) {
    CAPTURE(v);
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, f32({}, {2})}, {{"axis", {5}, true}})[0]) ==
          std::vector<uint8_t>{1, 2, 3, 4});
    CHECK(quant_values<float>(quant_run("DequantizeLinear", v, {q, f32({}, {2})}, {{"axis", {-7}, true}})[0]) ==
          std::vector<float>{2, 4, 6, 8});
    if (v < 21) continue;
    // Per axis 0 with scales [2, 1]: [[1, 2], [6, 8]], block_size set or not.
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, f32({2}, {2, 1})},
                                          {{"axis", {0}, true}, {"block_size", {0}, true}})[0]) ==
          std::vector<uint8_t>{1, 2, 6, 8});
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, f32({}, {2})}, {{"block_size", {0}, true}})[0]) ==
          std::vector<uint8_t>{1, 2, 3, 4});
    CHECK(quant_values<float>(quant_run("DequantizeLinear", v, {q, f32({2}, {2, 1})},
                                        {{"axis", {0}, true}, {"block_size", {0}, true}})[0]) ==
          std::vector<float>{2, 4, 3, 4});
  }
}

// The shape of the scale decides: rank 0 per tensor, rank 1 per axis, the input's rank blocked; a
// scale of another rank is refused.
// spec: QuantizeLinear-21,23,24,25: "There are three supported quantization granularities, determined by the shape of `y_scale`."
// spec: QuantizeLinear-21,23,24,25: "For per-tensor/layer quantization the scale is a scalar, for per-axis quantization it is a 1-D Tensor and for blocked quantization it has the same shape as the input, except for one dimension in which blocking is performed."
// spec: DequantizeLinear-21,23,24,25: "For per-tensor/layer dequantization the scale is a scalar, for per per-axis dequantization it is a 1-D Tensor and for blocked dequantization it has the same shape as the input, except for one dimension in which blocking is performed."
TEST_CASE("QuantizeLinear, DequantizeLinear 21 and later: the scale's rank gives the granularity") {
  const Tensor x = f32({2, 2, 2}, {2, 4, 6, 8, 10, 12, 14, 16});
  const Tensor q = Tensor::from_values<uint8_t>(T::UInt8, {2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8});
  for (int64_t v : {21, 23, 24, 25}) {
    CAPTURE(v);
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, f32({}, {2})})[0]) ==
          std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8});
    // Per axis 1 (the default), scales [2, 1]: [1, 2, 6, 8, 5, 6, 14, 16].
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, f32({2}, {2, 1})})[0]) ==
          std::vector<uint8_t>{1, 2, 6, 8, 5, 6, 14, 16});
    // Blocked along axis 2 with block 1 (the only one [ceil(2/2), ceil(2/1) - 1] allows): x / 2.
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, f32({2, 2, 2}, {2, 2, 2, 2, 2, 2, 2, 2})},
                                          {{"axis", {2}, true}, {"block_size", {1}, true}})[0]) ==
          std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8});
    CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {x, f32({2, 2}, {2, 2, 2, 2})},
                              {{"axis", {1}, true}, {"block_size", {1}, true}}),
                    Error);
    CHECK_THROWS_AS(quant_run("DequantizeLinear", v, {q, f32({2, 2}, {2, 2, 2, 2})},
                              {{"axis", {1}, true}, {"block_size", {1}, true}}),
                    Error);
    CHECK(quant_values<float>(quant_run("DequantizeLinear", v, {q, f32({2}, {2, 1})})[0]) ==
          std::vector<float>{2, 4, 3, 4, 10, 12, 7, 8});
  }
}

// 7.5 + 2^-20 over a float16 scale of 3 is 2.5 + 2^-20/3: in float16 (the scale's type, by default)
// the quotient rounds to 2.5, then ties to even give 2; in float (precision = 1) it stays above 2.5
// and gives 3.
// spec: QuantizeLinear-23,24,25: "If not provided, it will be the same as the type of `y_scale`."
TEST_CASE("QuantizeLinear 23 and later: the division's precision is the scale's type unless precision says") {
  const Tensor x = f32({1}, {7.5f + 0x1p-20f});
  const Tensor three = Tensor::from_values<uint16_t>(T::Float16, {}, {0x4200});
  for (int64_t v : {23, 24, 25}) {
    CAPTURE(v);
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, three})[0]) == std::vector<uint8_t>{2});
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, three}, {{"precision", {1}, true}})[0]) ==
          std::vector<uint8_t>{3});
  }
}

// float8e4m3fn: 1.0 is 0x38, 2.0 0x40, 3.0 0x44. DequantizeLinear subtracts a zero point of 1.0 as
// the formula says. QuantizeLinear takes a zero zero point, which gives y its type, and refuses a
// nonzero one (docs/DEPARTURES.md, QuantizeLinear-19 and later).
// spec: QuantizeLinear-19: "'y_zero_point' is usually not used for quantization to float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz, but the quantization formula remains the same for consistency"
// spec: QuantizeLinear-21: "`y_zero_point` is usually not used for quantization to float8 types, but the quantization formula remains the same for consistency, and the type of the attribute `y_zero_point` still determines the quantization type."
// spec: QuantizeLinear-23,24,25: "`y_zero_point` is usually not used for quantization to float8 and 4bit types, but the quantization formula remains the same for consistency, and the type of the attribute `y_zero_point` still determines the quantization type."
// spec: DequantizeLinear-19: "`zero-point` is usually not used in the case of float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz quantization, but the dequantization formula remains the same for consistency and 'x_scale' still determines the output type."
// spec: DequantizeLinear-21: "`zero-point` is usually not used in the case of float8 types quantization, but the dequantization formula remains the same for consistency, and `x_scale` still determines the output type."
// spec: DequantizeLinear-23,24,25: "`zero-point` is usually not used in the case of float8 and 4-bit types quantization, but the dequantization formula remains the same for consistency."
TEST_CASE("QuantizeLinear, DequantizeLinear 19 and later: a float8 zero point enters the formula") {
  const Tensor one = Tensor::from_values<uint8_t>(T::Float8E4M3FN, {}, {0x38});
  for (int64_t v : {19, 21, 23, 24, 25}) {
    CAPTURE(v);
    // 4 / 2 = 2.
    const Tensor y = quant_run(
        "QuantizeLinear", v, {f32({1}, {4}), f32({}, {2}), Tensor::from_values<uint8_t>(T::Float8E4M3FN, {}, {0})})[0];
    REQUIRE(y.type() == T::Float8E4M3FN);
    CHECK(quant_values<uint8_t>(y) == std::vector<uint8_t>{0x40});
    CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {f32({1}, {4}), f32({}, {2}), one}), Error);
    // (3 - 1) * 2 = 4, a float as x_scale is.
    const Tensor d = quant_run("DequantizeLinear", v,
                               {Tensor::from_values<uint8_t>(T::Float8E4M3FN, {1}, {0x44}), f32({}, {2}), one})[0];
    REQUIRE(d.type() == T::Float);
    CHECK(quant_values<float>(d) == std::vector<float>{4});
  }
}

}  // namespace quantize_linear_spec_tests

namespace quantize_linear_rules_tests {

// x / 2 = -1.5, 0, 1.5, 3.5, 500 round half to even to -2, 0, 2, 4, 500; + 10: 8, 10, 12, 14, 510,
// saturated to int8: 127.
// spec: QuantizeLinear-10,13: "The quantization formula is y = saturate ((x / y_scale) + y_zero_point)."
// spec: QuantizeLinear-19: "The quantization formula is `y = saturate ((x / y_scale) + y_zero_point)`."
// spec: QuantizeLinear-21,23,24,25: "The quantization formula is `y = saturate((x / y_scale) + y_zero_point)`."
// spec: QuantizeLinear-10,13,19: "'y_zero_point' and 'y' must have same type."
// spec: QuantizeLinear-21,23,24,25: "`y_zero_point` and `y` must have the same type."
TEST_CASE(
    "QuantizeLinear, every version: y = saturate(round(x / y_scale) + y_zero_point), y of the zero point's type") {
  const Tensor x = Tensor::from_values<float>(T::Float, {5}, {-3, 0, 3, 7, 1000});
  for (int64_t v : kVersions) {
    INFO("QuantizeLinear-", v);
    const Tensor y =
        quant_run("QuantizeLinear", v, {x, scalar_scale(2), Tensor::from_values<int8_t>(T::Int8, {}, {10})})[0];
    REQUIRE(y.type() == T::Int8);
    CHECK(quant_values<int8_t>(y) == std::vector<int8_t>{8, 10, 12, 14, 127});
  }
}

// spec: QuantizeLinear-10: "Default value is uint8 typed 0 if it's not specified."
// spec: QuantizeLinear-13,19,24,25: "Default is uint8 with zero point of 0 if it's not specified."
// spec: QuantizeLinear-21,23: "Default is uint8 with zero point of 0 if it's not specified."
TEST_CASE("QuantizeLinear, every version: without y_zero_point, y is uint8 with zero point 0") {
  const Tensor x = Tensor::from_values<float>(T::Float, {4}, {-5, 2.5f, 3.5f, 300});
  for (int64_t v : kVersions) {
    INFO("QuantizeLinear-", v);
    const Tensor y = quant_run("QuantizeLinear", v, {x, scalar_scale(1)})[0];
    REQUIRE(y.type() == T::UInt8);
    CHECK(quant_values<uint8_t>(y) == std::vector<uint8_t>{0, 2, 4, 255});  // 2.5 -> 2, 3.5 -> 4 (ties to even)
  }
}

// spec: QuantizeLinear-13,19: "The scale factor and zero point must have same shape, and can be either a scalar for per-tensor / per layer quantization, or a 1-D tensor for per-axis quantization."
// spec: QuantizeLinear-21,23,24,25: "The scale factor and zero point must have the same shape, determining the quantization granularity."
// spec: QuantizeLinear-21,23,24,25: "In all cases, `y_zero_point` must have the same shape as `y_scale`."
// spec: QuantizeLinear-13,19: "Shape must match y_scale."
// spec: QuantizeLinear-24,25: "Shape must match `y_scale`."
// spec: QuantizeLinear-21,23: "Shape must match `y_scale`."
// spec: DequantizeLinear-13,19: "`x_scale` and `x_zero_point` must have same shape, and can be either a scalar for per-tensor / per layer quantization, or a 1-D tensor for per-axis quantization."
// spec: DequantizeLinear-21,23,24,25: "`x_scale` and `x_zero_point` must have the same shape"
// spec: DequantizeLinear-13,19,21,23,24,25: "Shape must match x_scale."
TEST_CASE("QuantizeLinear, DequantizeLinear 13 and later: a zero point whose shape is not the scale's is refused") {
  const Tensor xf = Tensor::from_values<float>(T::Float, {2, 2}, {1, 2, 3, 4});
  const Tensor xq = Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {1, 2, 3, 4});
  const Tensor scales = Tensor::from_values<float>(T::Float, {2}, {1, 2});
  const Tensor zero = Tensor::from_values<uint8_t>(T::UInt8, {}, {0});
  const Tensor zeros = Tensor::from_values<uint8_t>(T::UInt8, {2}, {0, 0});
  for (int64_t v : {13, 19, 21, 23, 24, 25}) {
    INFO("version ", v);
    CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {xf, scales, zero}), Error);
    CHECK_THROWS_AS(quant_run("DequantizeLinear", v, {xq, scales, zero}), Error);
    CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {xf, scalar_scale(1), zeros}), Error);
    CHECK(quant_run("QuantizeLinear", v, {xf, scales, zeros})[0].shape() == Shape{2, 2});
  }
}

// Per axis: x [[1, 2], [3, 4]] with scales [1, 2]: along axis 1 (the default) [[1, 1], [3, 2]];
// along axis 0 [[1, 2], 1.5 -> 2, 2].
// spec: QuantizeLinear-13,19: "It can be a scalar, which means per-tensor/layer quantization, or a 1-D Tensor for per-axis quantization."
// spec: QuantizeLinear-13,19: "Accepted range is [-r, r-1] where r = rank(input)."
// spec: QuantizeLinear-21,23,24,25: "Accepted range is `[-r, r-1]` where `r = rank(input)`."
// spec: QuantizeLinear-21,23,24,25: "For an input shape `(D0, ..., Di, ..., Dn)` and `axis=i`, `y_scale` is a 1-D tensor of length `Di`."
// spec: DequantizeLinear-13: "Accepted range is [-r, r-1] where r = rank(input)."
// spec: DequantizeLinear-19: "Accepted range is `[-r, r-1]` where `r = rank(input)`."
// spec: DequantizeLinear-21,23,24,25: "Accepted range is `[-r, r-1]` where `r = rank(input)`."
// spec: DequantizeLinear-13,19: "It can be a scalar, which means a per-tensor/layer dequantization, or a 1-D tensor for per-axis dequantization."
TEST_CASE("QuantizeLinear, DequantizeLinear 13 and later: per-axis scales along axis (default 1), axis in [-r, r-1]") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2, 2}, {1, 2, 3, 4});
  const Tensor scales = Tensor::from_values<float>(T::Float, {2}, {1, 2});
  for (int64_t v : {13, 19, 21, 23, 24, 25}) {
    INFO("version ", v);
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, scales})[0]) == std::vector<uint8_t>{1, 1, 3, 2});
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {-1}, true}})[0]) ==
          std::vector<uint8_t>{1, 1, 3, 2});
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {-2}, true}})[0]) ==
          std::vector<uint8_t>{1, 2, 2, 2});
    CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {2}, true}}), Error);
    CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {-3}, true}}), Error);
    const Tensor q = Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {1, 1, 3, 2});
    CHECK(quant_values<float>(quant_run("DequantizeLinear", v, {q, scales}, {{"axis", {-1}, true}})[0]) ==
          std::vector<float>{1, 2, 3, 4});
    CHECK_THROWS_AS(quant_run("DequantizeLinear", v, {q, scales}, {{"axis", {2}, true}}), Error);
  }
}

// Blocked along axis 1 of x [1, 4] with scales [1, 2]: D = 4, S = 2, so block_size lies in
// [ceil(4 / 2), ceil(4 / 1) - 1] = [2, 3]. With 2: x [2, 4, 6, 8] / [1, 1, 2, 2] = [2, 4, 3, 4].
// spec: QuantizeLinear-21,23,24,25: "the accepted range is `[ceil(Di/Si), ceil(Di/(Si-1))-1]`"
// spec: DequantizeLinear-21,23,24,25: "the accepted range is `[ceil(Di/Si), ceil(Di/(Si-1))-1]`"
// spec: QuantizeLinear-21,23,24,25: "Blocked quantization: The scale's shape is identical to the input's shape, except for one dimension, in which blocking is performed."
// spec: DequantizeLinear-21,23,24,25: "or have a rank identical to the input for blocked quantization."
TEST_CASE(
    "QuantizeLinear, DequantizeLinear 21 and later: blocked scales; block_size in [ceil(D/S), ceil(D/(S-1)) - 1]") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 4}, {2, 4, 6, 8});
  const Tensor scales = Tensor::from_values<float>(T::Float, {1, 2}, {1, 2});
  const Tensor q = Tensor::from_values<uint8_t>(T::UInt8, {1, 4}, {2, 4, 3, 4});
  for (int64_t v : {21, 23, 24, 25}) {
    INFO("version ", v);
    for (int64_t block : {2, 3}) {
      const Tensor y =
          quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {1}, true}, {"block_size", {block}, true}})[0];
      // Block 3: scales [1, 1, 1, 2]: [2, 4, 6, 4].
      CHECK(quant_values<uint8_t>(y) ==
            (block == 2 ? std::vector<uint8_t>{2, 4, 3, 4} : std::vector<uint8_t>{2, 4, 6, 4}));
    }
    for (int64_t block : {1, 4}) {
      CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {1}, true}, {"block_size", {block}, true}}),
                      Error);
      CHECK_THROWS_AS(
          quant_run("DequantizeLinear", v, {q, scales}, {{"axis", {1}, true}, {"block_size", {block}, true}}), Error);
    }
    CHECK(quant_values<float>(
              quant_run("DequantizeLinear", v, {q, scales}, {{"axis", {1}, true}, {"block_size", {2}, true}})[0]) ==
          std::vector<float>{2, 4, 6, 8});
  }
}

// float8e4m3fn: 1000 saturates to 448 (0x7E) by default; with saturate = 0 it is NaN (0x7F).
// spec: QuantizeLinear-19,21,23,24,25: "The parameter defines how the conversion behaves if an input value is out of range of the destination type."
// spec: QuantizeLinear-19,21,23,24,25: "It is true by default."
TEST_CASE("QuantizeLinear 19 and later: float8 saturates by default; saturate = 0 gives NaN") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1}, {1000});
  const Tensor zero = Tensor::from_values<uint8_t>(T::Float8E4M3FN, {}, {0});
  for (int64_t v : {19, 21, 23, 24, 25}) {
    INFO("QuantizeLinear-", v);
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, scalar_scale(1), zero})[0]) ==
          std::vector<uint8_t>{0x7E});
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, scalar_scale(1), zero},
                                          {{"saturate", {0}, true}})[0]) == std::vector<uint8_t>{0x7F});
  }
}

// spec: QuantizeLinear-21: "If both `output_dtype` and `y_zero_point` are specified, `output_dtype` must be `T2`."
// spec: QuantizeLinear-23,24,25: "If both `output_dtype` and `y_zero_point` are specified, `output_dtype` must be `T3`."
TEST_CASE("QuantizeLinear 21 and later: output_dtype other than the zero point's type is refused") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1}, {3});
  for (int64_t v : {21, 23, 24, 25}) {
    INFO("QuantizeLinear-", v);
    const Tensor zero = Tensor::from_values<uint8_t>(T::UInt8, {}, {0});
    CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {x, scalar_scale(1), zero}, {{"output_dtype", {3}, true}}), Error);
    const Tensor y = quant_run("QuantizeLinear", v, {x, scalar_scale(1), zero}, {{"output_dtype", {2}, true}})[0];
    CHECK(y.type() == T::UInt8);
    CHECK(quant_run("QuantizeLinear", v, {x, scalar_scale(1)}, {{"output_dtype", {3}, true}})[0].type() == T::Int8);
  }
}

// 1000 into int8 is 127 whatever saturate says: it concerns the float 8 types only.
// spec: QuantizeLinear-19,21,23,24,25: "It only applies for float 8 quantization (float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz)."
TEST_CASE("QuantizeLinear 19 and later: saturate does not change an integer quantization") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1}, {1000});
  const Tensor zero = Tensor::from_values<int8_t>(T::Int8, {}, {0});
  for (int64_t v : {19, 21, 23, 24, 25})
    for (int64_t saturate : {0, 1}) {
      INFO("QuantizeLinear-", v, " saturate ", saturate);
      CHECK(quant_values<int8_t>(quant_run("QuantizeLinear", v, {x, scalar_scale(1), zero},
                                           {{"saturate", {saturate}, true}})[0]) == std::vector<int8_t>{127});
    }
}

}  // namespace quantize_linear_rules_tests

TEST_CASE("quantization: the quotient rounded once to its precision, against exact rationals") {
  // p / q (q > 0, p != 0) rounded to `bits` significant bits, nearest, ties to even.
  auto rational_to_binary = [](__int128 p, __int128 q, int bits) {
    const bool negative = p < 0;
    if (negative) p = -p;
    int k = 0;
    while (p >= (q << bits)) {
      q <<= 1;
      --k;
    }
    while (p < (q << (bits - 1))) {
      p <<= 1;
      ++k;
    }
    __int128 n = p / q;
    const __int128 r = p % q;
    if (2 * r > q || (2 * r == q && (n & 1) != 0)) ++n;
    const double v = std::ldexp(static_cast<double>(n), -k);
    return negative ? -v : v;
  };
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << 24), int64_t{1} << 24);
  std::uniform_int_distribution<int> expo(-20, 20);
  for (int iter = 0; iter < 100000; ++iter) {
    int64_t A = mant(rng), B = mant(rng);
    if (A == 0 || B == 0) continue;
    int ea = expo(rng), eb = expo(rng);
    if (iter % 4 == 0) {
      // Near-midpoints of float: B a power of two times an odd number near A's scale.
      B = (B | 1) % 8191;
      if (B == 0) continue;
      A = B * ((mant(rng) & 0xFFFFFF) | 1) + (iter % 3) - 1;
      if (A > (int64_t{1} << 53) || A == 0) continue;
      ea = eb = 0;
    }
    const double a = std::ldexp(static_cast<double>(A), ea), b = std::ldexp(static_cast<double>(B), eb);
    __int128 p = A, q = B;
    if (ea > eb)
      p <<= (ea - eb);
    else
      q <<= (eb - ea);
    if (q < 0) {
      p = -p;
      q = -q;
    }
    REQUIRE(quant::quotient_in_precision(a, b, T::Float) == rational_to_binary(p, q, 24));
    REQUIRE(quant::quotient_in_precision(a, b, T::BFloat16) == rational_to_binary(p, q, 8));
    REQUIRE(quant::quotient_in_precision(a, b, T::Double) == rational_to_binary(p, q, 53));
  }
  // Rounding to an integer: ties to even, saturation, infinities.
  CHECK(quant::round_half_even_clamped(0.5, -10, 10) == 0);
  CHECK(quant::round_half_even_clamped(1.5, -10, 10) == 2);
  CHECK(quant::round_half_even_clamped(-2.5, -10, 10) == -2);
  CHECK(quant::round_half_even_clamped(0.5000001, -10, 10) == 1);
  CHECK(quant::round_half_even_clamped(INFINITY, 0, 255) == 255);
  CHECK(quant::round_half_even_clamped(-1e300, -8, 7) == -8);
}
