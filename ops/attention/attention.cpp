// ONNX Attention, every version (23, 24): scaled dot-product attention over 4-D inputs (batch,
// heads, sequence, head_size) or 3-D inputs (batch, sequence, heads x head_size, with q_num_heads
// and kv_num_heads), grouped-query heads, a boolean or additive mask, causal masking, a key/value
// cache (past_key/past_value in, present_key/present_value out) and, from 24, nonpad_kv_seqlen.
//
// Contract: rounded at named points. With T1 the type of Q and K (and of Y), per batch entry b,
// query head h (its key/value head is h / (q_num_heads / kv_num_heads), each kv head serving
// consecutive query heads), query position i and key position j:
//  1. score S[i, j] = scale * sum_d Q[i, d] K[j, d], the exact value rounded once to T1 (the checked
//     GEMM engine, gemm/dot.h, with alpha = scale). `scale` enters as a double: the float attribute
//     exactly, or by default 1/sqrt(head_size) correctly rounded to double. The spec's
//     Q*sqrt(scale), K*sqrt(scale) only avoids overflow in rounded arithmetic; scaling the exact
//     product once is its exact value (so a negative scale, whose square root the spec takes, is
//     refused). qk_matmul_output_mode 0 outputs S.
//  2. softcap c (nonzero): C = c tanh(S / c), the exact value rounded once to T1 (mode 1 outputs C,
//     or S without softcap).
//  3. the bias: the mask's value converted to T1 (Cast: rounded once; bool: true 0, false -inf),
//     plus -inf where the causal rule (past_length + i < j), the v24 mask padding (j beyond the
//     mask's last dimension) or nonpad_kv_seqlen (j >= nonpad_kv_seqlen[b]) masks the position,
//     added in IEEE arithmetic (a +inf mask value masked becomes NaN, as the spec's Adds give).
//     W = C + bias rounded once to T1 (mode 2 outputs W).
//  4. P = softmax of each row of W (converted first to softmax_precision's type, rounded once when
//     narrower), correctly rounded in that type as ops/softmax does, then converted to T1 (mode 3
//     outputs that). A row masked everywhere is NaN, as the spec's Softmax gives.
//  5. Y[i, :] = sum_j P[i, j] V[j, :], the exact value rounded once to T1 (gemm/dot.h when V is T1,
//     an exact sum of exact products otherwise).
// Version 23's text takes attn_mask or is_causal, not both; its function body adds both biases and
// ONNX's own tests (opset 23, ONNX 1.20) give both, so both are taken, as in 24.
// present_key and present_value are the past cache and the new keys/values concatenated along the
// sequence (data movement only), 4-D whatever Q's rank.
//
// Rules refused with one-line errors: Q, K and V of different ranks or batches; 3-D inputs without
// both head counts, or hidden sizes they do not divide; 4-D inputs whose head-count attributes
// disagree with their shapes; query and key head sizes that differ; kv heads that do not divide the
// query heads; K and V of different lengths; a cache whose batch, heads, head size or length
// (past_key vs past_value) does not fit; a mask that does not broadcast to (batch, q_num_heads,
// q_sequence_length, total_sequence_length) (24: its last dimension may be shorter, padded with
// -inf); nonpad_kv_seqlen
// that is not (batch,), lies outside [0, kv_sequence_length], or comes with a past cache; an
// unknown softmax_precision or qk_matmul_output_mode; a negative or non-finite scale; a non-finite
// softcap.
#include <cmath>
#include <limits>
#include <string>

#include "gemm/dot.h"
#include "ops/attention/attention_math.h"
#include "ops/attention/register.h"
#include "ops/float_dispatch.h"
#include "ops/softmax/softmax_family.h"
#include "ops/type_sets.h"
#include "runtime/cast.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

std::string attention_dim(int64_t v) { return std::to_string(v); }

// The attributes, parsed and checked at load (parse_attention_params).
struct AttentionParams {
  std::optional<int64_t> q_num_heads, kv_num_heads;
  bool causal = false;
  int64_t qk_matmul_output_mode = 0;
  std::optional<double> scale;
  double softcap = 0;
  std::optional<ElementType> softmax_type;  // nullopt: T1
};

