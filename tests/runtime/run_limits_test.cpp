// The run's memory budget, deadline and thread count (runtime/run_limits.h), and the files read
// instead of mapped (runtime/external_data.h). Byte counts below are worked out by hand.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "runtime/error.h"
#include "runtime/external_data.h"
#include "runtime/parallel_for.h"
#include "runtime/run_limits.h"
#include "runtime/tensor.h"
#include "runtime/value.h"

using namespace onnx_ref;

TEST_CASE("a memory budget holds the live total, refuses what passes it, and takes back what is released") {
  auto budget = std::make_shared<MemoryBudget>(1000);
  budget->charge(600, "a");
  CHECK(budget->live() == 600);
  // 600 + 401 = 1001 > 1000: refused, and nothing is added.
  CHECK_THROWS_WITH_AS(budget->charge(401, "b"),
                       "b needs 401 bytes, and the run holds 600: more than the limit of 1000 bytes (--max-memory)",
                       Error);
  CHECK(budget->live() == 600);
  budget->charge(400, "c");  // 1000: exactly the limit
  CHECK(budget->live() == 1000);
  budget->release(700);
  CHECK(budget->live() == 300);
  CHECK(budget->peak() == 1000);
  // An overflowing total is refused, not wrapped around.
  CHECK_THROWS_AS(budget->charge(UINT64_MAX, "huge"), Error);
}

TEST_CASE("a charge gives its bytes back when destroyed, moved or absorbed") {
  auto budget = std::make_shared<MemoryBudget>(100);
  {
    MemoryCharge a(budget, 10);
    budget->charge(10, "");
    MemoryCharge b(budget, 0);
    budget->charge(5, "");
    b.absorb(MemoryCharge(budget, 5));
    CHECK(b.bytes() == 5);
    MemoryCharge c = std::move(a);
    CHECK(a.bytes() == 0);
    CHECK(c.bytes() == 10);
    CHECK(budget->live() == 15);
  }
  CHECK(budget->live() == 0);
}

TEST_CASE("tensors allocated while a run's limits are current are charged to its budget while they live") {
  RunLimits limits;
  limits.memory = std::make_shared<MemoryBudget>(4096);
  RunLimitsScope scope(&limits);
  {
    Tensor a = Tensor::zeros(ElementType::Float, {256});          // 1024 bytes
    Tensor b = Tensor::uninitialized(ElementType::Int64, {256});  // 2048 bytes
    CHECK(limits.memory->live() == 3072);
    // 3072 + 1028 = 4100 > 4096.
    CHECK_THROWS_WITH_AS(Tensor::zeros(ElementType::Float, {257}),
                         "needs 1028 bytes, and the run holds 3072: more than the limit of 4096 bytes (--max-memory)",
                         Error);
    Tensor shared = a.reshaped({16, 16});  // no new storage: nothing charged
    CHECK(limits.memory->live() == 3072);
  }
  CHECK(limits.memory->live() == 0);
  Tensor fits = Tensor::zeros(ElementType::Float, {1024});  // 4096: all of it, now that the rest is gone
  CHECK(limits.memory->live() == 4096);
}

TEST_CASE("string tensors and sequences count their handles") {
  RunLimits limits;
  limits.memory = std::make_shared<MemoryBudget>(uint64_t{1} << 20);
  RunLimitsScope scope(&limits);
  {
    Tensor strings = Tensor::zeros(ElementType::String, {10});
    CHECK(limits.memory->live() == 10 * sizeof(std::string));
  }
  CHECK(limits.memory->live() == 0);
  const Tensor item = Tensor::zeros(ElementType::Float, {1});  // 4 bytes
  {
    Value seq = Value::sequence(ElementType::Float, std::vector<Tensor>(3, item));
    CHECK(limits.memory->live() == 4 + 3 * sizeof(Tensor));
    // Sole owner: grows in place (the vector's capacity doubles, charged as it grows).
    CHECK(seq.insert_in_place(3, item));
    CHECK(seq.items().size() == 4);
    CHECK(limits.memory->live() == 4 + 6 * sizeof(Tensor));
    CHECK(seq.erase_in_place(0));
    CHECK(seq.items().size() == 3);
    // Shared: nothing changes, the caller copies.
    const Value other = seq;
    CHECK_FALSE(seq.insert_in_place(0, item));
    CHECK_FALSE(seq.erase_in_place(0));
    CHECK(other.items().size() == 3);
  }
  CHECK(limits.memory->live() == 4);
}

