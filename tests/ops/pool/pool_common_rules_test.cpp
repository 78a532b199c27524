// The rules AveragePool, MaxPool, LpPool and the global pools share (pads, strides, dilations,
// ceil_mode, count_include_pad, the output shape), run for every version of each, each check citing
// the sentence of the ONNX 1.22.0 text. Expected values are hand computed in the comments.
#include <doctest/doctest.h>

#include "helpers/pool_common_rules.h"

namespace pool_common_rules_tests {

// spec: MaxPool-*: "This attribute cannot be used simultaneously with auto_pad attribute."
// spec: AveragePool-*: "This attribute cannot be used simultaneously with auto_pad attribute."
// spec: LpPool-*: "This attribute cannot be used simultaneously with auto_pad attribute."
TEST_CASE("MaxPool, AveragePool, LpPool, every version: pads with an auto_pad other than NOTSET are refused") {
  const Tensor x = row({1, 5, 2, 3});
  for (const PoolOp* op : {&kMax, &kAverage, &kLp})
    for (int64_t v : op->versions) {
      INFO(op->name, "-", v);
      OpTester t = pool(op->name, v, x, {2});
      t.attribute("pads", std::vector<int64_t>{1, 0}).attribute("auto_pad", "SAME_UPPER");
      CHECK_THROWS_AS(t.run(), Error);
      OpTester notset = pool(op->name, v, x, {2});
      notset.attribute("pads", std::vector<int64_t>{1, 0}).attribute("auto_pad", "NOTSET");
      CHECK(notset.run_tensor().shape() == Shape{1, 1, 4});
    }
}

// x of length 5, kernel 2, stride 2: floor((5 - 2) / 2) + 1 = 2 outputs; ceil gives 3 (the last
// window holds the fifth element alone).
// spec: MaxPool-10,11,12,22: "Whether to use ceil or floor (default) to compute the output shape."
// spec: AveragePool-10,11,19,22: "Whether to use ceil or floor (default) to compute the output shape."
// spec: LpPool-18,22: "Whether to use ceil or floor (default) to compute the output shape."
TEST_CASE("MaxPool, AveragePool (10 on), LpPool (18 on): ceil_mode defaults to floor") {
  const Tensor x = row({1, 2, 3, 4, 6});
  const std::vector<std::pair<const char*, std::vector<int64_t>>> ops = {
      {"MaxPool", {10, 11, 12, 22}}, {"AveragePool", {10, 11, 19, 22}}, {"LpPool", {18, 22}}};
  for (const auto& entry : ops)  // not a structured binding: INFO's lambda captures the name (clang)
    for (int64_t v : entry.second) {
      const char* name = entry.first;
      INFO(name, "-", v);
      OpTester floor_mode = pool(name, v, x, {2});
      floor_mode.attribute("strides", std::vector<int64_t>{2});
      CHECK(floor_mode.run_tensor().shape() == Shape{1, 1, 2});
      OpTester ceil_mode = pool(name, v, x, {2});
      ceil_mode.attribute("strides", std::vector<int64_t>{2}).attribute("ceil_mode", int64_t{1});
      const Tensor y = ceil_mode.run_tensor();
      REQUIRE(y.shape() == Shape{1, 1, 3});
      CHECK(y.data_as<float>()[2] == 6.0f);  // max, mean and L2 norm of the window {6}
    }
}

// x [1, 2, 2, 2] with channel 0 = 1, 2, 3, 4 and channel 1 = 3, 4, 0, 0.
// spec: GlobalAveragePool-*: "GlobalAveragePool consumes an input tensor X and applies average pooling across the values in the same channel."
// spec: GlobalAveragePool-*: "The output tensor has the same rank as the input."
// spec: GlobalAveragePool-*: "The first two dimensions of output shape are the same as the input (N x C), while the other dimensions are all 1."
// spec: GlobalMaxPool-*: "GlobalMaxPool consumes an input tensor X and applies max pooling across the values in the same channel."
// spec: GlobalMaxPool-*: "The output tensor has the same rank as the input."
// spec: GlobalMaxPool-*: "The first two dimensions of output shape are the same as the input (N x C), while the other dimensions are all 1."
// spec: GlobalLpPool-1: "GlobalLpPool consumes an input tensor X and applies lp pool pooling across the the values in the same channel."
// spec: GlobalLpPool-1: "p value of the Lp norm used to pool over the input data, default is 2.0."
// spec: GlobalLpPool-2,22: "GlobalLpPool consumes an input tensor X and applies lp pool pooling across the values in the same channel."
// spec: GlobalLpPool-2,22: "The output tensor has the same rank as the input."
// spec: GlobalLpPool-2,22: "The first two dimensions of output shape are the same as the input (N x C), while the other dimensions are all 1."
TEST_CASE("GlobalAveragePool, GlobalMaxPool, GlobalLpPool, every version: one value per channel, shape N x C x 1 x 1") {
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {1, 2, 2, 2}, {1, 2, 3, 4, 3, 4, 0, 0});
  const std::vector<std::pair<const char*, std::vector<int64_t>>> ops = {
      {"GlobalAveragePool", {1, 22}}, {"GlobalMaxPool", {1, 22}}, {"GlobalLpPool", {1, 2, 22}}};
  for (const auto& entry : ops)  // not a structured binding: INFO's lambda captures the name (clang)
    for (int64_t v : entry.second) {
      const char* name = entry.first;
      INFO(name, "-", v);
      OpTester t(name, v);
      t.input(Value(x));
      const Tensor y = t.run_tensor();
      REQUIRE(y.shape() == Shape{1, 2, 1, 1});
      const std::string op = name;
      // Means 2.5 and 1.75; maxima 4 and 4; L2 norms sqrt(30) and 5.
      const std::vector<float> want = op == "GlobalAveragePool" ? std::vector<float>{2.5f, 1.75f}
                                      : op == "GlobalMaxPool"   ? std::vector<float>{4, 4}
                                                                : std::vector<float>{std::sqrt(30.0f), 5};
      CHECK(values(y) == want);
    }
}

}  // namespace pool_common_rules_tests
