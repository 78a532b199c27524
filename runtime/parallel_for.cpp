// The deterministic parallel loop (see parallel_for.h). Threads are started per call: the kernels
// that use it do milliseconds of work per call, so a pool would save little and add shared state.
#include "runtime/parallel_for.h"

#include "runtime/run_limits.h"

#include <algorithm>
#include <exception>
#include <thread>
#include <vector>

namespace onnx_ref {

namespace {
thread_local int t_default_threads = 1;
}

int thread_count() {
  const RunLimits* limits = current_run_limits();
  return limits ? limits->threads : t_default_threads;
}

void set_thread_count(int threads) { t_default_threads = std::clamp(threads, 1, 256); }

void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
  if (n <= 0) return;
  grain = std::max<int64_t>(grain, 1);
  const int64_t max_chunks = (n + grain - 1) / grain;
  const int64_t chunks = std::min<int64_t>(thread_count(), max_chunks);
  poll_deadline();
  if (chunks <= 1) {
    body(0, n);
    return;
  }
  // Chunk c covers [c * n / chunks, (c + 1) * n / chunks): sizes differ by at most one.
  const RunLimits* limits = current_run_limits();
  auto bound = [&](int64_t c) { return static_cast<int64_t>(static_cast<__int128>(n) * c / chunks); };
  std::vector<std::exception_ptr> errors(static_cast<size_t>(chunks));
  std::vector<std::thread> workers;
  workers.reserve(static_cast<size_t>(chunks - 1));
  for (int64_t c = 1; c < chunks; ++c)
    workers.emplace_back([&, c] {
      RunLimitsScope scope(limits);
      try {
        body(bound(c), bound(c + 1));
      } catch (...) {
        errors[static_cast<size_t>(c)] = std::current_exception();
      }
    });
  try {
    body(0, bound(1));
  } catch (...) {
    errors[0] = std::current_exception();
  }
  for (auto& w : workers) w.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace onnx_ref
