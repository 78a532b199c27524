#pragma once
// Lowers this thread's default memory limit for one scope and puts back what was there: the
// machine's budget (which moves with free memory) when no limit was set, not the figure it had
// when the scope began. Restoring that figure would leave a fixed limit behind for every later test
// case in the process.
#include <cstdint>

#include "runtime/run_limits.h"
#include "runtime/tensor.h"

namespace onnx_ref::testing {

class ScopedMemoryLimit {
 public:
  explicit ScopedMemoryLimit(uint64_t bytes) : previous_(default_is_machine_budget() ? 0 : tensor_memory_limit()) {
    set_tensor_memory_limit(bytes);
  }
  ~ScopedMemoryLimit() { set_tensor_memory_limit(previous_); }
  ScopedMemoryLimit(const ScopedMemoryLimit&) = delete;
  ScopedMemoryLimit& operator=(const ScopedMemoryLimit&) = delete;

 private:
  uint64_t previous_;
};

}  // namespace onnx_ref::testing
