// Context added to errors on their way out of nested graphs (runtime/error.h, ErrorContext): the
// node path, the operator version and the broken rule survive every nesting, here a model-local
// function called in a Loop body in an If branch, at load time and at run time, and an
// UnsupportedError stays one (the harness skips it, naming what is missing).
#include <doctest/doctest.h>

#include <google/protobuf/text_format.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/model.h"
#include "runtime/error.h"
#include "runtime/error_context.h"

namespace onnx_ref {
namespace {

// If 'if' (then: Loop 'loop' whose body calls local:f through node 'call'; else: Identity), and
// local:f's body: Constant 'target' then `body_node` (named 'bad'), Y its output.
std::string nested_model(const std::string& body_node) {
  return R"pb(
           ir_version: 8
           opset_import { domain: "" version: 21 }
           opset_import { domain: "local" version: 1 }
           graph {
             name: "outer"
             input {
               name: "cond"
               type {
                 tensor_type {
                   elem_type: 9
                   shape {}
                 }
               }
             }
             input {
               name: "x"
               type {
                 tensor_type {
                   elem_type: 1
                   shape {
                     dim { dim_value: 2 }
                     dim { dim_value: 3 }
                   }
                 }
               }
             }
             output {
               name: "y"
               type { tensor_type { elem_type: 1 } }
             }
             node {
               name: "if"
               op_type: "If"
               input: "cond"
               output: "y"
               attribute {
                 name: "then_branch"
                 type: GRAPH
                 g {
                   name: "then"
                   output {
                     name: "looped"
                     type { tensor_type { elem_type: 1 } }
                   }
                   node {
                     name: "trips"
                     op_type: "Constant"
                     output: "trip_count"
                     attribute {
                       name: "value"
                       type: TENSOR
                       t { data_type: 7 int64_data: 1 }
                     }
                   }
                   node {
                     name: "loop"
                     op_type: "Loop"
                     input: "trip_count"
                     input: ""
                     input: "x"
                     output: "looped"
                     attribute {
                       name: "body"
                       type: GRAPH
                       g {
                         name: "body"
                         input {
                           name: "i"
                           type {
                             tensor_type {
                               elem_type: 7
                               shape {}
                             }
                           }
                         }
                         input {
                           name: "keep_going"
                           type {
                             tensor_type {
                               elem_type: 9
                               shape {}
                             }
                           }
                         }
                         input {
                           name: "v"
                           type { tensor_type { elem_type: 1 } }
                         }
                         output {
                           name: "keep_going_out"
                           type { tensor_type { elem_type: 9 } }
                         }
                         output {
                           name: "v_out"
                           type { tensor_type { elem_type: 1 } }
                         }
                         node { name: "pass" op_type: "Identity" input: "keep_going" output: "keep_going_out" }
                         node { name: "call" op_type: "f" domain: "local" input: "v" output: "v_out" }
                       }
                     }
                   }
                 }
               }
               attribute {
                 name: "else_branch"
                 type: GRAPH
                 g {
                   name: "else"
                   output {
                     name: "same"
                     type { tensor_type { elem_type: 1 } }
                   }
                   node { name: "copy" op_type: "Identity" input: "x" output: "same" }
                 }
               }
             }
           }
           functions { name: "f" domain: "local" input: "X" output: "Y"
                       opset_import { domain: "" version: 21 }
                       node {
                         name: "target"
                         op_type: "Constant"
                         output: "shape"
                         attribute {
                           name: "value"
                           type: TENSOR
                           t { dims: 1 data_type: 7 int64_data: 5 }
                         }
                       }
         )pb" +
         body_node + R"pb(
    }
  )pb";
}

Model load(const std::string& text) {
  auto proto = std::make_shared<onnx::ModelProto>();
  REQUIRE(google::protobuf::TextFormat::ParseFromString(text, proto.get()));
  return Model::from_proto(proto, {}, "test.onnx");
}

// Each part of the path, in this order, in `message`.
void check_path(const std::string& message, const std::vector<std::string>& parts) {
  INFO(message);
  size_t at = 0;
  for (const std::string& part : parts) {
    const size_t found = message.find(part, at);
    CHECK_MESSAGE(found != std::string::npos, "missing, or out of order: " << part);
    if (found != std::string::npos) at = found + part.size();
  }
}

const std::vector<std::string> kPathToCall = {
    "test.onnx: node 'if' (#0, If-21) \u203a then_branch \u203a node 'loop' (#1, Loop-21) \u203a body \u203a node "
    "'call' (#1, ",
    ") \u203a function 'local:f' \u203a node 'bad' (#1, "};

std::map<std::string, Value> feeds() {
  const Tensor cond = Tensor::from_values(ElementType::Bool, {}, std::vector<uint8_t>{1});
  return {{"cond", Value(cond)}, {"x", Value(Tensor::zeros(ElementType::Float, {2, 3}))}};
}