// The problem's sizes, with element strides of Q in its own layout.
struct AttentionDims {
  bool three_d = false;
  int64_t batch = 0, q_heads = 0, kv_heads = 0, q_len = 0, kv_len = 0, past = 0, total = 0, head = 0, v_head = 0;
  // Q element (b, h, i, d) is at b * q_batch + h * q_head + i * q_row + d.
  int64_t q_batch = 0, q_head = 0, q_row = 0;
};

AttentionDims attention_dims(const KernelContext& ctx, const AttentionParams& params, int version) {
  const Tensor& q = ctx.input(0);
  const Tensor& k = ctx.input(1);
  const Tensor& v = ctx.input(2);
  AttentionDims d;
  if (q.rank() != 3 && q.rank() != 4)
    throw Error(
        "Q must be 4-D (batch, q_num_heads, q_sequence_length, head_size) or 3-D (batch, q_sequence_length, "
        "q_hidden_size), but it is " +
        q.describe());
  if (k.rank() != q.rank() || v.rank() != q.rank())
    throw Error("Q " + q.describe() + ", K " + k.describe() + " and V " + v.describe() + " must have the same rank");
  const Shape &qs = q.shape(), &ks = k.shape(), &vs = v.shape();
  if (ks[0] != qs[0] || vs[0] != qs[0])
    throw Error("Q " + q.describe() + ", K " + k.describe() + " and V " + v.describe() +
                " must have the same batch size");
  const bool has_q = params.q_num_heads.has_value(), has_kv = params.kv_num_heads.has_value();
  d.batch = qs[0];
  int64_t k_head = 0;
  if (q.rank() == 4) {
    d.q_heads = qs[1], d.q_len = qs[2], d.head = qs[3];
    d.kv_heads = ks[1], d.kv_len = ks[2], k_head = ks[3];
    if (vs[1] != d.kv_heads || vs[2] != d.kv_len)
      throw Error("V " + v.describe() + " must have K's heads and sequence length, K is " + k.describe());
    d.v_head = vs[3];
    if (has_q && *params.q_num_heads != d.q_heads)
      throw Error("q_num_heads = " + attention_dim(*params.q_num_heads) + " but the 4-D Q " + q.describe() + " has " +
                  attention_dim(d.q_heads) + " heads");
    if (has_kv && *params.kv_num_heads != d.kv_heads)
      throw Error("kv_num_heads = " + attention_dim(*params.kv_num_heads) + " but the 4-D K " + k.describe() + " has " +
                  attention_dim(d.kv_heads) + " heads");
    d.q_row = d.head, d.q_head = d.q_len * d.head, d.q_batch = d.q_heads * d.q_head;
  } else {
    d.three_d = true;
    if (!has_q || !has_kv) throw Error("3-D Q, K and V need both q_num_heads and kv_num_heads");
    d.q_heads = *params.q_num_heads, d.kv_heads = *params.kv_num_heads;
    if (d.q_heads <= 0 || d.kv_heads <= 0)
      throw Error("q_num_heads = " + attention_dim(d.q_heads) + " and kv_num_heads = " + attention_dim(d.kv_heads) +
                  " must be positive");
    if (qs[2] % d.q_heads != 0)
      throw Error("q_num_heads = " + attention_dim(d.q_heads) + " does not divide Q's hidden size in " + q.describe());
    if (ks[2] % d.kv_heads != 0 || vs[2] % d.kv_heads != 0)
      throw Error("kv_num_heads = " + attention_dim(d.kv_heads) + " does not divide the hidden sizes of K " +
                  k.describe() + " and V " + v.describe());
    if (vs[1] != ks[1])
      throw Error("K " + k.describe() + " and V " + v.describe() + " must have the same sequence length");
    d.q_len = qs[1], d.head = qs[2] / d.q_heads, d.kv_len = ks[1], k_head = ks[2] / d.kv_heads,
    d.v_head = vs[2] / d.kv_heads;
    d.q_row = qs[2], d.q_head = d.head, d.q_batch = d.q_len * qs[2];
  }
  if (k_head != d.head)
    throw Error("Q's head size " + attention_dim(d.head) + " and K's head size " + attention_dim(k_head) +
                " differ (Q " + q.describe() + ", K " + k.describe() + ")");
  if (d.kv_heads <= 0 || d.q_heads % d.kv_heads != 0)
    throw Error("kv_num_heads " + attention_dim(d.kv_heads) + " must divide q_num_heads " + attention_dim(d.q_heads));
  const bool has_past_key = ctx.has_input(4), has_past_value = ctx.has_input(5);
  if (has_past_key != has_past_value) throw Error("past_key and past_value must be given together");
  if (has_past_key) {
    const Tensor& pk = ctx.input(4);
    const Tensor& pv = ctx.input(5);
    if (pk.rank() != 4 || pk.shape()[0] != d.batch || pk.shape()[1] != d.kv_heads || pk.shape()[3] != d.head)
      throw Error("past_key is " + pk.describe() + " but must be (" + attention_dim(d.batch) + ", " +
                  attention_dim(d.kv_heads) + ", past_sequence_length, " + attention_dim(d.head) + ")");
    if (pv.rank() != 4 || pv.shape()[0] != d.batch || pv.shape()[1] != d.kv_heads || pv.shape()[2] != pk.shape()[2] ||
        pv.shape()[3] != d.v_head)
      throw Error("past_value is " + pv.describe() + " but must be (" + attention_dim(d.batch) + ", " +
                  attention_dim(d.kv_heads) + ", " + attention_dim(pk.shape()[2]) + ", " + attention_dim(d.v_head) +
                  ") to match past_key " + pk.describe());
    d.past = pk.shape()[2];
  }
  d.total = d.past + d.kv_len;
  if (version >= 24 && ctx.has_input(6) && has_past_key)
    throw Error(
        "nonpad_kv_seqlen cannot be used with past_key and past_value (the cache is updated outside Attention then)");
  return d;
}

