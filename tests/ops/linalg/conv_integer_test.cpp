// Unit tests of ops/linalg/conv_integer.cpp.
#include "helpers/quant.h"

TEST_CASE("ConvInteger: zero points and padding against a hand loop") {
  // x [1, 1, 3, 3] uint8, w [2, 1, 2, 2] int8, pads 1 on every side, x_zero_point 10, w_zero_point
  // per output channel.
  std::vector<uint8_t> x{10, 20, 30, 40, 50, 60, 70, 80, 90};
  std::vector<int8_t> w{1, -2, 3, -4, 5, 6, -7, 8};
  const std::vector<int8_t> wzp{1, -1};
  const auto y = quant_run("ConvInteger", 10,
                           {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 3, 3}, x),
                            Tensor::from_values<int8_t>(T::Int8, {2, 1, 2, 2}, w),
                            Tensor::from_values<uint8_t>(T::UInt8, {}, {10}),
                            Tensor::from_values<int8_t>(T::Int8, {2}, wzp)},
                           {{"pads", {1, 1, 1, 1}}})[0];
  REQUIRE(y.shape() == Shape{1, 2, 4, 4});
  std::vector<int32_t> expect(32, 0);
  for (int m = 0; m < 2; ++m)
    for (int oh = 0; oh < 4; ++oh)
      for (int ow = 0; ow < 4; ++ow) {
        int32_t s = 0;
        for (int kh = 0; kh < 2; ++kh)
          for (int kw = 0; kw < 2; ++kw) {
            const int ih = oh - 1 + kh, iw = ow - 1 + kw;
            if (ih < 0 || ih >= 3 || iw < 0 || iw >= 3) continue;
            s += (x[ih * 3 + iw] - 10) * (w[m * 4 + kh * 2 + kw] - wzp[m]);
          }
        expect[(m * 4 + oh) * 4 + ow] = s;
      }
  CHECK(quant_values<int32_t>(y) == expect);
  CHECK_THROWS_WITH_AS(quant_run("ConvInteger", 10,
                                 {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 3, 3}, x),
                                  Tensor::from_values<int8_t>(T::Int8, {2, 1, 2, 2}, w),
                                  Tensor::from_values<uint8_t>(T::UInt8, {2}, {1, 2})}),
                       doctest::Contains("x_zero_point"), Error);
}
