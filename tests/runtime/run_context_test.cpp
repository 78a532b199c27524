// Unit tests: runtime run context.
#include "helpers/subgraphs.h"

TEST_CASE("run context: random streams are a function of the seed and the key") {
  RunContext a(RunOptions{1, 7, 10}), b(RunOptions{1, 7, 10}), c(RunOptions{1, 8, 10});
  const uint64_t a1 = a.stream_seed("node"), a2 = a.stream_seed("node");
  CHECK(a1 != a2);                     // each request of a key is a new stream
  CHECK(b.stream_seed("node") == a1);  // the same seed gives the same streams
  CHECK(b.stream_seed("node") == a2);
  CHECK(c.stream_seed("node") != a1);  // another seed, other streams
  CHECK(a.stream_seed("other") != b.stream_seed("node"));
}

TEST_CASE("run context: a run gives the same bits on 1, 2 and 3 threads") {
  // MatMul of 96x80 by 80x72 floats spread over many binades, so that a change in the order of
  // the additions would show in the rounding.
  ModelBuilder b(13);
  b.input("a", ElementType::Float, {96, 80}).input("b", ElementType::Float, {80, 72}).output("y", ElementType::Float);
  b.node("MatMul", {"a", "b"}, {"y"});
  const Model m = b.build();
  auto random_floats = [](Shape shape, uint32_t seed) {
    std::vector<float> v(static_cast<size_t>(shape[0] * shape[1]));
    uint32_t x = seed;
    for (auto& f : v) {
      x = x * 1664525u + 1013904223u;
      f = std::ldexp(static_cast<float>(static_cast<int32_t>(x >> 8) - (1 << 23)), static_cast<int>(x % 40) - 60);
    }
    return Tensor::from_values<float>(ElementType::Float, shape, v);
  };
  const std::map<std::string, Value> feeds{{"a", random_floats({96, 80}, 1)}, {"b", random_floats({80, 72}, 2)}};
  const Value one = m.run(feeds, RunOptions{1, 0, 10}).at(0).second;
  for (int threads : {2, 3}) {
    CAPTURE(threads);
    CHECK(m.run(feeds, RunOptions{threads, 0, 10}).at(0).second.identical_to(one));
  }
}

TEST_CASE("run context: the kernels split over threads give the same bits on 1, 2 and 3 threads") {
  // Softmax and LogSoftmax (lines), LayerNormalization (groups), Conv and ConvTranspose (GEMM column
  // panels by row groups, a single output channel included), Resize (linear): inputs spread over
  // many binades, so a change in the order of any rounding would show.
  auto random_floats = [](Shape shape, uint32_t seed, int spread) {
    std::vector<float> v(static_cast<size_t>(*checked_element_count(shape)));
    uint32_t x = seed;
    for (auto& f : v) {
      x = x * 1664525u + 1013904223u;
      f = std::ldexp(static_cast<float>(static_cast<int32_t>(x >> 8) - (1 << 23)),
                     static_cast<int>(x % spread) - 23 - spread / 2);
    }
    return Tensor::from_values<float>(ElementType::Float, shape, v);
  };
  struct Case {
    std::string name;
    Model model;
    std::map<std::string, Value> feeds;
  };
  std::vector<Case> cases;
  auto one_node = [&](const std::string& op, int64_t opset, std::vector<std::pair<std::string, Tensor>> inputs,
                      const std::function<void(onnx::NodeProto&)>& attrs) {
    ModelBuilder b(opset);
    std::vector<std::string> names;
    std::map<std::string, Value> feeds;
    for (auto& input : inputs) {
      b.input(input.first, ElementType::Float, input.second.shape());
      names.push_back(input.first);
      feeds.emplace(input.first, input.second);
    }
    b.output("y", ElementType::Float);
    attrs(b.node(op, names, {"y"}));
    cases.push_back({op, b.build(), feeds});
  };
  one_node("Softmax", 13, {{"x", random_floats({64, 300}, 1, 12)}}, [](onnx::NodeProto&) {});
  one_node("LogSoftmax", 13, {{"x", random_floats({300, 64}, 2, 12)}},
           [](onnx::NodeProto& n) { testing::set_int(n, "axis", 0); });
  one_node(
      "LayerNormalization", 17,
      {{"x", random_floats({96, 200}, 3, 20)}, {"s", random_floats({200}, 4, 4)}, {"b", random_floats({200}, 5, 4)}},
      [](onnx::NodeProto&) {});
  one_node("Conv", 11, {{"x", random_floats({1, 6, 23, 29}, 6, 30)}, {"w", random_floats({5, 6, 3, 3}, 7, 30)}},
           [](onnx::NodeProto& n) {
             testing::set_ints(n, "pads", {1, 2, 0, 1});
           });
  one_node("ConvTranspose", 11,
           {{"x", random_floats({1, 7, 31, 17}, 8, 30)}, {"w", random_floats({7, 1, 2, 2}, 9, 30)}},
           [](onnx::NodeProto& n) {
             testing::set_ints(n, "strides", {2, 2});
           });
  {  // Resize's scales come as an initializer
    ModelBuilder b(19);
    b.input("x", ElementType::Float, {1, 3, 37, 41}).output("y", ElementType::Float);
    b.initializer("scales", Tensor::from_values<float>(ElementType::Float, {4}, {1, 1, 2.5f, 1.75f}));
    auto& n = b.node("Resize", {"x", "", "scales"}, {"y"});
    auto* mode = n.add_attribute();
    mode->set_name("mode");
    mode->set_type(onnx::AttributeProto::STRING);
    mode->set_s("linear");
    cases.push_back({"Resize", b.build(), {{"x", random_floats({1, 3, 37, 41}, 10, 30)}}});
  }
  for (const Case& c : cases) {
    CAPTURE(c.name);
    const Value one = c.model.run(c.feeds, RunOptions{1, 0, 10}).at(0).second;
    for (int threads : {2, 3}) {
      CAPTURE(threads);
      CHECK(c.model.run(c.feeds, RunOptions{threads, 0, 10}).at(0).second.identical_to(one));
    }
  }
}
