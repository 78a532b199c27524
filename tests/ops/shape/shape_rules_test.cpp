// Flatten, Size, Squeeze, Unsqueeze, Reshape and Shape, every version: the axis and shape rules of
// the ONNX 1.22.0 text, each check citing its sentence. Expected shapes by hand.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace shape_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor i64(std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, {static_cast<int64_t>(v.size())}, v); }
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kX() {
  static const Tensor t = Tensor::zeros(T::Float, {2, 3, 4});
  return t;
}

Tensor run(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(Value(std::move(i)));
  if (attrs) attrs(t);
  return t.run_tensor();
}
auto axis(int64_t a) {
  return [a](OpTester& t) { t.attribute("axis", a); };
}

// spec: Flatten-*: "Indicate up to which input dimensions (exclusive) should be flattened to the outer dimension of the output."
TEST_CASE("Flatten, every version: the dimensions before axis (1 by default) form the outer dimension") {
  for (int64_t v : {1, 9, 11, 13, 21, 23, 24, 25}) {
    INFO("Flatten-", v);
    CHECK(run("Flatten", v, {kX()}).shape() == Shape{2, 12});
    CHECK(run("Flatten", v, {kX()}, axis(0)).shape() == Shape{1, 24});
    CHECK(run("Flatten", v, {kX()}, axis(3)).shape() == Shape{24, 1});
  }
}

// spec: Size-*: "Takes a tensor as input and outputs a int64 scalar that equals to the total number of elements of the input tensor."
// spec: Size-*: "Constrain output to int64 tensor, which should be a scalar though."
TEST_CASE("Size, every version: an int64 scalar, the element count") {
  for (int64_t v : {1, 13, 19, 21, 23, 24, 25}) {
    INFO("Size-", v);
    const Tensor n = run("Size", v, {kX()});
    REQUIRE(n.type() == T::Int64);
    CHECK(n.shape() == Shape{});
    CHECK(n.data_as<int64_t>()[0] == 24);
  }
}

Tensor squeeze(int64_t v, const Tensor& x, std::vector<int64_t> axes) {
  if (v < 13) return run("Squeeze", v, {x}, [axes](OpTester& t) { t.attribute("axes", axes); });
  return run("Squeeze", v, {x, i64(axes)});
}

// spec: Squeeze-1,11,21,23,24,25: "If an axis is selected with shape entry not equal to one, an error is raised."
// spec: Squeeze-11,13,21,23,24,25: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: Squeeze-*: "Tensors with at least max(dims) dimensions."
TEST_CASE("Squeeze, every version: only axes of length 1; axes in [-r, r-1]") {
  const Tensor x = Tensor::zeros(T::Float, {1, 3, 1});
  for (int64_t v : {1, 11, 13, 21, 23, 24, 25}) {
    INFO("Squeeze-", v);
    CHECK(squeeze(v, x, {0}).shape() == Shape{3, 1});
    CHECK_THROWS_AS(squeeze(v, x, {1}), Error);
    CHECK_THROWS_AS(squeeze(v, x, {3}), Error);
    if (v >= 11) {
      CHECK(squeeze(v, x, {-1}).shape() == Shape{1, 3});
      CHECK_THROWS_AS(squeeze(v, x, {-4}), Error);
    }
  }
}

Tensor unsqueeze(int64_t v, std::vector<int64_t> axes) {
  const Tensor x = Tensor::zeros(T::Float, {3});
  if (v < 13) return run("Unsqueeze", v, {x}, [axes](OpTester& t) { t.attribute("axes", axes); });
  return run("Unsqueeze", v, {x, i64(axes)});
}

