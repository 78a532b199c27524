// Identity, Shape, Size, Squeeze and Unsqueeze: the pure axis and range rules exhaustively, then
// the kernels of every version on small tensors (views, not copies), strings, packed int4 and
// complex128 included.
#include <doctest/doctest.h>

#include <limits>
#include <set>

#include "model_builder.h"
#include "ops/registry.h"
#include "ops/shape/shape_ops.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr auto Back = NegativeAxes::FromBack;
constexpr auto Refused = NegativeAxes::Refused;

// Runs the kernel of op-version `since` on `inputs` (nullopt: an omitted optional input).
std::vector<Value> run_kernel(const std::string& op, int since, std::vector<std::optional<Value>> inputs,
                              const Attributes& attrs = {}) {
  const OpVersion* v = Registry::builtin().resolve("", op, since);
  REQUIRE(v);
  REQUIRE(v->since_version == since);
  KernelContext ctx(attrs, inputs, 1);
  return v->kernel(ctx);
}

Attributes with_ints(const std::string& name, std::vector<int64_t> values) {
  Attributes a;
  a.set(name, std::move(values));
  return a;
}

Tensor int4_tensor(Shape shape) {  // int4 elements 1, 2, 3, ... packed two per byte
  Tensor t = Tensor::zeros(T::Int4, shape);
  for (int64_t i = 0; i < t.element_count(); ++i)
    t.mutable_data()[i / 2] |= static_cast<std::byte>(((i + 1) & 0xF) << (4 * (i % 2)));
  return t;
}

}  // namespace

TEST_CASE("normalize_axes: every axis in and out of range, for ranks 0 to 4") {
  for (int64_t rank = 0; rank <= 4; ++rank) {
    CAPTURE(rank);
    for (int64_t a = -rank - 2; a <= rank + 1; ++a) {
      CAPTURE(a);
      const std::vector<int64_t> axes{a};
      if (a >= 0 && a < rank) {
        CHECK(normalize_axes(axes, rank, Refused, "the input rank") == std::vector<int64_t>{a});
        CHECK(normalize_axes(axes, rank, Back, "the input rank") == std::vector<int64_t>{a});
      } else if (a < 0 && a >= -rank) {
        CHECK(normalize_axes(axes, rank, Back, "the input rank") == std::vector<int64_t>{a + rank});
        CHECK_THROWS_AS(normalize_axes(axes, rank, Refused, "the input rank"), Error);
      } else {
        CHECK_THROWS_AS(normalize_axes(axes, rank, Back, "the input rank"), Error);
        CHECK_THROWS_AS(normalize_axes(axes, rank, Refused, "the input rank"), Error);
      }
    }
  }
}

TEST_CASE("normalize_axes: messages, INT64 extremes and duplicates") {
  const std::vector<int64_t> three{0, 5};
  CHECK_THROWS_WITH_AS(normalize_axes(three, 3, Back, "the input rank"),
                       "axes[1] = 5 is out of range for the input rank 3 (valid: -3 to 2)", Error);
  const std::vector<int64_t> neg{-1};
  CHECK_THROWS_WITH_AS(normalize_axes(neg, 3, Refused, "the input rank"),
                       "axes[0] = -1 is out of range for the input rank 3 (valid: 0 to 2) (negative axes are allowed from version 11 on)",
                       Error);
  const std::vector<int64_t> min{kMin};
  CHECK_THROWS_WITH_AS(normalize_axes(min, 2, Back, "the output rank"),
                       "axes[0] = -9223372036854775808 is out of range for the output rank 2 (valid: -2 to 1)", Error);
  const std::vector<int64_t> max{kMax};
  CHECK_THROWS_WITH_AS(normalize_axes(max, 2, Back, "the output rank"),
                       "axes[0] = 9223372036854775807 is out of range for the output rank 2 (valid: -2 to 1)", Error);
  const std::vector<int64_t> any{0};
  CHECK_THROWS_WITH_AS(normalize_axes(any, 0, Back, "the input rank"),
                       "axes[0] = 0 is out of range for the input rank 0 (none: it has no axes)", Error);
  const std::vector<int64_t> dup{2, 0, -1};
  CHECK_THROWS_WITH_AS(normalize_axes(dup, 3, Back, "the input rank"),
                       "axes[2] = -1 names axis 2 again (axes[0] = 2); each axis may appear once", Error);
  const std::vector<int64_t> dup2{1, 1};
  CHECK_THROWS_WITH_AS(normalize_axes(dup2, 3, Refused, "the input rank"),
                       "axes[1] = 1 names axis 1 again (axes[0] = 1); each axis may appear once", Error);
  CHECK(normalize_axes(std::vector<int64_t>{}, 0, Back, "the input rank").empty());
}

