// parallel_tasks (runtime/parallel_for.h): chunks of exactly `grain` items, however many, claimed one
// at a time by at most thread_count() threads; errors come back from the lowest chunk.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include "runtime/error.h"
#include "runtime/parallel_for.h"

using namespace onnx_ref;

namespace {

struct DefaultThreads {
  explicit DefaultThreads(int n) { set_thread_count(n); }
  ~DefaultThreads() { set_thread_count(1); }
};

}  // namespace

TEST_CASE("parallel_tasks: chunks of exactly grain items cover the range once, on every thread count") {
  for (int threads : {1, 2, 3}) {
    DefaultThreads t(threads);
    std::mutex m;
    std::vector<std::pair<int64_t, int64_t>> got;
    parallel_tasks(103, 10, [&](int64_t b, int64_t e) {
      std::lock_guard<std::mutex> lock(m);
      got.emplace_back(b, e);
    });
    std::sort(got.begin(), got.end());
    std::vector<std::pair<int64_t, int64_t>> want;
    if (threads == 1)
      want.emplace_back(0, 103);  // one thread: the whole range at once
    else
      for (int64_t b = 0; b < 103; b += 10) want.emplace_back(b, std::min<int64_t>(103, b + 10));
    CHECK(got == want);
  }
}

TEST_CASE("parallel_tasks: no more threads than the count, however many chunks") {
  // Start three workers, then ask for two threads: the third worker must stay out.
  {
    DefaultThreads t(4);
    parallel_tasks(64, 1, [](int64_t, int64_t) { std::this_thread::sleep_for(std::chrono::microseconds(200)); });
  }
  DefaultThreads t(2);
  std::mutex m;
  std::set<std::thread::id> ids;
  std::atomic<int> running{0}, most{0};
  parallel_tasks(64, 1, [&](int64_t, int64_t) {
    const int now = ++running;
    int seen = most.load();
    while (now > seen && !most.compare_exchange_weak(seen, now)) {
    }
    {
      std::lock_guard<std::mutex> lock(m);
      ids.insert(std::this_thread::get_id());
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    --running;
  });
  CHECK(ids.size() <= 2);
  CHECK(most.load() <= 2);
}

TEST_CASE("parallel_tasks: the lowest failing chunk's error comes back") {
  DefaultThreads t(2);
  try {
    parallel_tasks(40, 4, [](int64_t b, int64_t) {
      if (b >= 8) throw Error("chunk " + std::to_string(b));
    });
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find("chunk 8") != std::string::npos);
  }
}
