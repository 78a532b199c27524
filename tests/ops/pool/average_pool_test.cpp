// Unit tests of ops/pool/average_pool.cpp.
#include "helpers/conv_pool.h"

TEST_CASE("AveragePool: exact sum over the count, count_include_pad") {
  const Tensor x = floats({1, 1, 3}, {1, 2, 4});
  auto r = run_node("AveragePool", 19, {x}, {{"kernel_shape", {2}}, {"pads", {1, 1}}});
  CHECK(values<float>(r[0]) == std::vector<float>{1, 1.5f, 3, 4});
  r = run_node("AveragePool", 19, {x}, {{"kernel_shape", {2}}, {"pads", {1, 1}}, {"count_include_pad", {1}}});
  CHECK(values<float>(r[0]) == std::vector<float>{0.5f, 1.5f, 3, 2});
  // (1 + 1 + 1 + 2^-24 * 3 + 2^-80) / 3 = 1 + 2^-24 + 2^-80/3: just above the tie, so 1 + 2^-23.
  const auto g = run_node("GlobalAveragePool", 22, {Tensor::from_values<double>(T::Double, {1, 1, 3}, {1 + 0x1p-24, 1 + 0x1p-24, 1 + 0x1p-24})})[0];
  CHECK(values<double>(g)[0] == 1 + 0x1p-24);
}
