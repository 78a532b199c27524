// Attention (23, 24): every named rounding point checked against an MPFR oracle written apart from
// the kernel (scores, softcap, bias, softmax and P V evaluated at 2000 bits and rounded once by
// tests/mpfr_oracle.h's round_ieee); layouts, grouped-query heads, caches, masks and the rules.
#include <doctest/doctest.h>

#include <mpfr.h>

#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <random>

#include "mpfr_oracle.h"
#include "op_tester.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;

namespace {

using AttentionAttrs = std::map<std::string, AttrValue>;

std::vector<Value> attention_run(int opset, const std::vector<std::optional<Tensor>>& inputs, const AttentionAttrs& set,
                                 size_t outputs = 4) {
  REQUIRE(Registry::builtin().resolve("", "Attention", opset) != nullptr);
  Attributes attrs;
  for (const auto& kv : set) attrs.set(kv.first, kv.second);
  std::vector<std::optional<Value>> in;
  for (const auto& t : inputs) in.push_back(t ? std::optional<Value>(Value(*t)) : std::nullopt);
  return testing::run_node_rule("Attention", opset, in, attrs, outputs);
}

template <class S>
std::vector<double> attention_values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.element_count(); ++i) v.push_back(widen(t.data_as<S>()[i]));
  return v;
}

// The 4-D problem the oracle evaluates: values as doubles (each a value of the element type).
struct AttentionCase {
  int64_t B = 1, Hq = 1, Hkv = 1, Sq = 1, L = 1, P = 0, D = 1, Dv = 1;
  std::vector<double> q, k, v, past_k, past_v, mask;  // mask: (B, Hq, Sq, P + L) additive, or empty
  bool causal = false;
  double scale = 0;  // 0: the default
  double cap = 0;
};

double attention_round(mpfr_t x, numeric::Format f) { return oracle::round_ieee(x, 1, f); }

struct AttentionOracle {
  std::vector<double> scores, capped, biased, probs, y;
};

