// ONNX Softmax, every version (1, 11, 13): 1 and 11 over the input coerced to 2-D at `axis`
// (default 1), 13 along `axis` (default -1) with bfloat16 added.
// Contract: correctly rounded. Each output is the exact e^(x_i) / sum_j e^(x_j) rounded once
// (nearest, ties to even); NaN or +inf in a line, or a line of only -inf, gives NaN for the line.
// How, and why it is rigorous: ops/softmax/softmax_lines.cpp.
#include "ops/softmax/register.h"
#include "ops/softmax/softmax_family.h"

namespace onnx_ref {

void register_softmax(Registry& registry) {
  add_softmax_ladder(
      registry, "Softmax", {AccuracyKind::CorrectlyRounded, "the exact e^x_i / sum_j e^x_j rounded once"},
      [](const Tensor& in, Tensor& out, const LineLayout& lines) { softmax_lines(in, out, lines, false); });
}

}  // namespace onnx_ref
