#pragma once
// What one run of a model hands to every kernel: the thread count, the seed of the random streams,
// the path of the node running, and the limits that keep a run finite (memory, time, Loop
// iterations, nesting of graphs). Everything here belongs to one run: two runs at once in two
// threads share nothing.
//
// Random streams: a kernel asks for the stream of a key (its node's path in the model); the stream
// seed is splitmix64 over (run seed, FNV-1a of the key, how many streams that key asked for before
// in this run). The same model, feeds and seed give the same numbers, whatever the thread count.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/run_limits.h"

namespace onnx_ref {

// Per-node timing of a run (run --profile): one row per node, in the order nodes first finished,
// summing every call (a node inside a Loop body is called once per iteration). A node holding
// graphs (If, Loop, Scan, a function call) counts the time of the nodes inside it too.
class RunProfile {
 public:
  struct Row {
    std::string node;  // "node 'conv1' (#3, Conv-11)", led by the graph path inside a subgraph
    std::string op;    // "Conv-11"
    int64_t calls = 0;
    int64_t nanoseconds = 0;
    bool holds_graphs = false;  // its time includes that of the nodes of its graphs
    bool top_level = true;      // a node of the model's graph, not of a graph inside one
  };
  // Adds one call of the node identified by `key` (stable for the run); `describe` names it the
  // first time.
  template <class Describe>
  void add(const void* key, int64_t nanoseconds, Describe&& describe) {
    auto [it, fresh] = index_.try_emplace(key, rows_.size());
    if (fresh) rows_.push_back(describe());
    Row& row = rows_[it->second];
    ++row.calls;
    row.nanoseconds += nanoseconds;
  }
  const std::vector<Row>& rows() const { return rows_; }

 private:
  std::vector<Row> rows_;
  std::unordered_map<const void*, size_t> index_;
};

class Value;

// What happens inside graphs of graphs during a run (run --trace): each time a graph attribute or
// function body starts running, and each node output it computes, in execution order. The model's
// own graph is not reported (its node outputs are returned as values instead).
class RunTrace {
 public:
  virtual ~RunTrace() = default;
  // A graph starts: `graph` identifies it for the run, `segment` is its place under the enclosing
  // graph ("node_5/body", "node_2/function"), `path` its readable path ("node 'l' (#5, Loop-16) › body").
  virtual void enter_graph(const void* graph, const std::string& segment, const std::string& path) = 0;
  virtual void leave_graph() = 0;
  // Node `node_index` of the current graph computed `values` (named `names`; "" for an omitted output).
  virtual void node_outputs(size_t node_index, const std::string& node_name, const std::string& op_type,
                            const std::string& domain, const std::string& op_label,
                            const std::vector<std::string>& names, const std::vector<Value>& values) = 0;
};

struct RunOptions {
  int threads = 1;    // worker threads a kernel may split its outputs over; results never depend on it
  uint64_t seed = 0;  // seed of every random stream of the run
  // Loop iterations allowed in one run, summed over every Loop node and nesting level: a Loop whose
  // condition never turns false stops with an error instead of hanging.
  int64_t max_loop_iterations = 10'000'000;
  RunProfile* profile = nullptr;  // when set, every node's kernel time is added to it
  RunTrace* trace = nullptr;      // when set, told of every graph run and node output inside subgraphs
  // Bytes the run may hold at once, over every tensor, sequence and kernel scratch buffer it
  // allocates (runtime/run_limits.h); 0: default_memory_budget().
  uint64_t max_memory = 0;
  // Wall-clock seconds the run may take, checked between nodes and inside long kernels and loops;
  // 0: no limit.
  double timeout_seconds = 0;
};

// Graphs nest (If inside Loop inside Scan ...) at most this deep, counted from the model's graph.
inline constexpr int kMaxGraphDepth = 32;

class RunContext {
 public:
  RunContext() : RunContext(RunOptions{}) {}
  explicit RunContext(RunOptions options);
  const RunOptions& options() const { return options_; }
  // The limits to make current (RunLimitsScope) on the thread running the graph.
  const RunLimits& limits() const { return limits_; }
  int threads() const { return limits_.threads; }
  // The path of the node whose kernel runs ("node 'conv1' (#3, Conv-11)", led by the graph path
  // inside a subgraph); the executor sets it around each kernel call. Random streams are keyed by it.
  const std::string& node_path() const { return node_path_ ? *node_path_ : empty_path_; }
  // Sets the node path and returns the previous one (to put back once the kernel returns).
  const std::string* set_node_path(const std::string* path) { return std::exchange(node_path_, path); }
  // Counts one Loop iteration; Error once the run has used max_loop_iterations.
  void count_loop_iteration();
  // The seed of the next random stream for `key`.
  uint64_t stream_seed(std::string_view key);

 private:
  RunOptions options_;
  RunLimits limits_;
  const std::string* node_path_ = nullptr;
  const std::string empty_path_;
  int64_t loop_iterations_ = 0;
  std::map<std::string, uint64_t, std::less<>> streams_;
};

}  // namespace onnx_ref