// present = past ++ new along the sequence, 4-D (batch, kv_heads, total, width); `fresh` is K or
// V in its own layout (3-D rows are width-element runs of one head).
Tensor attention_present(const KernelContext& ctx, size_t fresh_index, size_t past_index, const AttentionDims& d,
                         int64_t width) {
  const Tensor& fresh = ctx.input(fresh_index);
  if (!d.three_d && !ctx.has_input(past_index)) return fresh;
  Tensor out = Tensor::uninitialized(fresh.type(), {d.batch, d.kv_heads, d.total, width});
  for (int64_t b = 0; b < d.batch; ++b)
    for (int64_t h = 0; h < d.kv_heads; ++h) {
      const int64_t base = (b * d.kv_heads + h) * d.total * width;
      if (d.past > 0)
        copy_elements(ctx.input(past_index), (b * d.kv_heads + h) * d.past * width, out, base, d.past * width);
      if (!d.three_d) {
        copy_elements(fresh, (b * d.kv_heads + h) * d.kv_len * width, out, base + d.past * width, d.kv_len * width);
      } else {
        for (int64_t s = 0; s < d.kv_len; ++s)
          copy_elements(fresh, (b * d.kv_len + s) * d.kv_heads * width + h * width, out, base + (d.past + s) * width,
                        width);
      }
    }
  return out;
}

// The bias of every (b, h, i, j) but the mask's own value: whether the causal rule, the padding of
// a short mask or nonpad_kv_seqlen masks it; and the mask, broadcast.
struct AttentionBias {
  bool has_mask = false, bool_mask = false, causal = false;
  Tensor mask;                  // bool, or converted to T1
  int64_t stride[4] = {};       // element strides of the mask over (b, h, i, j); 0 where broadcast
  int64_t mask_len = 0;         // the mask's last dimension (v24: shorter ones are padded with -inf)
  std::vector<int64_t> nonpad;  // per batch entry, or empty

  double at(int64_t b, int64_t h, int64_t i, int64_t j, int64_t past) const {
    double bias = 0;
    if (has_mask) {
      if (j >= mask_len) {
        bias = -std::numeric_limits<double>::infinity();
      } else {
        const int64_t index = b * stride[0] + h * stride[1] + i * stride[2] + j * stride[3];
        bias = bool_mask ? (mask.data_as<BoolByte>()[index].value ? 0.0 : -std::numeric_limits<double>::infinity())
                         : read_real(mask.type(), mask.data(), index);
      }
    }
    if (causal && past + i < j) bias += -std::numeric_limits<double>::infinity();
    if (!nonpad.empty() && j >= nonpad[static_cast<size_t>(b)]) bias += -std::numeric_limits<double>::infinity();
    return bias;
  }
};