// Reshape-21: "The input tensor's shape and the output tensor's shape are required to have the
// same number of elements." Shape [5] for 6 elements breaks it when the function runs.
TEST_CASE("error context: a run-time rule broken in a function in a Loop body in an If branch") {
  const Model model =
      load(nested_model(R"pb(node { name: "bad" op_type: "Reshape" input: "X" input: "shape" output: "Y" })pb"));
  try {
    model.run(feeds());
    FAIL("the run should have been refused");
  } catch (const UnsupportedError& e) {
    FAIL("an Error, not an UnsupportedError: " << e.what());
  } catch (const Error& e) {
    auto parts = kPathToCall;
    parts.push_back("Reshape-21): shape ");
    parts.push_back("holds 5 elements but the input ");
    parts.push_back("holds 6");
    check_path(e.what(), parts);
    CHECK(e.operator_version() == "Reshape-21");
  }
}

// Reshape-21's attribute allowzero is an int: a float breaks the attribute's declared type when the
// model loads.
TEST_CASE("error context: a load-time rule broken in a function in a Loop body in an If branch") {
  const std::string node = R"pb(node {
                                  name: "bad"
                                  op_type: "Reshape"
                                  input: "X"
                                  input: "shape"
                                  output: "Y"
                                  attribute { name: "allowzero" type: FLOAT f: 1 }
                                })pb";
  try {
    load(nested_model(node));
    FAIL("the load should have been refused");
  } catch (const UnsupportedError& e) {
    FAIL("an Error, not an UnsupportedError: " << e.what());
  } catch (const Error& e) {
    auto parts = kPathToCall;
    parts.push_back("Reshape-21): attribute 'allowzero'");
    parts.push_back("must be of type int, got float");
    check_path(e.what(), parts);
    CHECK(e.operator_version() == "Reshape-21");
  }
}

// An operator onnx-ref does not implement, deep inside: still an UnsupportedError (the harness
// skips the test and names the operator), with the whole path in its message.
TEST_CASE("error context: an UnsupportedError keeps its kind through every nesting") {
  try {
    load(nested_model(R"pb(node { name: "bad" op_type: "NoSuchOperator" input: "X" output: "Y" })pb"));
    FAIL("the load should have been refused");
  } catch (const UnsupportedError& e) {
    auto parts = kPathToCall;
    parts.push_back("NoSuchOperator): unsupported operator NoSuchOperator (opset 21)");
    check_path(e.what(), parts);
    CHECK(e.missing() == "NoSuchOperator at opset 21 (not implemented)");
  }
}

TEST_CASE("error context: joins") {
  const Error inner("shape [5] holds 5 elements", "Reshape-21");
  auto message_of = [&](const Error& e, const ErrorContext& context) {
    try {
      rethrow_with_context(e, context);
    } catch (const Error& out) {
      return std::make_pair(std::string(out.what()), out.operator_version());
    }
    return std::make_pair(std::string(), std::string());
  };
  CHECK(
      message_of(inner, ErrorContext::at("node 'r' (#0, Reshape-21)", "ignored")) ==
      std::make_pair(std::string("node 'r' (#0, Reshape-21): shape [5] holds 5 elements"), std::string("Reshape-21")));
  CHECK(message_of(Error("is tensor(int64)"), ErrorContext::subject("graph input 'x'")).first ==
        "graph input 'x' is tensor(int64)");
  CHECK(message_of(Error("bad", ""), ErrorContext::at("node #2 (Add-14)", "Add-14")).second == "Add-14");
  const auto graph = message_of(inner, ErrorContext::graph("body")).first;
  CHECK(graph == "\u203a body \u203a shape [5] holds 5 elements");
  CHECK(message_of(Error(graph), ErrorContext::at("node 'loop' (#1, Loop-21)")).first ==
        "node 'loop' (#1, Loop-21) \u203a body \u203a shape [5] holds 5 elements");
  // An UnsupportedError stays one, with what it misses, whatever context is added.
  for (const ErrorContext& context :
       {ErrorContext::at("input 'x'"), ErrorContext::subject("graph input 'x'"), ErrorContext::graph("body")}) {
    try {
      rethrow_with_context(UnsupportedError("unsupported operator Foo (opset 21)", "Foo at opset 21 (not implemented)"),
                           context);
    } catch (const UnsupportedError& e) {
      CHECK(e.missing() == "Foo at opset 21 (not implemented)");
      CHECK(std::string(e.what()) == context.applied_to("unsupported operator Foo (opset 21)"));
    } catch (const Error& e) {
      FAIL("sliced to an Error: " << e.what());
    }
  }
}

}  // namespace
}  // namespace onnx_ref
