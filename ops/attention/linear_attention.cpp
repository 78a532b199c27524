// ONNX LinearAttention, every version (27): the recurrent linear-attention family (linear, gated,
// delta, gated_delta) over packed 3-D inputs (batch, T, heads x head_size), grouped-query heads,
// a (batch, kv_heads, d_k, d_v) state carried in and out.
//
// Contract: rounded at named points. The state is held in float32, as the spec's function body
// accumulates it. Per batch entry, kv head and step t, with g, beta, k, v, q the step's inputs
// (exact floats) and S the state (float32):
//  1. gated rules: a[d] = e^(g[d]) correctly rounded to float32 (g per key dimension, or one per
//     head); the decayed state a[d] S[d, m] is kept exactly (a product of two floats).
//  2. delta rules: r[m] = sum_d a[d] S[d, m] k[d], the exact value rounded once to float32, then
//     u[m] = beta (v[m] - r[m]), exact, rounded once to float32; other rules: u = v.
//  3. S[d, m] = a[d] S[d, m] + k[d] u[m], exact, rounded once to float32.
//  4. output[m] of each query head of the group = scale * sum_d q[d] S[d, m], the exact value
//     rounded once to T. scale is the float attribute's value, or (when it is 0) 1/sqrt(d_k)
//     correctly rounded to double.
// present_state is the final state rounded once to past_state's type (T when there is none).
// Sums round once through attention::round_exact_terms (every term an exact double: products of
// two floats, a third factor split by TwoProduct).
//
// Rules: query (B, T, q_num_heads d_k), key (B, T, kv_num_heads d_k), value (B, T, kv_num_heads
// d_v), decay (B, T, kv_num_heads) or (B, T, kv_num_heads d_k), beta (B, T, kv_num_heads) or
// (B, T, 1), past_state (B, kv_num_heads, d_k, d_v); kv_num_heads divides q_num_heads; decay is
// given exactly for the gated rules and beta exactly for the delta rules; chunk_size (a tuning
// hint) is positive.
#include <cmath>
#include <string>

#include "numeric/elementary.h"
#include "ops/attention/attention_math.h"
#include "ops/attention/register.h"
#include "runtime/cast.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

struct LinearAttentionRule {
  bool gated = false, delta = false;
};

LinearAttentionRule linear_attention_rule(const std::string& name) {
  if (name == "linear") return {false, false};
  if (name == "gated") return {true, false};
  if (name == "delta") return {false, true};
  if (name == "gated_delta") return {true, true};
  throw Error("update_rule " + quote_text(name) + " is not one of linear, gated, delta, gated_delta");
}

std::string linear_attention_n(int64_t v) { return std::to_string(v); }

// Element (b, t, j) of a packed 3-D tensor converted to float (exact: T is a subset of float).
std::vector<double> linear_attention_doubles(const Tensor& t) {
  std::vector<double> out(static_cast<size_t>(t.element_count()));
  dispatch_real(t.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      const S* p = t.template data_as<S>();
      for (size_t i = 0; i < out.size(); ++i) out[i] = widen(p[i]);
    } else {
      throw std::logic_error("LinearAttention: floating inputs only");
    }
  });
  return out;
}

// The attributes the kernel reads, parsed at load (check_attributes refuses the rest).
struct LinearAttentionParams {
  std::string update_rule;
  LinearAttentionRule rule;
  int64_t q_num_heads = 0, kv_num_heads = 0;
  double scale = 0;
};

LinearAttentionParams parse_linear_attention_params(const Attributes& a) {
  const std::string& update_rule = std::get<std::string>(a.get("update_rule"));
  return {update_rule, linear_attention_rule(update_rule), a.get_int("q_num_heads"), a.get_int("kv_num_heads"),
          std::get<float>(a.get("scale"))};
}

