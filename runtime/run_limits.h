#pragma once
// The limits of one run that code without a RunContext at hand must see: the memory budget every
// allocation of the run is charged to, the deadline, and the thread count. A run makes them current
// on its thread (RunLimitsScope); parallel_for makes them current on its workers. Two runs on two
// threads each see their own: nothing here is process-wide.
//
// Memory: every byte a run allocates through Storage (tensors), and every kernel scratch buffer
// whose size comes from the data (index tables, im2col, decoder buffers, loop accumulations), is
// charged to the run's budget while it lives. Going over is an Error naming the bytes asked for;
// the executor adds the node. Outside any run (a kernel called directly by a test) nothing is
// accounted, but no single charge may exceed the thread's default limit.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

namespace onnx_ref {

class MemoryBudget {
 public:
  // `machine_default`: the limit is default_memory_budget()'s, not one a user set (errors say so).
  explicit MemoryBudget(uint64_t limit_bytes, bool machine_default = false)
      : limit_(limit_bytes), machine_default_(machine_default) {}
  uint64_t limit() const { return limit_; }
  bool machine_default() const { return machine_default_; }
  uint64_t live() const { return live_.load(std::memory_order_relaxed); }
  uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }
  // Adds `bytes` to the live total, or throws Error ("<what> needs N bytes, ... more than the limit
  // of L bytes (--max-memory)") when the total would pass the limit; nothing is added then.
  void charge(uint64_t bytes, std::string_view what);
  void release(uint64_t bytes) { live_.fetch_sub(bytes, std::memory_order_relaxed); }

 private:
  const uint64_t limit_;
  const bool machine_default_;
  std::atomic<uint64_t> live_{0};
  std::atomic<uint64_t> peak_{0};
};

// Bytes charged to a budget, given back when this is destroyed (move-only).
class MemoryCharge {
 public:
  MemoryCharge() = default;
  MemoryCharge(std::shared_ptr<MemoryBudget> budget, uint64_t bytes) : budget_(std::move(budget)), bytes_(bytes) {}
  MemoryCharge(MemoryCharge&& other) noexcept : budget_(std::move(other.budget_)), bytes_(other.bytes_) {
    other.bytes_ = 0;
  }
  MemoryCharge& operator=(MemoryCharge&& other) noexcept;
  MemoryCharge(const MemoryCharge&) = delete;
  MemoryCharge& operator=(const MemoryCharge&) = delete;
  ~MemoryCharge() { reset(); }
  void reset();
  uint64_t bytes() const { return bytes_; }
  // Takes over `other`'s bytes (of the same budget): one charge for a buffer that grows.
  void absorb(MemoryCharge&& other);

 private:
  std::shared_ptr<MemoryBudget> budget_;
  uint64_t bytes_ = 0;
};

// What a run makes current on the threads working for it.
struct RunLimits {
  std::shared_ptr<MemoryBudget> memory;
  int threads = 1;
  double timeout_seconds = 0;  // 0: none
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

// Makes `limits` current on this thread until destroyed (the previous ones come back then).
class RunLimitsScope {
 public:
  explicit RunLimitsScope(const RunLimits* limits);
  ~RunLimitsScope();
  RunLimitsScope(const RunLimitsScope&) = delete;
  RunLimitsScope& operator=(const RunLimitsScope&) = delete;

 private:
  const RunLimits* previous_;
};

// The limits current on this thread; nullptr outside any run.
const RunLimits* current_run_limits();

// Charges `bytes` (for `what`: "float[3, 4]", "Pad's index table") to the current run's budget and
// returns the charge to hold while the bytes live. Outside a run: checks `bytes` against the
// thread's default limit and returns an empty charge.
MemoryCharge charge_memory(uint64_t bytes, std::string_view what);
// Throws the same Error as charge_memory would, holding nothing: for a kernel to refuse an output
// before computing what it scales with.
void check_memory(uint64_t bytes, std::string_view what);
// `count` elements of `unit` bytes, with the product checked for overflow (an overflow is refused
// like a budget overrun).
uint64_t checked_bytes(uint64_t count, uint64_t unit, std::string_view what);
// Bytes the current run may still allocate (the thread's default limit outside a run).
uint64_t memory_headroom();

// Throws Error when the current run has passed its deadline ("the run passed its time limit of 5 s
// (--timeout)"). Cheap enough to call every few thousand steps of a long kernel.
void poll_deadline();
void poll_deadline(const RunLimits& limits);

// The budget of a run that sets none: the memory this process may still take, the least of the
// cgroup's limit less its usage, MemAvailable, and the address-space limit (ulimit -v) less what is
// mapped, lowered on this thread by set_default_memory_limit.
uint64_t default_memory_budget();
// Lowers the default budget on this thread (0: back to the machine's): for fuzz targets and tests,
// and for allocations made outside a run.
void set_default_memory_limit(uint64_t bytes);
// Whether this thread's default budget is the machine's (no set_default_memory_limit in force).
bool default_is_machine_budget();

// Parses a --max-memory value: "512" (MiB) or "25%" (of default_memory_budget()). Throws Error.
uint64_t parse_memory_amount(std::string_view text);

}  // namespace onnx_ref