AttentionOracle attention_oracle(const AttentionCase& c, numeric::Format f) {
  const int64_t T = c.P + c.L, reps = c.Hq / c.Hkv;
  AttentionOracle o;
  mpfr_t s, t, u;
  mpfr_inits2(2000, s, t, u, static_cast<mpfr_ptr>(nullptr));
  double scale = c.scale;
  if (scale == 0) {  // 1/sqrt(D) rounded once to double, by MPFR at 2000 bits
    mpfr_set_si(t, c.D, MPFR_RNDN);
    mpfr_sqrt(t, t, MPFR_RNDN);
    mpfr_ui_div(t, 1, t, MPFR_RNDN);
    scale = mpfr_get_d(t, MPFR_RNDN);
  }
  auto key = [&](int64_t b, int64_t hk, int64_t j, int64_t d) {
    return j < c.P ? c.past_k[static_cast<size_t>(((b * c.Hkv + hk) * c.P + j) * c.D + d)]
                   : c.k[static_cast<size_t>(((b * c.Hkv + hk) * c.L + j - c.P) * c.D + d)];
  };
  auto value = [&](int64_t b, int64_t hk, int64_t j, int64_t d) {
    return j < c.P ? c.past_v[static_cast<size_t>(((b * c.Hkv + hk) * c.P + j) * c.Dv + d)]
                   : c.v[static_cast<size_t>(((b * c.Hkv + hk) * c.L + j - c.P) * c.Dv + d)];
  };
  for (int64_t b = 0; b < c.B; ++b)
    for (int64_t h = 0; h < c.Hq; ++h)
      for (int64_t i = 0; i < c.Sq; ++i) {
        std::vector<double> row;
        for (int64_t j = 0; j < T; ++j) {
          for (int64_t d = 0; d < c.D; ++d) {  // from the first term on, so that -0 alone stays -0
            mpfr_set_d(t, c.q[static_cast<size_t>(((b * c.Hq + h) * c.Sq + i) * c.D + d)], MPFR_RNDN);
            mpfr_mul_d(t, t, key(b, h / reps, j, d), MPFR_RNDN);
            if (d == 0)
              mpfr_set(s, t, MPFR_RNDN);
            else
              mpfr_add(s, s, t, MPFR_RNDN);
          }
          mpfr_mul_d(s, s, scale, MPFR_RNDN);
          const double score = attention_round(s, f);
          o.scores.push_back(score);
          double capped = score;
          if (c.cap != 0) {
            mpfr_set_d(t, score, MPFR_RNDN);
            mpfr_div_d(t, t, c.cap, MPFR_RNDN);
            mpfr_tanh(t, t, MPFR_RNDN);
            mpfr_mul_d(t, t, c.cap, MPFR_RNDN);
            capped = attention_round(t, f);
          }
          o.capped.push_back(capped);
          double bias = c.mask.empty() ? 0.0 : c.mask[static_cast<size_t>(((b * c.Hq + h) * c.Sq + i) * T + j)];
          if (c.causal && c.P + i < j) bias = -INFINITY;
          mpfr_set_d(t, capped, MPFR_RNDN);  // the spec adds the bias always: -0 + 0 is +0
          mpfr_add_d(t, t, bias, MPFR_RNDN);
          const double w = attention_round(t, f);
          o.biased.push_back(w);
          row.push_back(w);
        }
        // softmax: e^(w_j) / sum e^(w_k), rounded once
        mpfr_set_zero(u, 1);
        for (double w : row) {
          mpfr_set_d(t, w, MPFR_RNDN);
          mpfr_exp(t, t, MPFR_RNDN);
          mpfr_add(u, u, t, MPFR_RNDN);
        }
        std::vector<double> p;
        for (double w : row) {
          mpfr_set_d(t, w, MPFR_RNDN);
          mpfr_exp(t, t, MPFR_RNDN);
          mpfr_div(t, t, u, MPFR_RNDN);
          p.push_back(attention_round(t, f));
          o.probs.push_back(p.back());
        }
        for (int64_t d = 0; d < c.Dv; ++d) {
          for (int64_t j = 0; j < T; ++j) {
            mpfr_set_d(t, p[static_cast<size_t>(j)], MPFR_RNDN);
            mpfr_mul_d(t, t, value(b, h / reps, j, d), MPFR_RNDN);
            if (j == 0)
              mpfr_set(s, t, MPFR_RNDN);
            else
              mpfr_add(s, s, t, MPFR_RNDN);
          }
          o.y.push_back(attention_round(s, f));
        }
      }
  mpfr_clears(s, t, u, static_cast<mpfr_ptr>(nullptr));
  return o;
}

// Values of S with few significant bits (so that dot products hit ties and exact cases) or full
// random ones.
template <class S>
std::vector<double> attention_random(std::mt19937_64& rng, int64_t n, double range, bool coarse) {
  std::uniform_real_distribution<double> dist(-range, range);
  std::vector<double> v;
  for (int64_t i = 0; i < n; ++i) {
    double x = dist(rng);
    if (coarse) x = std::ldexp(std::round(std::ldexp(x, 4)), -4);
    v.push_back(widen(narrow<S>(x)));
  }
  return v;
}

template <class S>
Tensor attention_tensor(ElementType type, Shape shape, const std::vector<double>& v) {
  std::vector<S> s;
  for (double x : v) s.push_back(narrow<S>(x));
  return Tensor::from_values<S>(type, std::move(shape), s);
}

void attention_compare(const std::vector<double>& got, const std::vector<double>& want, const char* what) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO(what, " element ", i, " got ", got[i], " want ", want[i]);
    CHECK(oracle::same_result(got[i], want[i]));
  }
}

