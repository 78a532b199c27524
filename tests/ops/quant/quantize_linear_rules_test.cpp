// QuantizeLinear and DequantizeLinear, every version (10, 13, 19, 21, 23, 24, 25): the rules of the
// ONNX 1.22.0 text (formula, defaults, types, shapes, axis, block size, saturate), each check citing
// its sentence. Expected values are hand computed in the comments.
#include "helpers/quant.h"

namespace quantize_linear_rules_tests {

const std::vector<int64_t> kVersions = {10, 13, 19, 21, 23, 24, 25};
Tensor scalar_scale(float s) { return Tensor::from_values<float>(T::Float, {}, {s}); }

// x / 2 = -1.5, 0, 1.5, 3.5, 500 round half to even to -2, 0, 2, 4, 500; + 10: 8, 10, 12, 14, 510,
// saturated to int8: 127.
// spec: QuantizeLinear-10,13: "The quantization formula is y = saturate ((x / y_scale) + y_zero_point)."
// spec: QuantizeLinear-19: "The quantization formula is `y = saturate ((x / y_scale) + y_zero_point)`."
// spec: QuantizeLinear-21,23,24,25: "The quantization formula is `y = saturate((x / y_scale) + y_zero_point)`."
// spec: QuantizeLinear-10,13,19: "'y_zero_point' and 'y' must have same type."
// spec: QuantizeLinear-21,23,24,25: "`y_zero_point` and `y` must have the same type."
TEST_CASE("QuantizeLinear, every version: y = saturate(round(x / y_scale) + y_zero_point), y of the zero point's type") {
  const Tensor x = Tensor::from_values<float>(T::Float, {5}, {-3, 0, 3, 7, 1000});
  for (int64_t v : kVersions) {
    INFO("QuantizeLinear-", v);
    const Tensor y = quant_run("QuantizeLinear", v, {x, scalar_scale(2), Tensor::from_values<int8_t>(T::Int8, {}, {10})})[0];
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

// spec: DequantizeLinear-10: "0 is the default value when it's not specified."
// spec: DequantizeLinear-10: "'x_zero_point' and 'x' must have same type."
// spec: DequantizeLinear-13,19: "`x_zero_point` and `x` must have same type."
// spec: DequantizeLinear-21,23,24,25: "`x_zero_point` and `x` must have the same type."
// spec: DequantizeLinear-10: "'x' and 'y' must have same shape."
// spec: DequantizeLinear-13,19: "`x` and `y` must have same shape."
// spec: DequantizeLinear-21,23,24,25: "`x` and `y` must have the same shape."
// spec: DequantizeLinear-23,24,25: "It has the same shape as input `x`."
TEST_CASE("DequantizeLinear, every version: y = (x - x_zero_point) * x_scale, y of x's shape; the zero point of x's type") {
  const Tensor x = Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {0, 10, 128, 255});
  for (int64_t v : kVersions) {
    INFO("DequantizeLinear-", v);
    const Tensor y = quant_run("DequantizeLinear", v, {x, scalar_scale(0.5f), Tensor::from_values<uint8_t>(T::UInt8, {}, {128})})[0];
    REQUIRE(y.shape() == Shape{2, 2});
    CHECK(quant_values<float>(y) == std::vector<float>{-64, -59, 0, 63.5f});
    const Tensor no_zero = quant_run("DequantizeLinear", v, {x, scalar_scale(0.5f)})[0];
    CHECK(quant_values<float>(no_zero) == std::vector<float>{0, 5, 64, 127.5f});
    CHECK_THROWS_AS(quant_run("DequantizeLinear", v, {x, scalar_scale(0.5f), Tensor::from_values<int8_t>(T::Int8, {}, {0})}), Error);
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
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {-1}, true}})[0]) == std::vector<uint8_t>{1, 1, 3, 2});
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {-2}, true}})[0]) == std::vector<uint8_t>{1, 2, 2, 2});
    CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {2}, true}}), Error);
    CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {-3}, true}}), Error);
    const Tensor q = Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {1, 1, 3, 2});
    CHECK(quant_values<float>(quant_run("DequantizeLinear", v, {q, scales}, {{"axis", {-1}, true}})[0]) == std::vector<float>{1, 2, 3, 4});
    CHECK_THROWS_AS(quant_run("DequantizeLinear", v, {q, scales}, {{"axis", {2}, true}}), Error);
  }
}