AttentionBias attention_bias(const KernelContext& ctx, const AttentionDims& d, bool causal, int version,
                             ElementType t1) {
  AttentionBias bias;
  bias.causal = causal;
  if (ctx.has_input(3)) {
    const Tensor& m = ctx.input(3);
    if (m.rank() > 4) throw Error("attn_mask " + m.describe() + " has more than 4 dimensions");
    const int64_t target[4] = {d.batch, d.q_heads, d.q_len, d.total};
    Shape padded(4, 1);
    for (int64_t r = 0; r < m.rank(); ++r)
      padded[static_cast<size_t>(4 - m.rank() + r)] = m.shape()[static_cast<size_t>(r)];
    const std::string broadcast_rule =
        version >= 24 ? " (its last dimension may also be shorter, padded with -inf)" : "";
    for (int a = 0; a < 4; ++a) {
      const int64_t got = padded[static_cast<size_t>(a)];
      const bool fits = got == target[a] || (got == 1 && (a < 3 || version < 24 || m.rank() == 0)) ||
                        (a == 3 && version >= 24 && got <= target[a] && m.rank() > 0);
      if (!fits)
        throw Error("attn_mask " + m.describe() +
                    " does not broadcast to (batch, q_num_heads, q_sequence_length, total_sequence_length) = (" +
                    attention_dim(d.batch) + ", " + attention_dim(d.q_heads) + ", " + attention_dim(d.q_len) + ", " +
                    attention_dim(d.total) + ")" + broadcast_rule);
    }
    int64_t step = 1;
    for (int a = 3; a >= 0; --a) {
      bias.stride[a] = padded[static_cast<size_t>(a)] == 1 ? 0 : step;
      step *= padded[static_cast<size_t>(a)];
    }
    // A last dimension of 1 broadcasts in version 23 and is padded in 24 (when shorter than total).
    bias.mask_len = version >= 24 && m.rank() > 0 ? padded[3] : d.total;
    bias.has_mask = true;
    bias.bool_mask = m.type() == ElementType::Bool;
    bias.mask = bias.bool_mask ? m : cast_tensor(m, t1);
  }
  if (version >= 24 && ctx.has_input(6)) {
    const Tensor& n = ctx.input(6);
    if (n.shape() != Shape{d.batch})
      throw Error("nonpad_kv_seqlen is " + n.describe() + " but must be (" + attention_dim(d.batch) + ",)");
    for (int64_t b = 0; b < d.batch; ++b) {
      const int64_t len = read_int64(ElementType::Int64, n.data(), b);
      if (len < 0 || len > d.kv_len)
        throw Error("nonpad_kv_seqlen[" + attention_dim(b) + "] = " + attention_dim(len) +
                    " is outside [0, kv_sequence_length = " + attention_dim(d.kv_len) + "]");
      bias.nonpad.push_back(len);
    }
  }
  return bias;
}

