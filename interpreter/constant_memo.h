#pragma once
// Values that are the same on every run of a model, computed once and kept for later runs.
//
// A node of the model's graph is constant when every value it reads is an initializer or an output
// of a constant node, its operator draws no random stream (not RandomNormal*, RandomUniform*,
// Bernoulli, Multinomial, Dropout), and it holds no graph and calls no function. Kernels depend on
// nothing but their inputs and attributes (never on the thread count), so a constant node computes
// the same bits on every run that feeds no graph input with a default (before IR version 4 every
// initializer is one). A run feeding such an input neither keeps nor uses kept values.
//
// The first run of a model keeps nothing, so a model run once (onnx-ref run, test, make-test,
// onnx_ref.run) holds no more memory than before. The second run keeps the outputs of constant
// nodes that the rest of the graph reads (numeric tensors only, up to the memo's limit: 1 GiB, and a
// quarter of that run's memory budget), and every later run starts from them and skips each constant
// node all of whose outputs are kept or only feed skipped nodes. A later run is charged for the kept
// bytes; when its budget cannot take them, it computes everything as the first run did. The kept
// tensors keep their storage, so weights a model makes at run time (ConstantOfShape, Reshape, Cast
// of initializers) stay packed in gemm/packed_weights.h's cache between runs.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "runtime/value.h"

namespace onnx_ref {

class Graph;
struct Node;

// The constant nodes of a graph and the values to keep of them.
struct ConstantNodes {
  std::vector<bool> constant;   // per node
  std::vector<bool> frontier;   // per slot: a constant node's output read by another node or returned
  std::vector<int> producer;    // per slot: the constant node writing it, -1 for none
  size_t count = 0;             // constant nodes
};

// `output_slots`: the graph's outputs.
ConstantNodes find_constant_nodes(const Graph& graph, const std::vector<int>& output_slots);

// What later runs start from.
struct KeptConstants {
  std::vector<std::pair<int, Value>> values;  // slot and value
  std::vector<bool> skip;                     // per node: not run, its outputs are kept or unread
  uint64_t bytes = 0;
};

// Collects the frontier values of one run as its constant nodes compute them.
class ConstantRecorder {
 public:
  ConstantRecorder(std::shared_ptr<const ConstantNodes> nodes, uint64_t max_bytes)
      : nodes_(std::move(nodes)), max_bytes_(max_bytes) {}
  // `node`, the graph's node k, ran and returned `outputs`.
  void node_ran(const Node& node, size_t k, const std::vector<Value>& outputs);
  // The values recorded, and the nodes of `graph` they let a run skip.
  std::shared_ptr<const KeptConstants> finish(const Graph& graph);

 private:
  std::shared_ptr<const ConstantNodes> nodes_;
  uint64_t max_bytes_;
  KeptConstants kept_;
  std::vector<int> dropped_;  // frontier slots not kept (over the limit, not a numeric tensor)
};

class ConstantMemo {
 public:
  static constexpr uint64_t kDefaultLimit = uint64_t{1} << 30;

  // What one run does: start from kept values, or record them, or neither.
  struct RunPlan {
    std::shared_ptr<const KeptConstants> kept;
    std::shared_ptr<const ConstantNodes> record;  // set: record this run's constant values
  };
  // `graph` and its outputs as for find_constant_nodes (analysed at the second run);
  // `feeds_default`: the run feeds a graph input that has a default.
  RunPlan begin_run(const Graph& graph, const std::vector<int>& output_slots, bool feeds_default);
  // Keeps what a run recorded, unless another run was first.
  void store(std::shared_ptr<const KeptConstants> kept);

  uint64_t limit() const { return limit_; }
  void set_limit(uint64_t bytes) { limit_ = bytes; }

  // For tests: runs that recorded and kept values, runs that started from them, the kept values.
  struct Stats {
    int64_t stored = 0;
    int64_t reused = 0;
    std::shared_ptr<const KeptConstants> kept;
  };
  Stats stats() const;

 private:
  uint64_t limit_ = kDefaultLimit;
  std::atomic<int64_t> runs_{0};
  mutable std::mutex mutex_;
  std::shared_ptr<const ConstantNodes> nodes_;
  std::shared_ptr<const KeptConstants> kept_;
  int64_t stored_ = 0;
  int64_t reused_ = 0;
};

}  // namespace onnx_ref