TEST_CASE("outside a run nothing is accounted, but one allocation may not pass the thread's default limit") {
  REQUIRE(current_run_limits() == nullptr);
  set_default_memory_limit(1 << 20);
  CHECK(Tensor::zeros(ElementType::Float, {256, 1024}).element_count() == 262144);  // exactly 1 MiB
  CHECK_THROWS_WITH_AS(Tensor::zeros(ElementType::Float, {256, 1025}),
                       "float[256, 1025] needs 1049600 bytes, more than the limit of 1048576 bytes (--max-memory)",
                       Error);
  set_default_memory_limit(0);
  CHECK(default_memory_budget() > (1 << 20));
}

TEST_CASE("--max-memory takes MiB or a percentage of the default budget") {
  CHECK(parse_memory_amount("1") == (1 << 20));
  CHECK(parse_memory_amount("0.5") == (1 << 19));
  set_default_memory_limit(uint64_t{1000} << 20);
  CHECK(parse_memory_amount("10%") == (uint64_t{100} << 20));
  set_default_memory_limit(0);
  for (const char* bad : {"", "0", "-1", "abc", "12MiB", "101%", "%"})
    CHECK_THROWS_WITH_AS(parse_memory_amount(bad), doctest::Contains("--max-memory"), Error);
}

TEST_CASE("the deadline stops a run's code once passed, and only that run's") {
  RunLimits past;
  past.timeout_seconds = 0.5;
  past.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  RunLimits none;
  {
    RunLimitsScope scope(&none);
    CHECK_NOTHROW(poll_deadline());
  }
  RunLimitsScope scope(&past);
  CHECK_THROWS_WITH_AS(poll_deadline(), "the run passed its time limit of 0.5 s (--timeout)", Error);
  // parallel_for checks it, and its workers see the run's limits.
  CHECK_THROWS_AS(parallel_for(10, 1, [](int64_t, int64_t) {}), Error);
}

TEST_CASE("parallel_for's workers run with the caller's limits and thread count") {
  RunLimits limits;
  limits.memory = std::make_shared<MemoryBudget>(uint64_t{1} << 20);
  limits.threads = 4;
  RunLimitsScope scope(&limits);
  CHECK(thread_count() == 4);
  std::vector<const RunLimits*> seen(4, nullptr);
  parallel_for(4, 1, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) seen[static_cast<size_t>(i)] = current_run_limits();
  });
  for (const RunLimits* s : seen) CHECK(s == &limits);
  // Another thread outside any run sees none, and its own default count.
  std::thread([] {
    CHECK(current_run_limits() == nullptr);
    CHECK(thread_count() == 1);
  }).join();
}

TEST_CASE("a file read that comes up short is a one-line error, not a signal") {
  const auto path = std::filesystem::temp_directory_path() / "onnx_ref_run_limits_short_file";
  std::ofstream(path, std::ios::binary) << "0123456789";
  const int fd = ::open(path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  std::byte out[16];
  read_file_range(fd, 2, 8, out, "data");
  CHECK(static_cast<char>(out[0]) == '2');
  // As if the file had shrunk after its size was taken: 10 bytes, 16 asked for.
  CHECK_THROWS_WITH_AS(read_file_range(fd, 0, 16, out, "data"),
                       "data: the file changed while it was read (it ends at byte 10, not 16)", Error);
  ::close(fd);
  std::filesystem::remove(path);
}
