// Constant nodes computed once (interpreter/constant_memo.h): from the third run on, a model skips
// the nodes whose values depend on initializers alone, keeps random nodes and fed values live, keeps
// each session's constants to itself, respects the memo's limit, and returns the bits of a run
// without the memo. Expected values are worked out by hand in the comments.
#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "interpreter/constant_memo.h"
#include "interpreter/model.h"
#include "interpreter/session.h"
#include "runtime/tensor_proto.h"
#include "tests/model_builder.h"

using namespace onnx_ref;
using onnx_ref::testing::int64_tensor;
using onnx_ref::testing::ModelBuilder;
using onnx_ref::testing::set_ints;

namespace {

Tensor floats(std::vector<float> v, Shape shape) {
  return Tensor::from_values<float>(ElementType::Float, std::move(shape), v);
}

std::vector<float> values_of(const Value& v) {
  const Tensor& t = v.tensor();
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}

// ConstantOfShape(shape) filled with `value`, named `name`.
void fill(ModelBuilder& b, const std::string& name, const std::string& shape, const std::string& out, float value) {
  auto& n = b.node("ConstantOfShape", {shape}, {out});
  n.set_name(name);
  auto* a = n.add_attribute();
  a->set_name("value");
  a->set_type(onnx::AttributeProto::TENSOR);
  *a->mutable_t() = tensor_to_proto(floats({value}, {1}), "");
}

// w = fill(1.5) [2, 3]; w2 = w * w (2.25); y = x + w2; r = RandomUniform [2, 3]; z = y + r;
// d = Dropout(fill(1) [64], 0.5, training): random too. Outputs y, z, w, d.
ModelBuilder weights_model(float value = 1.5f) {
  ModelBuilder b(17);
  b.input("x", ElementType::Float, {2, 3});
  b.initializer("shape", int64_tensor({2, 3}));
  b.initializer("long", int64_tensor({64}));
  b.initializer("ratio", floats({0.5f}, {}));
  b.initializer("training", Tensor::from_values<uint8_t>(ElementType::Bool, {}, {1}));
  b.output("y", ElementType::Float).output("z", ElementType::Float).output("w", ElementType::Float);
  b.output("d", ElementType::Float);
  fill(b, "fill", "shape", "w", value);
  b.node("Mul", {"w", "w"}, {"w2"}).set_name("square");
  b.node("Add", {"x", "w2"}, {"y"}).set_name("add");
  auto& draw = b.node("RandomUniform", {}, {"r"});
  draw.set_name("draw");
  set_ints(draw, "shape", {2, 3});
  b.node("Add", {"y", "r"}, {"z"}).set_name("noisy");
  fill(b, "ones", "long", "o", 1.0f);
  b.node("Dropout", {"o", "ratio", "training"}, {"d"}).set_name("drop");
  return b;
}

std::map<std::string, Value> x_feed() { return {{"x", Value(floats({0, 1, 2, -1, -2, 0.5f}, {2, 3}))}}; }

RunOptions seeded(uint64_t seed) {
  RunOptions o;
  o.seed = seed;
  return o;
}

size_t node_index(const Model& m, const std::string& name) {
  for (const Node& n : m.nodes())
    if (n.name == name) return n.index;
  FAIL("no node " << name);
  return 0;
}

// Every output of `a` has the bits of the same output of `b`.
bool same_outputs(const std::vector<std::pair<std::string, Value>>& a,
                  const std::vector<std::pair<std::string, Value>>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].first != b[i].first || !a[i].second.tensor().identical_to(b[i].second.tensor())) return false;
  return true;
}

}  // namespace