// Blocked along axis 1 of x [1, 4] with scales [1, 2]: D = 4, S = 2, so block_size lies in
// [ceil(4 / 2), ceil(4 / 1) - 1] = [2, 3]. With 2: x [2, 4, 6, 8] / [1, 1, 2, 2] = [2, 4, 3, 4].
// spec: QuantizeLinear-21,23,24,25: "the accepted range is `[ceil(Di/Si), ceil(Di/(Si-1))-1]`"
// spec: DequantizeLinear-21,23,24,25: "the accepted range is `[ceil(Di/Si), ceil(Di/(Si-1))-1]`"
// spec: QuantizeLinear-21,23,24,25: "Blocked quantization: The scale's shape is identical to the input's shape, except for one dimension, in which blocking is performed."
// spec: DequantizeLinear-21,23,24,25: "or have a rank identical to the input for blocked quantization."
TEST_CASE("QuantizeLinear, DequantizeLinear 21 and later: blocked scales; block_size in [ceil(D/S), ceil(D/(S-1)) - 1]") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 4}, {2, 4, 6, 8});
  const Tensor scales = Tensor::from_values<float>(T::Float, {1, 2}, {1, 2});
  const Tensor q = Tensor::from_values<uint8_t>(T::UInt8, {1, 4}, {2, 4, 3, 4});
  for (int64_t v : {21, 23, 24, 25}) {
    INFO("version ", v);
    for (int64_t block : {2, 3}) {
      const Tensor y = quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {1}, true}, {"block_size", {block}, true}})[0];
      // Block 3: scales [1, 1, 1, 2]: [2, 4, 6, 4].
      CHECK(quant_values<uint8_t>(y) == (block == 2 ? std::vector<uint8_t>{2, 4, 3, 4} : std::vector<uint8_t>{2, 4, 6, 4}));
    }
    for (int64_t block : {1, 4}) {
      CHECK_THROWS_AS(quant_run("QuantizeLinear", v, {x, scales}, {{"axis", {1}, true}, {"block_size", {block}, true}}), Error);
      CHECK_THROWS_AS(quant_run("DequantizeLinear", v, {q, scales}, {{"axis", {1}, true}, {"block_size", {block}, true}}), Error);
    }
    CHECK(quant_values<float>(quant_run("DequantizeLinear", v, {q, scales}, {{"axis", {1}, true}, {"block_size", {2}, true}})[0]) ==
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
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, scalar_scale(1), zero})[0]) == std::vector<uint8_t>{0x7E});
    CHECK(quant_values<uint8_t>(quant_run("QuantizeLinear", v, {x, scalar_scale(1), zero}, {{"saturate", {0}, true}})[0]) ==
          std::vector<uint8_t>{0x7F});
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

// spec: DequantizeLinear-23,24,25: "If `output_dtype` is not supplied then the output type is the same as `x_scale`."
TEST_CASE("DequantizeLinear 23 and later: y takes x_scale's type without output_dtype") {
  const Tensor x = Tensor::from_values<int8_t>(T::Int8, {1}, {-3});
  const Tensor half_scale = Tensor::from_values<uint16_t>(T::Float16, {}, {0x3E00});  // 1.5
  for (int64_t v : {23, 24, 25}) {
    INFO("DequantizeLinear-", v);
    const Tensor y = quant_run("DequantizeLinear", v, {x, half_scale})[0];
    REQUIRE(y.type() == T::Float16);
    CHECK(quant_values<uint16_t>(y) == std::vector<uint16_t>{0xC480});  // -4.5
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
      CHECK(quant_values<int8_t>(quant_run("QuantizeLinear", v, {x, scalar_scale(1), zero}, {{"saturate", {saturate}, true}})[0]) ==
            std::vector<int8_t>{127});
    }
}

// a = 255, b = 255, every scale 1 except y_scale 256: 65025 / 256 = 254.0039 rounds to 254. The product
// 65025 does not fit 16 bits: it is kept whole.
// spec: QLinearMatMul-10,21: "Production must never overflow, and accumulation may overflow if and only if in 32 bits."
// spec: QLinearMatMul-21: "The quantization formula is y = saturate((x / y_scale) + y_zero_point)."
// spec: QLinearMatMul-21: "Scale and zero point must have same shape."
// spec: QLinearMatMul-21: "They must be either scalar (per tensor) or N-D tensor (per row for 'a' and per column for 'b')."
// spec: QLinearMatMul-21: "Scalar refers to per tensor quantization whereas N-D refers to per row or per column quantization."
TEST_CASE("QLinearMatMul 10 and 21: a product beyond 16 bits kept whole; scale and zero point of one shape") {
  const Tensor a = Tensor::from_values<uint8_t>(T::UInt8, {1, 1}, {255});
  const Tensor zero = Tensor::from_values<uint8_t>(T::UInt8, {}, {0});
  for (int64_t v : {10, 21}) {
    INFO("QLinearMatMul-", v);
    const Tensor y = quant_run("QLinearMatMul", v, {a, scalar_scale(1), zero, a, scalar_scale(1), zero, scalar_scale(256), zero})[0];
    CHECK(quant_values<uint8_t>(y) == std::vector<uint8_t>{254});
    // Per-row scales of a (one row) of shape [1, 1] with a scalar zero point: refused.
    CHECK_THROWS_AS(quant_run("QLinearMatMul", v, {a, Tensor::from_values<float>(T::Float, {1, 1}, {1}), Tensor::from_values<uint8_t>(T::UInt8, {2}, {0, 0}),
                                                   a, scalar_scale(1), zero, scalar_scale(256), zero}),
                    Error);
  }
}

}  // namespace quantize_linear_rules_tests
