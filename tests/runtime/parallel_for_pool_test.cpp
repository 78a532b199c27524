// parallel_for on its persistent pool (runtime/parallel_for.cpp): the chunks are the fixed rule's
// whatever thread runs them, calls reuse the pool, a call made while the pool is busy (a nested call,
// another thread's call) runs the same chunks on its own thread, errors come back from the lowest
// chunk, and the caller's run limits are current in every chunk.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "runtime/error.h"
#include "runtime/parallel_for.h"
#include "runtime/run_limits.h"

using namespace onnx_ref;

namespace {

struct DefaultThreads {
  explicit DefaultThreads(int n) { set_thread_count(n); }
  ~DefaultThreads() { set_thread_count(1); }
};

// The (begin, end) pairs a call ran, sorted.
std::vector<std::pair<int64_t, int64_t>> chunks_of(int64_t n, int64_t grain) {
  std::mutex m;
  std::vector<std::pair<int64_t, int64_t>> got;
  parallel_for(n, grain, [&](int64_t b, int64_t e) {
    std::lock_guard<std::mutex> lock(m);
    got.emplace_back(b, e);
  });
  std::sort(got.begin(), got.end());
  return got;
}

// The rule of parallel_for.h, written out: min(threads, ceil(n / grain)) chunks, chunk c covering
// [c * n / chunks, (c + 1) * n / chunks).
std::vector<std::pair<int64_t, int64_t>> rule(int64_t n, int64_t grain, int64_t threads) {
  const int64_t chunks = std::min(threads, (n + grain - 1) / grain);
  std::vector<std::pair<int64_t, int64_t>> want;
  for (int64_t c = 0; c < chunks; ++c) want.emplace_back(c * n / chunks, (c + 1) * n / chunks);
  return want;
}

}  // namespace

TEST_CASE("parallel_for's chunks are the fixed rule's on every thread count, call after call") {
  for (int threads : {1, 2, 3, 4, 7, 16}) {
    DefaultThreads t(threads);
    for (int repeat = 0; repeat < 50; ++repeat) {
      CHECK(chunks_of(1000, 1) == rule(1000, 1, threads));
      CHECK(chunks_of(10, 4) == rule(10, 4, threads));
      CHECK(chunks_of(7, 1) == rule(7, 1, threads));
    }
  }
}

TEST_CASE("parallel_for covers every index once over many consecutive calls") {
  DefaultThreads t(2);
  std::vector<std::atomic<int>> hits(997);
  for (int call = 0; call < 2000; ++call)
    parallel_for(997, 1, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) hits[static_cast<size_t>(i)].fetch_add(1, std::memory_order_relaxed);
    });
  for (auto& h : hits) CHECK(h.load() == 2000);
}

TEST_CASE("a parallel_for inside a chunk runs its own chunks and returns") {
  DefaultThreads t(3);
  std::vector<std::atomic<int>> hits(30 * 40);
  parallel_for(30, 1, [&](int64_t b, int64_t e) {
    DefaultThreads inner(3);  // a worker's own default, so the inner call asks for threads too
    for (int64_t i = b; i < e; ++i)
      parallel_for(40, 1, [&](int64_t b2, int64_t e2) {
        for (int64_t j = b2; j < e2; ++j) hits[static_cast<size_t>(i * 40 + j)].fetch_add(1);
      });
  });
  for (auto& h : hits) CHECK(h.load() == 1);
}

TEST_CASE("calls from several threads at once each cover their range once, in the rule's chunks") {
  std::vector<std::thread> callers;
  std::atomic<int> wrong{0};
  for (int k = 0; k < 4; ++k)
    callers.emplace_back([&, k] {
      DefaultThreads t(2 + k);
      for (int call = 0; call < 300; ++call) {
        const int64_t n = 100 + k;
        if (chunks_of(n, 1) != rule(n, 1, 2 + k)) wrong.fetch_add(1);
      }
    });
  for (auto& c : callers) c.join();
  CHECK(wrong.load() == 0);
}

TEST_CASE("parallel_for rethrows the error of the lowest failing chunk, after every chunk ran") {
  DefaultThreads t(4);
  std::atomic<int> ran{0};
  std::string message;
  try {
    parallel_for(4, 1, [&](int64_t b, int64_t) {
      ran.fetch_add(1);
      if (b >= 1) throw Error("chunk " + std::to_string(b));
    });
  } catch (const Error& e) {
    message = e.what();
  }
  CHECK(message == "chunk 1");
  CHECK(ran.load() == 4);
}

TEST_CASE("every chunk sees the caller's run limits") {
  DefaultThreads t(1);
  RunLimits limits;
  limits.threads = 3;
  RunLimitsScope scope(&limits);
  std::atomic<int> seen{0}, chunks{0};
  parallel_for(300, 1, [&](int64_t, int64_t) {
    chunks.fetch_add(1);
    if (current_run_limits() == &limits) seen.fetch_add(1);
  });
  CHECK(chunks.load() == 3);  // the run's thread count, not this thread's default of 1
  CHECK(seen.load() == 3);
}
