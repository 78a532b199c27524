// Per-run state: two sessions with different settings (threads, seed, memory budget) running at once
// in two threads give the same bits as each alone; random streams are keyed by the node's path; a
// run's budget and time limit stop it with one-line errors naming the node. The "alone" results are
// the reference: what is tested is that nothing of one run leaks into another.
#include <doctest/doctest.h>

#include <thread>

#include "interpreter/session.h"
#include "runtime/error.h"
#include "tests/model_builder.h"

using namespace onnx_ref;
using onnx_ref::testing::ModelBuilder;
using onnx_ref::testing::set_int;
using onnx_ref::testing::set_ints;

namespace {

// RandomNormal (no seed attribute: the run's stream for the node's path) [rows, 48], times a fed
// [48, 32] matrix: a MatMul big enough to be split over the run's threads.
Model random_matmul(int64_t rows, const std::string& node_name = "draw") {
  ModelBuilder b(17);
  b.input("w", ElementType::Float, {48, 32}).output("y", ElementType::Float);
  auto& draw = b.node("RandomNormal", {}, {"r"});
  draw.set_name(node_name);
  set_ints(draw, "shape", {rows, 48});
  b.node("MatMul", {"r", "w"}, {"y"});
  return b.build();
}

Tensor ramp(Shape shape) {
  Tensor t = Tensor::zeros(ElementType::Float, shape);
  auto* p = reinterpret_cast<float*>(t.mutable_data());
  for (int64_t i = 0; i < t.element_count(); ++i) p[i] = static_cast<float>(i % 7) - 3.0f;
  return t;
}

Tensor run_once(const Model& model, const RunOptions& options) {
  return model.run({{"w", Value(ramp({48, 32}))}}, options).front().second.tensor();
}

}  // namespace

TEST_CASE("two runs with different threads, seeds and budgets at once give the bits of each alone") {
  const Model a = random_matmul(256), b = random_matmul(200);
  RunOptions options_a;
  options_a.threads = 1;
  options_a.seed = 5;
  options_a.max_memory = uint64_t{64} << 20;
  RunOptions options_b;
  options_b.threads = 3;
  options_b.seed = 9;
  options_b.max_memory = uint64_t{32} << 20;
  const Tensor alone_a = run_once(a, options_a), alone_b = run_once(b, options_b);
  CHECK_FALSE(alone_a.identical_to(run_once(a, options_b)));  // the seed matters, so the check below can fail
  std::vector<Tensor> got_a, got_b;
  std::thread ta([&] {
    for (int i = 0; i < 30; ++i) got_a.push_back(run_once(a, options_a));
  });
  std::thread tb([&] {
    for (int i = 0; i < 30; ++i) got_b.push_back(run_once(b, options_b));
  });
  ta.join();
  tb.join();
  for (const auto& t : got_a) CHECK(t.identical_to(alone_a));
  for (const auto& t : got_b) CHECK(t.identical_to(alone_b));
}

TEST_CASE("a run's memory budget is its own: a small one fails while a large one runs beside it") {
  const Model model = random_matmul(256);
  RunOptions small;
  small.max_memory = 40000;  // the [256, 48] draw alone takes 49152 bytes
  RunOptions large;
  large.max_memory = uint64_t{64} << 20;
  const Tensor alone = run_once(model, large);
  std::string small_error;
  std::vector<Tensor> large_results;
  std::thread ts([&] {
    for (int i = 0; i < 20; ++i) {
      try {
        run_once(model, small);
      } catch (const Error& e) {
        small_error = e.what();
      }
    }
  });
  std::thread tl([&] {
    for (int i = 0; i < 20; ++i) large_results.push_back(run_once(model, large));
  });
  ts.join();
  tl.join();
  CHECK(small_error ==
        "test.onnx: node 'draw' (#0, RandomNormal-1): needs 49152 bytes, more than the limit of 40000 bytes "
        "(--max-memory)");
  for (const auto& t : large_results) CHECK(t.identical_to(alone));
}

