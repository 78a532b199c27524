// ai.onnx.preview FlexAttention, every version (1): scaled dot-product attention over rank-4
// inputs with two optional modifier graphs, score_mod (on the scores) and prob_mod (on the
// probabilities), each taking one (batch, q_num_heads, q_sequence_length, kv_sequence_length)
// tensor of the softmax precision's type and returning one of the same shape and type.
//
// Contract: rounded at named points. C is the softmax precision's type (softmax_precision, or
// double for double inputs and float otherwise, as the spec says). Query head h reads key/value
// head h / (q_num_heads / kv_num_heads).
//  1. score S[i, j] = scale * sum_d Q[i, d] K[j, d], the exact value rounded once to C; `scale`
//     is the float attribute exactly, or 1/sqrt(head_size) correctly rounded to double.
//  2. score_mod runs on S (its results are the graph's own).
//  3. P = softmax of each row, correctly rounded to C (ops/softmax).
//  4. prob_mod runs on P.
//  5. Y[i, :] = sum_j P[i, j] V[j, :], the exact value rounded once to T1.
// Rules: Q, K and V rank 4 with one batch size; K and V of one head count and length; Q's and
// K's head sizes equal; kv heads dividing q heads; a modifier graph with one input and one
// output, returning a tensor of C and the scores' shape; softmax_precision one of 1 (float),
// 10 (float16), 11 (double), 16 (bfloat16).
#include <cmath>
#include <string>

#include "ops/attention/attention_math.h"
#include "ops/attention/register.h"
#include "ops/softmax/softmax_family.h"
#include "ops/subgraph_signature.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

std::string flex_n(int64_t v) { return std::to_string(v); }

// softmax_precision (nullopt: absent) chooses the type scores are computed in.
ElementType flex_compute_type(std::optional<int64_t> softmax_precision, ElementType t1) {
  if (!softmax_precision) return t1 == ElementType::Double ? ElementType::Double : ElementType::Float;
  switch (*softmax_precision) {
    case 1:
      return ElementType::Float;
    case 10:
      return ElementType::Float16;
    case 11:
      return ElementType::Double;
    case 16:
      return ElementType::BFloat16;
    default:
      throw Error("softmax_precision = " + flex_n(*softmax_precision) +
                  " is not a floating type the spec allows (1 float, 10 float16, 11 double, 16 bfloat16)");
  }
}

std::optional<int64_t> flex_softmax_precision(const Attributes& attrs) {
  if (!attrs.has("softmax_precision")) return std::nullopt;
  return attrs.get_int("softmax_precision");
}

// The attributes, parsed and checked at load.
struct FlexAttentionParams {
  std::optional<double> scale;
  std::optional<int64_t> softmax_precision;
  bool has_score_mod = false, has_prob_mod = false;
};

FlexAttentionParams parse_flex_attention_params(const Attributes& attrs) {
  FlexAttentionParams p;
  if (attrs.has("scale")) p.scale = std::get<float>(attrs.get("scale"));
  p.softmax_precision = flex_softmax_precision(attrs);
  flex_compute_type(p.softmax_precision, ElementType::Float);
  p.has_score_mod = attrs.has("score_mod");
  p.has_prob_mod = attrs.has("prob_mod");
  return p;
}

// Runs modifier graph `name` (when the node has it) on `x` and checks what it returns.
Tensor flex_modify(const KernelContext& ctx, bool present, const std::string& name, const Tensor& x) {
  if (!present) return x;
  std::vector<Value> out = ctx.run_graph(name, {Value(x)});
  if (out.size() != 1 || !out[0].is_tensor()) throw Error("graph '" + name + "' must return one tensor");
  const Tensor& y = out[0].tensor();
  if (y.type() != x.type() || y.shape() != x.shape())
    throw Error("graph '" + name + "' returned " + y.describe() + " but must return " + x.describe() +
                " (its input's type and shape)");
  return y;
}

