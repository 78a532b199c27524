// ONNX RNN, every version (1, 7, 14, 22): one simple recurrent layer, forward, reverse or
// bidirectional: H = f(X W^T + H R^T + Wb + Rb), f Tanh by default.
//   1: float16, float, double; output_sequence (accepted, no effect: Y is an optional output).
//   7: without output_sequence.  14: + layout.  22: + bfloat16.
// The schema's default for activations lists Tanh twice whatever the direction; with one direction
// the two name one function, which is used.
// Contract: rounded at named points (recurrent_rules.h): the pre-activation is one exact sum
// rounded once, the activation correctly rounded.
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

const RecurrentOp& rnn_op() {
  static const RecurrentOp op{"RNN", 1, 1, {"Tanh"}};
  return op;
}

template <class S>
void rnn_direction(const KernelContext& ctx, const RecurrentShape& s, const RecurrentAttrs& attrs, int64_t d,
                   bool reverse, S* y, S* y_h) {
  const int64_t I = s.input, H = s.hidden;
  const S* wb = ctx.has_input(3) ? ctx.input(3).data_as<S>() + d * 2 * H : nullptr;
  // Built once per set of weights (gate_cache.h).
  const auto gates = gate_matrices<S>(ctx, "RNN", 0, d, {1, 2, 3}, [&] {
    std::vector<GateMatrix<S>> m{GateMatrix<S>({0}, H)};
    m[0].add_transposed(ctx.input(1).data_as<S>() + d * H * I, I);
    m[0].add_transposed(ctx.input(2).data_as<S>() + d * H * H, H);
    m[0].add_vector(wb);
    m[0].add_vector(wb ? wb + H : nullptr);
    m[0].pack();
    return m;
  });
  const GateMatrix<S>& gate = (*gates)[0];
  const Activation& fa = attrs.activations[static_cast<size_t>(d)];

  initial_state(ctx, 5, s, d, y_h);
  const int64_t K = gate.rows();
  const ElementType type = ctx.input(0).type();
  Tensor a_t = recurrent_scratch(type, s.batch, K), g_t = recurrent_scratch(type, s.batch, H);
  S* a = scratch_data<S>(a_t);
  S* g = scratch_data<S>(g_t);
  const S* x = ctx.input(0).data_as<S>();
  for_each_step(s, reverse, [&](const std::vector<ActiveRow>& rows) {
    fill_gate_rows(s, rows, d, x, y_h, a, K, [](int64_t, int64_t, S*) {});
    gate_product(a, static_cast<int64_t>(rows.size()), gate, g);
    store_hidden(s, rows, d, y, y_h,
                 [&](int64_t k, int64_t, int64_t j) { return apply_activation(fa, g[k * H + j], attrs.clip); });
  });
}

std::vector<Value> rnn_kernel(const KernelContext& ctx, const RecurrentParams& params) {
  const RecurrentOp& op = rnn_op();
  const RecurrentAttrs& attrs = params.attrs;
  const RecurrentShape s = plan_recurrent(ctx, op, attrs);
  return run_passes(ctx, "RNN", s, attrs.direction, 1,
                    [&](auto tag, int64_t d, bool reverse, auto* y, const auto& states) {
                      using S = typename decltype(tag)::type;
                      rnn_direction<S>(ctx, s, attrs, d, reverse, y, states[0]);
                    });
}

OpVersion rnn_version(int since, const TypeSet& types) {
  const RecurrentOp& op = rnn_op();
  std::vector<AttributeSpec> attributes = recurrent_attribute_specs({"Tanh", "Tanh"}, "forward");
  if (since == 1) attributes.push_back({"output_sequence", AttrType::Int, false, int64_t{0}});
  if (since >= 14) attributes.push_back({"layout", AttrType::Int, false, int64_t{0}});
  const auto opt = ParamOption::Optional;
  return recurrent_version(
      op, since, types,
      {{"X", "T"}, {"W", "T"}, {"R", "T"}, {"B", "T", opt}, {"sequence_lens", "T1", opt}, {"initial_h", "T", opt}},
      {{"Y", "T", opt}, {"Y_h", "T", opt}}, std::move(attributes), rnn_kernel);
}

}  // namespace recurrent

void register_rnn(Registry& registry) {
  using recurrent::rnn_version;
  for (int since : {1, 7, 14}) registry.add(rnn_version(since, type_sets::kFloats));
  registry.add(rnn_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("RNN", {AccuracyKind::RoundedAtNamedPoints,
                                    "the pre-activation one exact sum rounded once; the activation correctly rounded"});
}

}  // namespace onnx_ref
