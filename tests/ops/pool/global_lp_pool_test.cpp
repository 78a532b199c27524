// Unit tests of ops/pool/global_lp_pool.cpp.
#include "helpers/lp_pool.h"

TEST_CASE("GlobalLpPool: one window per channel, default p = 2") {
  const Tensor y = run_single_node("GlobalLpPool", 2, {lp_floats({1, 2, 2, 2}, {1, 2, 2, 4, 0.1f, -0.2f, 0.3f, 0})});
  REQUIRE(y.shape() == Shape{1, 2, 1, 1});
  const auto got = lp_values(y);
  CHECK(got[0] == 5.0f);  // sqrt(1 + 4 + 4 + 16)
  CHECK(got[1] == lp_oracle({0.1f, -0.2f, 0.3f, 0}, 2, numeric::Format::Float));
  const Tensor y1 = run_single_node("GlobalLpPool", 1, {lp_floats({1, 1, 3}, {1, -2, 3})},
                                    [](onnx::NodeProto& n) { set_float_attribute(n, "p", 1.0f); });
  CHECK(lp_values(y1) == std::vector<float>{6});
}
