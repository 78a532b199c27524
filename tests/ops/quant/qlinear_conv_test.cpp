// Unit tests of ops/quant/qlinear_conv.cpp.
#include "helpers/qlinear.h"

TEST_CASE("QLinearConv: per-channel weight scales, bias and padding against a rational oracle") {
  // x [1, 1, 3, 3] uint8 (zero point 10), w [2, 1, 2, 2] int8 (zero point per channel), pads 1.
  const std::vector<uint8_t> x{0, 10, 20, 30, 40, 50, 60, 70, 255};
  const std::vector<int8_t> w{1, -2, 3, -4, 127, -128, 0, 5};
  const std::vector<int8_t> wzp{0, -3};
  const std::vector<float> ws{0.02f, 0.0013f};
  const std::vector<int32_t> bias{100, -7000};
  const float xs = 0.05f, ys = 0.37f;
  const Tensor y = qlinear_run("QLinearConv", 10,
                               {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 3, 3}, x), qlinear_scalar(xs),
                                Tensor::from_values<uint8_t>(T::UInt8, {}, {10}),
                                Tensor::from_values<int8_t>(T::Int8, {2, 1, 2, 2}, w),
                                Tensor::from_values<float>(T::Float, {2}, ws), Tensor::from_values<int8_t>(T::Int8, {2}, wzp),
                                qlinear_scalar(ys), Tensor::from_values<uint8_t>(T::UInt8, {}, {120}),
                                Tensor::from_values<int32_t>(T::Int32, {2}, bias)},
                               {{"pads", {1, 1, 1, 1}}});
  REQUIRE(y.shape() == Shape{1, 2, 4, 4});
  std::vector<uint8_t> expect;
  for (int m = 0; m < 2; ++m)
    for (int oy = 0; oy < 4; ++oy)
      for (int ox = 0; ox < 4; ++ox) {
        int64_t s = bias[static_cast<size_t>(m)];
        for (int ky = 0; ky < 2; ++ky)
          for (int kx = 0; kx < 2; ++kx) {
            const int iy = oy - 1 + ky, ix = ox - 1 + kx;
            if (iy < 0 || iy >= 3 || ix < 0 || ix >= 3) continue;
            s += (x[static_cast<size_t>(iy * 3 + ix)] - 10) * (w[static_cast<size_t>(m * 4 + ky * 2 + kx)] - wzp[static_cast<size_t>(m)]);
          }
        expect.push_back(static_cast<uint8_t>(qlinear_oracle(s, xs, ws[static_cast<size_t>(m)], ys, 120, 0, 255)));
      }
  CHECK(qlinear_values<uint8_t>(y) == expect);
}
