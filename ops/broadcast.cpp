#include "ops/broadcast.h"

#include <algorithm>

namespace onnx_ref {

Shape broadcast_shapes(std::span<const Shape> shapes) {
  size_t rank = 0;
  for (const auto& s : shapes) rank = std::max(rank, s.size());
  Shape out(rank, 1);
  std::vector<size_t> from(rank, 0);  // which shape set each output dimension
  for (size_t k = 0; k < shapes.size(); ++k) {
    const Shape& s = shapes[k];
    for (size_t i = 0; i < s.size(); ++i) {
      const size_t d = rank - s.size() + i;
      const int64_t v = s[i];
      if (v == out[d] || v == 1) continue;
      if (out[d] == 1) {
        out[d] = v;
        from[d] = k;
        continue;
      }
      throw Error("shapes " + shape_to_string(shapes[from[d]]) + " and " + shape_to_string(s) +
                  " cannot be broadcast (dimension " + std::to_string(out[d]) + " vs " + std::to_string(v) + ")");
    }
  }
  return out;
}

std::vector<int64_t> broadcast_strides(const Shape& in, const Shape& out) {
  std::vector<int64_t> strides(out.size(), 0);
  int64_t stride = 1;
  for (size_t i = in.size(); i-- > 0;) {
    const size_t d = out.size() - in.size() + i;
    strides[d] = in[i] == 1 && out[d] != 1 ? 0 : stride;
    stride *= in[i];
  }
  return strides;
}

}  // namespace onnx_ref
