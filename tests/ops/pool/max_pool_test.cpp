// Unit tests of ops/pool/max_pool.cpp.
#include "helpers/conv_pool.h"

TEST_CASE("MaxPool: Indices in both storage orders, int8, ceil_mode") {
  // X [1, 1, 2, 3] = [[1, 5, 2], [7, 3, 7]]; kernel 2x2 stride 1: maxima 7 (at (1,0)) and 7 (at (1,2)
  // vs (1,1)=3 and (0,1)=5: the window [5, 2; 3, 7] has max 7 at (1, 2)).
  const Tensor x = floats({1, 1, 2, 3}, {1, 5, 2, 7, 3, 7});
  auto r = run_node("MaxPool", 12, {x}, {{"kernel_shape", {2, 2}}}, 2);
  CHECK(values<float>(r[0]) == std::vector<float>{7, 7});
  CHECK(values<int64_t>(r[1]) == std::vector<int64_t>{3, 5});  // row-major: (1,0) = 3, (1,2) = 5
  r = run_node("MaxPool", 12, {x}, {{"kernel_shape", {2, 2}}, {"storage_order", {1}}}, 2);
  CHECK(values<int64_t>(r[1]) == std::vector<int64_t>{1, 5});  // column-major: h + w * 2
  const Tensor xi = Tensor::from_values<int8_t>(T::Int8, {1, 1, 5}, {-128, 3, -5, 127, -1});
  r = run_node("MaxPool", 12, {xi}, {{"kernel_shape", {2}}, {"strides", {2}}, {"ceil_mode", {1}}});
  CHECK(values<int8_t>(r[0]) == std::vector<int8_t>{3, 127, -1});  // the last window is partial
}
