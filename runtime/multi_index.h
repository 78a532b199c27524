#pragma once
// A row-major walk over an N-D index space: the last axis moves fastest. The hand-written
// "increment the last counter, carry into the one before" loops of the kernels, once.
//
//   MultiIndex at(shape);
//   do { use(at[0], at[1], ...); } while (at.next());
//
// An index space with a zero extent has no index: `empty()` says so, and a walk must test it
// before its first use (next() is never called on it). A rank-0 space has one index, the empty one.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace onnx_ref {

class MultiIndex {
 public:
  explicit MultiIndex(std::span<const int64_t> extents)
      : extents_(extents.begin(), extents.end()), index_(extents.size(), 0) {}

  size_t rank() const { return index_.size(); }
  bool empty() const {
    return std::any_of(extents_.begin(), extents_.end(), [](int64_t e) { return e <= 0; });
  }
  int64_t operator[](size_t axis) const { return index_[axis]; }
  const std::vector<int64_t>& index() const { return index_; }

  // Moves to the next index in row-major order. Returns false, with the index back at all zeros,
  // after the last one.
  bool next() {
    for (size_t a = index_.size(); a-- > 0;) {
      if (++index_[a] < extents_[a]) return true;
      index_[a] = 0;
    }
    return false;
  }
  void reset() { std::fill(index_.begin(), index_.end(), 0); }

 private:
  std::vector<int64_t> extents_;
  std::vector<int64_t> index_;
};

}  // namespace onnx_ref
