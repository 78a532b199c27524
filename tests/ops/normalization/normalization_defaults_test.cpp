// BatchNormalization-1/6 and InstanceNormalization-1: the epsilon and spatial defaults of the ONNX
// 1.22.0 text, each check citing its sentence. A default is checked by comparing the node without the
// attribute with the node given the text's value, and another value, which must differ.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace normalization_defaults_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

std::vector<float> batch_norm(int64_t v, const std::function<void(OpTester&)>& attrs) {
  OpTester t("BatchNormalization", v);
  t.input(Value(f32({1, 2, 1, 2}, {1, 3, 5, 9}))).input(Value(f32({2}, {1, 2}))).input(Value(f32({2}, {0, 1})));
  t.input(Value(f32({2}, {2, 7}))).input(Value(f32({2}, {1, 4})));
  t.attribute("is_test", int64_t{1});
  if (v == 1) t.attribute("consumed_inputs", std::vector<int64_t>{0, 0, 0, 1, 1});
  if (attrs) attrs(t);
  return floats(t.run_tensor());
}

// spec: BatchNormalization-1,6: "The epsilon value to use to avoid division by zero, default is 1e-5f."
// spec: BatchNormalization-1,6: "If true, compute the mean and variance across all spatial elements If false, compute the mean and variance across per feature.Default is 1."
TEST_CASE("BatchNormalization-1 and -6: epsilon 1e-5 and spatial 1 by default") {
  for (int64_t v : {1, 6}) {
    INFO("BatchNormalization-", v);
    const std::vector<float> plain = batch_norm(v, {});
    CHECK(plain == batch_norm(v, [](OpTester& t) { t.attribute("epsilon", 1e-5f); }));
    CHECK(plain != batch_norm(v, [](OpTester& t) { t.attribute("epsilon", 0.5f); }));
    CHECK(plain == batch_norm(v, [](OpTester& t) { t.attribute("spatial", int64_t{1}); }));
  }
}

// spec: InstanceNormalization-1: "The epsilon value to use to avoid division by zero, default is 1e-5f."
TEST_CASE("InstanceNormalization-1: epsilon 1e-5 by default") {
  const auto instance_norm = [](const std::function<void(OpTester&)>& attrs) {
    OpTester t("InstanceNormalization", 1);
    t.input(Value(f32({1, 1, 2}, {1, 3}))).input(Value(f32({1}, {1}))).input(Value(f32({1}, {0})));
    if (attrs) attrs(t);
    return floats(t.run_tensor());
  };
  const std::vector<float> plain = instance_norm({});
  CHECK(plain == instance_norm([](OpTester& t) { t.attribute("epsilon", 1e-5f); }));
  CHECK(plain != instance_norm([](OpTester& t) { t.attribute("epsilon", 0.5f); }));
}

}  // namespace normalization_defaults_tests
