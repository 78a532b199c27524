// MaxUnpool, RoiAlign and MaxRoiPool, every version: the defaults and shape rules of the ONNX 1.22.0
// text, each check citing its sentence. Expected values by hand; a RoiAlign default is checked by
// comparing the node without the attribute with the node given the text's value, and another value.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace unpool_roi_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }
Tensor i64(Shape s, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(s), v); }
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kX() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {1, 1, 2}, {5, 7});
  return t;
}

Tensor unpool(int64_t v, const Tensor& indices, const std::function<void(OpTester&)>& attrs, std::optional<Tensor> output_shape = std::nullopt) {
  OpTester t("MaxUnpool", v);
  t.input(Value(kX())).input(Value(indices));
  if (output_shape) t.input(Value(*output_shape));
  t.attribute("kernel_shape", std::vector<int64_t>{2});
  if (attrs) attrs(t);
  return t.run_tensor();
}
auto strides2 = [](OpTester& t) { t.attribute("strides", std::vector<int64_t>{2}); };

// X [5, 7] at flat indices [1, 2] of an output of (2 - 1) * 2 + 2 = 4: [0, 5, 7, 0]; MaxPool with the
// same kernel and strides gives back [5, 7].
// spec: MaxUnpool-9,11,22: "Pooling the result of an unpooling operation should give back the original input to the unpooling op."
// spec: MaxUnpool-9,11,22: "The attributes typically have the same values as the corresponding pooling op that the unpooling op is trying to invert."
// spec: MaxUnpool-9,11,22: "Input data tensor that has to be unpooled."
// spec: MaxUnpool-9,11,22: "The indices are linear, i.e. computed considering the tensor as flattened 1-D tensor, assuming row-major storage."
// spec: MaxUnpool-9,11,22: "So the values in indices are in the range [0, N x C x D1 x ... x Dn)."
// spec: MaxUnpool-9,11,22: "Dimensions must be the same as input tensor X."
// spec: MaxUnpool-9,11,22: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: MaxUnpool-11,22: "If not present, the stride defaults to 1 along each spatial axis."
TEST_CASE("MaxUnpool, every version: values at their flat indices; MaxPool undoes it; indices in range and of X's shape") {
  for (int64_t v : {9, 11, 22}) {
    INFO("MaxUnpool-", v);
    const Tensor y = unpool(v, i64({1, 1, 2}, {1, 2}), strides2);
    CHECK(floats(y) == std::vector<float>{0, 5, 7, 0});
    OpTester pool("MaxPool", 12);
    pool.input(Value(y)).attribute("kernel_shape", std::vector<int64_t>{2}).attribute("strides", std::vector<int64_t>{2});
    CHECK(floats(pool.run_tensor()) == floats(kX()));
    CHECK_THROWS_AS(unpool(v, i64({1, 1, 2}, {1, 4}), strides2), Error);
    CHECK_THROWS_AS(unpool(v, i64({1, 1, 3}, {0, 1, 2}), strides2), Error);
    if (v >= 11) CHECK(floats(unpool(v, i64({1, 1, 2}, {0, 2}), {})) == std::vector<float>{5, 0, 7});  // stride 1: 3 outputs
  }
}

// spec: MaxUnpool-9,11,22: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...]"
// spec: MaxUnpool-9,11,22: "If 'output_shape' is specified, 'pads' values are ignored."
// spec: MaxUnpool-9,11,22: "MaxUnpool can produce the same output size for several input sizes, which makes unpooling op ambiguous."
// spec: MaxUnpool-9,11,22: "This attribute cannot be used simultaneously with auto_pad attribute."
TEST_CASE("MaxUnpool, every version: pads shrink the output; output_shape overrides them; pads with auto_pad are refused") {
  for (int64_t v : {9, 11, 22}) {
    INFO("MaxUnpool-", v);
    const auto padded = [](OpTester& t) { t.attribute("strides", std::vector<int64_t>{2}).attribute("pads", std::vector<int64_t>{1, 0}); };
    CHECK(unpool(v, i64({1, 1, 2}, {1, 2}), padded).shape() == Shape{1, 1, 3});
    const Tensor y = unpool(v, i64({1, 1, 2}, {1, 2}), padded, i64({3}, {1, 1, 5}));
    CHECK(y.shape() == Shape{1, 1, 5});
    CHECK(floats(y) == std::vector<float>{0, 5, 7, 0, 0});
    CHECK_THROWS_AS(unpool(v, i64({1, 1, 2}, {1, 2}), [](OpTester& t) {
                      t.attribute("strides", std::vector<int64_t>{2}).attribute("pads", std::vector<int64_t>{1, 0}).attribute("auto_pad", "SAME_UPPER");
                    }),
                    Error);
  }
}

// spec: RoiAlign-10,16,22: "Two modes are supported: 'avg' and 'max'."
// spec: RoiAlign-10,16,22: "Default is 'avg'."
// spec: RoiAlign-10,16,22: "default 1; Pooled output Y's height."
// spec: RoiAlign-10,16,22: "default 1; Pooled output Y's width."
// spec: RoiAlign-10,16,22: "Default is 0."
// spec: RoiAlign-10,16,22: "E.g.; default is 1.0f."
// spec: RoiAlign-10,16,22: "1-D tensor of shape (num_rois,) with each element denoting the index of the corresponding image in the batch."
TEST_CASE("RoiAlign, every version: avg, a 1 x 1 output, adaptive sampling and spatial_scale 1 by default; batch_indices 1-D") {
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
