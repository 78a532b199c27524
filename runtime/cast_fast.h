#pragma once
// Faster routes to exactly what Cast's element-by-element conversion (runtime/cast.cpp) gives, for
// large tensors:
//  - integer, float and double sources to float or double: the hardware conversion, which rounds
//    the exact value once, to nearest, ties to even, as the element-by-element path does;
//  - float to the small float types (float16, bfloat16, the float8 types, float4e2m1, float8e8m0):
//    a table indexed by the sign, the exponent, the mantissa bits down to one below the target's
//    last one, and one "sticky" bit for all the bits below: those decide the rounding, so each entry
//    is the element-by-element conversion of one representative value;
//  - 8- and 16-bit sources to any fixed-width target: a table of every source bit pattern.
// Tables are built once per (source, target, options) through cast_tensor_elementwise, and used only
// where the tensor is large enough to pay for them. tests/test_cast.cpp compares both paths.
#include <optional>

#include "runtime/cast.h"

namespace onnx_ref {

// The element-by-element conversion that cast_tensor falls back to (and that the tables are made of).
Tensor cast_tensor_elementwise(const Tensor& in, ElementType to, const CastOptions& options);

// nullopt when no fast route applies (then cast_tensor converts element by element). `min_elements`
// is the size below which table routes are not worth building a table for.
std::optional<Tensor> cast_fast_path(const Tensor& in, ElementType to, const CastOptions& options,
                                     int64_t min_elements = int64_t{1} << 16);

}  // namespace onnx_ref