template <class S>
void attention_check_random(ElementType type, numeric::Format f, uint64_t seed, bool coarse) {
  std::mt19937_64 rng(seed);
  for (int round = 0; round < 6; ++round) {
    AttentionCase c;
    c.B = 1 + static_cast<int64_t>(rng() % 2);
    c.Hkv = 1 + static_cast<int64_t>(rng() % 2);
    c.Hq = c.Hkv * (1 + static_cast<int64_t>(rng() % 2));
    c.Sq = 1 + static_cast<int64_t>(rng() % 3);
    c.L = 1 + static_cast<int64_t>(rng() % 3);
    c.P = static_cast<int64_t>(rng() % 3);
    c.D = 1 + static_cast<int64_t>(rng() % 4);
    c.Dv = 1 + static_cast<int64_t>(rng() % 3);
    const int64_t T = c.P + c.L;
    c.q = attention_random<S>(rng, c.B * c.Hq * c.Sq * c.D, 3, coarse);
    c.k = attention_random<S>(rng, c.B * c.Hkv * c.L * c.D, 3, coarse);
    c.v = attention_random<S>(rng, c.B * c.Hkv * c.L * c.Dv, 3, coarse);
    c.past_k = attention_random<S>(rng, c.B * c.Hkv * c.P * c.D, 3, coarse);
    c.past_v = attention_random<S>(rng, c.B * c.Hkv * c.P * c.Dv, 3, coarse);
    if (round % 2 == 1) c.mask = attention_random<S>(rng, c.B * c.Hq * c.Sq * T, 2, coarse);
    c.causal = round % 3 == 2;
    c.scale = round % 2 == 0 ? 0.0 : 0.375;
    c.cap = round >= 3 ? 1.5 : 0.0;
    const AttentionOracle o = attention_oracle(c, f);
    std::vector<std::optional<Tensor>> in{attention_tensor<S>(type, {c.B, c.Hq, c.Sq, c.D}, c.q),
                                          attention_tensor<S>(type, {c.B, c.Hkv, c.L, c.D}, c.k),
                                          attention_tensor<S>(type, {c.B, c.Hkv, c.L, c.Dv}, c.v)};
    in.push_back(c.mask.empty() ? std::nullopt
                                : std::optional<Tensor>(attention_tensor<S>(type, {c.B, c.Hq, c.Sq, T}, c.mask)));
    if (c.P > 0) {
      in.push_back(attention_tensor<S>(type, {c.B, c.Hkv, c.P, c.D}, c.past_k));
      in.push_back(attention_tensor<S>(type, {c.B, c.Hkv, c.P, c.Dv}, c.past_v));
    }
    for (int64_t mode = 0; mode < 4; ++mode) {
      AttentionAttrs a{{"qk_matmul_output_mode", mode}};
      if (c.causal) a["is_causal"] = int64_t{1};
      if (c.scale != 0) a["scale"] = static_cast<float>(c.scale);
      if (c.cap != 0) a["softcap"] = static_cast<float>(c.cap);
      CAPTURE(round);
      CAPTURE(mode);
      const auto out = attention_run(24, in, a);
      attention_compare(attention_values<S>(out[0].tensor()), o.y, "Y");
      const std::vector<double>& qk = mode == 0 ? o.scores : mode == 1 ? o.capped : mode == 2 ? o.biased : o.probs;
      attention_compare(attention_values<S>(out[3].tensor()), qk, "qk_matmul_output");
      CHECK(out[1].tensor().shape() == Shape{c.B, c.Hkv, T, c.D});
      CHECK(out[2].tensor().shape() == Shape{c.B, c.Hkv, T, c.Dv});
    }
  }
}

}  // namespace

TEST_CASE("Attention: scores, softcap, bias, softmax and output each rounded once (MPFR oracle)") {
  attention_check_random<float>(ElementType::Float, numeric::Format::Float, 11, false);
  attention_check_random<float>(ElementType::Float, numeric::Format::Float, 12, true);
  attention_check_random<Float16Bits>(ElementType::Float16, numeric::Format::Float16, 13, false);
  attention_check_random<BFloat16Bits>(ElementType::BFloat16, numeric::Format::BFloat16, 14, true);
  attention_check_random<double>(ElementType::Double, numeric::Format::Double, 15, false);
}

