// Loop, every version (1, 11, 13, 16, 19, 21, 23, 24, 25): the rules of the ONNX 1.22.0 text, each
// check citing its sentence. Expected values are worked out by hand in the comments.
#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "control_graph_builder.h"

namespace loop_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

const std::vector<int64_t> kLoopVersions = {1, 11, 13, 16, 19, 21, 23, 24, 25};

std::vector<float> run_outputs(const ModelBuilder& b, const std::map<std::string, Value>& feeds,
                               std::vector<float>* scan) {
  const auto out = b.build().run(feeds);
  REQUIRE(out.size() == 2);
  *scan = floats_of(out[1].second);
  return floats_of(out[0].second);
}

// A Loop of M = 2 iterations carrying x = [1], with outputs x_final and xs. The body has inputs i,
// cond_in and x_in and outputs cond_out and x_out; add_scan adds the scan output x_scan and the
// body's nodes.
ModelBuilder scan_loop(int64_t v, const std::function<void(BodyGraph&)>& add_scan) {
  ModelBuilder b(v);
  b.initializer("x", float_vector({1})).initializer("M", int64_scalar_tensor(2));
  b.output("x_final").output("xs");
  BodyGraph body;
  body.input("i", T::Int64, true).input("cond_in", T::Bool, true).input("x_in", T::Float);
  body.output("cond_out", T::Bool, true).output("x_out", T::Float);
  add_scan(body);
  set_graph_attribute(b.node("Loop", {"M", "", "x"}, {"x_final", "xs"}), "body", body);
  return b;
}

// The text's example: a = 3, b = 6, keepgoing = true, max_trip_count = 10; the body computes
// my_local = a + b, b_out = a - b, keepgoing_out = my_local > b_out, user_defined_val = b + b.
// Iteration 0: b = 6 gives my_local 9, b_out -3, keepgoing true, 12.
// Iteration 1: b = -3 gives my_local 0, b_out 6, keepgoing false (0 > 6 is false), -6. It stops.
ModelBuilder text_example(int64_t v) {
  ModelBuilder b(v);
  b.initializer("a", float_scalar(3)).initializer("b", float_scalar(6));
  b.initializer("keepgoing", bool_scalar(true)).initializer("max_trip_count", int64_scalar_tensor(10));
  b.output("b_final").output("user_defined_vals");
  BodyGraph body;
  body.input("i", T::Int64, true).input("keepgoing_in", T::Bool, true).input("b_in", T::Float, true);
  body.output("keepgoing_out", T::Bool, true)
      .output("b_out", T::Float, true)
      .output("user_defined_val", T::Float, true);
  body.node("Add", {"a", "b_in"}, {"my_local"});
  body.node("Sub", {"a", "b_in"}, {"b_out"});
  body.node("Greater", {"my_local", "b_out"}, {"keepgoing_out"});
  body.node("Add", {"b_in", "b_in"}, {"user_defined_val"});
  set_graph_attribute(b.node("Loop", {"max_trip_count", "keepgoing", "b"}, {"b_final", "user_defined_vals"}), "body",
                      body);
  return b;
}

// spec: Loop-1: "%keepgoing_out = Greater(%my_local, %b_out) %user_defined_vals = Add(%b, %b) return %keepgoing_out, %b_out, %user_defined_vals"
// spec: Loop-11,13,16,19,21,23,24,25: "%b_out = Sub(%a, %b_in) // outgoing value of loop-carried-dependency b"
// spec: Loop-*: "%keepgoing_out, %b_out, %user_defined_vals = Loop[body = <graph body-net>](%max_trip_count, %keepgoing, %b)"
// spec: Loop-1: "must be declared as either loop-carried dependencies (both at the op inputs and output and at the body net input and output) or scan_outputs"
TEST_CASE("Loop, every version: the text's example runs two iterations: b = 6, scan outputs 12 and -6") {
  for (int64_t v : kLoopVersions) {
    INFO("Loop-", v);
    std::vector<float> scan;
    CHECK(run_outputs(text_example(v), {}, &scan) == std::vector<float>{6});
    CHECK(scan == std::vector<float>{12, -6});
  }
}

// spec: Loop-1: "3) Values created in the body cannot be accessed in the enclosing scope."
// spec: Loop-11,13,16,19,21,23,24,25: "4) Values created in the body cannot be accessed in the enclosing scope, except using the mechanism described above."
TEST_CASE("Loop, every version: a value created in the body cannot be read after the loop") {
  for (int64_t v : kLoopVersions) {
    INFO("Loop-", v);
    ModelBuilder b = text_example(v);
    b.node("Identity", {"my_local"}, {"leak"});
    b.output("leak");
    CHECK(load_or_run_error(b, {}).find("'my_local' is not defined") != std::string::npos);
  }
}

// A loop that counts b up by one from 0, with cond_out = 3 > b_out, its scan output b_out.
ModelBuilder counting_loop(int64_t v, const std::string& trip_count, const std::string& cond, bool cond_output = true) {
  ModelBuilder b(v);
  b.initializer("b", float_scalar(0)).initializer("one", float_scalar(1)).initializer("three", float_scalar(3));
  b.initializer("M", int64_scalar_tensor(5)).initializer("go", bool_scalar(true));
  b.output("b_final").output("bs");
  BodyGraph body;
  body.input("i", T::Int64, true).input("cond_in", T::Bool, true).input("b_in", T::Float, true);
  if (cond_output) body.output("cond_out", T::Bool, true);
  body.output("b_out", T::Float, true).output("b_scan", T::Float, true);
  body.node("Add", {"b_in", "one"}, {"b_out"});
  body.node("Greater", {"three", "b_out"}, {"cond_out"});
  body.node("Identity", {"b_out"}, {"b_scan"});
  set_graph_attribute(b.node("Loop", {trip_count, cond, "b"}, {"b_final", "bs"}), "body", body);
  return b;
}