TEST_CASE("squeeze_output_shape: without axes every 1 goes; with axes exactly those") {
  CHECK(squeeze_output_shape({1, 3, 1, 5}, std::nullopt, Back) == Shape{3, 5});
  CHECK(squeeze_output_shape({1, 1}, std::nullopt, Back) == Shape{});
  CHECK(squeeze_output_shape({}, std::nullopt, Back) == Shape{});
  CHECK(squeeze_output_shape({0, 1, 2}, std::nullopt, Back) == Shape{0, 2});  // a 0 is not a 1
  CHECK(squeeze_output_shape({1, 3, 1, 5}, std::vector<int64_t>{0}, Back) == Shape{3, 1, 5});
  CHECK(squeeze_output_shape({1, 3, 1, 5}, std::vector<int64_t>{-2, 0}, Back) == Shape{3, 5});
  CHECK(squeeze_output_shape({1, 3, 1, 5}, std::vector<int64_t>{2}, Refused) == Shape{1, 3, 5});
  // Given but empty: nothing goes (the spec removes every 1 only when axes are not provided).
  CHECK(squeeze_output_shape({1, 3, 1}, std::vector<int64_t>{}, Back) == Shape{1, 3, 1});
  CHECK_THROWS_WITH_AS(squeeze_output_shape({1, 3, 1}, std::vector<int64_t>{1}, Back),
                       "cannot squeeze axis 1 (axes[0] = 1) of shape [1, 3, 1]: its size is 3, not 1", Error);
  CHECK_THROWS_WITH_AS(squeeze_output_shape({1, 0}, std::vector<int64_t>{0, -1}, Back),
                       "cannot squeeze axis 1 (axes[1] = -1) of shape [1, 0]: its size is 0, not 1", Error);
  CHECK_THROWS_WITH_AS(squeeze_output_shape({1, 1}, std::vector<int64_t>{0, -2}, Back),
                       "axes[1] = -2 names axis 0 again (axes[0] = 0); each axis may appear once", Error);
  CHECK_THROWS_WITH_AS(squeeze_output_shape({1, 1}, std::vector<int64_t>{2}, Back),
                       "axes[0] = 2 is out of range for the input rank 2 (valid: -2 to 1)", Error);
  CHECK_THROWS_AS(squeeze_output_shape({1, 1}, std::vector<int64_t>{-1}, Refused), Error);
  CHECK_THROWS_AS(squeeze_output_shape({}, std::vector<int64_t>{0}, Back), Error);
}

TEST_CASE("squeeze_output_shape: every single axis of a shape of ones and non-ones") {
  const Shape input{1, 2, 1, 3};
  for (int64_t a = -6; a <= 5; ++a) {
    CAPTURE(a);
    const std::vector<int64_t> axes{a};
    const bool in_range = a >= -4 && a < 4;
    const int64_t n = a < 0 ? a + 4 : a;
    if (!in_range || input[static_cast<size_t>(n)] != 1) {
      CHECK_THROWS_AS(squeeze_output_shape(input, axes, Back), Error);
    } else {
      Shape want = input;
      want.erase(want.begin() + n);
      CHECK(squeeze_output_shape(input, axes, Back) == want);
    }
  }
}

