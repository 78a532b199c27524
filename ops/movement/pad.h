#pragma once
// Pad's index rule as a pure function (ops/movement/pad.cpp has the versions and the kernel).
#include <cstdint>
#include <string>

namespace onnx_ref {

enum class PadMode { Constant, Reflect, Edge, Wrap };

// "constant", "reflect", "edge", and from version 19 "wrap"; Error naming the mode otherwise.
PadMode parse_pad_mode(const std::string& mode, int since);

// The input coordinate that output coordinate `o` reads along a dimension of size `d` padded by
// `begin` in front (negative: cropped), or -1 where the constant goes. `d` must not be 0 unless the
// mode is constant.
int64_t pad_source(int64_t o, int64_t begin, int64_t d, PadMode mode);

}  // namespace onnx_ref
