// The rules AveragePool, MaxPool, LpPool and the global pools share (pads, strides, dilations,
// ceil_mode, count_include_pad, the output shape), run for every version of each, each check citing
// the sentence of the ONNX 1.22.0 text. Expected values are hand computed in the comments.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace pool_common_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;

struct PoolOp {
  const char* name;
  std::vector<int64_t> versions;
};
const PoolOp kAverage{"AveragePool", {1, 7, 10, 11, 19, 22}};
const PoolOp kMax{"MaxPool", {1, 8, 10, 11, 12, 22}};
const PoolOp kLp{"LpPool", {1, 2, 11, 18, 22}};

Tensor row(std::vector<float> v) { return Tensor::from_values<float>(ElementType::Float, {1, 1, static_cast<int64_t>(v.size())}, v); }
std::vector<float> values(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

OpTester pool(const char* name, int64_t v, const Tensor& x, std::vector<int64_t> kernel) {
  OpTester t(name, v);
  t.input(Value(x)).attribute("kernel_shape", kernel);
  return t;
}

// x = [1, 5, 2, 3], kernel 2, stride 1 (the default).
// MaxPool: no pads [5, 5, 3]; pads [1, 0] (one before) [1, 5, 5, 3]; pads [0, 1] (one after) [5, 5, 3, 3].
// spec: MaxPool-*: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: MaxPool-*: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...], where xi_begin the number of pixels added at the beginning of axis `i` and xi_end, the number of pixels added at the end of axis `i`."
// spec: MaxPool-*: "Where default value is NOTSET, which means explicit padding is used."
// spec: MaxPool-11,12,22: "If not present, the stride defaults to 1 along each spatial axis."
// spec: MaxPool-11,12,22: "If not present, the dilation defaults to 1 along each spatial axis."
TEST_CASE("MaxPool, every version: pads default to 0, [begin..., end...]; stride and dilation default to 1") {
  const Tensor x = row({1, 5, 2, 3});
  for (int64_t v : kMax.versions) {
    INFO("MaxPool-", v);
    CHECK(values(pool("MaxPool", v, x, {2}).run_tensor()) == std::vector<float>{5, 5, 3});
    CHECK(values(pool("MaxPool", v, x, {2}).attribute("pads", std::vector<int64_t>{1, 0}).run_tensor()) == std::vector<float>{1, 5, 5, 3});
    CHECK(values(pool("MaxPool", v, x, {2}).attribute("pads", std::vector<int64_t>{0, 1}).run_tensor()) == std::vector<float>{5, 5, 3, 3});
  }
}

// AveragePool of x = [1, 5, 2, 3], kernel 2: no pads [3, 3.5, 2.5]; pads [1, 0] leaving the pad out
// [1, 3, 3.5, 2.5], counting it (0 + 1) / 2 = 0.5 first; pads [0, 1] [3, 3.5, 2.5, 3].
// spec: AveragePool-*: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: AveragePool-*: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...], where xi_begin the number of pixels added at the beginning of axis `i` and xi_end, the number of pixels added at the end of axis `i`."
// spec: AveragePool-*: "Where default value is NOTSET, which means explicit padding is used."
// spec: AveragePool-*: "Default is 0, doesn't count include pad."
// spec: AveragePool-11,19,22: "If not present, the stride defaults to 1 along each spatial axis."
// spec: AveragePool-19,22: "If not present, the dilation defaults to 1 along each spatial axis."
TEST_CASE("AveragePool, every version: pads default to 0, [begin..., end...]; the pad is not counted by default") {
  const Tensor x = row({1, 5, 2, 3});
  for (int64_t v : kAverage.versions) {
    INFO("AveragePool-", v);
    CHECK(values(pool("AveragePool", v, x, {2}).run_tensor()) == std::vector<float>{3, 3.5f, 2.5f});
    CHECK(values(pool("AveragePool", v, x, {2}).attribute("pads", std::vector<int64_t>{1, 0}).run_tensor()) ==
          std::vector<float>{1, 3, 3.5f, 2.5f});
    CHECK(values(pool("AveragePool", v, x, {2}).attribute("pads", std::vector<int64_t>{0, 1}).run_tensor()) ==
          std::vector<float>{3, 3.5f, 2.5f, 3});
    if (v >= 7) {
      CHECK(values(pool("AveragePool", v, x, {2}).attribute("pads", std::vector<int64_t>{1, 0}).attribute("count_include_pad", int64_t{1}).run_tensor()) ==
            std::vector<float>{0.5f, 3, 3.5f, 2.5f});
    }
  }
}

// LpPool (p = 2 by default) of x = [3, 4, 0, 5], kernel 2: no pads [5, 4, 5]; pads [1, 0]: [3, 5, 4, 5];
// pads [0, 1]: [5, 4, 5, 5].
// spec: LpPool-*: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: LpPool-*: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...], where xi_begin the number of pixels added at the beginning of axis `i` and xi_end, the number of pixels added at the end of axis `i`."
// spec: LpPool-*: "Where default value is NOTSET, which means explicit padding is used."
// spec: LpPool-1: "p value of the Lp norm used to pool over the input data, default is 2.0."
// spec: LpPool-11,18,22: "If not present, the stride defaults to 1 along each spatial axis."
// spec: LpPool-18,22: "If not present, the dilation defaults is 1 along each spatial axis."
TEST_CASE("LpPool, every version: p defaults to 2; pads default to 0, [begin..., end...]; stride and dilation 1") {
  const Tensor x = row({3, 4, 0, 5});
  for (int64_t v : kLp.versions) {
    INFO("LpPool-", v);
    CHECK(values(pool("LpPool", v, x, {2}).run_tensor()) == std::vector<float>{5, 4, 5});
    CHECK(values(pool("LpPool", v, x, {2}).attribute("pads", std::vector<int64_t>{1, 0}).run_tensor()) == std::vector<float>{3, 5, 4, 5});
    CHECK(values(pool("LpPool", v, x, {2}).attribute("pads", std::vector<int64_t>{0, 1}).run_tensor()) == std::vector<float>{5, 4, 5, 5});
  }
}

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

// x [1, 2, 2, 2]: channel 0 = 1, 9, 3, 4 (max 9 at flat index 1), channel 1 = 0, 2, 8, 5 (max 8 at
// flat index 4 + 2 = 6). With pads [1, 1, 1, 1] on the spatial axes the indices are unchanged.
// spec: MaxPool-8,10,11,12,22: "The dimensions of indices are the same as output tensor."
// spec: MaxPool-8,10,11,12,22: "The indices are computed as flatten 1-D tensor, and the indices do not consider padding."
// spec: MaxPool-12,22: "This attribute is used only to convert an n-tuple index value into a single integer value for producing the second output."
TEST_CASE("MaxPool-8 and later: Indices are flat row-major indices into X, blind to padding") {
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {1, 2, 2, 2}, {1, 9, 3, 4, 0, 2, 8, 5});
  for (int64_t v : {8, 10, 11, 12, 22}) {
    INFO("MaxPool-", v);
    OpTester t("MaxPool", v);
    t.input(Value(x)).attribute("kernel_shape", std::vector<int64_t>{2, 2}).outputs(2);
    const auto out = t.run();
    REQUIRE(out.at(1).tensor().shape() == out.at(0).tensor().shape());
    REQUIRE(out.at(1).tensor().shape() == Shape{1, 2, 1, 1});
    CHECK(out.at(1).tensor().data_as<int64_t>()[0] == 1);
    CHECK(out.at(1).tensor().data_as<int64_t>()[1] == 6);
    OpTester padded("MaxPool", v);
    padded.input(Value(x)).attribute("kernel_shape", std::vector<int64_t>{3, 3}).attribute("pads", std::vector<int64_t>{1, 1, 1, 1}).outputs(2);
    const auto p = padded.run();
    REQUIRE(p.at(1).tensor().shape() == Shape{1, 2, 2, 2});
    for (int i = 0; i < 4; ++i) CHECK(p.at(1).tensor().data_as<int64_t>()[i] == 1);
    for (int i = 4; i < 8; ++i) CHECK(p.at(1).tensor().data_as<int64_t>()[i] == 6);
    // storage_order = 1 (column major): channel 0's maximum at (h 0, w 1) is 0 + 1 * 2 = 2; channel 1's at
    // (h 1, w 0) is 4 + 1 = 5. It changes the index only, not the values.
    OpTester columns("MaxPool", v);
    columns.input(Value(x)).attribute("kernel_shape", std::vector<int64_t>{2, 2}).attribute("storage_order", int64_t{1}).outputs(2);
    const auto c = columns.run();
    CHECK(c.at(1).tensor().data_as<int64_t>()[0] == 2);
    CHECK(c.at(1).tensor().data_as<int64_t>()[1] == 5);
    CHECK(values(c.at(0).tensor()) == std::vector<float>{9, 8});
  }
}

}  // namespace pool_common_rules_tests
