// Unit tests of ops/registry.cpp.
#include "helpers/framework.h"

TEST_CASE("formal parameters: optional, variadic and their arity") {
  OpVersion v;
  v.op_type = "Test";
  v.inputs = {{"a", "T"}, {"b", "T", ParamOption::Optional}, {"rest", "T", ParamOption::Variadic, 2}};
  v.outputs = {{"y", "T"}};
  v.type_constraints = {{"T", TypeSet{T::Float}}};
  CHECK(v.min_inputs() == 4);
  CHECK(v.input_param(0)->name == "a");
  CHECK(v.input_param(1)->name == "b");
  CHECK(v.input_param(2)->name == "rest");
  CHECK(v.input_param(9)->name == "rest");
  CHECK(v.output_param(0)->name == "y");
  CHECK(v.output_param(1) == nullptr);
  Registry r;
  r.add(v);
  OpVersion bad = v;
  bad.since_version = 2;
  bad.inputs = {{"rest", "T", ParamOption::Variadic}, {"a", "T"}};
  CHECK_THROWS_WITH_AS(r.add(bad), "Test-2: only the last formal parameter may be variadic", std::logic_error);
}

TEST_CASE("type constraints list their types as the spec writes them") {
  TypeConstraint c{"V", TypeSet{T::Float, T::Int8}, "", TypeSet{T::Float}, TypeSet{}, TypeSet{T::Bool}};
  CHECK(c.type_strings() ==
        std::vector<std::string>{"optional(seq(tensor(bool)))", "seq(tensor(float))", "tensor(float)", "tensor(int8)"});
  CHECK(c.allows({ValueKind::Sequence, T::Float}));
  CHECK_FALSE(c.allows({ValueKind::Sequence, T::Int8}));
  CHECK(c.allows({ValueKind::OptionalSequence, T::Bool}));
  CHECK_FALSE(c.single_type());
  TypeConstraint one{"T1", TypeSet{T::Int64}};
  CHECK(one.single_type() == ValueType::tensor(T::Int64));
}
