// The sequence and optional operators (version 11 sequences, SplitToSequence 11 and 24, Optional*):
// positions, defaults, scalars and types of the ONNX 1.22.0 text, each check citing its sentence.
// Expected values by hand.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace sequence_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
Tensor i64(Shape s, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(s), v); }
float first(const Tensor& t) { return t.data_as<float>()[0]; }

// A sequence of three one-element tensors [10], [20], [30].
Value three() { return Value::sequence(T::Float, {f32({1}, {10}), f32({1}, {20}), f32({1}, {30})}); }

std::vector<Value> run(const char* op, std::vector<std::optional<Value>> inputs, const std::function<void(OpTester&)>& attrs = {},
                       int64_t v = 11) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(std::move(i));
  if (attrs) attrs(t);
  return t.run();
}
std::vector<float> firsts(const Value& seq) {
  std::vector<float> out;
  for (const Tensor& t : seq.items()) out.push_back(first(t));
  return out;
}

// spec: SequenceAt-11: "Accepted range for 'position' is in `[-n, n - 1]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceAt-11: "Accepted range in `[-n, n - 1]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceAt-11: "It is an error if any of the index values are out of bounds."
TEST_CASE("SequenceAt-11: position in [-n, n - 1], one element") {
  CHECK(first(run("SequenceAt", {three(), Value(i64({}, {-1}))})[0].tensor()) == 30);
  CHECK(first(run("SequenceAt", {three(), Value(i64({}, {0}))})[0].tensor()) == 10);
  CHECK_THROWS_AS(run("SequenceAt", {three(), Value(i64({}, {3}))}), Error);
  CHECK_THROWS_AS(run("SequenceAt", {three(), Value(i64({}, {-4}))}), Error);
  CHECK_THROWS_AS(run("SequenceAt", {three(), Value(i64({2}, {0, 1}))}), Error);
}

// spec: SequenceErase-11: "Accepted range for 'position' is in `[-n, n - 1]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceErase-11: "Accepted range in `[-n, n - 1]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceErase-11: "'position' is optional, by default it erases the last tensor from 'input_sequence'."
// spec: SequenceErase-11: "It is an error if any of the index values are out of bounds."
TEST_CASE("SequenceErase-11: the last by default; position in [-n, n - 1]") {
  CHECK(firsts(run("SequenceErase", {three()})[0]) == std::vector<float>{10, 20});
  CHECK(firsts(run("SequenceErase", {three(), Value(i64({}, {-3}))})[0]) == std::vector<float>{20, 30});
  CHECK_THROWS_AS(run("SequenceErase", {three(), Value(i64({}, {3}))}), Error);
}

// spec: SequenceInsert-11: "'tensor' must have the same data type as 'input_sequence'."
// spec: SequenceInsert-11: "Accepted range for 'position' is in `[-n, n]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceInsert-11: "'position' is optional, by default it inserts 'tensor' to the back of 'input_sequence'."
// spec: SequenceInsert-11: "It is optional and default is to insert to the back of the sequence."
// spec: SequenceInsert-11: "Accepted range in `[-n, n]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceInsert-11: "It is an error if any of the index values are out of bounds."
TEST_CASE("SequenceInsert-11: at the back by default; position in [-n, n]; the sequence's type") {
  const Value five(f32({1}, {5}));
  CHECK(firsts(run("SequenceInsert", {three(), five})[0]) == std::vector<float>{10, 20, 30, 5});
  CHECK(firsts(run("SequenceInsert", {three(), five, Value(i64({}, {3}))})[0]) == std::vector<float>{10, 20, 30, 5});
  CHECK(firsts(run("SequenceInsert", {three(), five, Value(i64({}, {-3}))})[0]) == std::vector<float>{5, 10, 20, 30});
  CHECK_THROWS_AS(run("SequenceInsert", {three(), five, Value(i64({}, {4}))}), Error);
  CHECK_THROWS_AS(run("SequenceInsert", {three(), five, Value(i64({}, {-4}))}), Error);
  CHECK_THROWS_AS(run("SequenceInsert", {three(), Value(Tensor::from_values<double>(T::Double, {1}, {5}))}), Error);
}

// spec: SequenceLength-11: "Produces a scalar(tensor of empty shape) containing the number of tensors in 'input_sequence'."
// spec: SequenceConstruct-11: "All tensors in 'inputs' must have the same data type."
// spec: SequenceEmpty-11: "Construct an empty tensor sequence, with given data type."
// spec: SequenceEmpty-11: "The default type is 'float'."
// spec: SequenceEmpty-11: "Empty sequence."
TEST_CASE("SequenceLength, SequenceConstruct, SequenceEmpty (11)") {
  const Tensor n = run("SequenceLength", {three()})[0].tensor();
  // spec: SequenceLength-11: "It must be a scalar(tensor of empty shape)."
  CHECK(n.shape() == Shape{});
  CHECK(n.data_as<int64_t>()[0] == 3);
  CHECK_THROWS_AS(run("SequenceConstruct", {Value(f32({1}, {1})), Value(Tensor::from_values<double>(T::Double, {1}, {1}))}), Error);
  const Value empty = run("SequenceEmpty", {})[0];
  CHECK(empty.items().empty());
  CHECK(empty.type().elem == T::Float);
  const Value ints = run("SequenceEmpty", {}, [](OpTester& t) { t.attribute("dtype", static_cast<int64_t>(code_of(T::Int64))); })[0];
  CHECK(ints.type().elem == T::Int64);
}

