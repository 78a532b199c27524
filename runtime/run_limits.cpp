#include "runtime/run_limits.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/resource.h>
#include <unistd.h>

#include "runtime/error.h"

namespace onnx_ref {

namespace {

thread_local const RunLimits* t_current = nullptr;
thread_local uint64_t t_default_limit = 0;  // 0: the machine's

std::optional<uint64_t> read_number(const std::string& path) {
  std::ifstream in(path);
  std::string word;
  if (!(in >> word)) return std::nullopt;
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size()) return std::nullopt;  // "max": no limit
  return value;
}

// The cgroup (v2, else v1) this process is in: its memory limit less what it uses.
std::optional<uint64_t> cgroup_headroom() {
  std::string group;
  {
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("0::", 0) == 0) group = line.substr(3);
  }
  for (const std::string& dir : {"/sys/fs/cgroup" + group, std::string("/sys/fs/cgroup")}) {
    auto limit = read_number(dir + "/memory.max");
    if (!limit) continue;
    const uint64_t used = read_number(dir + "/memory.current").value_or(0);
    return *limit > used ? *limit - used : 0;
  }
  auto limit = read_number("/sys/fs/cgroup/memory/memory.limit_in_bytes");
  if (!limit || *limit >= (uint64_t{1} << 60)) return std::nullopt;
  const uint64_t used = read_number("/sys/fs/cgroup/memory/memory.usage_in_bytes").value_or(0);
  return *limit > used ? *limit - used : 0;
}

std::optional<uint64_t> mem_available() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  uint64_t kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  return std::nullopt;
}

// ulimit -v less the address space already mapped, less a reserve for stacks and the allocator.
std::optional<uint64_t> address_space_headroom() {
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
  uint64_t pages = 0;
  std::ifstream("/proc/self/statm") >> pages;
  const uint64_t mapped = pages * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  const uint64_t reserve = uint64_t{64} << 20;
  return limit.rlim_cur > mapped + reserve ? limit.rlim_cur - mapped - reserve : 0;
}

uint64_t machine_budget() {
  uint64_t budget = static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  for (auto bound : {cgroup_headroom(), mem_available(), address_space_headroom()})
    if (bound) budget = std::min(budget, *bound);
  return budget;
}

// "float[5000000000] needs 20000000000 bytes, and the run holds 1024: more than the limit of
// 268435456 bytes (--max-memory)". The executor adds the node.
[[noreturn]] void refuse(uint64_t bytes, std::string_view what, uint64_t live, uint64_t limit, bool machine_default) {
  std::string message =
      (what.empty() ? std::string() : std::string(what) + " ") + "needs " + std::to_string(bytes) + " bytes";
  message += live ? ", and the run holds " + std::to_string(live) + ": more than " : ", more than ";
  message += machine_default
                 ? "this machine's " + std::to_string(limit) + " bytes of memory (what is free for this process)"
                 : "the limit of " + std::to_string(limit) + " bytes";
  throw Error(message + " (--max-memory)");
}

}  // namespace

void MemoryBudget::charge(uint64_t bytes, std::string_view what) {
  uint64_t live = live_.load(std::memory_order_relaxed);
  uint64_t total = 0;
  do {
    if (__builtin_add_overflow(live, bytes, &total) || total > limit_)
      refuse(bytes, what, live, limit_, machine_default_);
  } while (!live_.compare_exchange_weak(live, total, std::memory_order_relaxed));
  uint64_t peak = peak_.load(std::memory_order_relaxed);
  while (total > peak && !peak_.compare_exchange_weak(peak, total, std::memory_order_relaxed)) {
  }
}

MemoryCharge& MemoryCharge::operator=(MemoryCharge&& other) noexcept {
  if (this != &other) {
    reset();
    budget_ = std::move(other.budget_);
    bytes_ = other.bytes_;
    other.bytes_ = 0;
  }
  return *this;
}