std::vector<Value> attention_kernel(const KernelContext& ctx, const AttentionParams& params, int version) {
  const AttentionDims d = attention_dims(ctx, params, version);
  const Tensor& q = ctx.input(0);
  const ElementType t1 = q.type();
  const Tensor present_key = attention_present(ctx, 1, 4, d, d.head);
  const Tensor present_value = attention_present(ctx, 2, 5, d, d.v_head);
  const AttentionBias bias = attention_bias(ctx, d, params.causal, version, t1);
  double scale;
  if (params.scale) {
    scale = *params.scale;
  } else {
    if (d.head == 0) throw Error("head_size is 0, so the default scale 1/sqrt(head_size) is undefined; give scale");
    scale = attention::default_scale(d.head);
  }
  const double cap = params.softcap;
  const int64_t mode = params.qk_matmul_output_mode;
  const bool want_qk = ctx.output_count() > 3;
  const Shape score_shape{d.batch, d.q_heads, d.q_len, d.total};
  if (!checked_element_count(score_shape) || !checked_element_count({d.batch, d.q_heads, d.q_len, d.v_head}))
    throw Error("the attention scores " + shape_to_string(score_shape) + " have more elements than int64 counts");
  const int64_t reps = d.q_heads / d.kv_heads;
  const int64_t rows = d.batch * d.q_heads * d.q_len;  // softmax rows
  Tensor scores = Tensor::uninitialized(t1, score_shape);
  Tensor qk_out;
  Tensor y4 = Tensor::uninitialized(t1, {d.batch, d.q_heads, d.q_len, d.v_head});
  dispatch_float(t1, "Attention", [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* w = reinterpret_cast<S*>(scores.mutable_data());
    const S* qd = q.template data_as<S>();
    const S* kd = present_key.template data_as<S>();
    // 1. the scaled scores, rounded once.
    for (int64_t b = 0; b < d.batch; ++b)
      for (int64_t h = 0; h < d.q_heads; ++h) {
        gemm::GemmArgs<S> g;
        g.M = d.q_len, g.N = d.total, g.K = d.head;
        g.A = {qd + b * d.q_batch + h * d.q_head, d.q_row, 1};
        g.B = {kd + (b * d.kv_heads + h / reps) * d.total * d.head, 1, d.head};
        g.alpha = scale;
        g.Y = w + (b * d.q_heads + h) * d.q_len * d.total;
        gemm::gemm(g);
      }
    const int64_t count = scores.element_count();
    auto snapshot = [&] {
      qk_out = Tensor::uninitialized(t1, score_shape);
      if (count > 0) copy_elements(scores, 0, qk_out, 0, count);
    };
    if (want_qk && (mode == 0 || (mode == 1 && cap == 0))) snapshot();
    // 2. softcap, correctly rounded.
    if (cap != 0) {
      for (int64_t e = 0; e < count; ++e) w[e] = narrow<S>(attention::softcap_rounded(t1, widen(w[e]), cap));
      if (want_qk && mode == 1) snapshot();
    }
    // 3. the bias, added and rounded once.
    for (int64_t b = 0; b < d.batch; ++b)
      for (int64_t h = 0; h < d.q_heads; ++h)
        for (int64_t i = 0; i < d.q_len; ++i) {
          S* row = w + ((b * d.q_heads + h) * d.q_len + i) * d.total;
          for (int64_t j = 0; j < d.total; ++j) {
            // One IEEE addition rounded once, also of a zero bias (-0 + 0 is +0, as the spec's Add).
            row[j] = narrow<S>(widen(row[j]) + bias.at(b, h, i, j, d.past));
          }
        }
    if (want_qk && mode == 2) snapshot();
  });
  // 4. softmax in its precision, then in T1.
  const ElementType softmax_type = params.softmax_type.value_or(t1);
  const Tensor softmax_in = softmax_type == t1 ? scores : cast_tensor(scores, softmax_type);
  Tensor softmax_out = Tensor::uninitialized(softmax_type, score_shape);
  if (rows > 0 && d.total > 0) softmax_lines(softmax_in, softmax_out, LineLayout{rows, d.total, 1}, false);
  const Tensor probabilities = softmax_type == t1 ? softmax_out : cast_tensor(softmax_out, t1);
  if (want_qk && mode == 3) qk_out = probabilities;
  // 5. Y = P V, each output rounded once.
  const int64_t v_block = d.total * d.v_head;
  for (int64_t b = 0; b < d.batch; ++b)
    for (int64_t h = 0; h < d.q_heads; ++h) {
      const int64_t p_offset = (b * d.q_heads + h) * d.q_len * d.total,
                    y_offset = (b * d.q_heads + h) * d.q_len * d.v_head;
      const int64_t v_offset = (b * d.kv_heads + h / reps) * v_block;
      attention::head_product({&probabilities, p_offset, d.total, 1}, {&present_value, v_offset, d.v_head, 1}, 1.0, y4,
                              y_offset, d.q_len, d.v_head, d.total);
    }
  Tensor y = y4;
  if (d.three_d) {
    y = Tensor::uninitialized(t1, {d.batch, d.q_len, d.q_heads * d.v_head});
    for (int64_t b = 0; b < d.batch; ++b)
      for (int64_t h = 0; h < d.q_heads; ++h)
        for (int64_t i = 0; i < d.q_len; ++i)
          copy_elements(y4, ((b * d.q_heads + h) * d.q_len + i) * d.v_head, y,
                        (b * d.q_len + i) * d.q_heads * d.v_head + h * d.v_head, d.v_head);
  }
  std::vector<Value> out{y, present_key, present_value};
  if (want_qk) out.push_back(qk_out);
  out.resize(ctx.output_count());
  return out;
}