// x = 0..5 as [6]: split 2 gives three [2] tensors; split [1, 5] two; without split, six [1]
// tensors, or six scalars with keepdims = 0.
// spec: SplitToSequence-11,24: "If the argument `split' is not specified, a default scalar value of 1 is used as the value of `split'."
// spec: SplitToSequence-11,24: "'split' must contain only positive numbers."
// spec: SplitToSequence-11,24: "'split' is either a scalar (tensor of empty shape), or a 1-D tensor."
// spec: SplitToSequence-11,24: "If 'split' is a scalar, then 'input' will be split into chunks all of size 'split' if possible."
// spec: SplitToSequence-11,24: "In this scenario, the sum of entries in 'split' must be equal to the dimension size of input tensor on 'axis'."
// spec: SplitToSequence-11,24: "Accepted range is [-rank, rank-1]."
// spec: SplitToSequence-11,24: "Default 1, which means we keep split dimension."
// spec: SplitToSequence-11,24: "If input 'split' is specified, this attribute is ignored."
// spec: SplitToSequence-11,24: "It can be either a scalar(tensor of empty shape), or a 1-D tensor."
// spec: SplitToSequence-11,24: "All values must be >= 0."
TEST_CASE("SplitToSequence, every version: split 1 by default (keepdims 1), a scalar or a 1-D split summing to the axis") {
  const Value x(f32({6}, {0, 1, 2, 3, 4, 5}));
  for (int64_t v : {11, 24}) {
    INFO("SplitToSequence-", v);
    const Value ones = run("SplitToSequence", {x}, {}, v)[0];
    REQUIRE(ones.items().size() == 6);
    CHECK(ones.items()[0].shape() == Shape{1});
    const Value scalars = run("SplitToSequence", {x}, [](OpTester& t) { t.attribute("keepdims", int64_t{0}); }, v)[0];
    CHECK(scalars.items()[0].shape() == Shape{});
    const Value pairs = run("SplitToSequence", {x, Value(i64({}, {2}))}, [](OpTester& t) { t.attribute("keepdims", int64_t{0}); }, v)[0];
    REQUIRE(pairs.items().size() == 3);
    CHECK(pairs.items()[0].shape() == Shape{2});  // keepdims ignored with split given
    const Value parts = run("SplitToSequence", {x, Value(i64({2}, {1, 5}))}, {}, v)[0];
    REQUIRE(parts.items().size() == 2);
    CHECK(parts.items()[1].shape() == Shape{5});
    CHECK_THROWS_AS(run("SplitToSequence", {x, Value(i64({2}, {1, 4}))}, {}, v), Error);
    CHECK_THROWS_AS(run("SplitToSequence", {x, Value(i64({2}, {7, -1}))}, {}, v), Error);
    CHECK_THROWS_AS(run("SplitToSequence", {x, Value(i64({}, {0}))}, {}, v), Error);
    CHECK(run("SplitToSequence", {x}, [](OpTester& t) { t.attribute("axis", int64_t{-1}); }, v)[0].items().size() == 6);
    CHECK_THROWS_AS(run("SplitToSequence", {x}, [](OpTester& t) { t.attribute("axis", int64_t{1}); }, v), Error);
  }
}

