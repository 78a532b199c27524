// ai.onnx.preview FlexAttention (1): score_mod and prob_mod graphs, the softmax precision's type
// for scores and probabilities, grouped-query heads, values against MPFR, and the rules.
#include <doctest/doctest.h>

#include <mpfr.h>

#include <cmath>
#include <map>

#include "model_builder.h"
#include "mpfr_oracle.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;
using onnx_ref::testing::ModelBuilder;

namespace {

// A one-node graph attribute: x -> op(x[, x]) -> y, tensors of `type`.
onnx::GraphProto flex_graph(const std::string& op, bool binary, ElementType type) {
  onnx::GraphProto g;
  auto* in = g.add_input();
  in->set_name("x");
  in->mutable_type()->mutable_tensor_type()->set_elem_type(code_of(type));
  auto* out = g.add_output();
  out->set_name("y");
  out->mutable_type()->mutable_tensor_type()->set_elem_type(code_of(type));
  auto* n = g.add_node();
  n->set_op_type(op);
  n->add_input("x");
  if (binary) n->add_input("x");
  n->add_output("y");
  return g;
}

struct FlexCase {
  std::map<std::string, onnx::GraphProto> graphs;
  std::optional<float> scale;
  std::optional<int64_t> precision;
};

Tensor flex_run(const Tensor& q, const Tensor& k, const Tensor& v, const FlexCase& c) {
  ModelBuilder b(23);
  b.opset_import("ai.onnx.preview", 1);
  b.input("q", q.type(), q.shape()).input("k", k.type(), k.shape()).input("v", v.type(), v.shape()).output("y");
  auto& node = b.node("FlexAttention", {"q", "k", "v"}, {"y"}, "ai.onnx.preview");
  for (const auto& g : c.graphs) {
    auto* a = node.add_attribute();
    a->set_name(g.first);
    a->set_type(onnx::AttributeProto::GRAPH);
    *a->mutable_g() = g.second;
  }
  if (c.scale) {
    auto* a = node.add_attribute();
    a->set_name("scale");
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(*c.scale);
  }
  if (c.precision) testing::set_int(node, "softmax_precision", *c.precision);
  return b.build().run({{"q", Value(q)}, {"k", Value(k)}, {"v", Value(v)}}).front().second.tensor();
}

Tensor flex_f32(Shape s, std::vector<float> v) {
  return Tensor::from_values<float>(ElementType::Float, std::move(s), v);
}

// p0 = 1 / (1 + e^d), p1 = e^d / (1 + e^d), each rounded once to float (MPFR at 200 bits).
std::pair<double, double> flex_two_softmax(double d) {
  mpfr_t e, s, r;
  mpfr_inits2(200, e, s, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(e, d, MPFR_RNDN);
  mpfr_exp(e, e, MPFR_RNDN);
  mpfr_add_ui(s, e, 1, MPFR_RNDN);
  mpfr_ui_div(r, 1, s, MPFR_RNDN);
  const double p0 = oracle::round_ieee(r, 1, numeric::Format::Float);
  mpfr_div(r, e, s, MPFR_RNDN);
  const double p1 = oracle::round_ieee(r, 1, numeric::Format::Float);
  mpfr_clears(e, s, r, static_cast<mpfr_ptr>(nullptr));
  return {p0, p1};
}

}  // namespace

TEST_CASE("FlexAttention: scores, score_mod, softmax, prob_mod and P V (MPFR oracle)") {
  // scores 0.5 * (1, 3) = (0.5, 1.5); softmax (1/(1+e), e/(1+e)); Y = 2 p0 + 4 p1 (exact in double).
  const Tensor q = flex_f32({1, 1, 1, 1}, {1}), k = flex_f32({1, 1, 2, 1}, {1, 3}), v = flex_f32({1, 1, 2, 1}, {2, 4});
  std::pair<double, double> p = flex_two_softmax(1.0);
  CHECK(flex_run(q, k, v, {{}, 0.5f, {}}).data_as<float>()[0] == static_cast<float>(2 * p.first + 4 * p.second));
  // score_mod Neg: scores (-0.5, -1.5), the weights swap.
  p = flex_two_softmax(-1.0);
  CHECK(flex_run(q, k, v, {{{"score_mod", flex_graph("Neg", false, ElementType::Float)}}, 0.5f, {}})
            .data_as<float>()[0] == static_cast<float>(2 * p.first + 4 * p.second));
  // prob_mod Add(p, p) doubles the probabilities and so Y.
  const float doubled = flex_run(q, k, v,
                                 {{{"score_mod", flex_graph("Neg", false, ElementType::Float)},
                                   {"prob_mod", flex_graph("Add", true, ElementType::Float)}},
                                  0.5f,
                                  {}})
                            .data_as<float>()[0];
  CHECK(doubled == static_cast<float>(2 * (2 * p.first + 4 * p.second)));
  // Default scale 1/sqrt(4) = 1/2 exactly, with head size 4: q = (1, 0, 0, 0).
  // spec: FlexAttention-1: "Defaults to 1/sqrt(head_size)."
  p = flex_two_softmax(1.0);
  const Tensor q4 = flex_f32({1, 1, 1, 4}, {1, 0, 0, 0}), k4 = flex_f32({1, 1, 2, 4}, {1, 0, 0, 0, 3, 0, 0, 0});
  CHECK(flex_run(q4, k4, v, {}).data_as<float>()[0] == static_cast<float>(2 * p.first + 4 * p.second));
  // Grouped-query: two query heads over one key/value head.
  const Tensor y = flex_run(flex_f32({1, 2, 1, 1}, {1, -1}), k, v, {{}, 0.5f, {}});
  CHECK(y.shape() == Shape{1, 2, 1, 1});
  p = flex_two_softmax(-1.0);
  CHECK(y.data_as<float>()[1] == static_cast<float>(2 * p.first + 4 * p.second));
}

TEST_CASE("FlexAttention: float16 inputs score and normalize in float, Y rounds once to float16") {
  auto h = [](Shape s, std::vector<double> v) {
    std::vector<Float16Bits> b;
    for (double x : v) b.push_back(narrow<Float16Bits>(x));
    return Tensor::from_values<Float16Bits>(ElementType::Float16, std::move(s), b);
  };
  // The score_mod graph must take float (the softmax precision), not float16.
  // spec: FlexAttention-1: "Defaults to float32 for non-double inputs, otherwise uses double."
  const Tensor y = flex_run(h({1, 1, 1, 1}, {1}), h({1, 1, 2, 1}, {1, 3}), h({1, 1, 2, 1}, {2, 4}),
                            {{{"score_mod", flex_graph("Identity", false, ElementType::Float)}}, 0.5f, {}});
  const std::pair<double, double> p = flex_two_softmax(1.0);
  CHECK(y.type() == ElementType::Float16);
  CHECK(widen(y.data_as<Float16Bits>()[0]) == widen(narrow<Float16Bits>(2 * p.first + 4 * p.second)));
  CHECK_THROWS_WITH_AS(
      flex_run(h({1, 1, 1, 1}, {1}), h({1, 1, 2, 1}, {1, 3}), h({1, 1, 2, 1}, {2, 4}),
               {{{"score_mod", flex_graph("Identity", false, ElementType::Float16)}}, {}, {}}),
      doctest::Contains("graph 'score_mod' declares input 0 as tensor(float16) but the node passes tensor(float)"),
      Error);
}

TEST_CASE("FlexAttention: the rules, each a one-line error") {
  const Tensor v = flex_f32({1, 1, 2, 1}, {2, 4});
  CHECK_THROWS_WITH_AS(flex_run(flex_f32({1, 1, 1, 2}, {1, 1}), flex_f32({1, 1, 2, 1}, {1, 3}), v, {}),
                       doctest::Contains("Q's head size 2 and K's head size 1 differ"), Error);
  // spec: FlexAttention-1: "`q_num_heads` must be a multiple of `kv_num_heads`."
  CHECK_THROWS_WITH_AS(flex_run(flex_f32({1, 3, 1, 1}, {1, 1, 1}), flex_f32({1, 2, 2, 1}, {1, 3, 1, 3}),
                                flex_f32({1, 2, 2, 1}, {1, 3, 1, 3}), {}),
                       doctest::Contains("kv_num_heads 2 must divide q_num_heads 3"), Error);
  CHECK_THROWS_WITH_AS(flex_run(flex_f32({1, 1, 1, 1}, {1}), flex_f32({1, 1, 2, 1}, {1, 3}), v, {{}, {}, int64_t{7}}),
                       doctest::Contains("softmax_precision = 7"), Error);
}

TEST_CASE("FlexAttention: rank-4 inputs; modifier graphs keep their input's shape and element type") {
  const Tensor q = flex_f32({1, 1, 1, 1}, {1}), k = flex_f32({1, 1, 2, 1}, {1, 3}), v = flex_f32({1, 1, 2, 1}, {2, 4});
  // spec: FlexAttention-1: "Input Shapes (MUST be rank-4 tensors)"
  CHECK_THROWS_WITH_AS(flex_run(flex_f32({1, 1, 1}, {1}), flex_f32({1, 2, 1}, {1, 3}), flex_f32({1, 2, 1}, {2, 4}), {}),
                       doctest::Contains("must be rank 4"), Error);
  // Transpose reverses the scores (1, 1, 1, 2) into (2, 1, 1, 1): the same rank, another shape.
  // spec: FlexAttention-1: "Modifier Subgraphs (score_mod, prob_mod): Each modifier subgraph takes exactly one rank-4 tensor input and must produce exactly one rank-4 tensor output of the same shape and element type."
  // spec: FlexAttention-1: "The output must preserve the input shape."
  for (const char* name : {"score_mod", "prob_mod"}) {
    CAPTURE(name);
    CHECK_THROWS_WITH_AS(flex_run(q, k, v, {{{name, flex_graph("Transpose", false, ElementType::Float)}}, 0.5f, {}}),
                         doctest::Contains("but must return float[1, 1, 1, 2]"), Error);
  }
  // prob_mod sees the probabilities in the softmax precision and the shape (B, Hq, L, S):
  // Identity keeps Y as without it.
  // spec: FlexAttention-1: "probs has softmax_precision element type and shape (B, Hq, L, S)."
  CHECK(flex_run(q, k, v, {{{"prob_mod", flex_graph("Identity", false, ElementType::Float)}}, 0.5f, {}})
            .data_as<float>()[0] == flex_run(q, k, v, {{}, 0.5f, {}}).data_as<float>()[0]);
  // spec: FlexAttention-1: "scores has softmax_precision element type and shape (B, Hq, L, S)."
  CHECK(flex_run(q, k, v, {{{"score_mod", flex_graph("Identity", false, ElementType::Float)}}, 0.5f, {}})
            .data_as<float>()[0] == flex_run(q, k, v, {{}, 0.5f, {}}).data_as<float>()[0]);
  // Double inputs: the modifier graphs take double, so a float graph is refused.
  auto d = [](Shape s, std::vector<double> x) {
    return Tensor::from_values<double>(ElementType::Double, std::move(s), x);
  };
  // spec: FlexAttention-1: "The element type is determined by softmax_precision (defaults to float32 for non-double inputs, otherwise double)."
  CHECK_THROWS_WITH_AS(
      flex_run(d({1, 1, 1, 1}, {1}), d({1, 1, 2, 1}, {1, 3}), d({1, 1, 2, 1}, {2, 4}),
               {{{"score_mod", flex_graph("Identity", false, ElementType::Float)}}, 0.5f, {}}),
      doctest::Contains("graph 'score_mod' declares input 0 as tensor(float) but the node passes tensor(double)"),
      Error);
  CHECK(flex_run(d({1, 1, 1, 1}, {1}), d({1, 1, 2, 1}, {1, 3}), d({1, 1, 2, 1}, {2, 4}),
                 {{{"score_mod", flex_graph("Identity", false, ElementType::Double)}}, 0.5f, {}})
            .type() == ElementType::Double);
}