TEST_CASE("Attention: a hand-computed case, 3-D and 4-D layouts, bool and float masks agree") {
  // One head, two keys: scores 1*1 and 1*3 scaled by 0.5 give 0.5 and 1.5; softmax
  // (1/(1+e), e/(1+e)); Y = p0 * 2 + p1 * 4.
  const Tensor q = Tensor::from_values<float>(ElementType::Float, {1, 1, 1, 1}, std::vector<float>{1});
  const Tensor k = Tensor::from_values<float>(ElementType::Float, {1, 1, 2, 1}, std::vector<float>{1, 3});
  const Tensor v = Tensor::from_values<float>(ElementType::Float, {1, 1, 2, 1}, std::vector<float>{2, 4});
  const auto out = attention_run(23, {q, k, v}, {{"scale", 0.5f}});
  const double e = std::exp(1.0);
  CHECK(attention_values<float>(out[0].tensor())[0] == doctest::Approx(2 / (1 + e) + 4 * e / (1 + e)).epsilon(1e-6));
  CHECK(attention_values<float>(out[3].tensor()) == std::vector<double>{0.5, 1.5});
  // A bool mask hiding the second key: Y = 2 exactly; the same as an additive -inf.
  // spec: Attention-24: "Two types of masks are supported: a boolean mask where a value of `True` indicates that the element should take part in attention, or a float mask of the same type as query, key, value that is added to the attention score."
  const Tensor bmask = Tensor::from_values<BoolByte>(ElementType::Bool, {1, 2}, std::vector<BoolByte>{{1}, {0}});
  const Tensor fmask = Tensor::from_values<float>(ElementType::Float, {1, 2}, std::vector<float>{0, -INFINITY});
  CHECK(attention_values<float>(attention_run(24, {q, k, v, bmask}, {})[0].tensor()) == std::vector<double>{2});
  CHECK(attention_values<float>(attention_run(24, {q, k, v, fmask}, {})[0].tensor()) == std::vector<double>{2});
  // Version 24 pads a short mask with -inf: a mask of one true column hides the second key too.
  // spec: Attention-24: "Here, the kv_sequence dimension of `attn_mask` can be shorter than `K` and `V`"
  const Tensor short_mask = Tensor::from_values<BoolByte>(ElementType::Bool, {1, 1}, std::vector<BoolByte>{{1}});
  CHECK(attention_values<float>(attention_run(24, {q, k, v, short_mask}, {})[0].tensor()) == std::vector<double>{2});
  // ... and version 23 broadcasts it: both keys take part.
  CHECK(attention_values<float>(attention_run(23, {q, k, v, short_mask}, {{"scale", 0.5f}})[0].tensor()) ==
        attention_values<float>(out[0].tensor()));
  // nonpad_kv_seqlen = 1 hides the second key as well.
  const Tensor nonpad = Tensor::from_values<int64_t>(ElementType::Int64, {1}, std::vector<int64_t>{1});
  CHECK(attention_values<float>(
            attention_run(24, {q, k, v, std::nullopt, std::nullopt, std::nullopt, nonpad}, {})[0].tensor()) ==
        std::vector<double>{2});

  // 3-D: (batch 1, sequence 2, 2 heads x head_size 2) against the same data laid out 4-D.
  // spec: Attention-24: "Must be used with 3D inputs of Q, K and V."
  std::mt19937_64 rng(7);
  const std::vector<double> q3 = attention_random<float>(rng, 8, 2, false),
                            k3 = attention_random<float>(rng, 12, 2, false),
                            v3 = attention_random<float>(rng, 6, 2, false);
  auto to4 = [](const std::vector<double>& x, int64_t S, int64_t H, int64_t D) {  // (S, H*D) -> (H, S, D)
    std::vector<double> y;
    for (int64_t h = 0; h < H; ++h)
      for (int64_t s = 0; s < S; ++s)
        for (int64_t d = 0; d < D; ++d) y.push_back(x[static_cast<size_t>(s * H * D + h * D + d)]);
    return y;
  };
  const auto y3 = attention_run(24,
                                {attention_tensor<float>(ElementType::Float, {1, 2, 4}, q3),
                                 attention_tensor<float>(ElementType::Float, {1, 3, 4}, k3),
                                 attention_tensor<float>(ElementType::Float, {1, 3, 2}, v3)},
                                {{"q_num_heads", int64_t{2}}, {"kv_num_heads", int64_t{2}}, {"is_causal", int64_t{1}}});
  const auto y4 = attention_run(24,
                                {attention_tensor<float>(ElementType::Float, {1, 2, 2, 2}, to4(q3, 2, 2, 2)),
                                 attention_tensor<float>(ElementType::Float, {1, 2, 3, 2}, to4(k3, 3, 2, 2)),
                                 attention_tensor<float>(ElementType::Float, {1, 2, 3, 1}, to4(v3, 3, 2, 1))},
                                {{"is_causal", int64_t{1}}});
  CHECK(y3[0].tensor().shape() == Shape{1, 2, 2});
  CHECK(to4(attention_values<float>(y3[0].tensor()), 2, 2, 1) == attention_values<float>(y4[0].tensor()));
  CHECK(y3[1].tensor().identical_to(y4[1].tensor()));  // present_key is 4-D either way
}

