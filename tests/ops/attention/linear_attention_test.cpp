// LinearAttention (27): each update rule on hand-computed recurrences, grouped-query heads, the
// carried state, the decay factor and default scale against MPFR, and the rules.
#include <doctest/doctest.h>

#include <mpfr.h>

#include <cmath>
#include <map>
#include <optional>

#include "mpfr_oracle.h"
#include "op_tester.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;

namespace {

using LinearAttrs = std::map<std::string, AttrValue>;

std::vector<Value> linear_run(const std::vector<std::optional<Tensor>>& inputs, LinearAttrs set) {
  REQUIRE(Registry::builtin().resolve("", "LinearAttention", 27) != nullptr);
  Attributes attrs;
  if (!set.count("q_num_heads")) set["q_num_heads"] = int64_t{1};
  if (!set.count("kv_num_heads")) set["kv_num_heads"] = int64_t{1};
  for (const auto& kv : set) attrs.set(kv.first, kv.second);
  std::vector<std::optional<Value>> in;
  for (const auto& t : inputs) in.push_back(t ? std::optional<Value>(Value(*t)) : std::nullopt);
  return testing::run_node_rule("LinearAttention", 27, in, attrs, 2);
}

Tensor linear_f32(Shape shape, std::vector<float> values) {
  return Tensor::from_values<float>(ElementType::Float, std::move(shape), values);
}

std::vector<double> linear_values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.element_count(); ++i) v.push_back(t.data_as<float>()[i]);
  return v;
}

// Two steps, one head, d_k = 2, d_v = 1: k1 = (1, 2), v1 = 3, k2 = (0.5, 1), v2 = 2.
Tensor linear_key() { return linear_f32({1, 2, 2}, {1, 2, 0.5f, 1}); }
Tensor linear_value() { return linear_f32({1, 2, 1}, {3, 2}); }

}  // namespace

TEST_CASE("LinearAttention: linear and delta rules on a hand-computed recurrence") {
  const Tensor q = linear_f32({1, 2, 2}, {1, 1, 2, -1});
  // linear, no past_state (zeros): S1 = (3, 6), o1 = 9; S2 = S1 + (1, 2) = (4, 8), o2 = 8 - 8 = 0.
  auto out = linear_run({q, linear_key(), linear_value()}, {{"update_rule", std::string("linear")}, {"scale", 1.0f}});
  // spec: LinearAttention-27: "If not provided, defaults to zeros."
  CHECK(linear_values(out[0].tensor()) == std::vector<double>{9, 0});
  CHECK(linear_values(out[1].tensor()) == std::vector<double>{4, 8});
  CHECK(out[1].tensor().shape() == Shape{1, 1, 2, 1});
  // delta, beta 1: S1 = (3, 6); r = 3 * 0.5 + 6 * 1 = 7.5, u = 2 - 7.5 = -5.5, S2 = (3 - 2.75, 6 - 5.5) = (0.25, 0.5);
  // with q2 = (4, 2): o2 = 1 + 1 = 2. scale 0.5 halves both outputs.
  const Tensor q2 = linear_f32({1, 2, 2}, {1, 1, 4, 2});
  const Tensor beta = linear_f32({1, 2, 1}, {1, 1});
  out = linear_run({q2, linear_key(), linear_value(), std::nullopt, std::nullopt, beta},
                   {{"update_rule", std::string("delta")}, {"scale", 0.5f}});
  CHECK(linear_values(out[0].tensor()) == std::vector<double>{4.5, 1});
  CHECK(linear_values(out[1].tensor()) == std::vector<double>{0.25, 0.5});
  // gated_delta with decay 0 (factor 1) is delta; a past state is carried in: S0 = (1, 0):
  // step 1: r = 1, u = 3 - 1 = 2, S1 = (1 + 2, 0 + 4) = (3, 4), o1 = 7 / 2.
  const Tensor decay = linear_f32({1, 2, 1}, {0, 0});
  // No update_rule: gated_delta (linear would give S1 = (4, 6) and o1 = 5).
  out =
      linear_run({q2, linear_key(), linear_value(), linear_f32({1, 1, 2, 1}, {1, 0}), decay, beta}, {{"scale", 0.5f}});
  // spec: LinearAttention-27: "Default is 'gated_delta'."
  CHECK(linear_values(out[0].tensor())[0] == 3.5);
  // gated with decay -inf on step 2 forgets S1: S2 = (1, 2), o2 = (4 + 4) / 2.
  out = linear_run({q2, linear_key(), linear_value(), std::nullopt, linear_f32({1, 2, 1}, {0, -INFINITY})},
                   {{"update_rule", std::string("gated")}, {"scale", 0.5f}});
  CHECK(linear_values(out[0].tensor()) == std::vector<double>{1.5 * 3, 4});
  // Grouped-query: two query heads read the one state.
  // spec: LinearAttention-27: "Group-query attention (GQA) is supported: q_num_heads must be a positive multiple of kv_num_heads."
  out = linear_run({linear_f32({1, 2, 4}, {1, 1, 1, 0, 2, -1, 0, 1}), linear_key(), linear_value()},
                   {{"update_rule", std::string("linear")}, {"scale", 1.0f}, {"q_num_heads", int64_t{2}}});
  CHECK(linear_values(out[0].tensor()) == std::vector<double>{9, 3, 0, 8});
}