TEST_CASE("random streams are keyed by the node's path, not by its operator") {
  RunOptions options;
  options.seed = 3;
  const Tensor named_a = run_once(random_matmul(4, "a"), options);
  CHECK(run_once(random_matmul(4, "a"), options).identical_to(named_a));
  CHECK_FALSE(run_once(random_matmul(4, "b"), options).identical_to(named_a));
}

TEST_CASE("the time limit stops a long Loop with an error naming where it stopped") {
  // Loop(M = 10^12) with a body that copies its one carried value: far more than 0.05 s of work.
  ModelBuilder b(17);
  b.initializer("m", Tensor::from_values<int64_t>(ElementType::Int64, {}, {int64_t{1} << 40}));
  b.initializer("x", Tensor::from_values<float>(ElementType::Float, {1}, {1.0f}));
  b.output("y", ElementType::Float);
  auto& loop = b.node("Loop", {"m", "", "x"}, {"y"});
  loop.set_name("spin");
  auto* body = loop.add_attribute();
  body->set_name("body");
  body->set_type(onnx::AttributeProto::GRAPH);
  ModelBuilder g(17);
  g.input("i", ElementType::Int64, {}).input("c", ElementType::Bool, {}).input("v", ElementType::Float, {1});
  g.node("Identity", {"c"}, {"c2"});
  g.node("Identity", {"v"}, {"v2"});
  g.output("c2", ElementType::Bool).output("v2", ElementType::Float);
  *body->mutable_g() = g.proto().graph();
  RunOptions options;
  options.timeout_seconds = 0.05;
  options.max_loop_iterations = INT64_MAX;
  CHECK_THROWS_WITH_AS(b.build().run({}, options), doctest::Contains("node 'spin' (#0, Loop-16)"), Error);
  CHECK_THROWS_WITH_AS(b.build().run({}, options), doctest::Contains("time limit of 0.05 s (--timeout)"), Error);
}

TEST_CASE("a Loop appending to a carried sequence gives every item in order") {
  // SequenceInsert appends the iteration number i (as a float [1]) each time; the result holds
  // 0, 1, ..., 999, each item its own tensor.
  ModelBuilder b(17);
  b.initializer("m", Tensor::from_values<int64_t>(ElementType::Int64, {}, {1000}));
  b.node("SequenceEmpty", {}, {"s0"});
  auto& loop = b.node("Loop", {"m", "", "s0"}, {"s"});
  auto* body = loop.add_attribute();
  body->set_name("body");
  body->set_type(onnx::AttributeProto::GRAPH);
  ModelBuilder g(17);
  g.input("i", ElementType::Int64, {}).input("c", ElementType::Bool, {});
  auto* seq_in = g.proto().mutable_graph()->add_input();
  seq_in->set_name("seq");
  seq_in->mutable_type()->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(1);
  g.node("Identity", {"c"}, {"c2"});
  auto& cast = g.node("Cast", {"i"}, {"f"});
  set_int(cast, "to", 1);
  g.initializer("one", Tensor::from_values<int64_t>(ElementType::Int64, {1}, {1}));
  g.node("Reshape", {"f", "one"}, {"item"});
  g.node("SequenceInsert", {"seq", "item"}, {"seq2"});
  g.output("c2", ElementType::Bool);
  auto* seq_out = g.proto().mutable_graph()->add_output();
  seq_out->set_name("seq2");
  *body->mutable_g() = g.proto().graph();
  auto* out = b.proto().mutable_graph()->add_output();
  out->set_name("s");
  const auto result = b.build().run({});
  const auto& items = result.front().second.items();
  REQUIRE(items.size() == 1000);
  for (size_t i = 0; i < items.size(); ++i) CHECK(items[i].data_as<float>()[0] == static_cast<float>(i));
}
