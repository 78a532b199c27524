// If, every version (1, 11, 13, 16, 19, 21, 23, 24, 25): the rules of the ONNX 1.22.0 text, each
// check citing its sentence. Expected values by hand.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "control_graph_builder.h"

namespace if_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

const std::vector<int64_t> kIfVersions = {1, 11, 13, 16, 19, 21, 23, 24, 25};

// If(c): then gives x ([2]), else gives y ([3]); `else_type` changes the else branch's output to a
// double copy of y; `then_outputs` adds outputs to the then branch.
ModelBuilder branches(int64_t v, T else_type = T::Float, int then_outputs = 1) {
  ModelBuilder b(v);
  b.input("c", T::Bool, {}).initializer("x", float_vector({1, 2})).initializer("y", float_vector({3, 4, 5}));
  b.initializer("y_double", Tensor::from_values<double>(T::Double, {3}, {3, 4, 5}));
  b.output("r");
  BodyGraph then_branch, else_branch;
  then_branch.output("t", T::Float).node("Identity", {"x"}, {"t"});
  for (int i = 1; i < then_outputs; ++i) {
    const std::string name = "t" + std::to_string(i);
    then_branch.output(name, T::Float).node("Identity", {"x"}, {name});
  }
  else_branch.output("e", else_type);
  else_branch.node("Identity", {else_type == T::Float ? "y" : "y_double"}, {"e"});
  auto& n = b.node("If", {"c"}, {"r"});
  set_graph_attribute(n, "then_branch", then_branch);
  set_graph_attribute(n, "else_branch", else_branch);
  return b;
}

// Gives cond's declared shape one more dimension, of `size`.
void add_cond_dim(ModelBuilder& b, int64_t size) {
  b.proto()
      .mutable_graph()
      ->mutable_input(0)
      ->mutable_type()
      ->mutable_tensor_type()
      ->mutable_shape()
      ->add_dim()
      ->set_dim_value(size);
}

Value run_if(const ModelBuilder& b, const Tensor& cond) {
  const auto out = b.build().run({{"c", Value(cond)}});
  REQUIRE(out.size() == 1);
  return out[0].second;
}

// spec: If-11,13,16,19,21,23,24,25: "The `then_branch` and `else_branch` may produce tensors with the same element type and different shapes."
TEST_CASE("If, every version: cond picks the branch; the branches' shapes may differ") {
  for (int64_t v : kIfVersions) {
    INFO("If-", v);
    CHECK(floats_of(run_if(branches(v), bool_scalar(true))) == std::vector<float>{1, 2});
    CHECK(floats_of(run_if(branches(v), bool_scalar(false))) == std::vector<float>{3, 4, 5});
  }
}

// spec: If-*: "The tensor must contain a single element."
// spec: If-*: "Only bool"
TEST_CASE("If, every version: cond is a bool tensor of one element") {
  for (int64_t v : kIfVersions) {
    INFO("If-", v);
    ModelBuilder one = branches(v);
    add_cond_dim(one, 1);
    CHECK(floats_of(run_if(one, Tensor::from_values<uint8_t>(T::Bool, {1}, {0}))) == std::vector<float>{3, 4, 5});
    ModelBuilder two = branches(v);
    add_cond_dim(two, 2);
    CHECK_THROWS_AS(run_if(two, Tensor::from_values<uint8_t>(T::Bool, {2}, {1, 1})), Error);
    ModelBuilder number = branches(v);
    number.proto().mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
        code_of(T::Float));
    CHECK_THROWS_AS(number.build(), Error);
  }
}

// spec: If-*: "The number of outputs must match the number of outputs in the then_branch."
// spec: If-*: "The number of outputs must match the number of outputs in the else_branch."
TEST_CASE("If, every version: each branch gives exactly the node's outputs") {
  for (int64_t v : kIfVersions) {
    INFO("If-", v);
    CHECK_THROWS_WITH_AS(branches(v, T::Float, 2).build(), doctest::Contains("then_branch"), Error);
    // The node asks for two outputs; the then branch gives two, the else branch one.
    ModelBuilder b = branches(v, T::Float, 2);
    b.proto().mutable_graph()->mutable_node(0)->add_output("r2");
    b.output("r2");
    CHECK_THROWS_WITH_AS(b.build(), doctest::Contains("else_branch"), Error);
  }
}

// spec: If-11,13,16,19,21,23,24,25: "The return values in the `then_branch` and `else_branch` must be of the same data type."
// If-1's shapes part is a departure (docs/DEPARTURES.md, If-1): the shapes may differ at every version.
// spec: If-1: "The return values in the `then_branch` and `else_branch` must be of the same shape and same data type."
TEST_CASE("If, every version: the branches' outputs must have one element type") {
  for (int64_t v : kIfVersions) {
    INFO("If-", v);
    CHECK_THROWS_WITH_AS(branches(v, T::Double).build(), doctest::Contains("else_branch"), Error);
  }
}

// If's output declared float[2] (a graph output) while the branches give [2] and [3]: the branch
// giving [2] runs; the one giving [3] is refused (docs/DEPARTURES.md: checked when it runs, not at
// load). Undeclared or declared with a free dimension, both run.
// spec: If-11,13,16,19,21,23,24,25: "If corresponding outputs from the then-branch and the else-branch have static shapes S1 and S2, then the shape of the corresponding output variable of the if-node (if present) must be compatible with both S1 and S2"
// spec: If-11,13,16,19,21,23,24,25: "In contrast, the first output cannot have the shape [2] since [2] and [3] are not compatible."
TEST_CASE("If 11 and later: a declared output shape must fit the branch that runs") {
  for (int64_t v : kIfVersions) {
    if (v == 1) continue;
    INFO("If-", v);
    ModelBuilder declared = branches(v);
    auto* r = declared.proto().mutable_graph()->mutable_output(0);
    auto* shape = r->mutable_type()->mutable_tensor_type();
    shape->set_elem_type(code_of(T::Float));
    shape->mutable_shape()->add_dim()->set_dim_value(2);
    CHECK(floats_of(run_if(declared, bool_scalar(true))) == std::vector<float>{1, 2});
    CHECK_THROWS_AS(run_if(declared, bool_scalar(false)), Error);
    ModelBuilder free_dim = branches(v);
    auto* f = free_dim.proto().mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type();
    f->set_elem_type(code_of(T::Float));
    f->mutable_shape()->add_dim()->set_dim_param("N");
    CHECK(floats_of(run_if(free_dim, bool_scalar(false))) == std::vector<float>{3, 4, 5});
  }
}

}  // namespace if_rules_tests
