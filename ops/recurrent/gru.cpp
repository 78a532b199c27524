// ONNX GRU, every version (1, 3, 7, 14, 22): one GRU layer, forward, reverse or bidirectional.
//   1: float16, float, double; Y_h required; output_sequence (accepted, no effect: Y is an optional
//      output); direction's default is the schema's "foward", read as forward.
//   3: + linear_before_reset; Y_h optional.  7: without output_sequence.  14: + layout.
//   22: + bfloat16.
// Gates in W, R and B are in the order z, r, h.
//   z = f(X W_z^T + H R_z^T + Wb_z + Rb_z)
//   r = f(X W_r^T + H R_r^T + Wb_r + Rb_r)
//   h = g(X W_h^T + (r ∘ H) R_h^T + Rb_h + Wb_h)          linear_before_reset = 0
//   h = g(X W_h^T + (r ∘ (H R_h^T + Rb_h)) + Wb_h)        linear_before_reset = 1
//   H = (1 - z) ∘ h + z ∘ H
// Contract: rounded at named points (recurrent_rules.h): each gate's pre-activation is one exact
// sum rounded once (with linear_before_reset, H R_h^T + Rb_h is one exact sum rounded once, its
// product with r rounded once, and that product is a term of the h gate's exact sum); r ∘ H,
// 1 - z, (1 - z) ∘ h, z ∘ H and their sum are each rounded once; activations correctly rounded.
// sequence_lens: entry b runs its first lens[b] steps (reverse: those steps backwards); Y is zero
// past them, Y_h is the state after its last step (the initial state when lens[b] = 0).
#include "ops/float_dispatch.h"
#include "ops/recurrent/gate_cache.h"
#include "ops/recurrent/recurrent_rules.h"
#include "ops/recurrent/register.h"
#include "ops/recurrent/step_loop.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {
namespace recurrent {

const RecurrentOp& gru_op() {
  static const RecurrentOp op{"GRU", 3, 2, {"Sigmoid", "Tanh"}};
  return op;
}

template <class S>
void gru_direction(const KernelContext& ctx, const RecurrentShape& s, const RecurrentAttrs& attrs,
                   bool linear_before_reset, int64_t d, bool reverse, S* y, S* y_h) {
  const int64_t I = s.input, H = s.hidden;
  const S* w = ctx.input(1).data_as<S>() + d * 3 * H * I;
  const S* r = ctx.input(2).data_as<S>() + d * 3 * H * H;
  const S* wb = ctx.has_input(3) ? ctx.input(3).data_as<S>() + d * 6 * H : nullptr;
  const S* rb = wb ? wb + 3 * H : nullptr;
  // Built once per set of weights (gate_cache.h).
  const auto gates = gate_matrices<S>(ctx, "GRU", linear_before_reset ? 1 : 0, d, {1, 2, 3}, [&] {
    std::vector<GateMatrix<S>> m{GateMatrix<S>({0, 1}, H), GateMatrix<S>({2}, H), GateMatrix<S>({2}, H)};
    GateMatrix<S>& zr = m[0];
    GateMatrix<S>& h_gate = m[1];
    GateMatrix<S>& recurrent_h = m[2];
    zr.add_transposed(w, I);
    zr.add_transposed(r, H);
    zr.add_vector(wb);
    zr.add_vector(rb);
    std::vector<S> ones(static_cast<size_t>(H), narrow<S>(1.0));
    if (linear_before_reset) {
      // h gate: [x, r ∘ (H R_h^T + Rb_h), 1] · [W_h^T; identity; Wb_h]; the inner sum: [H, 1] · [R_h^T; Rb_h].
      h_gate.add_transposed(w, I);
      h_gate.add_diagonal({ones.data()});
      h_gate.add_vector(wb);
      h_gate.add_vector(nullptr);
      recurrent_h.add_transposed(r, H);
      recurrent_h.add_vector(rb);
    } else {
      h_gate.add_transposed(w, I);
      h_gate.add_transposed(r, H);
      h_gate.add_vector(wb);
      h_gate.add_vector(rb);
    }
    for (GateMatrix<S>& g : m) g.pack();
    return m;
  });
  const GateMatrix<S>& zr = (*gates)[0];
  const GateMatrix<S>& h_gate = (*gates)[1];
  const GateMatrix<S>& recurrent_h = (*gates)[2];
  const Activation& fa = attrs.activations[static_cast<size_t>(d * 2)];
  const Activation& ga = attrs.activations[static_cast<size_t>(d * 2 + 1)];

  initial_state(ctx, 5, s, d, y_h);
  const int64_t K = zr.rows(), KR = H + 1;
  const ElementType type = ctx.input(0).type();
  Tensor a_t = recurrent_scratch(type, s.batch, K), ar_t = recurrent_scratch(type, s.batch, KR),
         g1_t = recurrent_scratch(type, s.batch, 2 * H), g2_t = recurrent_scratch(type, s.batch, H),
         u_t = recurrent_scratch(type, s.batch, H);
  S* a = scratch_data<S>(a_t);
  S* ar = scratch_data<S>(ar_t);
  S* g1 = scratch_data<S>(g1_t);
  S* g2 = scratch_data<S>(g2_t);
  S* u = scratch_data<S>(u_t);
  const S* x = ctx.input(0).data_as<S>();
  for_each_step(s, reverse, [&](const std::vector<ActiveRow>& rows) {
    const int64_t m = static_cast<int64_t>(rows.size());
    fill_gate_rows(s, rows, d, x, y_h, a, K, [&](int64_t k, int64_t at, S*) {
      if (linear_before_reset) {
        std::copy(y_h + at, y_h + at + H, ar + k * KR);
        ar[k * KR + H] = narrow<S>(1.0);
      }
    });
    gate_product(a, m, zr, g1);
    if (linear_before_reset) gate_product(ar, m, recurrent_h, u);
    // The h gate's left-hand matrix: H's columns become r ∘ H (or r ∘ (H R_h^T + Rb_h)), in place.
    for (int64_t k = 0; k < m; ++k) {
      const int64_t at = s.state_offset(d, rows[static_cast<size_t>(k)].batch);
      for (int64_t j = 0; j < H; ++j) {
        S& zpre = g1[k * 2 * H + j];
        S& rpre = g1[k * 2 * H + H + j];
        zpre = apply_activation(fa, zpre, attrs.clip);
        rpre = apply_activation(fa, rpre, attrs.clip);
        a[k * K + I + j] = rnn_mul(rpre, linear_before_reset ? u[k * H + j] : y_h[at + j]);
      }
    }
    gate_product(a, m, h_gate, g2);
    store_hidden(s, rows, d, y, y_h, [&](int64_t k, int64_t at, int64_t j) {
      const S z = g1[k * 2 * H + j];
      const S candidate = apply_activation(ga, g2[k * H + j], attrs.clip);
      return rnn_add(rnn_mul(rnn_one_minus(z), candidate), rnn_mul(z, y_h[at + j]));
    });
  });
}

std::vector<Value> gru_kernel(const KernelContext& ctx, const RecurrentParams& params) {
  const RecurrentOp& op = gru_op();
  const RecurrentAttrs& attrs = params.attrs;
  const bool linear_before_reset = params.flag;
  const RecurrentShape s = plan_recurrent(ctx, op, attrs);
  return run_passes(ctx, "GRU", s, attrs.direction, 1,
                    [&](auto tag, int64_t d, bool reverse, auto* y, const auto& states) {
                      using S = typename decltype(tag)::type;
                      gru_direction<S>(ctx, s, attrs, linear_before_reset, d, reverse, y, states[0]);
                    });
}

OpVersion gru_version(int since, const TypeSet& types) {
  const RecurrentOp& op = gru_op();
  std::vector<AttributeSpec> attributes = recurrent_attribute_specs({}, since == 1 ? "foward" : "forward");
  if (since >= 3) attributes.push_back({"linear_before_reset", AttrType::Int, false, int64_t{0}});
  if (since < 7) attributes.push_back({"output_sequence", AttrType::Int, false, int64_t{0}});
  if (since >= 14) attributes.push_back({"layout", AttrType::Int, false, int64_t{0}});
  const auto opt = ParamOption::Optional;
  return recurrent_version(
      op, since, types,
      {{"X", "T"}, {"W", "T"}, {"R", "T"}, {"B", "T", opt}, {"sequence_lens", "T1", opt}, {"initial_h", "T", opt}},
      {{"Y", "T", opt}, {"Y_h", "T", since == 1 ? ParamOption::Single : opt}}, std::move(attributes), gru_kernel);
}

}  // namespace recurrent

void register_gru(Registry& registry) {
  using recurrent::gru_version;
  for (int since : {1, 3, 7, 14}) registry.add(gru_version(since, type_sets::kFloats));
  registry.add(gru_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("GRU", {AccuracyKind::RoundedAtNamedPoints,
                                    "each gate's pre-activation one exact sum rounded once; activations correctly "
                                    "rounded; each step of the state update rounded once"});
}

}  // namespace onnx_ref
