#pragma once
// What one run of a model hands to every kernel: the thread count, the seed of the random streams,
// and the limits that keep a run finite (Loop iterations, nesting of graphs).
//
// Random streams: a kernel asks for the stream of a key (its node's path in the model); the stream
// seed is splitmix64 over (run seed, FNV-1a of the key, how many streams that key asked for before
// in this run). The same model, feeds and seed give the same numbers, whatever the thread count.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace onnx_ref {

struct RunOptions {
  int threads = 1;        // worker threads a kernel may split its outputs over; results never depend on it
  uint64_t seed = 0;      // seed of every random stream of the run
  // Loop iterations allowed in one run, summed over every Loop node and nesting level: a Loop whose
  // condition never turns false stops with an error instead of hanging.
  int64_t max_loop_iterations = 10'000'000;
};

// Graphs nest (If inside Loop inside Scan ...) at most this deep, counted from the model's graph.
inline constexpr int kMaxGraphDepth = 32;

class RunContext {
 public:
  RunContext() = default;
  explicit RunContext(RunOptions options) : options_(options) {}
  const RunOptions& options() const { return options_; }
  // Counts one Loop iteration; Error once the run has used max_loop_iterations.
  void count_loop_iteration();
  // The seed of the next random stream for `key`.
  uint64_t stream_seed(std::string_view key);

 private:
  RunOptions options_;
  int64_t loop_iterations_ = 0;
  std::map<std::string, uint64_t, std::less<>> streams_;
};

}  // namespace onnx_ref