AttentionParams parse_attention_params(const Attributes& a) {
  AttentionParams p;
  p.causal = a.get_flag("is_causal");
  p.qk_matmul_output_mode = a.get_int("qk_matmul_output_mode");
  if (p.qk_matmul_output_mode < 0 || p.qk_matmul_output_mode > 3)
    throw Error("qk_matmul_output_mode = " + attention_dim(p.qk_matmul_output_mode) + " is not one of 0, 1, 2, 3");
  if (a.has("softmax_precision")) {
    switch (a.get_int("softmax_precision")) {
      case 1:
        p.softmax_type = ElementType::Float;
        break;
      case 10:
        p.softmax_type = ElementType::Float16;
        break;
      case 11:
        p.softmax_type = ElementType::Double;
        break;
      case 16:
        p.softmax_type = ElementType::BFloat16;
        break;
      default:
        throw Error("softmax_precision = " + attention_dim(a.get_int("softmax_precision")) +
                    " is not a floating type the spec allows (1 float, 10 float16, 11 double, 16 bfloat16)");
    }
  }
  if (a.has("scale")) {
    const float s = std::get<float>(a.get("scale"));
    if (!std::isfinite(s) || s < 0)
      throw Error("scale = " + std::to_string(s) +
                  " must be finite and not negative (the spec multiplies Q and K by its square root)");
    p.scale = s;
  }
  const float cap = std::get<float>(a.get("softcap"));
  if (!std::isfinite(cap)) throw Error("softcap must be finite");
  p.softcap = cap;
  if (a.has("q_num_heads")) p.q_num_heads = a.get_int("q_num_heads");
  if (a.has("kv_num_heads")) p.kv_num_heads = a.get_int("kv_num_heads");
  return p;
}

OpVersion attention_version(int since) {
  OpVersion v;
  v.op_type = "Attention";
  v.since_version = since;
  v.inputs = {{"Q", "T1"},
              {"K", "T1"},
              {"V", "T2"},
              {"attn_mask", "U", ParamOption::Optional},
              {"past_key", "T1", ParamOption::Optional},
              {"past_value", "T2", ParamOption::Optional}};
  if (since >= 24) v.inputs.push_back({"nonpad_kv_seqlen", "tensor(int64)", ParamOption::Optional});
  v.outputs = {{"Y", "T1"},
               {"present_key", "T1", ParamOption::Optional},
               {"present_value", "T2", ParamOption::Optional},
               {"qk_matmul_output", "T1", ParamOption::Optional}};
  v.attributes = {{"is_causal", AttrType::Int, false, int64_t{0}},
                  {"kv_num_heads", AttrType::Int},
                  {"q_num_heads", AttrType::Int},
                  {"qk_matmul_output_mode", AttrType::Int, false, int64_t{0}},
                  {"scale", AttrType::Float},
                  {"softcap", AttrType::Float, false, 0.0f},
                  {"softmax_precision", AttrType::Int}};
  v.type_constraints = {{"T1", type_sets::kFloatsIR4},
                        {"T2", type_sets::kFloatsIR4},
                        {"U", type_sets::kAllNumericTypesIR4.with({ElementType::Bool})}};
  if (since >= 24) v.type_constraints.push_back({"tensor(int64)", type_sets::kInt64, "tensor(int64)"});
  v.set_kernel(parse_attention_params, [since](const KernelContext& ctx, const AttentionParams& params) {
    return attention_kernel(ctx, params, since);
  });
  return v;
}

}  // namespace

void register_attention(Registry& registry) {
  registry.add(attention_version(23));
  registry.add(attention_version(24));
  registry.declare_accuracy("Attention",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "each score is scale times the exact Q.K dot product rounded once; softcap and softmax "
                             "correctly rounded; Y the exact sum of probabilities times V rounded once"});
}

}  // namespace onnx_ref
