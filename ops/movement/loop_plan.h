#pragma once
// A copy seen as nested loops (transpose_plan, broadcast_plan): dims[i] output elements along loop
// i (outermost first), taken src_strides[i] input elements apart (0: the input is stretched).
#include <cstdint>
#include <vector>

namespace onnx_ref {

struct LoopPlan {
  std::vector<int64_t> dims;
  std::vector<int64_t> src_strides;

  // Appends the next output dimension, of d elements taken s apart: dropped when d is 1, merged
  // into the previous loop when that one steps over exactly this whole dimension (s d apart, 0
  // when both stretch), so that one longer loop does the work of both.
  void add(int64_t d, int64_t s) {
    if (d == 1) return;
    if (!dims.empty() && src_strides.back() == s * d) {
      dims.back() *= d;
      src_strides.back() = s;
      return;
    }
    dims.push_back(d);
    src_strides.push_back(s);
  }
};

}  // namespace onnx_ref