TEST_CASE("unsqueeze_output_shape: axes refer to the output rank") {
  CHECK(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{0}, Back) == Shape{1, 3, 4});
  CHECK(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{2}, Back) == Shape{3, 4, 1});  // 2 = old rank: valid
  CHECK(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{-1}, Back) == Shape{3, 4, 1});
  CHECK(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{3, 0}, Back) == Shape{1, 3, 4, 1});
  CHECK(unsqueeze_output_shape({3, 4, 5}, std::vector<int64_t>{2, 0}, Back) == Shape{1, 3, 1, 4, 5});
  CHECK(unsqueeze_output_shape({3, 4, 5}, std::vector<int64_t>{0, 4, 2}, Back) == Shape{1, 3, 1, 4, 1, 5});
  CHECK(unsqueeze_output_shape({}, std::vector<int64_t>{0}, Back) == Shape{1});
  CHECK(unsqueeze_output_shape({}, std::vector<int64_t>{-1, 0}, Back) == Shape{1, 1});
  CHECK(unsqueeze_output_shape({0}, std::vector<int64_t>{1}, Refused) == Shape{0, 1});
  CHECK(unsqueeze_output_shape({2, 3}, std::vector<int64_t>{}, Back) == Shape{2, 3});
  CHECK_THROWS_WITH_AS(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{3}, Back),
                       "axes[0] = 3 is out of range for the output rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_WITH_AS(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{-4}, Back),
                       "axes[0] = -4 is out of range for the output rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_WITH_AS(unsqueeze_output_shape({3}, std::vector<int64_t>{0, -3}, Back),
                       "axes[1] = -3 names axis 0 again (axes[0] = 0); each axis may appear once", Error);
  CHECK_THROWS_AS(unsqueeze_output_shape({3}, std::vector<int64_t>{-1}, Refused), Error);
  CHECK_THROWS_AS(unsqueeze_output_shape({3}, std::vector<int64_t>{kMin}, Back), Error);
  CHECK_THROWS_AS(unsqueeze_output_shape({3}, std::vector<int64_t>{kMax}, Back), Error);
}

TEST_CASE("unsqueeze_output_shape: every single axis for an input of rank 2") {
  for (int64_t a = -5; a <= 4; ++a) {
    CAPTURE(a);
    const std::vector<int64_t> axes{a};
    if (a < -3 || a > 2) {
      CHECK_THROWS_AS(unsqueeze_output_shape({3, 4}, axes, Back), Error);
      continue;
    }
    Shape want{3, 4};
    want.insert(want.begin() + (a < 0 ? a + 3 : a), 1);
    CHECK(unsqueeze_output_shape({3, 4}, axes, Back) == want);
    if (a < 0) CHECK_THROWS_AS(unsqueeze_output_shape({3, 4}, axes, Refused), Error);
  }
}

// spec: Shape-*: "Note that axes will be clamped to the range [0, r], where r is the rank of the input tensor if they are out-of-range (after adding r in the case of negative axis)."
// spec: Shape-*: "If start > end, the result will be an empty shape."
TEST_CASE("shape_slice_range: negative counts from the back, then clamped to [0, rank]") {
  using R = std::pair<int64_t, int64_t>;
  CHECK(shape_slice_range(3, 0, std::nullopt) == R{0, 3});
  CHECK(shape_slice_range(3, 1, std::nullopt) == R{1, 3});
  CHECK(shape_slice_range(3, -1, std::nullopt) == R{2, 3});
  CHECK(shape_slice_range(3, 0, -1) == R{0, 2});
  CHECK(shape_slice_range(3, -3, -2) == R{0, 1});
  CHECK(shape_slice_range(3, -4, 10) == R{0, 3});
  CHECK(shape_slice_range(3, 10, std::nullopt) == R{3, 3});
  CHECK(shape_slice_range(3, 2, 1) == R{2, 2});   // start after end: empty
  CHECK(shape_slice_range(3, -1, 1) == R{2, 2});
  CHECK(shape_slice_range(3, kMin, kMax) == R{0, 3});
  CHECK(shape_slice_range(3, kMax, kMin) == R{3, 3});
  CHECK(shape_slice_range(0, kMin, kMin) == R{0, 0});
  CHECK(shape_slice_range(0, 0, std::nullopt) == R{0, 0});
  // Every start and end from -5 to 5 on rank 3 against the definition.
  for (int64_t s = -5; s <= 5; ++s)
    for (int64_t e = -5; e <= 5; ++e) {
      auto clamp = [](int64_t v) { return std::min<int64_t>(3, std::max<int64_t>(0, v < 0 ? v + 3 : v)); };
      const int64_t first = clamp(s), last = std::max(first, clamp(e));
      CHECK(shape_slice_range(3, s, e) == R{first, last});
    }
}

