// DeformConv-19 and -22: the attribute and input defaults and the group rules of the ONNX 1.22.0
// text, each check citing its sentence. With zero offsets and a 1 x 1 kernel of weight 2 the output
// is 2x; a default is checked by comparing the node without it with the node given the text's value.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace deform_conv_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

std::vector<float> deform(int64_t v, const Tensor& x, const Tensor& w, std::vector<std::optional<Tensor>> extra,
                          const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t("DeformConv", v);
  t.input(Value(x)).input(Value(w)).input(Value(Tensor::zeros(T::Float, {1, 2, 2, 2})));
  for (auto& e : extra) t.input(e ? std::optional<Value>(Value(*e)) : std::nullopt);
  if (attrs) attrs(t);
  return floats(t.run_tensor());
}

// spec: DeformConv-19,22: "Default is 1 along each axis."
// spec: DeformConv-19,22: "Default is 1."
// spec: DeformConv-19,22: "Default is 0 along each axis."
// spec: DeformConv-19,22: "Default is a tensor of zeros."
// spec: DeformConv-19,22: "Default is a tensor of ones."
TEST_CASE("DeformConv, every version: dilations, strides, group, offset_group 1, pads 0, B zeros and mask ones by default") {
  const Tensor x = f32({1, 1, 2, 2}, {1, 2, 3, 4});
  const Tensor w = f32({1, 1, 1, 1}, {2});
  for (int64_t v : {19, 22}) {
    INFO("DeformConv-", v);
    const std::vector<float> plain = deform(v, x, w, {});
    CHECK(plain == std::vector<float>{2, 4, 6, 8});
    CHECK(plain == deform(v, x, w, {f32({1}, {0}), f32({1, 1, 2, 2}, {1, 1, 1, 1})}, [](OpTester& t) {
            t.attribute("dilations", std::vector<int64_t>{1, 1}).attribute("strides", std::vector<int64_t>{1, 1});
            t.attribute("group", int64_t{1}).attribute("offset_group", int64_t{1}).attribute("pads", std::vector<int64_t>{0, 0, 0, 0});
          }));
  }
}

// spec: DeformConv-19,22: "C and oC must both be divisible by group."
TEST_CASE("DeformConv, every version: C and oC divisible by group") {
  const Tensor x = f32({1, 1, 2, 2}, {1, 2, 3, 4});
  for (int64_t v : {19, 22}) {
    INFO("DeformConv-", v);
    CHECK_THROWS_AS(deform(v, x, f32({2, 1, 1, 1}, {1, 1}), {}, [](OpTester& t) { t.attribute("group", int64_t{2}); }), Error);
  }
}

}  // namespace deform_conv_rules_tests
