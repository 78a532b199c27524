#pragma once
// What LSTM, GRU and RNN share (ops/recurrent/): the attributes every version has (direction,
// hidden_size, clip, layout, activations with their alpha and beta), the shape rules of X, W, R, B,
// sequence_lens and initial_h, the element offsets of both layouts, the activation functions, the
// rounded elementwise steps of the cell updates, and the packing of a gate's weights into one
// matrix for the GEMM engine.
//
// Accuracy contract shared by the three operators, rounded at named points:
//  - a gate's pre-activation (X_t W^T + H_{t-1} R^T + Wb + Rb, plus the peephole product P ∘ C
//    for LSTM) is ONE exact sum rounded once to the element type: its terms are the columns of one
//    product [x, h, 1, 1, c] · [W^T; R^T; Wb; Rb; diag(P)] on the checked GEMM engine
//    (gemm/dot.h), whose outputs are the exact value rounded once;
//  - clip (when set) clamps that rounded value to [-clip, clip], the threshold rounded to the
//    element type;
//  - every activation is correctly rounded (the exact value of the function of the rounded input,
//    alpha and beta the float32 numbers in the model), except ScaledTanh, alpha * tanh(beta * x),
//    which rounds beta * x, tanh of it, and the product, each once;
//  - every elementwise product, sum and difference the spec's equations write (f ∘ C, 1 - z, ...)
//    is rounded once, in the order the equations write them.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gemm/dot.h"
#include "gemm/packed_weights.h"
#include "numeric/elementary.h"
#include "numeric/round_odd.h"
#include "numeric/softsign.h"
#include "ops/float_dispatch.h"
#include "ops/registry.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/tensor.h"

namespace onnx_ref::recurrent {

// ---------------------------------------------------------------------------------------------
// Attributes

enum class ActivationKind {
  Relu,
  Tanh,
  Sigmoid,
  Affine,
  LeakyRelu,
  ThresholdedRelu,
  ScaledTanh,
  HardSigmoid,
  Elu,
  Softsign,
  Softplus
};

struct Activation {
  ActivationKind kind = ActivationKind::Tanh;
  float alpha = 0;
  float beta = 0;
};

// One operator's fixed facts.
struct RecurrentOp {
  std::string name;                              // "LSTM"
  int gates = 1;                                 // blocks of hidden_size rows in W and R: LSTM 4, GRU 3, RNN 1
  int activations_per_direction = 1;             // LSTM 3 (f, g, h), GRU 2 (f, g), RNN 1 (f)
  std::vector<std::string> default_activations;  // for one direction
};

enum class Direction { Forward, Reverse, Bidirectional };

struct RecurrentAttrs {
  Direction direction = Direction::Forward;
  int64_t num_directions = 1;
  std::optional<int64_t> hidden_size;  // absent: R's last dimension
  std::optional<float> clip;
  bool batch_major = false;             // layout = 1
  std::vector<Activation> activations;  // activations_per_direction per direction, direction 0 first
};

// The attribute specs every version has (activation_alpha, activation_beta, activations, clip,
// direction, hidden_size); `activations_default` is the schema's default (RNN has one), and
// `direction_default` the schema's ("foward" in GRU-1, the spec's typo for forward).
std::vector<AttributeSpec> recurrent_attribute_specs(const std::vector<std::string>& activations_default,
                                                     const std::string& direction_default);

// Parses and checks the shared attributes (throws Error naming the broken rule). Activation names
// are the spec's spelling; each activation that takes alpha (beta) consumes the next value of
// activation_alpha (activation_beta) in the order of the activations, or takes the default of the
// ONNX operator of that name (LeakyRelu 0.01, ThresholdedRelu 1, HardSigmoid 0.2 and 0.5, Elu 1,
// Affine 1 and 0); ScaledTanh has no such operator and needs both given. Values left over are refused.
RecurrentAttrs parse_recurrent_attrs(const Attributes& attrs, const RecurrentOp& op);

// ---------------------------------------------------------------------------------------------
// Shapes

struct RecurrentShape {
  int64_t seq = 0, batch = 0, input = 0, hidden = 0, dirs = 1;
  bool batch_major = false;
  std::vector<int64_t> lens;  // per batch entry, in [0, seq]; empty: every entry has length seq

