// RoiAlign: bilinear samples placed by hand (pixel centres, midpoints between four pixels), both
// coordinate modes, avg and max, and the rules on ROIs and batch indices.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>

#include "helpers/unpool_roi_rules.h"
#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

std::vector<double> roi_values(const Tensor& t) {
  std::vector<double> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(double));
  return v;
}

Tensor roi_run(int opset, const Tensor& x, const std::vector<double>& rois, const std::vector<int64_t>& batch,
               const std::function<void(onnx::NodeProto&)>& attrs) {
  const int64_t R = static_cast<int64_t>(batch.size());
  return run_single_node(
      "RoiAlign", opset,
      {x, Tensor::from_values<double>(T::Double, {R, 4}, rois), Tensor::from_values<int64_t>(T::Int64, {R}, batch)},
      attrs);
}

}  // namespace

TEST_CASE("RoiAlign: samples at pixel centres and between pixels") {
  // X [2, 1, 3, 3]: image 0 holds 0..8, image 1 holds 10 * (0..8).
  std::vector<double> xv(18);
  for (int i = 0; i < 9; ++i) {
    xv[static_cast<size_t>(i)] = i;
    xv[static_cast<size_t>(9 + i)] = 10.0 * i;
  }
  const Tensor x = Tensor::from_values<double>(T::Double, {2, 1, 3, 3}, xv);
  // output_half_pixel, ROI (0, 0)-(2, 2), one bin, one sample: at (1, 1), the centre pixel, 4 (or 40).
  const Tensor y = roi_run(16, x, {0, 0, 2, 2, 0, 0, 2, 2}, {0, 1}, [](onnx::NodeProto& n) {
    set_int(n, "sampling_ratio", 1);
    set_string_attribute(n, "coordinate_transformation_mode", "output_half_pixel");
  });
  CHECK(y.shape() == Shape{2, 1, 1, 1});
  CHECK(roi_values(y) == std::vector<double>{4, 40});
  // half_pixel shifts by -0.5: the sample is at (0.5, 0.5), a quarter of pixels 0, 1, 3, 4: 2.
  CHECK(roi_values(roi_run(22, x, {0, 0, 2, 2}, {0}, [](onnx::NodeProto& n) { set_int(n, "sampling_ratio", 1); })) ==
        std::vector<double>{2});
  // max takes the largest weighted corner: 0.25 * 4 = 1.
  CHECK(roi_values(roi_run(22, x, {0, 0, 2, 2}, {0}, [](onnx::NodeProto& n) {
          set_int(n, "sampling_ratio", 1);
          set_string_attribute(n, "mode", "max");
        })) == std::vector<double>{1});
  // Version 10 has no shift; a 2x2 output of ROI (0, 0)-(2, 2) with 2x2 samples per bin: bin (0, 0)
  // samples (0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75); the bilinear value at (y, x) is
  // 3y + x, so their mean is 3 * 0.5 + 0.5 = 2; bin (1, 1) is at (1.5, 1.5) on average: 6.
  const Tensor y10 = roi_run(10, x, {0, 0, 2, 2}, {0}, [](onnx::NodeProto& n) {
    set_int(n, "sampling_ratio", 2);
    set_int(n, "output_height", 2);
    set_int(n, "output_width", 2);
  });
  CHECK(roi_values(y10) == std::vector<double>{2, 3, 5, 6});
  // The adaptive grid: ceil(2 / 2) = 1 sample per bin at the bin centres (0.5, 0.5) ... : 2, 3, 5, 6.
  const Tensor ya = roi_run(10, x, {0, 0, 2, 2}, {0}, [](onnx::NodeProto& n) {
    set_int(n, "output_height", 2);
    set_int(n, "output_width", 2);
  });
  CHECK(roi_values(ya) == std::vector<double>{2, 3, 5, 6});
}

TEST_CASE("RoiAlign: bad ROIs, batch indices and attributes are one-line errors") {
  const Tensor x = Tensor::from_values<double>(T::Double, {1, 1, 2, 2}, {1, 2, 3, 4});
  CHECK_THROWS_WITH_AS(roi_run(16, x, {0, 0, 1, 1}, {1}, {}),
                       doctest::Contains("batch_indices element 0 is 1, outside [0, 1)"), Error);
  CHECK_THROWS_WITH_AS(roi_run(16, x, {0, NAN, 1, 1}, {0}, {}), doctest::Contains("rois element [0, 1] is not finite"),
                       Error);
  CHECK_THROWS_WITH_AS(roi_run(16, x, {0, 0, 1e30, 1e30}, {0}, {}), doctest::Contains("beyond 2^24 samples"), Error);
  CHECK_THROWS_WITH_AS(
      roi_run(16, x, {0, 0, 1, 1}, {0}, [](onnx::NodeProto& n) { set_string_attribute(n, "mode", "min"); }),
      doctest::Contains("attribute 'mode' must be 'avg' or 'max'"), Error);
}