TEST_CASE("constant memo: constant nodes are skipped from the third run, random nodes run every time") {
  const Model m = weights_model().build();
  for (int run = 0; run < 5; ++run) m.run(x_feed(), seeded(1));
  const auto stats = m.constant_memo().stats();
  CHECK(stats.stored == 1);  // the second run kept them
  CHECK(stats.reused == 3);  // runs 3, 4 and 5 started from them
  REQUIRE(stats.kept);
  const auto& skip = stats.kept->skip;
  CHECK(skip[node_index(m, "fill")]);
  CHECK(skip[node_index(m, "square")]);
  CHECK(skip[node_index(m, "ones")]);
  CHECK_FALSE(skip[node_index(m, "add")]);
  CHECK_FALSE(skip[node_index(m, "draw")]);
  CHECK_FALSE(skip[node_index(m, "noisy")]);
  CHECK_FALSE(skip[node_index(m, "drop")]);
  // w (a graph output), w2 (read by add) and o (read by Dropout) are kept: 24 + 24 + 256 bytes.
  CHECK(stats.kept->values.size() == 3);
  CHECK(stats.kept->bytes == 304);

  // y = x + 2.25 and w = 1.5 on a run from kept values.
  const auto out = m.run(x_feed(), seeded(2));
  CHECK(values_of(out[0].second) == std::vector<float>{2.25f, 3.25f, 4.25f, 1.25f, 0.25f, 2.75f});
  CHECK(values_of(out[2].second) == std::vector<float>(6, 1.5f));
  // The random nodes drew seed 2's numbers, those of a fresh model's first run with seed 2.
  const Model fresh = weights_model().build();
  CHECK(same_outputs(out, fresh.run(x_feed(), seeded(2))));
  CHECK_FALSE(same_outputs(out, fresh.run(x_feed(), seeded(1))));  // so the comparison above can fail
}

TEST_CASE("constant memo: a run from kept values gives the bits of a run without them, whatever the threads") {
  const Model m = weights_model().build();
  const Model fresh = weights_model().build();
  const auto first = fresh.run(x_feed(), seeded(7));
  for (int threads : {1, 2, 3}) {
    RunOptions o = seeded(7);
    o.threads = threads;
    m.run(x_feed(), o);
    m.run(x_feed(), o);
    CHECK(same_outputs(m.run(x_feed(), o), first));
  }
  CHECK(m.constant_memo().stats().stored == 1);
}

TEST_CASE("constant memo: a later run's profile lists the skipped nodes with no time") {
  const Model m = weights_model().build();
  m.run(x_feed());
  m.run(x_feed());
  RunProfile profile;
  RunOptions o;
  o.profile = &profile;
  m.run(x_feed(), o);
  bool listed = false;
  for (const auto& row : profile.rows()) {
    if (row.node != m.nodes()[node_index(m, "fill")].path) continue;
    listed = true;
    CHECK(row.op == "ConstantOfShape-9");
    CHECK(row.calls == 1);
    CHECK(row.nanoseconds == 0);
  }
  CHECK(listed);
  CHECK(profile.rows().size() == m.nodes().size());
}

TEST_CASE("constant memo: values past the limit are not kept, and the nodes computing them run again") {
  // big = fill(0.5) [1024] (4096 bytes) comes first; small = fill(3) [2, 3] (24 bytes).
  ModelBuilder b(17);
  b.input("x", ElementType::Float, {2, 3}).input("xb", ElementType::Float, {1024});
  b.initializer("shape", int64_tensor({2, 3}));
  b.initializer("n", int64_tensor({1024}));
  b.output("y", ElementType::Float).output("yb", ElementType::Float);
  fill(b, "big", "n", "wb", 0.5f);
  b.node("Add", {"xb", "wb"}, {"yb"});
  fill(b, "small", "shape", "ws", 3.0f);
  b.node("Add", {"x", "ws"}, {"y"});
  Model m = b.build();
  m.set_constant_memo_limit(100);
  std::vector<float> xb(1024);
  for (size_t i = 0; i < xb.size(); ++i) xb[i] = static_cast<float>(i);
  std::map<std::string, Value> feeds = x_feed();
  feeds.emplace("xb", Value(floats(xb, {1024})));
  for (int run = 0; run < 3; ++run) {
    const auto out = m.run(feeds);
    CHECK(values_of(out[0].second) == std::vector<float>{3, 4, 5, 2, 1, 3.5f});
    const std::vector<float> yb = values_of(out[1].second);
    CHECK(yb[0] == 0.5f);
    CHECK(yb[1023] == 1023.5f);
  }
  const auto stats = m.constant_memo().stats();
  REQUIRE(stats.kept);
  CHECK(stats.kept->bytes == 24);
  CHECK(stats.kept->values.size() == 1);
  CHECK_FALSE(stats.kept->skip[node_index(m, "big")]);
  CHECK(stats.kept->skip[node_index(m, "small")]);

  Model none = b.build();
  none.set_constant_memo_limit(0);
  for (int run = 0; run < 3; ++run) none.run(feeds);
  CHECK(none.constant_memo().stats().stored == 0);
}

