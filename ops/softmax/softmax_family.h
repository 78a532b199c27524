#pragma once
// Softmax, LogSoftmax and Hardmax share their version ladder and their layout: versions 1 and 11
// coerce the input to 2-D at `axis` (rows are the flattened dimensions from `axis` on, default
// axis 1); version 13 works along the one axis `axis` (default -1) and adds bfloat16.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ops/registry.h"

namespace onnx_ref {

// Lines of a tensor: `outer` * `inner` lines of `count` elements, element k of line (o, i) at
// o * count * inner + k * inner + i.
struct LineLayout {
  int64_t outer = 1, count = 1, inner = 1;
};

// Computes `out` (allocated, same type and shape as `in`) line by line.
using LineKernel = std::function<void(const Tensor& in, Tensor& out, const LineLayout& lines)>;

// Adds versions 1, 11 and 13 of `op_type` running `kernel`.
void add_softmax_ladder(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                        const LineKernel& kernel);

// The lines of Softmax and LogSoftmax, correctly rounded (ops/softmax/softmax.cpp).
void softmax_lines(const Tensor& in, Tensor& out, const LineLayout& lines, bool logarithm);

// The double estimate v of one line's Softmax (or LogSoftmax) values, each within delta |v_i| of
// the exact value (the bound is derived in ops/softmax/softmax_lines.cpp). x holds the line's
// elements, finite or -inf, m their maximum (finite) at index top. False when no such bound is
// claimed (the line must be evaluated otherwise). `terms` is scratch space.
bool softmax_line_estimate(const std::vector<double>& x, double m, size_t top, bool logarithm, std::vector<double>& v,
                           double& delta, std::vector<double>& terms);

}  // namespace onnx_ref