std::vector<Value> linear_attention_kernel(const KernelContext& ctx, const LinearAttentionParams& params) {
  const Tensor& query = ctx.input(0);
  const Tensor& key = ctx.input(1);
  const Tensor& value = ctx.input(2);
  const LinearAttentionRule rule = params.rule;
  const int64_t hq = params.q_num_heads, hkv = params.kv_num_heads;
  if (hq <= 0 || hkv <= 0 || hq % hkv != 0)
    throw Error("q_num_heads = " + linear_attention_n(hq) +
                " must be a positive multiple of kv_num_heads = " + linear_attention_n(hkv));
  for (const Tensor* t : {&query, &key, &value})
    if (t->rank() != 3)
      throw Error("query, key and value must be 3-D (batch, T, heads x head_size), but one is " + t->describe());
  const int64_t B = query.shape()[0], T = query.shape()[1];
  if (key.shape()[0] != B || value.shape()[0] != B || key.shape()[1] != T || value.shape()[1] != T)
    throw Error("query " + query.describe() + ", key " + key.describe() + " and value " + value.describe() +
                " must share batch and sequence length");
  if (query.shape()[2] % hq != 0)
    throw Error("q_num_heads = " + linear_attention_n(hq) + " does not divide the last dimension of query " +
                query.describe());
  const int64_t dk = query.shape()[2] / hq;
  if (key.shape()[2] != hkv * dk)
    throw Error("key is " + key.describe() +
                " but its last dimension must be kv_num_heads x d_k = " + linear_attention_n(hkv * dk));
  if (value.shape()[2] % hkv != 0)
    throw Error("kv_num_heads = " + linear_attention_n(hkv) + " does not divide the last dimension of value " +
                value.describe());
  const int64_t dv = value.shape()[2] / hkv, group = hq / hkv;
  if (rule.gated != ctx.has_input(4))
    throw Error(std::string("decay must ") + (rule.gated ? "be given for" : "not be given with") + " update_rule " +
                quote_text(params.update_rule));
  if (rule.delta != ctx.has_input(5))
    throw Error(std::string("beta must ") + (rule.delta ? "be given for" : "not be given with") + " update_rule " +
                quote_text(params.update_rule));
  int64_t decay_width = 0, beta_width = 0;
  if (rule.gated) {
    const Tensor& g = ctx.input(4);
    decay_width = g.rank() == 3 ? g.shape()[2] : -1;
    if (g.rank() != 3 || g.shape()[0] != B || g.shape()[1] != T || (decay_width != hkv && decay_width != hkv * dk))
      throw Error("decay is " + g.describe() + " but must be (" + linear_attention_n(B) + ", " + linear_attention_n(T) +
                  ", " + linear_attention_n(hkv) + ") or (" + linear_attention_n(B) + ", " + linear_attention_n(T) +
                  ", " + linear_attention_n(hkv * dk) + ")");
  }
  if (rule.delta) {
    const Tensor& be = ctx.input(5);
    beta_width = be.rank() == 3 ? be.shape()[2] : -1;
    if (be.rank() != 3 || be.shape()[0] != B || be.shape()[1] != T || (beta_width != hkv && beta_width != 1))
      throw Error("beta is " + be.describe() + " but must be (" + linear_attention_n(B) + ", " + linear_attention_n(T) +
                  ", " + linear_attention_n(hkv) + ") or (" + linear_attention_n(B) + ", " + linear_attention_n(T) +
                  ", 1)");
  }
  const Shape state_shape{B, hkv, dk, dv};
  if (ctx.has_input(3) && ctx.input(3).shape() != state_shape)
    throw Error("past_state is " + ctx.input(3).describe() + " but must be " + shape_to_string(state_shape));
  double scale = params.scale;
  if (scale == 0) {
    if (dk == 0) throw Error("d_k is 0, so the default scale 1/sqrt(d_k) is undefined; give scale");
    scale = attention::default_scale(dk);
  }

  // The state as float32 values held in doubles.
  const MemoryCharge widened_charge = charge_scratch<double>(
      static_cast<uint64_t>(2 * B * hkv * dk * dv + query.element_count() + key.element_count() +
                            value.element_count() + (rule.gated ? ctx.input(4).element_count() : 0) +
                            (rule.delta ? ctx.input(5).element_count() : 0) + dk + dv + 2 * dk + 2),
      "LinearAttention's state and widened inputs");
  std::vector<double> state(static_cast<size_t>(B * hkv * dk * dv), 0.0);
  if (ctx.has_input(3)) state = linear_attention_doubles(cast_tensor(ctx.input(3), ElementType::Float));
  const std::vector<double> q = linear_attention_doubles(query), k = linear_attention_doubles(key),
                            v = linear_attention_doubles(value);
  const std::vector<double> g = rule.gated ? linear_attention_doubles(ctx.input(4)) : std::vector<double>{};
  const std::vector<double> beta = rule.delta ? linear_attention_doubles(ctx.input(5)) : std::vector<double>{};
  Tensor out = Tensor::uninitialized(query.type(), {B, T, hq * dv});
  std::vector<double> a(static_cast<size_t>(dk), 1.0), u(static_cast<size_t>(dv)),
      terms(static_cast<size_t>(2 * dk + 2));
  dispatch_real(query.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (!is_float_storage<S> || std::is_same_v<S, double>) {
      throw std::logic_error("LinearAttention: element type " + std::string(name_of(query.type())));
    } else {
      S* o = reinterpret_cast<S*>(out.mutable_data());
      for (int64_t b = 0; b < B; ++b)
        for (int64_t t = 0; t < T; ++t)
          for (int64_t h = 0; h < hkv; ++h) {
            double* st = state.data() + (b * hkv + h) * dk * dv;
            const double* kt = k.data() + (b * T + t) * hkv * dk + h * dk;
            const double* vt = v.data() + (b * T + t) * hkv * dv + h * dv;
            if (rule.gated)
              for (int64_t d = 0; d < dk; ++d) {
                const double gd =
                    g[static_cast<size_t>((b * T + t) * decay_width + (decay_width == hkv ? h : h * dk + d))];
                a[static_cast<size_t>(d)] = numeric::exp(static_cast<float>(gd));
              }
            for (int64_t m = 0; m < dv; ++m) u[static_cast<size_t>(m)] = vt[m];
            if (rule.delta) {
              const double bt = beta[static_cast<size_t>((b * T + t) * beta_width + (beta_width == 1 ? 0 : h))];
              for (int64_t m = 0; m < dv; ++m) {
                int64_t n = 0;
                for (int64_t d = 0; d < dk; ++d) {  // a S exact; times k split into two exact parts
                  const double x = a[static_cast<size_t>(d)] * st[d * dv + m], p = x * kt[d];
                  terms[static_cast<size_t>(n++)] = p;
                  terms[static_cast<size_t>(n++)] = std::fma(x, kt[d], -p);
                }
                const double r = attention::round_exact_terms<float>(terms.data(), n);
                const double diff[2] = {bt * vt[m], -(bt * r)};  // each exact: two floats
                u[static_cast<size_t>(m)] = attention::round_exact_terms<float>(diff, 2);
              }
            }
            for (int64_t d = 0; d < dk; ++d)
              for (int64_t m = 0; m < dv; ++m) {
                const double parts[2] = {a[static_cast<size_t>(d)] * st[d * dv + m], kt[d] * u[static_cast<size_t>(m)]};
                st[d * dv + m] = attention::round_exact_terms<float>(parts, 2);
              }
            for (int64_t j = 0; j < group; ++j) {
              const int64_t head = h * group + j;
              const double* qt = q.data() + (b * T + t) * hq * dk + head * dk;
              S* ot = o + (b * T + t) * hq * dv + head * dv;
              for (int64_t m = 0; m < dv; ++m) {
                int64_t n = 0;
                for (int64_t d = 0; d < dk; ++d) {  // q S exact; times scale split into two exact parts
                  const double x = qt[d] * st[d * dv + m], p = scale * x;
                  terms[static_cast<size_t>(n++)] = p;
                  terms[static_cast<size_t>(n++)] = std::fma(scale, x, -p);
                }
                ot[m] = attention::round_exact_terms<S>(terms.data(), n);
              }
            }
          }
    }
  });
  Tensor present = Tensor::uninitialized(ElementType::Float, state_shape);
  float* ps = reinterpret_cast<float*>(present.mutable_data());
  for (size_t i = 0; i < state.size(); ++i) ps[i] = static_cast<float>(state[i]);  // exact: float values
  const ElementType state_type = ctx.has_input(3) ? ctx.input(3).type() : query.type();
  return {out, state_type == ElementType::Float ? present : cast_tensor(present, state_type)};
}

}  // namespace