TEST_CASE("LinearAttention: decay factor, state and default scale each rounded once (MPFR oracle)") {
  // gated, per-key decay g = (0.5, -0.25) on step 2: a = e^g rounded to float; S2 = a S1 + k2 v2
  // rounded once to float; o2 = (1/sqrt 2 rounded to double) * (q2 . S2) rounded once.
  const Tensor q = linear_f32({1, 2, 2}, {1, 1, 0.75f, -1.25f});
  const auto out =
      linear_run({q, linear_key(), linear_value(), std::nullopt, linear_f32({1, 2, 2}, {0, 0, 0.5f, -0.25f})},
                 {{"update_rule", std::string("gated")}});
  mpfr_t x, y;
  mpfr_inits2(400, x, y, static_cast<mpfr_ptr>(nullptr));
  const double s1[2] = {3, 6}, k2[2] = {0.5, 1}, g[2] = {0.5, -0.25}, q2[2] = {0.75, -1.25};
  double s2[2];
  for (int d = 0; d < 2; ++d) {
    const double a = oracle::reference(numeric::Fn::Exp, numeric::Format::Float, g[d]);
    mpfr_set_d(x, a, MPFR_RNDN);
    mpfr_mul_d(x, x, s1[d], MPFR_RNDN);
    mpfr_add_d(x, x, k2[d] * 2, MPFR_RNDN);
    s2[d] = oracle::round_ieee(x, 1, numeric::Format::Float);
  }
  // spec: LinearAttention-27: "3D packed shape: (B, T, H_kv * d_k) for per-key-dimension decay (GLA/RWKV-6), or (B, T, H_kv) for per-head scalar decay (DeltaNet/RetNet)."
  CHECK(linear_values(out[1].tensor()) == std::vector<double>{s2[0], s2[1]});
  mpfr_set_ui(y, 2, MPFR_RNDN);
  mpfr_rec_sqrt(y, y, MPFR_RNDN);
  const double scale = mpfr_get_d(y, MPFR_RNDN);  // 1/sqrt(2) to double
  mpfr_set_d(x, q2[0], MPFR_RNDN);
  mpfr_mul_d(x, x, s2[0], MPFR_RNDN);
  mpfr_set_d(y, q2[1], MPFR_RNDN);
  mpfr_mul_d(y, y, s2[1], MPFR_RNDN);
  mpfr_add(x, x, y, MPFR_RNDN);
  mpfr_mul_d(x, x, scale, MPFR_RNDN);
  // spec: LinearAttention-27: "When 0.0 (default), derives d_k = query.shape[-1] / q_num_heads and uses 1/sqrt(d_k)."
  CHECK(linear_values(out[0].tensor())[1] == oracle::round_ieee(x, 1, numeric::Format::Float));
  mpfr_clears(x, y, static_cast<mpfr_ptr>(nullptr));
  // A float16 past state gives a float16 present state.
  const Tensor past16 = Tensor::from_values<Float16Bits>(
      ElementType::Float16, {1, 1, 2, 1}, std::vector<Float16Bits>{narrow<Float16Bits>(0.0), narrow<Float16Bits>(0.0)});
  const auto o16 = linear_run({q, linear_key(), linear_value(), past16}, {{"update_rule", std::string("linear")}});
  CHECK(o16[1].tensor().type() == ElementType::Float16);
}

