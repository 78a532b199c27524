// Two runs at once, under ThreadSanitizer (scripts/tsan-two-runs.sh builds this with the runtime
// sources it needs; the full interpreter is too large a TSan build for this machine's CI budget).
// Each run has its own RunContext: thread count, memory budget, deadline and random streams. Each
// thread repeats its run while the other runs, and every repetition must give the bits and the
// budget figures of the run alone; TSan reports any access to state the two share.
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "runtime/error.h"
#include "runtime/parallel_for.h"
#include "runtime/run_context.h"
#include "runtime/tensor.h"

using namespace onnx_ref;

namespace {

struct Result {
  std::vector<uint64_t> words;
  uint64_t peak = 0;
  bool refused = false;
};

// A run-like workload: per "node", a stream seed from the node path, a tensor allocated (charged),
// filled over the run's threads by parallel_for, and a large allocation the small budget refuses.
Result run(const RunOptions& options) {
  RunContext ctx(options);
  RunLimitsScope scope(&ctx.limits());
  Result result;
  for (int node = 0; node < 8; ++node) {
    const std::string path = "node #" + std::to_string(node) + " (Work-1)";
    ctx.set_node_path(&path);
    const uint64_t seed = ctx.stream_seed(ctx.node_path());
    Tensor t = Tensor::uninitialized(ElementType::UInt64, {4096});
    auto* p = reinterpret_cast<uint64_t*>(t.mutable_data());
    parallel_for(4096, 64, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) p[i] = seed * 0x9e3779b97f4a7c15ULL + static_cast<uint64_t>(i) * thread_count();
    });
    uint64_t sum = 0;
    for (int64_t i = 0; i < 4096; ++i) sum += p[i];
    result.words.push_back(sum);
    try {
      Tensor big = Tensor::uninitialized(ElementType::UInt8, {1 << 20});
    } catch (const Error&) {
      result.refused = true;
    }
    ctx.set_node_path(nullptr);
  }
  result.peak = ctx.limits().memory->peak();
  return result;
}

bool same(const Result& a, const Result& b) { return a.words == b.words && a.peak == b.peak && a.refused == b.refused; }

}  // namespace

int main() {
  RunOptions a;
  a.threads = 1;
  a.seed = 5;
  a.max_memory = uint64_t{64} << 20;
  RunOptions b;
  b.threads = 3;
  b.seed = 9;
  b.max_memory = 100000;  // the 32 KiB tensors fit, the 1 MiB one does not
  const Result alone_a = run(a), alone_b = run(b);
  if (alone_a.refused || !alone_b.refused) {
    std::puts("FAIL: the budgets did not apply as set");
    return 1;
  }
  int failures_a = 0, failures_b = 0;
  std::thread ta([&] {
    for (int i = 0; i < 50; ++i) failures_a += !same(run(a), alone_a);
  });
  std::thread tb([&] {
    for (int i = 0; i < 50; ++i) failures_b += !same(run(b), alone_b);
  });
  ta.join();
  tb.join();
  const int failures = failures_a + failures_b;
  std::printf("%s: 2 x 50 runs at once, %d differing from the run alone\n", failures ? "FAIL" : "ok", failures);
  return failures ? 1 : 0;
}
