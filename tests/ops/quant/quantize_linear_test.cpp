// Unit tests of ops/quant/quantize_linear.cpp.
#include "helpers/quant.h"

TEST_CASE("QuantizeLinear and DequantizeLinear: per tensor, per axis, blocked, int4 and float8") {
  // ONNX's example: [0, 2, 3, 1000, -254, -1000] / 2 + 128 saturated: 3 / 2 = 1.5 rounds to 2.
  const Tensor x = Tensor::from_values<float>(T::Float, {6}, {0, 2, 3, 1000, -254, -1000});
  const auto q = quant_run("QuantizeLinear", 10, {x, Tensor::from_values<float>(T::Float, {}, {2.0f}),
                                                   Tensor::from_values<uint8_t>(T::UInt8, {}, {128})})[0];
  CHECK(quant_values<uint8_t>(q) == std::vector<uint8_t>{128, 129, 130, 255, 1, 0});
  // Per axis 0 of [2, 2] into int8 without a zero point at 13 (uint8 by default: refuses negatives).
  const Tensor x2 = Tensor::from_values<float>(T::Float, {2, 2}, {-3, 5, 7.5, -7.5});
  const auto qa = quant_run("QuantizeLinear", 13, {x2, Tensor::from_values<float>(T::Float, {2}, {2, 5}),
                                                    Tensor::from_values<int8_t>(T::Int8, {2}, {0, -1})},
                            {{"axis", {0}, true}})[0];
  // -3/2 = -1.5 -> -2; 5/2 = 2.5 -> 2; 7.5/5 = 1.5 -> 2, -1 -> 1; -1.5 -> -2, -1 -> -3.
  CHECK(quant_values<int8_t>(qa) == std::vector<int8_t>{-2, 2, 1, -3});
  // Blocked along axis 1 with block 2 into int4 (packed): scales [[1, 4]] over x [1, 3].
  const auto qb = quant_run("QuantizeLinear", 21, {Tensor::from_values<float>(T::Float, {1, 3}, {3, -9, 10}),
                                                    Tensor::from_values<float>(T::Float, {1, 2}, {1, 4})},
                            {{"axis", {1}, true}, {"block_size", {2}, true}, {"output_dtype", {22}, true}})[0];
  REQUIRE(qb.type() == T::Int4);
  // 3 -> 3, -9 -> -8 (saturated), 10 / 4 = 2.5 -> 2: packed nibbles 0x3, 0x8, 0x2.
  const auto* packed = reinterpret_cast<const uint8_t*>(qb.data());
  CHECK(std::vector<uint8_t>(packed, packed + 2) == std::vector<uint8_t>{0x83, 0x02});
  // float8e4m3fn: 200 / 2 = 100 is a tie between 96 and 104 and goes to even 96 (0x6C); 1e5 / 2
  // saturates to 448 (0x7E).
  const auto q8 = quant_run("QuantizeLinear", 19, {Tensor::from_values<float>(T::Float, {2}, {200, 100000}),
                                                    Tensor::from_values<float>(T::Float, {}, {2.0f}),
                                                    Tensor::from_values<uint8_t>(T::Float8E4M3FN, {}, {0})})[0];
  CHECK(quant_values<uint8_t>(q8) == std::vector<uint8_t>{0x6C, 0x7E});
  // DequantizeLinear: (x - zero point) * scale rounded once. (2^31 - 1) * (1 + 2^-23) =
  // 2^31 + 255 - 2^-23 needs 55 bits; its float neighbours are 2^31 and 2^31 + 256, and it rounds
  // to 2^31 + 256 (0x4F000001). A bfloat16 scale gives a bfloat16 y.
  const auto d = quant_run("DequantizeLinear", 19, {Tensor::from_values<int32_t>(T::Int32, {1}, {2147483647}),
                                                     Tensor::from_values<float>(T::Float, {}, {1.0f + 0x1p-23f})})[0];
  REQUIRE(d.type() == T::Float);
  CHECK(quant_values<uint32_t>(d) == std::vector<uint32_t>{0x4F000001u});
  const auto db = quant_run("DequantizeLinear", 19, {Tensor::from_values<int8_t>(T::Int8, {1}, {-3}),
                                                      Tensor::from_values<uint16_t>(T::BFloat16, {}, {0x3FC0})})[0];
  REQUIRE(db.type() == T::BFloat16);
  CHECK(quant_values<uint16_t>(db) == std::vector<uint16_t>{0xC090});  // -3 * 1.5 = -4.5
  const auto dq = quant_run("DequantizeLinear", 13, {Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {0, 255, 10, 20}),
                                                      Tensor::from_values<float>(T::Float, {2}, {0.5f, 2.0f}),
                                                      Tensor::from_values<uint8_t>(T::UInt8, {2}, {128, 10})},
                            {{"axis", {0}, true}})[0];
  CHECK(quant_values<float>(dq) == std::vector<float>{-64.0f, 63.5f, 0.0f, 20.0f});
  CHECK_THROWS_WITH_AS(quant_run("QuantizeLinear", 13, {x2, Tensor::from_values<float>(T::Float, {3}, {1, 2, 3})}),
                       doctest::Contains("must be a scalar or a 1-D tensor of x.shape[1] = 2 elements"), Error);
  CHECK_THROWS_WITH_AS(quant_run("QuantizeLinear", 13, {x2, Tensor::from_values<float>(T::Float, {}, {0.0f})}),
                       doctest::Contains("y_scale element 0 is 0"), Error);
}