// X [1, 1, 3, 3] with 1 at the centre, 0 elsewhere; ROI (0, 0)-(2, 2), one bin. One sample per axis
// lands on the centre: 1. Two per axis land at 0.5 and 1.5, each a quarter of the centre: 0.25.
// spec: RoiAlign-10,16,22: "If > 0, then exactly sampling_ratio x sampling_ratio grid points are used."
TEST_CASE("RoiAlign, every version: sampling_ratio > 0 takes exactly that many points per axis") {
  std::vector<double> xv(9, 0.0);
  xv[4] = 1;
  const Tensor x = Tensor::from_values<double>(T::Double, {1, 1, 3, 3}, xv);
  for (int opset : {10, 16, 22}) {
    CAPTURE(opset);
    auto with = [&](int64_t ratio) {
      return roi_values(roi_run(opset, x, {0, 0, 2, 2}, {0}, [&](onnx::NodeProto& n) {
        set_int(n, "sampling_ratio", ratio);
        if (opset >= 16) set_string_attribute(n, "coordinate_transformation_mode", "output_half_pixel");
      }));
    };
    CHECK(with(1) == std::vector<double>{1});
    CHECK(with(2) == std::vector<double>{0.25});
  }
}

namespace unpool_roi_rules_tests {

// spec: RoiAlign-10,16,22: "Two modes are supported: 'avg' and 'max'."
// spec: RoiAlign-10,16,22: "Default is 'avg'."
// spec: RoiAlign-10,16,22: "default 1; Pooled output Y's height."
// spec: RoiAlign-10,16,22: "default 1; Pooled output Y's width."
// spec: RoiAlign-10,16,22: "Default is 0."
// spec: RoiAlign-10,16,22: "E.g.; default is 1.0f."
// spec: RoiAlign-10,16,22: "1-D tensor of shape (num_rois,) with each element denoting the index of the corresponding image in the batch."
TEST_CASE(
    "RoiAlign, every version: avg, a 1 x 1 output, adaptive sampling and spatial_scale 1 by default; batch_indices "
    "1-D") {
  std::vector<float> data(16);
  for (int i = 0; i < 16; ++i) data[static_cast<size_t>(i)] = static_cast<float>(i * i % 7);
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 1, 4, 4}, data);
  const Tensor rois = Tensor::from_values<float>(T::Float, {1, 4}, {0.5f, 0.5f, 3, 2.5f});
  // The pooled values of one RoiAlign-v node over x and rois.
  const auto roi_align = [&](const std::function<void(OpTester&)>& attrs, const Tensor& batch = i64({1}, {0})) {
    return [&x, &rois, attrs, batch](int64_t v) {
      OpTester r("RoiAlign", v);
      r.input(Value(x)).input(Value(rois)).input(Value(batch));
      if (attrs) attrs(r);
      return floats(r.run_tensor());
    };
  };
  for (int64_t v : {10, 16, 22}) {
    INFO("RoiAlign-", v);
    const std::vector<float> plain = roi_align({})(v);
    CHECK(plain.size() == 1);
    CHECK(plain == roi_align([](OpTester& t) {
            t.attribute("mode", "avg").attribute("output_height", int64_t{1}).attribute("output_width", int64_t{1});
            t.attribute("sampling_ratio", int64_t{0}).attribute("spatial_scale", 1.0f);
          })(v));
    CHECK(plain != roi_align([](OpTester& t) { t.attribute("mode", "max"); })(v));
    CHECK(plain != roi_align([](OpTester& t) { t.attribute("spatial_scale", 0.5f); })(v));
    CHECK(roi_align([](OpTester& t) { t.attribute("output_height", int64_t{2}); })(v).size() == 2);
    CHECK_THROWS_AS(roi_align([](OpTester& t) { t.attribute("mode", "median"); })(v), Error);
    CHECK_THROWS_AS(roi_align({}, i64({1, 1}, {0}))(v), Error);
  }
}

}  // namespace unpool_roi_rules_tests