TEST_CASE("LinearAttention: the rules, each a one-line error") {
  const Tensor q = linear_f32({1, 2, 2}, {1, 1, 2, -1});
  auto fails = [&](const std::vector<std::optional<Tensor>>& in, const LinearAttrs& a, const char* text) {
    CHECK_THROWS_WITH_AS(linear_run(in, a), doctest::Contains(text), Error);
  };
  // spec: LinearAttention-27: "Required for 'gated' and 'gated_delta' modes."
  fails({q, linear_key(), linear_value()}, {}, "decay must be given for update_rule 'gated_delta'");
  fails({q, linear_key(), linear_value()}, {{"update_rule", std::string("gated")}},
        "decay must be given for update_rule 'gated'");
  // spec: LinearAttention-27: "Required for 'delta' and 'gated_delta' modes."
  fails({q, linear_key(), linear_value()}, {{"update_rule", std::string("delta")}},
        "beta must be given for update_rule 'delta'");
  fails({q, linear_key(), linear_value(), std::nullopt, linear_f32({1, 2, 1}, {0, 0})}, {},
        "beta must be given for update_rule 'gated_delta'");
  fails({q, linear_key(), linear_value(), std::nullopt, std::nullopt, linear_f32({1, 2, 1}, {1, 1})},
        {{"update_rule", std::string("linear")}}, "beta must not be given with update_rule 'linear'");
  fails({q, linear_key(), linear_value(), linear_f32({1, 1, 1, 2}, {0, 0})}, {{"update_rule", std::string("linear")}},
        "past_state is float[1, 1, 1, 2] but must be [1, 1, 2, 1]");
  fails({q, linear_key(), linear_value()},
        {{"update_rule", std::string("linear")}, {"q_num_heads", int64_t{3}}, {"kv_num_heads", int64_t{2}}},
        "must be a positive multiple of kv_num_heads");
  fails({q, linear_f32({1, 2, 3}, {1, 2, 3, 4, 5, 6}), linear_value()}, {{"update_rule", std::string("linear")}},
        "key is float[1, 2, 3]");
  // spec: LinearAttention-27: "One of: 'linear', 'gated', 'delta', 'gated_delta'."
  fails({q, linear_key(), linear_value()}, {{"update_rule", std::string("fast")}}, "update_rule 'fast' is not one of");
}

TEST_CASE("LinearAttention: the head counts are required attributes; inputs are 3-D packed") {
  const Tensor q = linear_f32({1, 2, 2}, {1, 1, 2, -1});
  for (const char* missing : {"q_num_heads", "kv_num_heads"}) {
    testing::OpTester t("LinearAttention", 27);
    t.input(Value(q))
        .input(Value(linear_key()))
        .input(Value(linear_value()))
        .attribute("update_rule", "linear")
        .outputs(2);
    t.attribute(missing == std::string("q_num_heads") ? "kv_num_heads" : "q_num_heads", int64_t{1});
    // spec: LinearAttention-27: "Always required."
    testing::expect_refused(t, missing);
  }
  // spec: LinearAttention-27: "The query, key, value, and (where applicable) decay/beta inputs use 3D packed format [B, T, H*D], where heads are flattened into the last dimension; q_num_heads and kv_num_heads are always required"
  CHECK_THROWS_WITH_AS(linear_run({linear_f32({1, 1, 2, 2}, {1, 1, 2, -1}), linear_key(), linear_value()},
                                  {{"update_rule", std::string("linear")}}),
                       doctest::Contains("query, key and value must be 3-D"), Error);
}