TEST_CASE("read_axes_input: a 1-D int64 tensor, or a scalar holding one axis") {
  CHECK(read_axes_input(int64_tensor({0, -1})) == std::vector<int64_t>{0, -1});
  CHECK(read_axes_input(int64_tensor({})).empty());
  // ONNX's Loop-13 test unsqueezes with a scalar axis: it reads as the list of that one axis.
  CHECK(read_axes_input(Tensor::from_values<int64_t>(T::Int64, {}, {-1})) == std::vector<int64_t>{-1});
  CHECK_THROWS_WITH_AS(read_axes_input(Tensor::zeros(T::Int64, {1, 1})), "the axes input must be 1-D, but it is int64[1, 1]", Error);
}

TEST_CASE("Identity: the output is the input value itself, at every version and kind") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2}, {1.5f, -2.0f});
  for (int since : {1, 13, 14, 16, 19, 21, 23, 24, 25}) {
    CAPTURE(since);
    const auto out = run_kernel("Identity", since, {Value(x)});
    REQUIRE(out.size() == 1);
    CHECK(out[0].tensor().shares_storage_with(x));
    CHECK(out[0].tensor().shape() == Shape{2});
  }
  const Tensor s = Tensor::from_strings({2}, {"a", "bc"});
  CHECK(run_kernel("Identity", 1, {Value(s)})[0].tensor().strings() == std::vector<std::string>{"a", "bc"});
  const Tensor i4 = int4_tensor({3});
  CHECK(run_kernel("Identity", 21, {Value(i4)})[0].tensor().shares_storage_with(i4));
  const Tensor c = Tensor::zeros(T::Complex128, {1});
  CHECK(run_kernel("Identity", 1, {Value(c)})[0].tensor().shares_storage_with(c));

  const Value seq = Value::sequence(T::Float, {x, x});
  const auto seq_out = run_kernel("Identity", 14, {seq});
  REQUIRE(seq_out[0].is_sequence());
  CHECK(seq_out[0].items().size() == 2);
  CHECK(seq_out[0].items()[1].shares_storage_with(x));
  const Value none = Value::none(ValueType{ValueKind::OptionalTensor, T::Int64});
  const auto none_out = run_kernel("Identity", 16, {none});
  CHECK(none_out[0].is_optional());
  CHECK_FALSE(none_out[0].has_element());
  CHECK(none_out[0].identical_to(none));
  const Value some = Value::some(seq);
  CHECK(run_kernel("Identity", 16, {some})[0].identical_to(some));
}

TEST_CASE("Identity: the versions' type constraints") {
  const auto& reg = Registry::builtin();
  const auto allows = [&](int opset, ValueType t) {
    const OpVersion* v = reg.resolve("", "Identity", opset);
    return v->constraint(v->inputs[0].type_var).allows(t);
  };
  CHECK_FALSE(allows(13, {ValueKind::Sequence, T::Float}));
  CHECK(allows(14, {ValueKind::Sequence, T::Float}));
  CHECK_FALSE(allows(14, {ValueKind::Sequence, T::BFloat16}));  // sequences keep the classic types
  CHECK_FALSE(allows(14, {ValueKind::OptionalTensor, T::Float}));
  CHECK(allows(16, {ValueKind::OptionalTensor, T::Float}));
  CHECK(allows(16, {ValueKind::OptionalSequence, T::String}));
  CHECK_FALSE(allows(24, {ValueKind::Tensor, T::Int2}));
  CHECK(allows(25, {ValueKind::Tensor, T::Int2}));
}