void MemoryCharge::absorb(MemoryCharge&& other) {
  if (!budget_) budget_ = std::move(other.budget_);
  bytes_ += other.bytes_;
  other.budget_.reset();
  other.bytes_ = 0;
}

void MemoryCharge::reset() {
  if (budget_ && bytes_) budget_->release(bytes_);
  budget_.reset();
  bytes_ = 0;
}

RunLimitsScope::RunLimitsScope(const RunLimits* limits) : previous_(t_current) { t_current = limits; }
RunLimitsScope::~RunLimitsScope() { t_current = previous_; }

const RunLimits* current_run_limits() { return t_current; }

MemoryCharge charge_memory(uint64_t bytes, std::string_view what) {
  if (const RunLimits* limits = t_current; limits && limits->memory) {
    limits->memory->charge(bytes, what);
    return MemoryCharge(limits->memory, bytes);
  }
  check_memory(bytes, what);
  return {};
}

void check_memory(uint64_t bytes, std::string_view what) {
  if (const RunLimits* limits = t_current; limits && limits->memory) {
    const uint64_t live = limits->memory->live(), limit = limits->memory->limit();
    if (bytes > limit || live > limit - bytes) refuse(bytes, what, live, limit, limits->memory->machine_default());
    return;
  }
  const uint64_t limit = default_memory_budget();
  if (bytes > limit) refuse(bytes, what, 0, limit, t_default_limit == 0);
}

uint64_t checked_bytes(uint64_t count, uint64_t unit, std::string_view what) {
  uint64_t bytes = 0;
  if (__builtin_mul_overflow(count, unit, &bytes))
    throw Error(std::string(what) + " needs " + std::to_string(count) + " x " + std::to_string(unit) +
                " bytes, more than memory can address");
  return bytes;
}

uint64_t memory_headroom() {
  if (const RunLimits* limits = t_current; limits && limits->memory) {
    const uint64_t live = limits->memory->live(), limit = limits->memory->limit();
    return limit > live ? limit - live : 0;
  }
  return default_memory_budget();
}

void poll_deadline() {
  if (const RunLimits* limits = t_current) poll_deadline(*limits);
}

void poll_deadline(const RunLimits& limits) {
  if (!limits.deadline || std::chrono::steady_clock::now() < *limits.deadline) return;
  std::ostringstream s;
  s << limits.timeout_seconds;
  throw Error("the run passed its time limit of " + s.str() + " s (--timeout)");
}

uint64_t default_memory_budget() {
  // Read again at most once a second: allocations outside a run (loading, kernels called
  // directly) ask often, and /proc and the cgroup files take microseconds to read.
  thread_local uint64_t machine = 0;
  thread_local std::chrono::steady_clock::time_point read_at;
  const auto now = std::chrono::steady_clock::now();
  if (machine == 0 || now - read_at > std::chrono::seconds(1)) {
    machine = std::max<uint64_t>(machine_budget(), 1);
    read_at = now;
  }
  return t_default_limit ? std::min(t_default_limit, machine) : machine;
}

void set_default_memory_limit(uint64_t bytes) { t_default_limit = bytes; }

bool default_is_machine_budget() { return t_default_limit == 0; }

uint64_t parse_memory_amount(std::string_view text) {
  const bool percent = !text.empty() && text.back() == '%';
  const std::string_view number = percent ? text.substr(0, text.size() - 1) : text;
  double value = 0;
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (number.empty() || ec != std::errc() || end != number.data() + number.size() || !(value > 0) ||
      (percent && value > 100) || (!percent && value > double(uint64_t{1} << 40)))
    throw Error("--max-memory " + quote_text(text) + " is not a number of MiB (1 to 2^40) or a percentage (0 to 100%)");
  if (percent) return static_cast<uint64_t>(std::floor(static_cast<double>(default_memory_budget()) * value / 100));
  return static_cast<uint64_t>(std::ceil(value * (1 << 20)));
}

}  // namespace onnx_ref