  int64_t length(int64_t b) const { return lens.empty() ? seq : lens[static_cast<size_t>(b)]; }

  int64_t x_offset(int64_t t, int64_t b) const { return (batch_major ? b * seq + t : t * batch + b) * input; }
  int64_t y_offset(int64_t t, int64_t d, int64_t b) const {
    return (batch_major ? (b * seq + t) * dirs + d : (t * dirs + d) * batch + b) * hidden;
  }
  int64_t state_offset(int64_t d, int64_t b) const { return (batch_major ? b * dirs + d : d * batch + b) * hidden; }
  Shape y_shape() const { return batch_major ? Shape{batch, seq, dirs, hidden} : Shape{seq, dirs, batch, hidden}; }
  Shape state_shape() const { return batch_major ? Shape{batch, dirs, hidden} : Shape{dirs, batch, hidden}; }
};

// Checks X (0), W (1), R (2), B (3), sequence_lens (4) and initial_h (5) against each other and the
// attributes; initial_c and P (LSTM) are checked with check_state_input and check_peephole_input.
RecurrentShape plan_recurrent(const KernelContext& ctx, const RecurrentOp& op, const RecurrentAttrs& attrs);
// An initial state input (initial_h, initial_c), when given, has the state shape.
void check_state_input(const KernelContext& ctx, size_t index, const std::string& name, const RecurrentShape& s);

// ---------------------------------------------------------------------------------------------
// Rounded elementwise steps

template <class S>
inline S rnn_mul(S a, S b) {
  if constexpr (std::is_same_v<S, double>)
    return a * b;
  else
    return narrow<S>(widen(a) * widen(b));  // exact in double: at most 24 + 24 significant bits
}

template <class S>
inline S rnn_add(S a, S b) {
  if constexpr (std::is_same_v<S, double>)
    return a + b;
  else
    return narrow<S>(add_round_odd(widen(a), widen(b)));  // rounded to odd, then once more
}

template <class S>
inline S rnn_one_minus(S a) {
  if constexpr (std::is_same_v<S, double>)
    return 1.0 - a;
  else
    return narrow<S>(add_round_odd(1.0, -widen(a)));
}

// clip (when set) and then the activation, under the contract above.
template <class S>
S apply_activation(const Activation& f, S x, const std::optional<float>& clip) {
  double v = widen(x);
  if (clip && v == v) {
    const double c = widen(narrow<S>(*clip));
    if (v > c)
      x = narrow<S>(c);
    else if (v < -c)
      x = narrow<S>(-c);
    v = widen(x);
  }
  if (v != v) return x;
  const double alpha = f.alpha, beta = f.beta;
  switch (f.kind) {
    case ActivationKind::Relu:
      return v > 0 ? x : narrow<S>(0.0);
    case ActivationKind::Tanh:
      return numeric::tanh(x);
    case ActivationKind::Sigmoid:
      return numeric::sigmoid(x);
    case ActivationKind::Affine:
      if constexpr (std::is_same_v<S, double>)
        return std::fma(alpha, v, beta);
      else
        return narrow<S>(add_round_odd(alpha * v, beta));  // alpha * v is exact in double
    case ActivationKind::LeakyRelu:
      return v < 0 ? narrow<S>(alpha * v) : x;
    case ActivationKind::ThresholdedRelu:
      return v >= alpha ? x : narrow<S>(0.0);
    case ActivationKind::ScaledTanh: {
      const S inner = narrow<S>(beta * v);
      return narrow<S>(alpha * widen(numeric::tanh(inner)));
    }
    case ActivationKind::HardSigmoid: {
      double r;
      if constexpr (std::is_same_v<S, double>)
        r = std::fma(alpha, v, beta);
      else
        r = add_round_odd(alpha * v, beta);
      const S rounded = narrow<S>(r);
      const double rv = widen(rounded);
      if (rv <= 0) return narrow<S>(0.0);  // rounding is monotone and 0 and 1 are representable
      if (rv >= 1) return narrow<S>(1.0);
      return rounded;
    }
    case ActivationKind::Elu:
      return numeric::elu(x, f.alpha);
    case ActivationKind::Softsign:
      return numeric::softsign(x);
    case ActivationKind::Softplus:
      return numeric::softplus(x);
  }
  return x;
}

// ---------------------------------------------------------------------------------------------
// Gate matrices

// The right-hand matrix [K, N] of one gate product, built row block by row block; its columns are
// the hidden units of the chosen gates, gate by gate. Row blocks match the columns of the left-hand
// matrix the kernel builds per step. Its size is bounded by the sizes of W and R.
template <class S>
class GateMatrix {
 public:
  GateMatrix(std::vector<int> gates, int64_t hidden) : gates_(std::move(gates)), hidden_(hidden) {
    n_ = static_cast<int64_t>(gates_.size()) * hidden_;
  }
  int64_t rows() const { return n_ == 0 ? 0 : static_cast<int64_t>(data_.size()) / n_; }
  int64_t cols() const { return n_; }
  const S* data() const { return data_.data(); }
  // The finished matrix packed for the tiled engine (float; null otherwise or when too large).
  const gemm::PackedWeights* packed() const { return packed_.get(); }
  size_t bytes() const { return data_.size() * sizeof(S) + (packed_ ? packed_->bytes() : 0); }

