// Unit tests of ops/sequence/optional.cpp.
#include "helpers/sequence_rules.h"

namespace sequence_rules_tests {

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