// spec: Unsqueeze-1: "Takes one required argument `axes`, a list of dimensions that will be inserted."
// spec: Unsqueeze-11: "Takes one required argument `axes` - which contains a list of dimension indices and this operator will insert a dimension of value `1` into the corresponding index of the output tensor (`expanded`)."
// spec: Unsqueeze-13,21,23,24,25: "Takes one required input `axes` - which contains a list of dimension indices and this operator will insert a dimension of value `1` into the corresponding index of the output tensor (`expanded`)"
// spec: Unsqueeze-11: "The attribute `axes` should not contain any duplicate entries."
// spec: Unsqueeze-21,23,24,25: "The input `axes` should not contain any duplicate entries."
// spec: Unsqueeze-11,21,23,24,25: "It is an error if it contains duplicates."
// spec: Unsqueeze-11,21,23,24,25: "Each value in `axes` should be within the (inclusive) range [-output_rank , output_rank - 1]."
// spec: Unsqueeze-11,13,21,23,24,25: "Accepted range is [-r, r-1] where r = rank(expanded)."
TEST_CASE("Unsqueeze, every version: a 1 inserted at each axis of the output; no duplicates; axes in [-out_rank, out_rank - 1]") {
  for (int64_t v : {1, 11, 13, 21, 23, 24, 25}) {
    INFO("Unsqueeze-", v);
    CHECK(unsqueeze(v, {0, 2}).shape() == Shape{1, 3, 1});
    CHECK_THROWS_AS(unsqueeze(v, {0, 0}), Error);
    CHECK_THROWS_AS(unsqueeze(v, {3}), Error);  // output rank 2: axes up to 1
    if (v >= 11) {
      CHECK(unsqueeze(v, {-1}).shape() == Shape{3, 1});
      CHECK(unsqueeze(v, {-2}).shape() == Shape{1, 3});
      CHECK_THROWS_AS(unsqueeze(v, {-3}), Error);
      CHECK_THROWS_AS(unsqueeze(v, {0, -3}), Error);  // -3 is axis 0 of a rank-3 output: a duplicate
    }
  }
}

// spec: Reshape-14,19,21,23,24,25: "By default, when any value in the 'shape' input is equal to zero the corresponding dimension value is copied from the input tensor dynamically. allowzero=1 indicates that if any value in the 'shape' input is set to zero, the zero value is honored, similar to NumPy."
TEST_CASE("Reshape 14 and later: a 0 copies the input's dimension by default; allowzero = 1 keeps it 0") {
  const Tensor x = Tensor::zeros(T::Float, {2, 3});
  const Tensor empty = Tensor::zeros(T::Float, {0, 3});
  const auto allowzero = [](OpTester& t) { t.attribute("allowzero", int64_t{1}); };
  for (int64_t v : {14, 19, 21, 23, 24, 25}) {
    INFO("Reshape-", v);
    CHECK(run("Reshape", v, {x, i64({0, 3})}).shape() == Shape{2, 3});
    CHECK_THROWS_AS(run("Reshape", v, {x, i64({0, 3})}, allowzero), Error);  // 0 elements asked of 6
    CHECK(run("Reshape", v, {empty, i64({3, 0})}, allowzero).shape() == Shape{3, 0});
  }
}

// spec: Shape-15,19,21,23,24,25: "Default value is 0.Negative value means counting dimensions from the back."
TEST_CASE("Shape 15 and later: start 0 by default; negative start and end count from the back") {
  const auto dims = [](const Tensor& t) { return std::vector<int64_t>(t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count()); };
  for (int64_t v : {15, 19, 21, 23, 24, 25}) {
    INFO("Shape-", v);
    CHECK(dims(run("Shape", v, {kX()})) == std::vector<int64_t>{2, 3, 4});
    CHECK(dims(run("Shape", v, {kX()}, [](OpTester& t) { t.attribute("start", int64_t{-2}); })) == std::vector<int64_t>{3, 4});
    CHECK(dims(run("Shape", v, {kX()}, [](OpTester& t) { t.attribute("end", int64_t{-1}); })) == std::vector<int64_t>{2, 3});
  }
}

}  // namespace shape_rules_tests
