// Unit tests of ops/pool/lp_pool.cpp.
#include "helpers/lp_pool.h"

TEST_CASE("LpPool: windows with pads, strides and dilations against the oracle") {
  // X [1, 1, 4, 5], kernel 2x3, pads 1, strides 2x1, dilations 1x2 (LpPool-18), p = 3.
  std::vector<float> x(20);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(static_cast<int>(i * 7 % 11) - 5) * 0.375f;
  const Tensor y = run_single_node("LpPool", 18, {lp_floats({1, 1, 4, 5}, x)}, [](onnx::NodeProto& n) {
    set_ints(n, "kernel_shape", {2, 3});
    set_ints(n, "pads", {1, 1, 1, 1});
    set_ints(n, "strides", {2, 1});
    set_ints(n, "dilations", {1, 2});
    set_int(n, "p", 3);
  });
  // rows: (4 + 2 - 2) / 2 + 1 = 3; cols: (5 + 2 - 5) / 1 + 1 = 3.
  REQUIRE(y.shape() == Shape{1, 1, 3, 3});
  const auto got = lp_values(y);
  for (int oy = 0; oy < 3; ++oy)
    for (int ox = 0; ox < 3; ++ox) {
      std::vector<double> w;
      for (int ky = 0; ky < 2; ++ky)
        for (int kx = 0; kx < 3; ++kx) {
          const int iy = oy * 2 - 1 + ky, ix = ox - 1 + kx * 2;
          if (iy >= 0 && iy < 4 && ix >= 0 && ix < 5) w.push_back(x[static_cast<size_t>(iy * 5 + ix)]);
        }
      CHECK(got[static_cast<size_t>(oy * 3 + ox)] == lp_oracle(w, 3, numeric::Format::Float));
    }
  // LpPool-1's p is a float, and must be whole; p = 0 has no norm.
  const Tensor y1 = run_single_node("LpPool", 1, {lp_floats({1, 1, 2}, {3, 4})}, [](onnx::NodeProto& n) {
    set_ints(n, "kernel_shape", {2});
    set_float_attribute(n, "p", 2.0f);
  });
  CHECK(lp_values(y1) == std::vector<float>{5});
  CHECK_THROWS_WITH_AS(run_single_node("LpPool", 1, {lp_floats({1, 1, 2}, {3, 4})}, [](onnx::NodeProto& n) {
                         set_ints(n, "kernel_shape", {2});
                         set_float_attribute(n, "p", 1.5f);
                       }),
                       doctest::Contains("attribute 'p' must be a whole number from 1 to 1024"), Error);
  CHECK_THROWS_WITH_AS(run_single_node("LpPool", 11, {lp_floats({1, 1, 2}, {3, 4})}, [](onnx::NodeProto& n) {
                         set_ints(n, "kernel_shape", {2});
                         set_int(n, "p", 0);
                       }),
                       doctest::Contains("attribute 'p' must be a whole number"), Error);
}
