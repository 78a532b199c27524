// MaxRoiPool: bins placed by hand over a 4x4 ramp (Caffe's RoIPool geometry, exact divisions),
// spatial_scale rounding half away from zero, empty bins and bad ROIs.
#include <doctest/doctest.h>

#include <cstring>

#include "helpers/unpool_roi_rules.h"
#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

std::vector<float> roi_pool_values(const Tensor& t) {
  std::vector<float> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(float));
  return v;
}

Tensor roi_pool_run(const std::vector<float>& rois, const std::vector<int64_t>& pooled, float scale = 1.0f) {
  std::vector<float> x(16);
  for (int i = 0; i < 16; ++i) x[static_cast<size_t>(i)] = static_cast<float>(i);
  return run_single_node("MaxRoiPool", 22,
                         {Tensor::from_values<float>(T::Float, {1, 1, 4, 4}, x),
                          Tensor::from_values<float>(T::Float, {static_cast<int64_t>(rois.size() / 5), 5}, rois)},
                         [&](onnx::NodeProto& n) {
                           set_ints(n, "pooled_shape", pooled);
                           set_float_attribute(n, "spatial_scale", scale);
                         });
}

}  // namespace

TEST_CASE("MaxRoiPool: bins of Caffe's RoIPool over a ramp") {
  // ROI (0, 0)-(3, 3): 4x4 in 2x2 bins of 2x2: maxima 5, 7, 13, 15. ROI (1, 1)-(2, 2): one pixel per bin.
  const Tensor y = roi_pool_run({0, 0, 0, 3, 3, 0, 1, 1, 2, 2}, {2, 2});
  REQUIRE(y.shape() == Shape{2, 1, 2, 2});
  CHECK(roi_pool_values(y) == std::vector<float>{5, 7, 13, 15, 5, 6, 9, 10});
  // Uneven bins: a 3-row, 4-column ROI in 2x3 bins: rows [0, 2), [1, 3); columns [0, 2), [1, 3), [2, 4).
  CHECK(roi_pool_values(roi_pool_run({0, 0, 0, 3, 2}, {2, 3})) == std::vector<float>{5, 6, 7, 9, 10, 11});
  // spatial_scale 0.5: corners 2 and 5 scale to 1 and 2.5, which rounds to 3 (half away from zero):
  // rows and columns 1 to 3, whose maximum is 15.
  CHECK(roi_pool_values(roi_pool_run({0, 2, 2, 5, 5}, {1, 1}, 0.5f)) == std::vector<float>{15});
  // A ROI outside the image has empty bins: 0.
  CHECK(roi_pool_values(roi_pool_run({0, 10, 10, 12, 12}, {1, 1})) == std::vector<float>{0});
}

TEST_CASE("MaxRoiPool: bad ROIs and pooled shapes are one-line errors") {
  CHECK_THROWS_WITH_AS(roi_pool_run({1, 0, 0, 1, 1}, {1, 1}),
                       doctest::Contains("(batch_id) must be a whole number in [0, 1)"), Error);
  CHECK_THROWS_WITH_AS(roi_pool_run({0.5f, 0, 0, 1, 1}, {1, 1}), doctest::Contains("(batch_id) must be a whole number"),
                       Error);
  CHECK_THROWS_WITH_AS(roi_pool_run({0, 0, 0, 1e30f, 1}, {1, 1}), doctest::Contains("at most 2^40 in magnitude"),
                       Error);
  CHECK_THROWS_WITH_AS(roi_pool_run({0, 0, 0, 1, 1}, {1}),
                       doctest::Contains("attribute 'pooled_shape' [1] must be two values"), Error);
}

namespace unpool_roi_rules_tests {

// spec: MaxRoiPool-1,22: "Should be a 2-D tensor of shape (num_rois, 5) given as [[batch_id, x1, y1, x2, y2], ...]."
TEST_CASE("MaxRoiPool, every version: rois of shape (num_rois, 5)") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 1, 2, 2}, {1, 2, 3, 4});
  for (int64_t v : {1, 22}) {
    INFO("MaxRoiPool-", v);
    const auto pool = [&](const Tensor& rois) {
      OpTester t("MaxRoiPool", v);
      t.input(Value(x)).input(Value(rois)).attribute("pooled_shape", std::vector<int64_t>{1, 1});
      return t.run_tensor();
    };
    CHECK(floats(pool(Tensor::from_values<float>(T::Float, {1, 5}, {0, 0, 0, 1, 1}))) == std::vector<float>{4});
    CHECK_THROWS_AS(pool(Tensor::from_values<float>(T::Float, {1, 4}, {0, 0, 1, 1})), Error);
  }
}

}  // namespace unpool_roi_rules_tests
