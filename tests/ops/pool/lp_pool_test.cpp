// Unit tests of ops/pool/lp_pool.cpp.
#include "helpers/lp_pool.h"
#include "helpers/pool_common_rules.h"

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
  CHECK_THROWS_WITH_AS(run_single_node("LpPool", 1, {lp_floats({1, 1, 2}, {3, 4})},
                                       [](onnx::NodeProto& n) {
                                         set_ints(n, "kernel_shape", {2});
                                         set_float_attribute(n, "p", 1.5f);
                                       }),
                       doctest::Contains("attribute 'p' must be a whole number from 1 to 1024"), Error);
  CHECK_THROWS_WITH_AS(run_single_node("LpPool", 11, {lp_floats({1, 1, 2}, {3, 4})},
                                       [](onnx::NodeProto& n) {
                                         set_ints(n, "kernel_shape", {2});
                                         set_int(n, "p", 0);
                                       }),
                       doctest::Contains("attribute 'p' must be a whole number"), Error);
}

namespace pool_common_rules_tests {

// LpPool (p = 2 by default) of x = [3, 4, 0, 5], kernel 2: no pads [5, 4, 5]; pads [1, 0]: [3, 5, 4, 5];
// pads [0, 1]: [5, 4, 5, 5].
// spec: LpPool-*: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: LpPool-*: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...], where xi_begin the number of pixels added at the beginning of axis `i` and xi_end, the number of pixels added at the end of axis `i`."
// spec: LpPool-*: "Where default value is NOTSET, which means explicit padding is used."
// spec: LpPool-1: "p value of the Lp norm used to pool over the input data, default is 2.0."
// spec: LpPool-11,18,22: "If not present, the stride defaults to 1 along each spatial axis."
// spec: LpPool-18,22: "If not present, the dilation defaults is 1 along each spatial axis."
TEST_CASE("LpPool, every version: p defaults to 2; pads default to 0, [begin..., end...]; stride and dilation 1") {
  const Tensor x = row({3, 4, 0, 5});
  for (int64_t v : kLp.versions) {
    INFO("LpPool-", v);
    CHECK(values(pool("LpPool", v, x, {2}).run_tensor()) == std::vector<float>{5, 4, 5});
    CHECK(values(pool("LpPool", v, x, {2}).attribute("pads", std::vector<int64_t>{1, 0}).run_tensor()) ==
          std::vector<float>{3, 5, 4, 5});
    CHECK(values(pool("LpPool", v, x, {2}).attribute("pads", std::vector<int64_t>{0, 1}).run_tensor()) ==
          std::vector<float>{5, 4, 5, 5});
  }
}

}  // namespace pool_common_rules_tests