TEST_CASE("Shape: the dimensions as int64, sliced from 15") {
  const Tensor x = Tensor::zeros(T::Complex128, {2, 0, 3});
  Attributes from_zero;  // what the loader gives Shape-15 onward without attributes
  from_zero.set("start", int64_t{0});
  for (int since : {1, 13, 15, 19, 21, 23, 24, 25}) {
    const auto out = run_kernel("Shape", since, {Value(x)}, since >= 15 ? from_zero : Attributes{});
    CHECK(out[0].tensor().identical_to(int64_tensor({2, 0, 3})));
  }
  Attributes a;
  a.set("start", int64_t{-2});
  CHECK(run_kernel("Shape", 15, {Value(x)}, a)[0].tensor().identical_to(int64_tensor({0, 3})));
  a.set("end", int64_t{-1});
  CHECK(run_kernel("Shape", 15, {Value(x)}, a)[0].tensor().identical_to(int64_tensor({0})));
  a.set("start", kMax);
  CHECK(run_kernel("Shape", 25, {Value(x)}, a)[0].tensor().identical_to(int64_tensor({})));
  const Tensor scalar = Tensor::from_strings({}, {"s"});
  CHECK(run_kernel("Shape", 1, {Value(scalar)})[0].tensor().identical_to(int64_tensor({})));
  a = Attributes{};
  a.set("start", int64_t{0});
  CHECK(run_kernel("Shape", 21, {Value(int4_tensor({5, 1}))}, a)[0].tensor().identical_to(int64_tensor({5, 1})));
}

TEST_CASE("Size: the element count as an int64 scalar") {
  const auto count = [](const Tensor& t, int since) { return run_kernel("Size", since, {Value(t)})[0].tensor(); };
  CHECK(count(Tensor::zeros(T::Float, {2, 3}), 1).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {6})));
  CHECK(count(Tensor::zeros(T::Float, {2, 0}), 13).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {0})));
  CHECK(count(Tensor::zeros(T::Float, {}), 19).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {1})));
  CHECK(count(int4_tensor({7}), 21).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {7})));
  CHECK(count(Tensor::from_strings({3}, {"a", "b", "c"}), 25).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {3})));
  CHECK(count(Tensor::zeros(T::Complex128, {2, 2}), 24).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {4})));
}

// spec: Squeeze-13: "If an axis is selected with shape entry not equal to one, an error is raised."
TEST_CASE("Squeeze: attribute (1, 11) and optional input (13 on); the output is a view") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 2, 1}, {1, 2});
  auto y = run_kernel("Squeeze", 1, {Value(x)}, with_ints("axes", {0}))[0].tensor();
  CHECK(y.shape() == Shape{2, 1});
  CHECK(y.shares_storage_with(x));
  CHECK_THROWS_AS(run_kernel("Squeeze", 1, {Value(x)}, with_ints("axes", {-1})), Error);
  CHECK(run_kernel("Squeeze", 11, {Value(x)}, with_ints("axes", {-1}))[0].tensor().shape() == Shape{1, 2});
  CHECK(run_kernel("Squeeze", 11, {Value(x)})[0].tensor().shape() == Shape{2});
  CHECK(run_kernel("Squeeze", 11, {Value(x)}, with_ints("axes", {}))[0].tensor().shape() == Shape{1, 2, 1});
  for (int since : {13, 21, 23, 24, 25}) {
    CAPTURE(since);
    CHECK(run_kernel("Squeeze", since, {Value(x), std::nullopt})[0].tensor().shape() == Shape{2});
    CHECK(run_kernel("Squeeze", since, {Value(x)})[0].tensor().shape() == Shape{2});
    CHECK(run_kernel("Squeeze", since, {Value(x), Value(int64_tensor({2, 0}))})[0].tensor().shape() == Shape{2});
    CHECK(run_kernel("Squeeze", since, {Value(x), Value(int64_tensor({}))})[0].tensor().shape() == Shape{1, 2, 1});
  }
  CHECK_THROWS_WITH_AS(run_kernel("Squeeze", 13, {Value(x), Value(int64_tensor({1}))}),
                       "cannot squeeze axis 1 (axes[0] = 1) of shape [1, 2, 1]: its size is 2, not 1", Error);
  const Tensor s = Tensor::from_strings({1, 2}, {"p", "q"});
  CHECK(run_kernel("Squeeze", 13, {Value(s)})[0].tensor().strings() == std::vector<std::string>{"p", "q"});
  const Tensor i4 = int4_tensor({3, 1});
  const Tensor i4y = run_kernel("Squeeze", 21, {Value(i4), Value(int64_tensor({-1}))})[0].tensor();
  CHECK(i4y.shape() == Shape{3});
  CHECK(i4y.shares_storage_with(i4));
  const Tensor c = Tensor::zeros(T::Complex128, {1, 1});
  CHECK(run_kernel("Squeeze", 13, {Value(c)})[0].tensor().shape() == Shape{});
}

