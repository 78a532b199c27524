// Unit tests: runtime value.
#include "helpers/framework.h"

TEST_CASE("value: sequences, optionals and their types") {
  const Tensor a = Tensor::from_values<float>(T::Float, {2}, {1.f, 2.f});
  const Tensor b = Tensor::from_values<float>(T::Float, {1}, {3.f});
  const Value seq = Value::sequence(T::Float, {a, b});
  CHECK(seq.type().to_string() == "seq(tensor(float))");
  CHECK(seq.items().size() == 2);
  CHECK(seq.describe() == "seq(tensor(float)) of 2: [float[2], float[1]]");
  CHECK_THROWS_WITH_AS(Value::sequence(T::Int64, {a}),
                       "sequence item 0 is float[2] but the sequence holds tensor(int64)", Error);
  CHECK_THROWS_WITH_AS(seq.tensor(), "expected a tensor, got seq(tensor(float))", Error);

  const Value empty = Value::sequence(T::Int8, {});
  CHECK(empty.type().to_string() == "seq(tensor(int8))");

  const Value none = Value::none({ValueKind::OptionalTensor, T::Float});
  CHECK(none.type().to_string() == "optional(tensor(float))");
  CHECK_FALSE(none.has_element());
  CHECK(none.describe() == "optional(tensor(float)): empty");
  CHECK_THROWS_WITH_AS(none.element(), "the optional optional(tensor(float)) is empty", Error);

  const Value some = Value::some(seq);
  CHECK(some.type().to_string() == "optional(seq(tensor(float)))");
  CHECK(some.element().identical_to(seq));
  CHECK(Value::some(a).element().tensor().identical_to(a));
  CHECK_THROWS_AS(Value::some(some), Error);
  CHECK_FALSE(some.identical_to(seq));
  CHECK_FALSE(none.identical_to(Value::none({ValueKind::OptionalSequence, T::Float})));
  CHECK(Value(a).identical_to(Value(a)));
  CHECK_FALSE(Value::sequence(T::Float, {a}).identical_to(Value::sequence(T::Float, {b})));
}
