#pragma once
// A recurrent node's gate matrices (recurrent_rules.h's GateMatrix: W, R and the biases transposed
// into one right-hand matrix per product, float ones packed for the tiled engine), built once per
// set of weight values and kept for the next runs. A model's LSTM, GRU or RNN reads the same
// weights every run, from initializers, Constant values, or (as exporters write them) a Concat of
// Constant slices made again in every run; rebuilding the matrices was 30% of silero VAD v5's run.
//
// An entry is keyed by the node's operator, a variant (GRU's linear_before_reset), the direction,
// the element type and the weight inputs' shapes, and holds a copy of those inputs' values: a
// lookup matches when each input is the entry's very storage (alive, same address) or holds the
// same bytes (a memcmp, a fraction of the cost of a rebuild). The matrices are a function of the
// values alone, so a match gives the same bits. Entries are charged to the memory budget of the
// run that built them; the cache keeps at most 64 MiB, dropping the least recently used entry
// first; beyond the run's budget the matrices serve that run alone.
#include <functional>
#include <memory>
#include <vector>

#include "ops/recurrent/recurrent_rules.h"

namespace onnx_ref::recurrent {

namespace detail {
struct GateKey {
  std::string op;
  int variant = 0;
  int64_t direction = 0;
  ElementType type = ElementType::Float;
  std::vector<Shape> shapes;  // of each weight input ({-1} for an absent one)
  bool operator==(const GateKey&) const = default;
};
// The value for `key` whose inputs hold these tensors' values, or the one `build` makes (with its
// size in bytes), kept when it fits.
std::shared_ptr<const void> cached_gates(const GateKey& key, const std::vector<const Tensor*>& inputs,
                                         const std::function<std::pair<std::shared_ptr<const void>, size_t>()>& build);
}  // namespace detail

// Entries in the cache, and dropping them all (tests).
size_t gate_cache_entries();
void clear_gate_cache();

// The gate matrices of direction `direction` of node `ctx` (weight inputs `weights`, absent ones
// skipped), from the cache or made by `build` (which returns them finished and packed).
template <class S, class Build>
std::shared_ptr<const std::vector<GateMatrix<S>>> gate_matrices(const KernelContext& ctx, const std::string& op,
                                                                int variant, int64_t direction,
                                                                const std::vector<size_t>& weights, Build&& build) {
  detail::GateKey key;
  key.op = op;
  key.variant = variant;
  key.direction = direction;
  key.type = ctx.input(0).type();
  std::vector<const Tensor*> inputs;
  for (size_t i : weights) {
    inputs.push_back(ctx.has_input(i) ? &ctx.input(i) : nullptr);
    key.shapes.push_back(inputs.back() ? inputs.back()->shape() : Shape{-1});
  }
  auto value = detail::cached_gates(key, inputs, [&] {
    auto made = std::make_shared<std::vector<GateMatrix<S>>>(build());
    size_t bytes = 0;
    for (const GateMatrix<S>& m : *made) bytes += m.bytes();
    return std::pair<std::shared_ptr<const void>, size_t>(made, bytes);
  });
  return std::static_pointer_cast<const std::vector<GateMatrix<S>>>(value);
}

}  // namespace onnx_ref::recurrent