// spec: Loop-*: "Set to empty string to omit."
// spec: Loop-*: "Pass empty string to skip."
// spec: Loop-*: "input (trip_count, "") // Note this is analogous to a for loop int trip_count = ... for (int i=0; i < trip_count; ++i) { cond = ...; // ignored }"
// spec: Loop-*: "input ("", cond) // Note this is analogous to a while loop"
TEST_CASE(
    "Loop, every version: M or cond left out with an empty name: a for loop ignores cond, a while loop stops on it") {
  for (int64_t v : kLoopVersions) {
    INFO("Loop-", v);
    std::vector<float> scan;
    // for: M = 5 iterations, cond_out (false from b = 3 on) ignored.
    CHECK(run_outputs(counting_loop(v, "M", ""), {}, &scan) == std::vector<float>{5});
    CHECK(scan == std::vector<float>{1, 2, 3, 4, 5});
    // while: stops after the iteration whose cond_out is 3 > 3, false.
    CHECK(run_outputs(counting_loop(v, "", "go"), {}, &scan) == std::vector<float>{3});
    CHECK(scan == std::vector<float>{1, 2, 3});
  }
}

// spec: Loop-*: "input ("", ""): for (int i=0; ; ++i) { cond = ... // Note this value is ignored, but is required in the body }"
// spec: Loop-*: "The body graph must yield a value for the condition variable, whether this input is provided or not."
TEST_CASE("Loop, every version: a body without the condition output is refused, with or without M and cond") {
  for (int64_t v : kLoopVersions) {
    INFO("Loop-", v);
    for (const auto& [m, c] :
         std::vector<std::pair<std::string, std::string>>{{"M", ""}, {"", "go"}, {"M", "go"}, {"", ""}})
      CHECK(load_or_run_error(counting_loop(v, m, c, false), {}).find("body") != std::string::npos);
  }
}

// spec: Loop-*: "tensor of int64, which should be a scalar."
// spec: Loop-*: "tensor of bool, which should be a scalar."
TEST_CASE("Loop, every version: M is an int64 and cond a bool of one element; others are refused") {
  for (int64_t v : kLoopVersions) {
    INFO("Loop-", v);
    ModelBuilder two_m = counting_loop(v, "M", "");
    *two_m.proto().mutable_graph()->mutable_initializer(3) =
        tensor_to_proto(Tensor::from_values<int64_t>(T::Int64, {2}, {1, 2}), "M");
    CHECK(load_or_run_error(two_m, {}).find("must hold one element") != std::string::npos);
    ModelBuilder int32_m = counting_loop(v, "M", "");
    *int32_m.proto().mutable_graph()->mutable_initializer(3) =
        tensor_to_proto(Tensor::from_values<int32_t>(T::Int32, {}, {2}), "M");
    CHECK(load_or_run_error(int32_m, {}) != "");
    ModelBuilder float_cond = counting_loop(v, "", "go");
    *float_cond.proto().mutable_graph()->mutable_initializer(4) = tensor_to_proto(float_scalar(1), "go");
    CHECK(load_or_run_error(float_cond, {}) != "");
    ModelBuilder two_cond = counting_loop(v, "", "go");
    *two_cond.proto().mutable_graph()->mutable_initializer(4) =
        tensor_to_proto(Tensor::from_values<uint8_t>(T::Bool, {2}, {1, 1}), "go");
    CHECK(load_or_run_error(two_cond, {}).find("must hold one element") != std::string::npos);
  }
}

// spec: Loop-*: "It is an error if the dimensions or data type of these scan_outputs change across loop iterations."
TEST_CASE("Loop, every version: a scan output whose shape changes between iterations is refused") {
  for (int64_t v : kLoopVersions) {
    INFO("Loop-", v);
    // The carried value doubles its length each iteration (Concat(v, v)); the scan output is it.
    ModelBuilder b = scan_loop(v, [](BodyGraph& body) {
      body.output("x_scan", T::Float);
      body.node("Identity", {"cond_in"}, {"cond_out"});
      set_int(body.node("Concat", {"x_in", "x_in"}, {"x_out"}), "axis", 0);
      body.node("Identity", {"x_out"}, {"x_scan"});
    });
    CHECK(load_or_run_error(b, {}) != "");
    // The same loop run once has one shape: it runs.
    *b.proto().mutable_graph()->mutable_initializer(1) = tensor_to_proto(int64_scalar_tensor(1), "M");
    CHECK(load_or_run_error(b, {}) == "");
  }
}

// spec: Loop-13,16,19,21,23,24,25: "Scan outputs must be Tensors."
TEST_CASE("Loop-13 and later: a scan output that is a sequence is refused") {
  for (int64_t v : {13, 16, 19, 21, 23, 24, 25}) {
    INFO("Loop-", v);
    ModelBuilder b = scan_loop(v, [](BodyGraph& body) {
      auto* seq = body.g.add_output();
      seq->set_name("x_scan");
      seq->mutable_type()->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(
          code_of(T::Float));
      body.node("Identity", {"cond_in"}, {"cond_out"});
      body.node("Identity", {"x_in"}, {"x_out"});
      body.node("SequenceConstruct", {"x_in"}, {"x_scan"});
    });
    CHECK(load_or_run_error(b, {}) != "");
  }
}

}  // namespace loop_rules_tests