TEST_CASE("Attention: mixed element types, fully masked rows, softmax_precision") {
  // V in double, Q and K in float16: Y is float16, the exact sum P V rounded once.
  const Tensor q = Tensor::from_values<Float16Bits>(ElementType::Float16, {1, 1, 1, 1},
                                                    std::vector<Float16Bits>{narrow<Float16Bits>(1.0)});
  const Tensor k = Tensor::from_values<Float16Bits>(
      ElementType::Float16, {1, 1, 2, 1}, std::vector<Float16Bits>{narrow<Float16Bits>(0.0), narrow<Float16Bits>(0.0)});
  const Tensor v =
      Tensor::from_values<double>(ElementType::Double, {1, 1, 2, 1}, std::vector<double>{2 + 0x1p-10, 0x1p-59});
  // p = 1/2 each; Y = 1 + 2^-11 + 2^-60, just above float16's midpoint 1 + 2^-11: it rounds up
  // (through double first it would be the midpoint and round to even, 1).
  const auto out = attention_run(24, {q, k, v}, {});
  CHECK(attention_values<Float16Bits>(out[0].tensor())[0] == 1 + 0x1p-10);
  CHECK(out[2].tensor().type() == ElementType::Double);
  // A row masked everywhere gives NaN, as the spec's Softmax of -inf everywhere does.
  const Tensor f = Tensor::from_values<float>(ElementType::Float, {1, 1, 1, 1}, std::vector<float>{1});
  const Tensor none = Tensor::from_values<BoolByte>(ElementType::Bool, {1}, std::vector<BoolByte>{{0}});
  CHECK(std::isnan(attention_values<float>(attention_run(24, {f, f, f, none}, {})[0].tensor())[0]));
  // softmax_precision float16 for float inputs: the probabilities are rounded to float16 first.
  const Tensor k3 = Tensor::from_values<float>(ElementType::Float, {1, 1, 3, 1}, std::vector<float>{0, 0, 0});
  const Tensor v3 = Tensor::from_values<float>(ElementType::Float, {1, 1, 3, 1}, std::vector<float>{1, 1, 1});
  const auto p16 =
      attention_run(24, {f, k3, v3}, {{"softmax_precision", int64_t{10}}, {"qk_matmul_output_mode", int64_t{3}}});
  CHECK(attention_values<float>(p16[3].tensor())[0] == widen(narrow<Float16Bits>(1.0 / 3)));
  CHECK(attention_values<float>(p16[0].tensor())[0] == static_cast<float>(3 * widen(narrow<Float16Bits>(1.0 / 3))));
}

