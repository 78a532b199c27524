#pragma once
// A small deterministic parallel loop. The work [0, n) is cut into contiguous chunks by a rule that
// depends only on n, the grain and the thread count, never on timing; callers make every output a
// function of its own index alone (the GEMM engine rounds each output once from its exact value), so
// results are bit-identical whatever the thread count.
#include <cstdint>
#include <functional>

namespace onnx_ref {

// The number of threads kernels may use: the current run's (RunOptions::threads, made current by
// the executor, runtime/run_limits.h), else this thread's default (1 unless set_thread_count).
int thread_count();
// Sets this thread's default, for kernels called outside a run (tests, benchmarks). Values below 1
// mean 1; the count is capped at 256.
void set_thread_count(int threads);

// Calls body(begin, end) over disjoint chunks covering [0, n), each at least `grain` long (but the
// last), on up to thread_count() threads; returns when every chunk is done. An exception thrown by a
// chunk is rethrown here (the one of the lowest chunk). The workers see the caller's run limits
// (memory budget, deadline), and the deadline is checked before each chunk.
void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body);

// The same over chunks of exactly `grain` items (but the last), however many: threads claim them one at a
// time, so work items of unequal cost (a product's tiles) spread evenly over the threads, where
// parallel_for's one chunk per thread would leave a thread idle behind the other's larger items.
void parallel_tasks(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body);

}  // namespace onnx_ref
