// Rules on attribute values alone are checked when a model is loaded (OpVersion::set_kernel's
// parse step), not when the node first runs: the model is refused before anything runs, with the
// node's context and the operator version, however the inputs would have been.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace onnx_ref {
namespace {

// Loading alone (Model, no run) refuses the node with `message`.
void check_refused_at_load(const testing::OpTester& t, const std::string& message) {
  CHECK_THROWS_WITH_AS(t.model(), message.c_str(), Error);
}

Tensor float_row(std::vector<float> values) {
  const auto n = static_cast<int64_t>(values.size());
  return Tensor::from_values<float>(ElementType::Float, {1, n}, values);
}

// LinearClassifier-1, classlabels_ints: "One and only one 'classlabels' attribute must be defined."
TEST_CASE("LinearClassifier-1: both classlabels lists are refused at load") {
  testing::OpTester t("LinearClassifier", 1, "ai.onnx.ml");
  t.input(float_row({1.0f, 2.0f}))
      .attribute("coefficients", std::vector<float>{1, 0, 0, 1})
      .attribute("classlabels_ints", std::vector<int64_t>{0, 1})
      .attribute("classlabels_strings", std::vector<std::string>{"a", "b"})
      .outputs(2);
  check_refused_at_load(t,
                        "test.onnx: node 'n' (#0, ai.onnx.ml:LinearClassifier-1): exactly one of attributes "
                        "'classlabels_ints' and 'classlabels_strings' must be set");
}

// OneHotEncoder-1, cats_int64s: "One and only one of the 'cats_*' attributes must be defined."
TEST_CASE("OneHotEncoder-1: no category list is refused at load") {
  testing::OpTester t("OneHotEncoder", 1, "ai.onnx.ml");
  t.input(Tensor::from_values<int64_t>(ElementType::Int64, {2}, {1, 2}));
  check_refused_at_load(t,
                        "test.onnx: node 'n' (#0, ai.onnx.ml:OneHotEncoder-1): exactly one of attributes "
                        "'cats_int64s' and 'cats_strings' must be set");
}

// CategoryMapper-1, cats_int64s: "This sequence must be the same length as the 'cats_strings'
// sequence."
TEST_CASE("CategoryMapper-1: lists of different lengths are refused at load") {
  testing::OpTester t("CategoryMapper", 1, "ai.onnx.ml");
  t.input(Tensor::from_strings({1}, {"a"}))
      .attribute("cats_int64s", std::vector<int64_t>{1, 2})
      .attribute("cats_strings", std::vector<std::string>{"a"});
  check_refused_at_load(t,
                        "test.onnx: node 'n' (#0, ai.onnx.ml:CategoryMapper-1): attribute 'cats_strings' has 1 "
                        "values, 'cats_int64s' 2");
}

// Without the conflict the parsed lists run: "a" maps to 7, an unknown string to default_int64
// (-1 by default).
TEST_CASE("CategoryMapper-1: strings through the table parsed at load") {
  testing::OpTester t("CategoryMapper", 1, "ai.onnx.ml");
  t.input(Tensor::from_strings({3}, {"b", "a", "z"}))
      .attribute("cats_int64s", std::vector<int64_t>{7, 9})
      .attribute("cats_strings", std::vector<std::string>{"a", "b"});
  const Tensor y = t.run_tensor();
  CHECK(std::vector<int64_t>(y.data_as<int64_t>(), y.data_as<int64_t>() + 3) == std::vector<int64_t>{9, 7, -1});
}

// MaxRoiPool-1, pooled_shape: "ROI pool output shape (height, width)." Two positive values; a
// pooled shape of 0 has no output element to pool into.
TEST_CASE("MaxRoiPool-1: a pooled_shape of 0 is refused at load") {
  testing::OpTester t("MaxRoiPool", 1);
  t.input(Tensor::from_values<float>(ElementType::Float, {1, 1, 2, 2}, {1, 2, 3, 4}))
      .input(Tensor::from_values<float>(ElementType::Float, {1, 5}, {0, 0, 0, 1, 1}))
      .attribute("pooled_shape", std::vector<int64_t>{0, 1});
  check_refused_at_load(t,
                        "test.onnx: node 'n' (#0, MaxRoiPool-1): attribute 'pooled_shape' [0, 1] must be two "
                        "values from 1 to 2^31");
}

// StringSplit-20, maxsplit: "Maximum number of splits (from left to right). If left unset (or if
// the number of possible splits are less than maxsplit), it will make as many splits as possible."
// A negative count of splits is none the text defines.
TEST_CASE("StringSplit-20: a negative maxsplit is refused at load") {
  testing::OpTester t("StringSplit", 20);
  t.input(Tensor::from_strings({1}, {"a b"})).attribute("maxsplit", int64_t{-1}).outputs(2);
  check_refused_at_load(t, "test.onnx: node 'n' (#0, StringSplit-20): attribute 'maxsplit' = -1 is negative");
}

}  // namespace
}  // namespace onnx_ref
