#pragma once
// Kernel scratch whose size comes from the data (index tables, sort buffers, widened operands,
// im2col panels, work arrays), charged to the run's memory budget (runtime/run_limits.h) while it
// lives, so that a small model cannot take memory no limit sees. The charge comes before the
// allocation: going over is an Error naming what was asked for and the bytes ("Gather's index
// table needs 8000000 bytes ..."), to which the executor adds the node.
#include <cstdint>
#include <string_view>
#include <vector>

#include "runtime/run_limits.h"

namespace onnx_ref {

// The charge for `count` elements of T (the product checked for overflow), to hold while they live.
template <class T>
[[nodiscard]] MemoryCharge charge_scratch(uint64_t count, std::string_view what) {
  return charge_memory(checked_bytes(count, sizeof(T), what), what);
}

// A vector of `count` elements with its charge: for scratch a function returns to its caller.
template <class T>
struct ScratchVector {
  MemoryCharge charge;
  std::vector<T> values;
  ScratchVector() = default;
  ScratchVector(uint64_t count, std::string_view what, const T& fill = T())
      : charge(charge_scratch<T>(count, what)), values(static_cast<size_t>(count), fill) {}
};

}  // namespace onnx_ref