TEST_CASE("constant memo: a run feeding a graph input's default computes from the feed") {
  // `shape` is a graph input with a default, [2]: ConstantOfShape reads whatever is fed.
  ModelBuilder b(17);
  b.input("shape", ElementType::Int64, {1});
  b.initializer("shape", int64_tensor({2}));
  b.output("w", ElementType::Float);
  fill(b, "fill", "shape", "w", 2.0f);
  const Model m = b.build();
  for (int run = 0; run < 3; ++run) CHECK(values_of(m.run({}).at(0).second) == std::vector<float>(2, 2.0f));
  CHECK(m.constant_memo().stats().reused == 1);
  const auto out = m.run({{"shape", Value(int64_tensor({5}))}});
  CHECK(values_of(out.at(0).second) == std::vector<float>(5, 2.0f));
  CHECK(m.constant_memo().stats().reused == 1);
  CHECK(values_of(m.run({}).at(0).second) == std::vector<float>(2, 2.0f));
  CHECK(m.constant_memo().stats().reused == 2);
}

TEST_CASE("constant memo: a value a subgraph captures is kept, and the If reading it runs every time") {
  // If(c): then Identity(w), else Neg(w), w = fill(1.5) [2, 3].
  ModelBuilder b(17);
  b.input("c", ElementType::Bool, {});
  b.initializer("shape", int64_tensor({2, 3}));
  b.output("r", ElementType::Float);
  fill(b, "fill", "shape", "w", 1.5f);
  auto branch = [](const std::string& op, const std::string& out) {
    onnx::GraphProto g;
    g.set_name(out);
    auto* n = g.add_node();
    n->set_op_type(op);
    n->add_input("w");
    n->add_output(out);
    g.add_output()->set_name(out);
    return g;
  };
  auto& node = b.node("If", {"c"}, {"r"});
  const std::vector<std::pair<std::string, onnx::GraphProto>> branches{{"then_branch", branch("Identity", "t")},
                                                                        {"else_branch", branch("Neg", "e")}};
  for (const auto& [attr, graph] : branches) {
    auto* a = node.add_attribute();
    a->set_name(attr);
    a->set_type(onnx::AttributeProto::GRAPH);
    *a->mutable_g() = graph;
  }
  const Model m = b.build();
  auto run = [&](bool c) {
    return values_of(m.run({{"c", Value(Tensor::from_values<uint8_t>(ElementType::Bool, {}, {c}))}}).at(0).second);
  };
  for (int i = 0; i < 2; ++i) CHECK(run(true) == std::vector<float>(6, 1.5f));
  CHECK(run(false) == std::vector<float>(6, -1.5f));
  CHECK(run(true) == std::vector<float>(6, 1.5f));
  const auto stats = m.constant_memo().stats();
  REQUIRE(stats.kept);
  CHECK(stats.kept->skip[0]);
  CHECK_FALSE(stats.kept->skip[1]);
}

TEST_CASE("constant memo: two sessions in two threads keep their own constants") {
  const Session a = Session::from_bytes(weights_model(1.5f).proto().SerializeAsString());
  const Session b = Session::from_bytes(weights_model(0.5f).proto().SerializeAsString());
  std::vector<std::vector<float>> got_a, got_b;
  auto runs = [](const Session& s, std::vector<std::vector<float>>& got) {
    for (int i = 0; i < 6; ++i) got.push_back(values_of(s.run_values(x_feed()).at(0).second));
  };
  std::thread ta([&] { runs(a, got_a); });
  std::thread tb([&] { runs(b, got_b); });
  ta.join();
  tb.join();
  // y = x + 2.25 and y = x + 0.25, on every run.
  for (const auto& y : got_a) CHECK(y == std::vector<float>{2.25f, 3.25f, 4.25f, 1.25f, 0.25f, 2.75f});
  for (const auto& y : got_b) CHECK(y == std::vector<float>{0.25f, 1.25f, 2.25f, -0.75f, -1.75f, 0.75f});
  CHECK(a.model().constant_memo().stats().stored == 1);
  CHECK(b.model().constant_memo().stats().stored == 1);
  CHECK(a.model().constant_memo().stats().reused == 4);

  // One session run by two threads at once keeps one set of values.
  const Session shared = Session::from_bytes(weights_model(1.5f).proto().SerializeAsString());
  std::vector<std::vector<float>> got_1, got_2;
  std::thread t1([&] { runs(shared, got_1); });
  std::thread t2([&] { runs(shared, got_2); });
  t1.join();
  t2.join();
  for (const auto* got : {&got_1, &got_2})
    for (const auto& y : *got) CHECK(y == std::vector<float>{2.25f, 3.25f, 4.25f, 1.25f, 0.25f, 2.75f});
  CHECK(shared.model().constant_memo().stats().stored == 1);
}