TEST_CASE("Attention: the rules, each a one-line error") {
  auto f = [](Shape s) {
    const auto n = checked_element_count(s).value();
    return Tensor::from_values<float>(ElementType::Float, std::move(s),
                                      std::vector<float>(static_cast<size_t>(n), 0.5f));
  };
  auto fails = [&](int opset, const std::vector<std::optional<Tensor>>& in, const AttentionAttrs& a, const char* text) {
    CHECK_THROWS_WITH_AS(attention_run(opset, in, a), doctest::Contains(text), Error);
  };
  fails(24, {f({1, 2, 3, 4}), f({1, 2, 5, 3}), f({1, 2, 5, 4})}, {}, "Q's head size 4 and K's head size 3 differ");
  fails(24, {f({1, 3, 3, 4}), f({1, 2, 5, 4}), f({1, 2, 5, 4})}, {}, "kv_num_heads 2 must divide q_num_heads 3");
  // spec: Attention-24: "They shall be used together, and not allowed to use only one of them."
  fails(24, {f({1, 3, 8}), f({1, 5, 8}), f({1, 5, 8})}, {{"q_num_heads", int64_t{2}}},
        "need both q_num_heads and kv_num_heads");
  fails(24, {f({1, 3, 8}), f({1, 5, 8}), f({1, 5, 8})}, {{"q_num_heads", int64_t{3}}, {"kv_num_heads", int64_t{2}}},
        "does not divide Q's hidden size");
  fails(24, {f({1, 2, 3, 4}), f({1, 2, 5, 4}), f({1, 2, 6, 4})}, {}, "must have K's heads and sequence length");
  fails(24, {f({1, 2, 3, 4}), f({1, 2, 5, 4}), f({1, 2, 5, 4}), std::nullopt, f({1, 2, 4, 4}), f({1, 2, 3, 4})}, {},
        "past_value is float[1, 2, 3, 4] but must be (1, 2, 4, 4)");
  fails(24, {f({1, 2, 3, 4}), f({1, 2, 5, 4}), f({1, 2, 5, 4}), std::nullopt, f({1, 2, 4, 3}), f({1, 2, 4, 4})}, {},
        "past_key is float[1, 2, 4, 3]");
  // spec: Attention-24: "Shape must be broadcastable to `(batch_size, q_num_heads, q_sequence_length, total_sequence_length)`"
  fails(24, {f({1, 2, 3, 4}), f({1, 2, 5, 4}), f({1, 2, 5, 4}), f({1, 2, 2, 5})}, {},
        "attn_mask float[1, 2, 2, 5] does not broadcast to");
  fails(24, {f({1, 2, 3, 4}), f({1, 2, 5, 4}), f({1, 2, 5, 4}), f({3, 6})}, {}, "does not broadcast");
  // spec: Attention-23: "Shape must be broadcastable to 4D tensor with shape `(batch_size, q_num_heads, q_sequence_length, total_sequence_length)`"
  fails(23, {f({1, 2, 3, 4}), f({1, 2, 5, 4}), f({1, 2, 5, 4}), f({3, 4})}, {}, "does not broadcast");
  const Tensor nonpad = Tensor::from_values<int64_t>(ElementType::Int64, {1}, std::vector<int64_t>{6});
  fails(24, {f({1, 2, 3, 4}), f({1, 2, 5, 4}), f({1, 2, 5, 4}), std::nullopt, std::nullopt, std::nullopt, nonpad}, {},
        "nonpad_kv_seqlen[0] = 6 is outside [0, kv_sequence_length = 5]");
  fails(24, {f({1, 1, 1, 1}), f({1, 1, 1, 1}), f({1, 1, 1, 1})}, {{"qk_matmul_output_mode", int64_t{4}}},
        "qk_matmul_output_mode = 4");
  fails(24, {f({1, 1, 1, 1}), f({1, 1, 1, 1}), f({1, 1, 1, 1})}, {{"softmax_precision", int64_t{7}}},
        "softmax_precision = 7");
  fails(24, {f({1, 1, 1, 1}), f({1, 1, 1, 1}), f({1, 1, 1, 1})}, {{"scale", -1.0f}}, "must be finite and not negative");
}

