#include "runtime/run_context.h"

#include <algorithm>

#include "runtime/error.h"

namespace onnx_ref {

namespace {
uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
uint64_t fnv1a(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}
}  // namespace

RunContext::RunContext(RunOptions options) : options_(options) {
  limits_.memory = options.max_memory
                       ? std::make_shared<MemoryBudget>(options.max_memory)
                       : std::make_shared<MemoryBudget>(default_memory_budget(), default_is_machine_budget());
  limits_.threads = std::clamp(options.threads, 1, 256);
  limits_.timeout_seconds = options.timeout_seconds;
  if (options.timeout_seconds > 0)
    limits_.deadline =
        std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                               std::chrono::duration<double>(std::min(options.timeout_seconds, 1e9)));
}

void RunContext::count_loop_iteration() {
  poll_deadline(limits_);
  if (++loop_iterations_ > options_.max_loop_iterations)
    throw Error("the run has made " + std::to_string(options_.max_loop_iterations) +
                " Loop iterations, the limit (--max-iterations)");
}

uint64_t RunContext::stream_seed(std::string_view key) {
  auto it = streams_.find(key);
  if (it == streams_.end()) it = streams_.emplace(std::string(key), 0).first;
  const uint64_t index = it->second++;
  return splitmix64(splitmix64(splitmix64(options_.seed) ^ fnv1a(key)) ^ index);
}

}  // namespace onnx_ref