  // Called once the matrix is complete: packs it as the tiled engine reads B, so that products
  // with a matrix kept between runs (gate_cache.h) do not pack it again. The same doubles, so the
  // same results.
  void pack() {
    if constexpr (std::is_same_v<S, float>) packed_ = gemm::pack_b_uncached({data_.data(), n_, 1}, rows(), n_);
  }

  // `width` rows: row k holds m[(g * hidden + j) * width + k] (the transpose of W or R's gate rows).
  void add_transposed(const S* m, int64_t width) {
    for (int64_t k = 0; k < width; ++k)
      for (int g : gates_)
        for (int64_t j = 0; j < hidden_; ++j) data_.push_back(m[(g * hidden_ + j) * width + k]);
  }
  // One row: v[g * hidden + j], or zeros when v is null (an absent bias).
  void add_vector(const S* v) {
    for (int g : gates_)
      for (int64_t j = 0; j < hidden_; ++j) data_.push_back(v ? v[g * hidden_ + j] : S{});
  }
  // `hidden` rows: row k is diag[i][k] in gate i's column k (diag[i] null: zeros), zero elsewhere.
  void add_diagonal(const std::vector<const S*>& diag) {
    for (int64_t k = 0; k < hidden_; ++k)
      for (size_t i = 0; i < gates_.size(); ++i)
        for (int64_t j = 0; j < hidden_; ++j) data_.push_back(j == k && diag[i] ? diag[i][k] : S{});
  }

 private:
  std::vector<int> gates_;
  int64_t hidden_ = 0, n_ = 0;
  std::vector<S> data_;
  std::shared_ptr<const gemm::PackedWeights> packed_;
};

// Y [M, N] = A [M, K] · B, every output the exact sum rounded once (gemm/dot.h).
template <class S>
void gate_product(const S* a, int64_t m, const GateMatrix<S>& b, S* y) {
  if (m == 0 || b.cols() == 0) return;
  gemm::GemmArgs<S> g;
  g.M = m;
  g.N = b.cols();
  g.K = b.rows();
  g.A = {a, g.K, 1};
  g.B = {b.data(), g.N, 1};
  g.Y = y;
  if constexpr (std::is_same_v<S, float>) {
    if (b.packed()) return gemm::gemm_with_packed(g, nullptr, b.packed());
  }
  gemm::gemm(g);
}

// Scratch memory of n elements of `type`, allocated as a tensor so that its size is checked like
// an output's before anything is allocated.
Tensor recurrent_scratch(ElementType type, int64_t rows, int64_t cols);

// The step's active batch entries and the time index each reads, for direction `reverse`: entry b
// is active at step s < lens[b], at time s (forward) or lens[b] - 1 - s (reverse).
struct ActiveRow {
  int64_t batch;
  int64_t time;
};
std::vector<ActiveRow> active_rows(const RecurrentShape& s, int64_t step, bool reverse);

// Every version's since_version, type set and the attributes it adds.
struct RecurrentStep {
  int since;
  TypeSet types;
  std::vector<AttributeSpec> extra_attributes;
};

}  // namespace onnx_ref::recurrent