// Two [1, 2] tensors: concatenated on axis 0 into [2, 2]; with new_axis = 1 stacked on a new axis,
// where axis may be -3..2.
// spec: ConcatFromSequence-11: "All input tensors must have the same shape, except for the dimension size of the axis to concatenate on."
// spec: ConcatFromSequence-11: "By default 'new_axis' is 0, the behavior is similar to numpy.concatenate."
// spec: ConcatFromSequence-11: "Accepted range in `[-r, r - 1]`, where `r` is the rank of input tensors."
// spec: ConcatFromSequence-11: "When `new_axis` is 1, accepted range is `[-r - 1, r]`."
// spec: ConcatFromSequence-11: "Insert and concatenate on a new axis or not, default 0 means do not insert new axis."
TEST_CASE("ConcatFromSequence-11: concatenation by default, stacking with new_axis = 1; axis ranges") {
  const Value pair = Value::sequence(T::Float, {f32({1, 2}, {1, 2}), f32({1, 2}, {3, 4})});
  const auto axis = [](int64_t a, int64_t new_axis = 0) {
    return [a, new_axis](OpTester& t) { t.attribute("axis", a).attribute("new_axis", new_axis); };
  };
  CHECK(run("ConcatFromSequence", {pair}, axis(0))[0].tensor().shape() == Shape{2, 2});
  CHECK(run("ConcatFromSequence", {pair}, axis(-1))[0].tensor().shape() == Shape{1, 4});
  CHECK_THROWS_AS(run("ConcatFromSequence", {pair}, axis(2)), Error);
  CHECK(run("ConcatFromSequence", {pair}, axis(2, 1))[0].tensor().shape() == Shape{1, 2, 2});
  CHECK(run("ConcatFromSequence", {pair}, axis(-3, 1))[0].tensor().shape() == Shape{2, 1, 2});
  CHECK_THROWS_AS(run("ConcatFromSequence", {pair}, axis(3, 1)), Error);
  const Value uneven = Value::sequence(T::Float, {f32({1, 2}, {1, 2}), f32({1, 3}, {3, 4, 5})});
  CHECK(run("ConcatFromSequence", {uneven}, axis(1))[0].tensor().shape() == Shape{1, 5});
  CHECK_THROWS_AS(run("ConcatFromSequence", {uneven}, axis(0)), Error);
}

// spec: Optional-15: "Constructs an optional-type value containing either an empty optional of a certain type specified by the attribute, or a non-empty value containing the input element."
// spec: OptionalHasElement-15: "If it is an empty optional-type, this op returns false."
// spec: OptionalHasElement-18: "If the input is not provided or is an empty optional-type, this op returns false."
// spec: OptionalHasElement-15,18: "A scalar boolean tensor."
// spec: OptionalGetElement-15: "It is an error if the input value does not have an element and the behavior is undefined in this case."
// spec: OptionalGetElement-18: "It is an error if the input is an empty optional-type (i.e. does not have an element) and the behavior is undefined in this case."
TEST_CASE("Optional-15, OptionalHasElement, OptionalGetElement: empty and full optionals") {
  const Value none = Value::none(ValueType{ValueKind::OptionalTensor, T::Float});
  const Value some = Value::some(Value(f32({1}, {7})));
  for (int64_t v : {15, 18}) {
    INFO("version ", v);
    const Tensor has = run("OptionalHasElement", {some}, {}, v)[0].tensor();
    CHECK(has.shape() == Shape{});
    CHECK(has.data_as<uint8_t>()[0] == 1);
    // spec: OptionalHasElement-15,18: "Otherwise, it is empty."
    CHECK(run("OptionalHasElement", {none}, {}, v)[0].tensor().data_as<uint8_t>()[0] == 0);
    CHECK(first(run("OptionalGetElement", {some}, {}, v)[0].tensor()) == 7);
    CHECK_THROWS_AS(run("OptionalGetElement", {none}, {}, v), Error);
  }
  OpTester absent("OptionalHasElement", 18);
  absent.input(std::nullopt);
  CHECK(absent.run_tensor().data_as<uint8_t>()[0] == 0);
  const Value wrapped = run("Optional", {Value(f32({1}, {7}))}, {}, 15)[0];
  CHECK(wrapped.has_element());
  OpTester empty("Optional", 15);
  empty.attribute("type", ValueType::tensor(T::Float));
  CHECK(!empty.run()[0].has_element());
}

}  // namespace sequence_rules_tests

namespace sequence_position_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using sequence_rules_tests::f32;
using sequence_rules_tests::firsts;
using sequence_rules_tests::i64;
using sequence_rules_tests::run;
using sequence_rules_tests::three;

// A position of two elements is refused; a one-element [1] one is taken as the scalar
// (docs/DEPARTURES.md, SequenceAt-11, SequenceErase-11, SequenceInsert-11).
// spec: SequenceAt-11: "It must be a scalar(tensor of empty shape)."
// spec: SequenceErase-11: "It must be a scalar(tensor of empty shape)."
// spec: SequenceInsert-11: "It must be a scalar(tensor of empty shape)."
TEST_CASE("SequenceAt, SequenceErase, SequenceInsert (11): position is one value") {
  const Value five(f32({1}, {5}));
  CHECK_THROWS_AS(run("SequenceAt", {three(), Value(i64({2}, {0, 1}))}), Error);
  CHECK_THROWS_AS(run("SequenceErase", {three(), Value(i64({2}, {0, 1}))}), Error);
  CHECK_THROWS_AS(run("SequenceInsert", {three(), five, Value(i64({2}, {0, 1}))}), Error);
  CHECK(firsts(run("SequenceErase", {three(), Value(i64({}, {0}))})[0]) == std::vector<float>{20, 30});
  CHECK(firsts(run("SequenceInsert", {three(), five, Value(i64({1}, {1}))})[0]) == std::vector<float>{10, 5, 20, 30});
}

}  // namespace sequence_position_tests