std::vector<Value> flex_attention_kernel(const KernelContext& ctx, const FlexAttentionParams& params) {
  const Tensor& q = ctx.input(0);
  const Tensor& k = ctx.input(1);
  const Tensor& v = ctx.input(2);
  if (q.rank() != 4 || k.rank() != 4 || v.rank() != 4)
    throw Error("Q " + q.describe() + ", K " + k.describe() + " and V " + v.describe() +
                " must be rank 4 (batch, heads, sequence, head_size)");
  const int64_t B = q.shape()[0], hq = q.shape()[1], L = q.shape()[2], E = q.shape()[3];
  const int64_t hkv = k.shape()[1], S = k.shape()[2], Ev = v.shape()[3];
  if (k.shape()[0] != B || v.shape()[0] != B)
    throw Error("Q " + q.describe() + ", K " + k.describe() + " and V " + v.describe() + " must have one batch size");
  if (v.shape()[1] != hkv || v.shape()[2] != S)
    throw Error("V " + v.describe() + " must have K's heads and sequence length, K is " + k.describe());
  if (k.shape()[3] != E)
    throw Error("Q's head size " + flex_n(E) + " and K's head size " + flex_n(k.shape()[3]) + " differ");
  if (hkv <= 0 || hq % hkv != 0) throw Error("kv_num_heads " + flex_n(hkv) + " must divide q_num_heads " + flex_n(hq));
  double scale;
  if (params.scale) {
    scale = *params.scale;
  } else {
    if (E == 0) throw Error("head_size is 0, so the default scale 1/sqrt(head_size) is undefined; give scale");
    scale = attention::default_scale(E);
  }
  const ElementType t1 = q.type(), c = flex_compute_type(params.softmax_precision, t1);
  const int64_t reps = hq / hkv;
  Tensor scores = Tensor::uninitialized(c, {B, hq, L, S});
  for (int64_t b = 0; b < B; ++b)
    for (int64_t h = 0; h < hq; ++h) {
      const int64_t q_offset = (b * hq + h) * L * E, k_offset = (b * hkv + h / reps) * S * E,
                    s_offset = (b * hq + h) * L * S;
      attention::head_product({&q, q_offset, E, 1}, {&k, k_offset, 1, E}, scale, scores, s_offset, L, S, E);
    }
  const Tensor modified = flex_modify(ctx, params.has_score_mod, "score_mod", scores);
  Tensor probs = Tensor::uninitialized(c, modified.shape());
  if (modified.element_count() > 0) softmax_lines(modified, probs, LineLayout{B * hq * L, S, 1}, false);
  const Tensor p = flex_modify(ctx, params.has_prob_mod, "prob_mod", probs);
  Tensor y = Tensor::uninitialized(t1, {B, hq, L, Ev});
  for (int64_t b = 0; b < B; ++b)
    for (int64_t h = 0; h < hq; ++h) {
      const int64_t p_offset = (b * hq + h) * L * S, v_offset = (b * hkv + h / reps) * S * Ev,
                    y_offset = (b * hq + h) * L * Ev;
      attention::head_product({&p, p_offset, S, 1}, {&v, v_offset, Ev, 1}, 1.0, y, y_offset, L, Ev, S);
    }
  return {y};
}

// Each modifier graph takes one tensor and returns one, checked when the model loads.
std::vector<std::optional<ValueType>> flex_attention_outputs(const Attributes& attrs,
                                                             const std::vector<std::optional<ValueType>>& in,
                                                             size_t output_count) {
  for (const char* name : {"score_mod", "prob_mod"}) {
    if (!attrs.has(name)) continue;
    const Subgraph& graph = attrs.get_graph(name);
    check_signature(graph, name, 1, 1, "one rank-4 tensor in, one of the same shape and type out");
    if (!in.empty() && in[0]) {
      const ValueType want{ValueKind::Tensor, flex_compute_type(flex_softmax_precision(attrs), in[0]->elem)};
      check_input_type(graph.input_types()[0], want, name, 0);
      const auto& out = graph.output_types()[0];
      if (out && !(*out == want))
        throw Error("graph '" + std::string(name) + "' declares its output as " + out->to_string() +
                    " but must return " + want.to_string());
    }
  }
  return std::vector<std::optional<ValueType>>(output_count);
}

}  // namespace

void register_flex_attention(Registry& registry) {
  OpVersion v;
  v.domain = "ai.onnx.preview";
  v.op_type = "FlexAttention";
  v.since_version = 1;
  v.inputs = {{"Q", "T1"}, {"K", "T1"}, {"V", "T1"}};
  v.outputs = {{"Y", "T1"}};
  v.attributes = {{"prob_mod", AttrType::Graph},
                  {"scale", AttrType::Float},
                  {"score_mod", AttrType::Graph},
                  {"softmax_precision", AttrType::Int}};
  v.type_constraints = {
      {"T1", TypeSet{ElementType::Float, ElementType::Float16, ElementType::BFloat16, ElementType::Double}}};
  v.infer_outputs = flex_attention_outputs;
  v.set_kernel(parse_flex_attention_params, flex_attention_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("FlexAttention",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "scores and probabilities in the softmax precision's type: exact dot products rounded "
                             "once, softmax correctly rounded, Y rounded once"},
                            {}, "ai.onnx.preview");
}

}  // namespace onnx_ref
