// ONNX LSTM, every version (1, 7, 14, 22): one LSTM layer, forward, reverse or bidirectional.
//   1: float16, float, double; output_sequence (accepted, no effect: Y is an optional output).
//   7: without output_sequence.  14: + layout.  22: + bfloat16.
// Gates in W, R and B are in the order i, o, f, c; peepholes P in the order i, o, f.
//   i = f(X W_i^T + H R_i^T + P_i ∘ C_prev + Wb_i + Rb_i)
//   f = f(X W_f^T + H R_f^T + P_f ∘ C_prev + Wb_f + Rb_f)     (input_forget = 1: f = 1 - i)
//   c = g(X W_c^T + H R_c^T + Wb_c + Rb_c)
//   C = f ∘ C_prev + i ∘ c
//   o = f(X W_o^T + H R_o^T + P_o ∘ C + Wb_o + Rb_o)
//   H = o ∘ h(C)
// Contract: rounded at named points (recurrent_rules.h): each gate's pre-activation, peephole
// product included, is one exact sum rounded once; each activation is correctly rounded; f ∘ C_prev,
// i ∘ c, their sum, 1 - i, h(C) and o ∘ h(C) are each rounded once.
// sequence_lens: entry b runs its first lens[b] steps (reverse: those steps backwards); Y is zero
// past them, Y_h and Y_c are the state after its last step (the initial state when lens[b] = 0).
#include "ops/float_dispatch.h"
#include "ops/recurrent/gate_cache.h"
#include "ops/recurrent/recurrent_rules.h"
#include "ops/recurrent/register.h"
#include "ops/recurrent/step_loop.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {
namespace recurrent {

const RecurrentOp& lstm_op() {
  static const RecurrentOp op{"LSTM", 4, 3, {"Sigmoid", "Tanh", "Tanh"}};
  return op;
}

template <class S>
void lstm_direction(const KernelContext& ctx, const RecurrentShape& s, const RecurrentAttrs& attrs, bool input_forget,
                    int64_t d, bool reverse, S* y, S* y_h, S* y_c) {
  const int64_t I = s.input, H = s.hidden;
  const S* w = ctx.input(1).data_as<S>() + d * 4 * H * I;
  const S* r = ctx.input(2).data_as<S>() + d * 4 * H * H;
  const S* wb = ctx.has_input(3) ? ctx.input(3).data_as<S>() + d * 8 * H : nullptr;
  const S* rb = wb ? wb + 4 * H : nullptr;
  const bool peephole = ctx.has_input(7);
  const S* p = peephole ? ctx.input(7).data_as<S>() + d * 3 * H : nullptr;
  // Gates i, f, c in one product (their peepholes read C_prev); o in a second, after C. Built
  // once per set of weights (gate_cache.h).
  const auto gates = gate_matrices<S>(ctx, "LSTM", 0, d, {1, 2, 3, 7}, [&] {
    std::vector<GateMatrix<S>> m{GateMatrix<S>({0, 2, 3}, H), GateMatrix<S>({1}, H)};
    for (GateMatrix<S>& g : m) {
      g.add_transposed(w, I);
      g.add_transposed(r, H);
      g.add_vector(wb);
      g.add_vector(rb);
    }
    if (peephole) {
      m[0].add_diagonal({p, p + 2 * H, nullptr});
      m[1].add_diagonal({p + H});
    }
    for (GateMatrix<S>& g : m) g.pack();
    return m;
  });
  const GateMatrix<S>& ifc = (*gates)[0];
  const GateMatrix<S>& o_gate = (*gates)[1];
  const Activation& fa = attrs.activations[static_cast<size_t>(d * 3)];
  const Activation& ga = attrs.activations[static_cast<size_t>(d * 3 + 1)];
  const Activation& ha = attrs.activations[static_cast<size_t>(d * 3 + 2)];

  // The state of every batch entry, kept in the Y_h and Y_c outputs themselves.
  initial_state(ctx, 5, s, d, y_h);
  initial_state(ctx, 6, s, d, y_c);
  const int64_t K = ifc.rows();
  const ElementType type = ctx.input(0).type();
  Tensor a_t = recurrent_scratch(type, s.batch, K), g1_t = recurrent_scratch(type, s.batch, 3 * H),
         g2_t = recurrent_scratch(type, s.batch, H);
  S* a = scratch_data<S>(a_t);
  S* g1 = scratch_data<S>(g1_t);
  S* g2 = scratch_data<S>(g2_t);
  const S* x = ctx.input(0).data_as<S>();
  for_each_step(s, reverse, [&](const std::vector<ActiveRow>& rows) {
    const int64_t m = static_cast<int64_t>(rows.size());
    fill_gate_rows(s, rows, d, x, y_h, a, K, [&](int64_t, int64_t at, S* rest) {
      if (peephole) std::copy(y_c + at, y_c + at + H, rest);
    });
    gate_product(a, m, ifc, g1);
    for (int64_t k = 0; k < m; ++k) {
      const int64_t at = s.state_offset(d, rows[static_cast<size_t>(k)].batch);
      const S* pre = g1 + k * 3 * H;
      for (int64_t j = 0; j < H; ++j) {
        const S in = apply_activation(fa, pre[j], attrs.clip);
        const S forget = input_forget ? rnn_one_minus(in) : apply_activation(fa, pre[H + j], attrs.clip);
        const S cell = apply_activation(ga, pre[2 * H + j], attrs.clip);
        y_c[at + j] = rnn_add(rnn_mul(forget, y_c[at + j]), rnn_mul(in, cell));
      }
      // The o gate's peephole reads the new cell state.
      if (peephole) std::copy(y_c + at, y_c + at + H, a + k * K + I + H + 2);
    }
    gate_product(a, m, o_gate, g2);
    store_hidden(s, rows, d, y, y_h, [&](int64_t k, int64_t at, int64_t j) {
      const S o = apply_activation(fa, g2[k * H + j], attrs.clip);
      return rnn_mul(o, apply_activation(ha, y_c[at + j], attrs.clip));
    });
  });
}

std::vector<Value> lstm_kernel(const KernelContext& ctx, const RecurrentParams& params) {
  const RecurrentOp& op = lstm_op();
  const RecurrentAttrs& attrs = params.attrs;
  const bool input_forget = params.flag;
  const RecurrentShape s = plan_recurrent(ctx, op, attrs);
  check_state_input(ctx, 6, "initial_c", s);
  if (ctx.has_input(7) && ctx.input(7).shape() != Shape{s.dirs, 3 * s.hidden})
    throw Error("LSTM's P must have shape [num_directions, 3*hidden_size] = [" + std::to_string(s.dirs) + ", " +
                std::to_string(3 * s.hidden) + "], but it is " + ctx.input(7).describe());
  return run_passes(ctx, "LSTM", s, attrs.direction, 2,
                    [&](auto tag, int64_t d, bool reverse, auto* y, const auto& states) {
                      using S = typename decltype(tag)::type;
                      lstm_direction<S>(ctx, s, attrs, input_forget, d, reverse, y, states[0], states[1]);
                    });
}

OpVersion lstm_version(int since, const TypeSet& types) {
  const RecurrentOp& op = lstm_op();
  std::vector<AttributeSpec> attributes = recurrent_attribute_specs({}, "forward");
  attributes.push_back({"input_forget", AttrType::Int, false, int64_t{0}});
  if (since == 1) attributes.push_back({"output_sequence", AttrType::Int, false, int64_t{0}});
  if (since >= 14) attributes.push_back({"layout", AttrType::Int, false, int64_t{0}});
  const auto opt = ParamOption::Optional;
  return recurrent_version(op, since, types,
                           {{"X", "T"},
                            {"W", "T"},
                            {"R", "T"},
                            {"B", "T", opt},
                            {"sequence_lens", "T1", opt},
                            {"initial_h", "T", opt},
                            {"initial_c", "T", opt},
                            {"P", "T", opt}},
                           {{"Y", "T", opt}, {"Y_h", "T", opt}, {"Y_c", "T", opt}}, std::move(attributes), lstm_kernel);
}

}  // namespace recurrent

void register_lstm(Registry& registry) {
  using recurrent::lstm_version;
  registry.add(lstm_version(1, type_sets::kFloats));
  registry.add(lstm_version(7, type_sets::kFloats));
  registry.add(lstm_version(14, type_sets::kFloats));
  registry.add(lstm_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("LSTM", {AccuracyKind::RoundedAtNamedPoints,
                                     "each gate's pre-activation one exact sum rounded once; activations correctly "
                                     "rounded; each step of the cell update rounded once"});
}

}  // namespace onnx_ref
