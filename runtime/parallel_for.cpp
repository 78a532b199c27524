// The deterministic parallel loop (see parallel_for.h), on a pool of worker threads started once per
// process and reused by every call. A call cuts [0, n) into its chunks by the fixed rule, then the
// calling thread and the workers claim chunks from a shared counter until none is left: who runs a
// chunk depends on timing, where the chunk begins and ends never does, so the bits stay those of a
// single thread. The caller claims chunks too, so a call never waits for a worker that the
// scheduler has not woken yet (on a loaded machine that wait cost milliseconds per call when each
// call started its own threads); it waits only for chunks a worker has already begun.
//
// One call uses the pool at a time. A call made while the pool is busy (another run on another
// thread, or a parallel_for inside a chunk) runs its chunks in order on its own thread: the same
// chunks, the same results, and no deadlock.
#include "runtime/parallel_for.h"

#include "runtime/run_limits.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace onnx_ref {

namespace {

thread_local int t_default_threads = 1;

constexpr int kMaxThreads = 256;

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// One parallel_for call's shared state; it lives on the caller's stack until every worker that
// joined it has left.
struct Job {
  const std::function<void(int64_t, int64_t)>* body = nullptr;
  int64_t n = 0;
  int64_t chunks = 0;
  int64_t bounds_step = 0;  // chunk c is [c * bounds_step, ...) when set; n * c / chunks otherwise
  int workers = 0;          // how many pool workers may join besides the caller
  const RunLimits* limits = nullptr;
  std::atomic<int64_t> next{0};  // the next chunk nobody has claimed
  std::vector<std::exception_ptr> errors;

  int64_t bound(int64_t c) const {
    if (bounds_step > 0) return std::min(n, c * bounds_step);
    return static_cast<int64_t>(static_cast<__int128>(n) * c / chunks);
  }

  // Claims and runs chunks until none is left.
  void work() {
    for (int64_t c = next.fetch_add(1, std::memory_order_relaxed); c < chunks;
         c = next.fetch_add(1, std::memory_order_relaxed)) {
      try {
        poll_deadline();
        (*body)(bound(c), bound(c + 1));
      } catch (...) {
        errors[static_cast<size_t>(c)] = std::current_exception();
      }
    }
  }
};

class Pool {
 public:
  // Runs `job` on the calling thread and the workers; false (nothing run) when the pool is busy.
  bool run(Job& job) {
    bool expected = false;
    if (!busy_.compare_exchange_strong(expected, true, std::memory_order_acquire)) return false;
    grow(job.workers);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = &job;
      published_.store(published_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
    }
    wake_.notify_all();
    job.work();
    {
      // No worker joins once job_ is cleared; those that joined leave after their last chunk.
      std::unique_lock<std::mutex> lock(mutex_);
      job_ = nullptr;
      left_.wait(lock, [&] { return joined_ == 0; });
    }
    busy_.store(false, std::memory_order_release);
    return true;
  }

 private:
  void grow(int wanted) {
    try {
      for (; workers_ < wanted; ++workers_) std::thread([this] { serve(); }).detach();
    } catch (const std::system_error&) {
      // No more threads to be had: the workers there are (or the caller alone) run every chunk.
    }
  }

  void serve() {
    uint64_t seen = published_.load(std::memory_order_acquire);
    for (;;) {
      // A short spin first: a model's nodes call parallel_for back to back, and waking from the
      // condition variable costs more than most of their chunks.
      for (int spin = 0; spin < 2000 && published_.load(std::memory_order_acquire) == seen; ++spin) cpu_relax();
      Job* job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return published_.load(std::memory_order_relaxed) != seen; });
        seen = published_.load(std::memory_order_relaxed);
        job = job_;
        if (!job) continue;                     // that call has already finished
        if (joined_ >= job->workers) continue;  // the call has the threads it asked for
        ++joined_;
      }
      {
        RunLimitsScope scope(job->limits);
        job->work();
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (--joined_ == 0) left_.notify_all();
      }
    }
  }

  std::atomic<bool> busy_{false};
  int workers_ = 0;  // changed only by the thread holding busy_
  std::mutex mutex_;
  std::condition_variable wake_, left_;
  Job* job_ = nullptr;
  std::atomic<uint64_t> published_{0};
  int joined_ = 0;
};

// The process's pool. Never destroyed (its workers block on it until the process ends); a process
// forked from this one has none of its threads, so it makes its own.
Pool& pool() {
  static std::mutex creating;
  static Pool* current = nullptr;
  static pid_t owner = 0;
  std::lock_guard<std::mutex> lock(creating);
  if (!current || owner != getpid()) {
    current = new Pool;
    owner = getpid();
  }
  return *current;
}

}  // namespace

int thread_count() {
  const RunLimits* limits = current_run_limits();
  return limits ? limits->threads : t_default_threads;
}

void set_thread_count(int threads) { t_default_threads = std::clamp(threads, 1, kMaxThreads); }

namespace {

// Runs `chunks` chunks of [0, n) (of `bounds_step` items each, or n * c / chunks when 0) on the
// caller and up to `workers` pool threads.
void run_job(const std::function<void(int64_t, int64_t)>& body, int64_t n, int64_t chunks, int64_t bounds_step,
             int64_t workers) {
  Job job;
  job.body = &body;
  job.n = n;
  job.chunks = chunks;
  job.bounds_step = bounds_step;
  job.workers = static_cast<int>(workers);
  job.limits = current_run_limits();
  job.errors.resize(static_cast<size_t>(chunks));
  if (!pool().run(job)) job.work();  // the pool is busy: the same chunks, in order, on this thread
  for (auto& e : job.errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace

void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
  if (n <= 0) return;
  grain = std::max<int64_t>(grain, 1);
  const int64_t chunks = std::min<int64_t>(thread_count(), (n + grain - 1) / grain);
  poll_deadline();
  if (chunks <= 1) return body(0, n);
  // Chunk c covers [c * n / chunks, (c + 1) * n / chunks): sizes differ by at most one.
  run_job(body, n, chunks, 0, chunks - 1);
}

void parallel_tasks(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
  if (n <= 0) return;
  grain = std::max<int64_t>(grain, 1);
  const int64_t chunks = (n + grain - 1) / grain;
  const int64_t threads = std::min<int64_t>(thread_count(), chunks);
  poll_deadline();
  if (threads <= 1) return body(0, n);
  run_job(body, n, chunks, grain, threads - 1);
}

}  // namespace onnx_ref