// spec: Unsqueeze-13: "The input `axes` should not contain any duplicate entries."
// spec: Unsqueeze-13: "It is an error if it contains duplicates."
// spec: Unsqueeze-13: "Each value in `axes` should be within the (inclusive) range [-output_rank , output_rank - 1]."
TEST_CASE("Unsqueeze: attribute (1, 11) and input (13 on); the output is a view") {
  const Tensor x = Tensor::from_values<double>(T::Double, {2}, {1, 2});
  auto y = run_kernel("Unsqueeze", 1, {Value(x)}, with_ints("axes", {1, 0}))[0].tensor();
  CHECK(y.shape() == Shape{1, 1, 2});
  CHECK(y.shares_storage_with(x));
  CHECK_THROWS_AS(run_kernel("Unsqueeze", 1, {Value(x)}, with_ints("axes", {-1})), Error);
  CHECK(run_kernel("Unsqueeze", 11, {Value(x)}, with_ints("axes", {-1}))[0].tensor().shape() == Shape{2, 1});
  for (int since : {13, 21, 23, 24, 25}) {
    CAPTURE(since);
    CHECK(run_kernel("Unsqueeze", since, {Value(x), Value(int64_tensor({0, -1}))})[0].tensor().shape() == Shape{1, 2, 1});
  }
  CHECK_THROWS_WITH_AS(run_kernel("Unsqueeze", 13, {Value(x), Value(int64_tensor({0, 0}))}),
                       "axes[1] = 0 names axis 0 again (axes[0] = 0); each axis may appear once", Error);
  CHECK_THROWS_WITH_AS(run_kernel("Unsqueeze", 13, {Value(x), Value(int64_tensor({kMin}))}),
                       "axes[0] = -9223372036854775808 is out of range for the output rank 2 (valid: -2 to 1)", Error);
  const Tensor s = Tensor::from_strings({2}, {"p", "q"});
  CHECK(run_kernel("Unsqueeze", 13, {Value(s), Value(int64_tensor({1}))})[0].tensor().strings() == std::vector<std::string>{"p", "q"});
  const Tensor i4 = int4_tensor({3});
  CHECK(run_kernel("Unsqueeze", 21, {Value(i4), Value(int64_tensor({0}))})[0].tensor().shares_storage_with(i4));
  const Tensor c = Tensor::zeros(T::Complex128, {});
  CHECK(run_kernel("Unsqueeze", 13, {Value(c), Value(int64_tensor({0, 1}))})[0].tensor().shape() == Shape{1, 1});
}

TEST_CASE("Squeeze and Unsqueeze in a model: errors name the node and version") {
  ModelBuilder b(13);
  b.input("x", T::Float, {1, 3}).output("y").initializer("axes", int64_tensor({1}));
  b.node("Squeeze", {"x", "axes"}, {"y"}).set_name("sq");
  CHECK_THROWS_WITH_AS(b.build().run({{"x", Tensor::zeros(T::Float, {1, 3})}}),
                       doctest::Contains("node 'sq' (#0, Squeeze-13): cannot squeeze axis 1 (axes[0] = 1) of shape [1, 3]: its size is 3, not 1"),
                       Error);
  ModelBuilder u(1);
  u.input("x", T::Float, {3}).output("y");
  u.node("Unsqueeze", {"x"}, {"y"}).set_name("un");
  CHECK_THROWS_WITH_AS(u.build(), doctest::Contains("required attribute 'axes' is not set"), Error);
}