TEST_CASE("Attention: defaults of scale, softcap, qk_matmul_output_mode and softmax_precision (hand-computed)") {
  auto f32 = [](Shape s, std::vector<float> v) {
    return Tensor::from_values<float>(ElementType::Float, std::move(s), v);
  };
  for (int opset : {23, 24}) {
    CAPTURE(opset);
    // head_size 4: scale 1/sqrt(4) = 1/2, so the scores of q = (1, 1, 1, 1) against keys (1, 1, 1, 1)
    // and 0 are 2 and 0; mode 0 (the default) outputs them unchanged (no softcap by default).
    const Tensor q = f32({1, 1, 1, 4}, {1, 1, 1, 1});
    const Tensor k = f32({1, 1, 2, 4}, {1, 1, 1, 1, 0, 0, 0, 0});
    const Tensor v = f32({1, 1, 2, 1}, {2, 4});
    const auto out = attention_run(opset, {q, k, v}, {});
    // spec: Attention-23,24: "Default value is `1/sqrt(head_size)`."
    // spec: Attention-23,24: "Default value is 0."
    CHECK(attention_values<float>(out[3].tensor()) == std::vector<double>{2, 0});
    // Scores 0 and 0.5 against V = (1, -1): Y = p0 - p1 with p rounded to float (the inputs'
    // precision) is -0.24491867423057556, an exact float; a softmax kept in double would give
    // -0.24491865932941437 after rounding Y once. p0 = 1/(1+e^0.5), p1 = e^0.5/(1+e^0.5) by MPFR.
    mpfr_t a, b;
    mpfr_inits2(200, a, b, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_d(a, 0.5, MPFR_RNDN);
    mpfr_exp(a, a, MPFR_RNDN);
    mpfr_add_ui(b, a, 1, MPFR_RNDN);
    mpfr_div(a, a, b, MPFR_RNDN);     // p1
    mpfr_ui_div(b, 1, b, MPFR_RNDN);  // p0
    const double p0 = oracle::round_ieee(b, 1, numeric::Format::Float),
                 p1 = oracle::round_ieee(a, 1, numeric::Format::Float);
    mpfr_clears(a, b, static_cast<mpfr_ptr>(nullptr));
    const auto y =
        attention_run(opset, {f32({1, 1, 1, 1}, {1}), f32({1, 1, 2, 1}, {0, 0.5f}), f32({1, 1, 2, 1}, {1, -1})}, {});
    // spec: Attention-23,24: "If softmax precision is not provided, the same precision as the input of softmax (Q and K) is used."
    CHECK(attention_values<float>(y[0].tensor())[0] == p0 - p1);
    CHECK(p0 - p1 == -0.24491867423057556);
  }
}

TEST_CASE("Attention: attn_mask and is_causal together, past and present caches (hand-computed)") {
  auto f32 = [](Shape s, std::vector<float> v) {
    return Tensor::from_values<float>(ElementType::Float, std::move(s), v);
  };
  // Two queries over two keys with equal scores (K = 0), V = (2, 4): an unmasked row is 3, a row
  // seeing only key 0 is 2, only key 1 is 4. The mask hides key 0 from row 1; causal hides key 1
  // from row 0.
  const Tensor q = f32({1, 1, 2, 1}, {1, 1}), k = f32({1, 1, 2, 1}, {0, 0}), v = f32({1, 1, 2, 1}, {2, 4});
  const Tensor bmask =
      Tensor::from_values<BoolByte>(ElementType::Bool, {2, 2}, std::vector<BoolByte>{{1}, {1}, {0}, {1}});
  const Tensor fmask = f32({2, 2}, {0, 0, -INFINITY, 0});
  const AttentionAttrs causal{{"is_causal", int64_t{1}}};
  for (int opset : {23, 24}) {
    CAPTURE(opset);
    // spec: Attention-23: "A boolean mask where a value of `True` indicates that the element should take part in attention."
    // spec: Attention-23: "2) `attn_mask`: A boolean mask where a value of `True` indicates that the element should take part in attention or a float mask"
    CHECK(attention_values<float>(attention_run(opset, {q, k, v, bmask}, {})[0].tensor()) == std::vector<double>{3, 4});
    // spec: Attention-23: "Also supports a float mask of the same type as query, key, value that is added to the attention score."
    CHECK(attention_values<float>(attention_run(opset, {q, k, v, fmask}, {})[0].tensor()) == std::vector<double>{3, 4});
    CHECK(attention_values<float>(attention_run(opset, {q, k, v}, causal)[0].tensor()) == std::vector<double>{2, 3});
    // Both at once: version 24 adds both biases; version 23's text allows only one, and onnx-ref
    // follows its function body and ONNX's own opset-23 tests, which add both (docs/DEPARTURES.md).
    // spec: Attention-24: "Attention bias to be added is calculated based on `attn_mask` input and `is_causal` attribute: 1) `attn_mask`"
    // spec: Attention-23: "Attention bias to be added is calculated based on `attn_mask` input and `is_causal attribute`, only one of which can be provided."
    CHECK(attention_values<float>(attention_run(opset, {q, k, v, bmask}, causal)[0].tensor()) ==
          std::vector<double>{2, 4});
  }
  // The cache inside the operator: present = past ++ new; Y attends over both (scores 0, Y = 3).
  // spec: Attention-24: "In this case, the `K` and `V` inputs contain only the incoming tokens for the current autoregressive step, and the four optional inputs/outputs past and present key and value are all needed."
  const Tensor one = f32({1, 1, 1, 1}, {1});
  const auto cached = attention_run(24,
                                    {one, f32({1, 1, 1, 1}, {0}), f32({1, 1, 1, 1}, {4}), std::nullopt,
                                     f32({1, 1, 1, 1}, {0}), f32({1, 1, 1, 1}, {2})},
                                    {});
  CHECK(attention_values<float>(cached[0].tensor()) == std::vector<double>{3});
  CHECK(attention_values<float>(cached[1].tensor()) == std::vector<double>{0, 0});
  CHECK(attention_values<float>(cached[2].tensor()) == std::vector<double>{2, 4});
  // The cache outside the operator: nonpad_kv_seqlen with a past cache is refused.
  // spec: Attention-24: "In this case, the `K` and `V` inputs correspond to the entire cache tensor, so the four optional inputs/outputs past and present key and value should not be used."
  // spec: Attention-24: "This should not be used together with `past_key` and `past_value` inputs"
  const Tensor nonpad = Tensor::from_values<int64_t>(ElementType::Int64, {1}, std::vector<int64_t>{1});
  CHECK_THROWS_WITH_AS(attention_run(24, {one, one, one, std::nullopt, one, one, nonpad}, {}),
                       doctest::Contains("nonpad_kv_seqlen cannot be used with past_key and past_value"), Error);
  // spec: Attention-23: "They shall be used together, and not allowed to use only one of them."
  CHECK_THROWS_WITH_AS(attention_run(23, {one, one, one, std::nullopt, one}, {}),
                       doctest::Contains("past_key and past_value must be given together"), Error);
  // 3-D inputs at version 23 need both head counts.
  // spec: Attention-23: "Must be used with 3D inputs of Q, K and V."
  const Tensor x3 = f32({1, 1, 2}, {1, 1});
  CHECK_THROWS_WITH_AS(attention_run(23, {x3, x3, x3}, {{"q_num_heads", int64_t{2}}}),
                       doctest::Contains("need both q_num_heads and kv_num_heads"), Error);
  CHECK(attention_run(23, {x3, x3, x3}, {{"q_num_heads", int64_t{2}}, {"kv_num_heads", int64_t{2}}})[0]
            .tensor()
            .shape() == Shape{1, 1, 2});
}
