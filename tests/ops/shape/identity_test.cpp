// Unit tests of ops/shape/identity.cpp.
#include "helpers/shape_ops.h"

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
