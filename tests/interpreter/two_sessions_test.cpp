// Issue 28, item 5: "Two sessions in one process, in Python or C++, overwrite each other." Two
// Sessions loaded from the same bytes, and one Session shared by two threads, run at once with
// different thread counts, seeds and budgets: each repetition gives the bits of its run alone (the
// reference computed first), and a run refused by its small budget does not disturb the other.
// scripts/tsan-two-runs.sh runs this file under ThreadSanitizer over the whole library.
#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "interpreter/session.h"
#include "runtime/error.h"
#include "tests/model_builder.h"

using namespace onnx_ref;
using onnx_ref::testing::ModelBuilder;
using onnx_ref::testing::set_ints;

namespace {

// RandomUniform [rows, 64] (the run's stream for the node's path) times a fed [64, 16] matrix, then
// Softmax over the rows: random streams, a product split over the run's threads and a kernel with
// MPFR fallbacks, in one model.
std::string model_bytes(int64_t rows) {
  ModelBuilder b(17);
  b.input("w", ElementType::Float, {64, 16}).output("y", ElementType::Float);
  auto& draw = b.node("RandomUniform", {}, {"r"});
  draw.set_name("draw");
  set_ints(draw, "shape", {rows, 64});
  b.node("MatMul", {"r", "w"}, {"p"});
  b.node("Softmax", {"p"}, {"y"});
  return b.proto().SerializeAsString();
}

std::map<std::string, Tensor> feeds() {
  Tensor w = Tensor::zeros(ElementType::Float, {64, 16});
  auto* p = reinterpret_cast<float*>(w.mutable_data());
  for (int64_t i = 0; i < w.element_count(); ++i) p[i] = static_cast<float>(i % 5) - 2.0f;
  return {{"w", w}};
}

RunOptions options(int threads, uint64_t seed, uint64_t max_memory) {
  RunOptions o;
  o.threads = threads;
  o.seed = seed;
  o.max_memory = max_memory;
  return o;
}

}  // namespace

TEST_CASE("two Sessions in two threads, with different threads, seeds and budgets, give the bits of each alone") {
  const std::string bytes = model_bytes(512);
  const Session first = Session::from_bytes(bytes), second = Session::from_bytes(bytes);
  const RunOptions a = options(1, 3, uint64_t{64} << 20), b = options(3, 11, uint64_t{32} << 20);
  const Tensor alone_a = first.run(feeds(), a).at("y"), alone_b = second.run(feeds(), b).at("y");
  CHECK_FALSE(alone_a.identical_to(alone_b));  // the seeds differ, so the comparison below can fail
  std::vector<Tensor> got_a, got_b;
  std::thread ta([&] {
    for (int i = 0; i < 20; ++i) got_a.push_back(first.run(feeds(), a).at("y"));
  });
  std::thread tb([&] {
    for (int i = 0; i < 20; ++i) got_b.push_back(second.run(feeds(), b).at("y"));
  });
  ta.join();
  tb.join();
  for (const auto& t : got_a) CHECK(t.identical_to(alone_a));
  for (const auto& t : got_b) CHECK(t.identical_to(alone_b));
}

TEST_CASE("one Session shared by two threads: a run over its small budget fails alone") {
  const Session session = Session::from_bytes(model_bytes(512));
  // The draw alone takes 512 x 64 x 4 = 131072 bytes: over 100000, under 64 MiB.
  const RunOptions small = options(2, 5, 100000), large = options(2, 5, uint64_t{64} << 20);
  const Tensor alone = session.run(feeds(), large).at("y");
  std::vector<std::string> errors;
  std::vector<Tensor> results;
  std::thread ts([&] {
    for (int i = 0; i < 20; ++i) {
      try {
        session.run(feeds(), small);
        errors.push_back("");
      } catch (const Error& e) {
        errors.push_back(e.what());
      }
    }
  });
  std::thread tl([&] {
    for (int i = 0; i < 20; ++i) results.push_back(session.run(feeds(), large).at("y"));
  });
  ts.join();
  tl.join();
  for (const auto& e : errors) {
    CHECK(e.find("node 'draw'") != std::string::npos);
    CHECK(e.find("--max-memory") != std::string::npos);
  }
  for (const auto& t : results) CHECK(t.identical_to(alone));
}
