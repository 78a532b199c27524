// Det: the exact determinant rounded once. Expected values by hand (cofactor expansion of small
// integers, and cases whose exact value is written in binary).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>

#include "helpers/linalg_rules.h"
#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

template <class V>
std::vector<V> det_values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

}  // namespace

TEST_CASE("Det: small matrices, batches, zero pivots and singular matrices") {
  // [[1, 2], [3, 4]] -> -2; [[2, 0, 1], [1, 3, 2], [1, 1, 1]] -> 2(3 - 2) - 0 + 1(1 - 3) = 0;
  // [[0, 1, 2], [3, 0, 1], [1, 1, 0]] (a zero first pivot) -> 0(0 - 1) - 1(0 - 1) + 2(3 - 0) = 7.
  const Tensor a = Tensor::from_values<float>(T::Float, {2, 2}, {1, 2, 3, 4});
  CHECK(det_values<float>(run_single_node("Det", 11, {a})) == std::vector<float>{-2});
  const Tensor b =
      Tensor::from_values<double>(T::Double, {2, 3, 3}, {2, 0, 1, 1, 3, 2, 1, 1, 1, 0, 1, 2, 3, 0, 1, 1, 1, 0});
  const Tensor yb = run_single_node("Det", 22, {b});
  CHECK(yb.shape() == Shape{2});
  CHECK(det_values<double>(yb) == std::vector<double>{0, 7});
  // 1x1 and 0x0 (the empty product: 1), and an all-zero matrix.
  CHECK(det_values<float>(run_single_node("Det", 11, {Tensor::from_values<float>(T::Float, {1, 1}, {-3.5f})})) ==
        std::vector<float>{-3.5f});
  CHECK(det_values<float>(run_single_node(
            "Det", 11, {Tensor::from_values<float>(T::Float, {0, 0}, std::vector<float>{})})) == std::vector<float>{1});
  CHECK(det_values<float>(run_single_node("Det", 11, {Tensor::from_values<float>(T::Float, {2, 2}, {0, 0, 0, 0})})) ==
        std::vector<float>{0});
}

TEST_CASE("Det: the exact value rounded once, where elimination in floating point cancels") {
  // [[1 + 2^-52, 1], [1, 1 - 2^-53]]: (1 + 2^-52)(1 - 2^-53) - 1 = 2^-53 - 2^-105 exactly (53 bits).
  const Tensor a = Tensor::from_values<double>(T::Double, {2, 2}, {1 + 0x1p-52, 1, 1, 1 - 0x1p-53});
  CHECK(det_values<double>(run_single_node("Det", 11, {a})) == std::vector<double>{0x1p-53 - 0x1p-105});
  // float: [[4097, 4095], [4096, 4094]] = 4097 * 4094 - 4095 * 4096 = -2 (products beyond float's 24 bits).
  const Tensor f = Tensor::from_values<float>(T::Float, {2, 2}, {4097, 4095, 4096, 4094});
  CHECK(det_values<float>(run_single_node("Det", 11, {f})) == std::vector<float>{-2});
  // Elements of very different magnitudes: [[2^100, 1], [1, 2^-100]] = 1 - 1 = 0; [[2^100, 1], [3, 2^-100]] = -2.
  const Tensor g =
      Tensor::from_values<double>(T::Double, {2, 2, 2}, {0x1p100, 1, 1, 0x1p-100, 0x1p100, 1, 3, 0x1p-100});
  CHECK(det_values<double>(run_single_node("Det", 11, {g})) == std::vector<double>{0, -2});
  // NaN or infinity: NaN.
  const Tensor n = Tensor::from_values<float>(T::Float, {2, 2}, {1, INFINITY, 0, 1});
  CHECK(std::isnan(det_values<float>(run_single_node("Det", 11, {n}))[0]));
}

TEST_CASE("Det: X must hold square matrices") {
  CHECK_THROWS_WITH_AS(run_single_node("Det", 11, {Tensor::from_values<float>(T::Float, {2, 3}, {1, 2, 3, 4, 5, 6})}),
                       doctest::Contains("Det needs X of shape [*, M, M]"), Error);
  CHECK_THROWS_WITH_AS(run_single_node("Det", 11, {Tensor::from_values<float>(T::Float, {3}, {1, 2, 3})}),
                       doctest::Contains("Det needs X of shape [*, M, M]"), Error);
}

namespace linalg_rules_tests {

// spec: Det-*: "The output is a tensor of shape `[*]`, containing the determinants of all input submatrices. e.g., When the input is 2-D, the output is a scalar(shape is empty: `[]`)."
TEST_CASE("Det, every version: a scalar for one matrix, one determinant per matrix of a batch") {
  for (int64_t v : {11, 22}) {
    INFO("Det-", v);
    const Tensor one = run("Det", v, {f32({2, 2}, {1, 2, 3, 4})});
    CHECK(one.shape() == Shape{});
    CHECK(one.data_as<float>()[0] == -2.0f);
    const Tensor batch = run("Det", v, {f32({2, 2, 2}, {1, 2, 3, 4, 2, 0, 0, 3})});
    CHECK(batch.shape() == Shape{2});
    CHECK(floats(batch) == std::vector<float>{-2, 6});
  }
}

}  // namespace linalg_rules_tests