namespace onnx_ref::recurrent {

// Row `r` of a step's left-hand matrix: [x_t (input_size), h (hidden_size), 1, 1]; returns the
// position after them (where an LSTM's peephole columns go).
template <class S>
inline S* fill_gate_row(S* row, const S* x, int64_t input, const S* h, int64_t hidden) {
  std::copy(x, x + input, row);
  std::copy(h, h + hidden, row + input);
  row[input + hidden] = narrow<S>(1.0);
  row[input + hidden + 1] = narrow<S>(1.0);
  return row + input + hidden + 2;
}

// The directions to run: (index in W/R/B and the outputs, whether it walks the sequence backwards).
inline std::vector<std::pair<int64_t, bool>> recurrent_passes(Direction direction) {
  if (direction == Direction::Forward) return {{0, false}};
  if (direction == Direction::Reverse) return {{0, true}};
  return {{0, false}, {1, true}};
}

// A direction's initial state (initial_h, initial_c: node input `index`), or zeros when absent.
template <class S>
void initial_state(const KernelContext& ctx, size_t index, const RecurrentShape& s, int64_t d, S* state) {
  const S* init = ctx.has_input(index) ? ctx.input(index).template data_as<S>() : nullptr;
  for (int64_t b = 0; b < s.batch; ++b) {
    const int64_t at = s.state_offset(d, b);
    for (int64_t j = 0; j < s.hidden; ++j) state[at + j] = init ? init[at + j] : S{};
  }
}

// The frame of the three kernels: Y and `state_count` state outputs (Y_h, then LSTM's Y_c),
// zero-filled, `pass(tag, d, reverse, y, states)` for each direction the attributes ask for (tag
// names the element type S, states holds S pointers), and the outputs the node asks for.
template <class Pass>
std::vector<Value> run_passes(const KernelContext& ctx, const char* op_name, const RecurrentShape& s,
                              Direction direction, size_t state_count, Pass pass) {
  const ElementType type = ctx.input(0).type();
  Tensor y = Tensor::zeros(type, s.y_shape());
  std::vector<Tensor> states;
  for (size_t i = 0; i < state_count; ++i) states.push_back(Tensor::zeros(type, s.state_shape()));
  dispatch_float(type, op_name, [&](auto tag) {
    using S = typename decltype(tag)::type;
    std::vector<S*> state_data;
    for (Tensor& t : states) state_data.push_back(reinterpret_cast<S*>(t.mutable_data()));
    for (const auto& [d, reverse] : recurrent_passes(direction))
      pass(tag, d, reverse, reinterpret_cast<S*>(y.mutable_data()), state_data);
  });
  std::vector<Value> out{y};
  for (Tensor& t : states) out.push_back(t);
  out.resize(ctx.output_count());
  return out;
}

// A node's attributes, parsed once at load (OpVersion::set_kernel): the shared ones, and the
// operator's flag (LSTM's input_forget, GRU's linear_before_reset; false for RNN).
struct RecurrentParams {
  RecurrentAttrs attrs;
  bool flag = false;
};
using RecurrentRun = std::vector<Value> (*)(const KernelContext&, const RecurrentParams&);

// The version's formal parameters and attributes, as the schema writes them, and its kernel.
OpVersion recurrent_version(const RecurrentOp& op, int since, const TypeSet& types, std::vector<FormalParam> inputs,
                            std::vector<FormalParam> outputs, std::vector<AttributeSpec> attributes, RecurrentRun run);

}  // namespace onnx_ref::recurrent
