// Unit tests of ops/reduce/reduce_prod.cpp.
#include "helpers/reduce_range.h"

TEST_CASE("ReduceProd: double accumulation with a separate exponent") {
  const Tensor f = floats({4}, {1e30f, 1e30f, 1e-30f, 1e-30f});
  CHECK(values_of<float>(reduce_tensor(f, V{}, false, row_kernel<ProdAccumulator>()))[0] == 1.0f);
  const Tensor d = doubles({3}, {1e300, 1e300, 1e-300});
  CHECK(values_of<double>(reduce_tensor(d, V{}, false, row_kernel<ProdAccumulator>()))[0] == doctest::Approx(1e300));
  const float inf = std::numeric_limits<float>::infinity();
  CHECK(
      std::isnan(values_of<float>(reduce_tensor(floats({2}, {inf, 0}), V{}, false, row_kernel<ProdAccumulator>()))[0]));
  CHECK(values_of<float>(reduce_tensor(floats({2}, {inf, -2}), V{}, false, row_kernel<ProdAccumulator>()))[0] == -inf);
  CHECK(values_of<float>(reduce_tensor(floats({2}, {3e38f, 10}), V{}, false, row_kernel<ProdAccumulator>()))[0] == inf);
}
