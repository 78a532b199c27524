#pragma once
// The value of LpPool and GlobalLpPool over one window: (sum |x|^p)^(1/p), correctly rounded.
#include <cstdint>
#include <span>
#include <string>

#include "numeric/elementary.h"
#include "ops/registry.h"

namespace onnx_ref::pool {

// The largest p accepted: the exact p-th power of a double needs 53 p bits.
inline constexpr int64_t kMaxLpPoolP = 1024;

// (sum over `values` of |x|^p)^(1/p), the exact value rounded once to `format` (nearest, ties to
// even) and returned as the double holding it. NaN anywhere gives NaN, else an infinity gives +inf;
// no value (or only zeros) gives +0. 1 <= p <= kMaxLpPoolP.
double lp_norm_rounded(std::span<const double> values, int64_t p, numeric::Format format);

// The attribute p of an LpPool or GlobalLpPool version (a float at version 1, an int later),
// checked: a whole number from 1 to kMaxLpPoolP. Error naming the value otherwise.
int64_t read_lp_pool_p(const Attributes& attrs);

}  // namespace onnx_ref::pool