void register_linear_attention(Registry& registry) {
  OpVersion v;
  v.op_type = "LinearAttention";
  v.since_version = 27;
  v.inputs = {{"query", "T"},
              {"key", "T"},
              {"value", "T"},
              {"past_state", "S", ParamOption::Optional},
              {"decay", "T", ParamOption::Optional},
              {"beta", "T", ParamOption::Optional}};
  v.outputs = {{"output", "T"}, {"present_state", "S"}};
  v.attributes = {{"chunk_size", AttrType::Int, false, int64_t{64}},
                  {"kv_num_heads", AttrType::Int, true},
                  {"q_num_heads", AttrType::Int, true},
                  {"scale", AttrType::Float, false, 0.0f},
                  {"update_rule", AttrType::String, false, std::string("gated_delta")}};
  const TypeSet types{ElementType::Float, ElementType::Float16, ElementType::BFloat16};
  v.type_constraints = {{"T", types}, {"S", types}};
  v.check_attributes = [](const Attributes& a) {
    linear_attention_rule(std::get<std::string>(a.get("update_rule")));
    if (a.get_int("chunk_size") <= 0)
      throw Error("chunk_size = " + linear_attention_n(a.get_int("chunk_size")) + " must be positive");
    if (!std::isfinite(std::get<float>(a.get("scale")))) throw Error("scale must be finite");
  };
  v.set_kernel(parse_linear_attention_params, linear_attention_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("LinearAttention",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "state held in float as the function body does; the decay e^g correctly rounded; "
                             "retrieval, update, new state and output each the exact value rounded once"});
}

}  // namespace onnx_ref
