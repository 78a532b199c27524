// Constant nodes of a model's graph, computed once and kept (interpreter/constant_memo.h).
#include "interpreter/constant_memo.h"

#include <algorithm>
#include <string_view>

#include "interpreter/model.h"

namespace onnx_ref {

namespace {

// Operators whose kernels draw a random stream of the run (RunContext::stream_seed): their outputs
// change with the seed, so they are never constant.
bool draws_random_stream(const Node& node) {
  static constexpr std::string_view kRandom[] = {"RandomNormal", "RandomNormalLike", "RandomUniform",
                                                 "RandomUniformLike", "Bernoulli", "Multinomial", "Dropout"};
  return std::find(std::begin(kRandom), std::end(kRandom), node.op_type) != std::end(kRandom);
}

}  // namespace

ConstantNodes find_constant_nodes(const Graph& graph, const std::vector<int>& output_slots) {
  const size_t slot_count = graph.slot_names.size();
  std::vector<bool> constant_slot(slot_count, false);
  for (size_t s = 0; s < slot_count && s < graph.constants.size(); ++s)
    constant_slot[s] = graph.constants[s].has_value();

  ConstantNodes result;
  result.constant.assign(graph.nodes.size(), false);
  result.frontier.assign(slot_count, false);
  result.producer.assign(slot_count, -1);
  for (size_t k = 0; k < graph.nodes.size(); ++k) {
    const Node& node = graph.nodes[k];
    bool constant = node.graph_captures.empty() && !node.calls_function && !draws_random_stream(node);
    for (int s : node.inputs)
      if (s >= 0 && !constant_slot[static_cast<size_t>(s)]) constant = false;
    if (!constant) continue;
    result.constant[k] = true;
    ++result.count;
    for (int s : node.outputs) {
      if (s < 0) continue;
      constant_slot[static_cast<size_t>(s)] = true;
      result.producer[static_cast<size_t>(s)] = static_cast<int>(k);
    }
  }
  // What a later run must be given: constant node outputs that another node reads (a subgraph's
  // captures too) or the graph returns.
  auto mark = [&](int s) {
    if (s >= 0 && result.producer[static_cast<size_t>(s)] >= 0) result.frontier[static_cast<size_t>(s)] = true;
  };
  for (size_t k = 0; k < graph.nodes.size(); ++k) {
    if (result.constant[k]) continue;
    for (int s : graph.nodes[k].inputs) mark(s);
    for (int s : graph.nodes[k].implicit_inputs) mark(s);
  }
  for (int s : output_slots) mark(s);
  return result;
}

void ConstantRecorder::node_ran(const Node& node, size_t k, const std::vector<Value>& outputs) {
  if (!nodes_->constant[k]) return;
  for (size_t i = 0; i < node.outputs.size() && i < outputs.size(); ++i) {
    const int slot = node.outputs[i];
    if (slot < 0 || !nodes_->frontier[static_cast<size_t>(slot)]) continue;
    const Value& value = outputs[i];
    // Tensor storage never changes once made; a sequence may be grown in place by its last reader
    // (KernelContext::take_value), so only tensors are kept.
    const bool numeric = value.is_tensor() && !value.tensor().is_string();
    const uint64_t bytes = numeric && value.tensor().storage() ? value.tensor().storage()->size() : 0;
    if (!numeric || kept_.bytes + bytes > max_bytes_) {
      dropped_.push_back(slot);
      continue;
    }
    kept_.bytes += bytes;
    kept_.values.emplace_back(slot, value);
  }
}

std::shared_ptr<const KeptConstants> ConstantRecorder::finish(const Graph& graph) {
  // A constant node runs again when a value it computes is read but not kept: walk back from every
  // dropped value through the constant nodes computing it and the values they read.
  std::vector<bool> kept_slot(nodes_->frontier.size(), false);
  for (const auto& [slot, value] : kept_.values) kept_slot[static_cast<size_t>(slot)] = true;
  std::vector<bool> needed(nodes_->constant.size(), false);
  std::vector<int> pending = dropped_;
  while (!pending.empty()) {
    const int slot = pending.back();
    pending.pop_back();
    const int producer = nodes_->producer[static_cast<size_t>(slot)];
    if (producer < 0 || needed[static_cast<size_t>(producer)]) continue;
    needed[static_cast<size_t>(producer)] = true;
    for (int input : graph.nodes[static_cast<size_t>(producer)].inputs)
      if (input >= 0 && !kept_slot[static_cast<size_t>(input)]) pending.push_back(input);
  }
  kept_.skip.assign(nodes_->constant.size(), false);
  for (size_t k = 0; k < nodes_->constant.size(); ++k) kept_.skip[k] = nodes_->constant[k] && !needed[k];
  return std::make_shared<const KeptConstants>(std::move(kept_));
}

ConstantMemo::RunPlan ConstantMemo::begin_run(const Graph& graph, const std::vector<int>& output_slots,
                                              bool feeds_default) {
  // The first run keeps nothing: a model run once pays nothing for the memo.
  if (feeds_default || runs_.fetch_add(1, std::memory_order_relaxed) == 0 || limit_ == 0) return {};
  std::lock_guard<std::mutex> lock(mutex_);
  if (kept_) {
    ++reused_;
    return {kept_, nullptr};
  }
  if (!nodes_) nodes_ = std::make_shared<const ConstantNodes>(find_constant_nodes(graph, output_slots));
  if (nodes_->count == 0) return {};
  return {nullptr, nodes_};
}

void ConstantMemo::store(std::shared_ptr<const KeptConstants> kept) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (kept_) return;
  kept_ = std::move(kept);
  ++stored_;
}

ConstantMemo::Stats ConstantMemo::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return {stored_, reused_, kept_};
}

}  // namespace onnx_ref
