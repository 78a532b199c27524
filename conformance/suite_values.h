#pragma once
// The element values gen-suite feeds: ordinary small values, and the corners where backends slip
// (NaN, infinities, -0, subnormals, the extremes of a type, rounding ties).
#include <cstdint>
#include <string_view>

#include "runtime/tensor.h"

namespace onnx_ref::suite {

enum class ValueFlavor {
  Ordinary,   // small values: multiples of 1/8 in [-4, 4], integers in [-5, 5] (unsigned [0, 10])
  Special,    // NaN, +inf, -inf, -0, 0, ±1, ±max, the smallest normal and subnormal, among ordinary values
  Ties,       // halfway cases: ±0.5, ±1.5, ±2.5, 1 + ulp(1), ulp(1) / 2, ...
  Subnormal,  // the subnormal range and its edges
  Extremes,   // ±max, near-overflow values; integers: min, max, min + 1, max - 1, -1, 0
};
std::string_view flavor_name(ValueFlavor flavor);

// A tensor of `type` and `shape` filled cyclically with values of `flavor`, starting at a place
// `seed` picks. Values a type cannot hold are left out of its cycle (no infinity in
// float8e4m3fn, no negative values in unsigned types).
Tensor flavored_tensor(ElementType type, const Shape& shape, ValueFlavor flavor, uint64_t seed);

// Whether `flavor` differs from Ordinary for `type` (integers have only Extremes; bool and
// string have none).
bool flavor_applies(ElementType type, ValueFlavor flavor);

}  // namespace onnx_ref::suite
