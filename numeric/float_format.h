#pragma once
// The numeric::Format of a floating element type, and a double rounded to a format, shared by the
// kernels that compute in double and round once at the end (Attention's softcap, LpNormalization,
// the ai.onnx.ml score transforms).
#include <optional>

#include "numeric/elementary.h"
#include "runtime/element_type.h"

namespace onnx_ref::numeric {

// The format of float16, bfloat16, float or double; nothing for any other type.
std::optional<Format> format_if_floating(ElementType type);

// The format of float16, bfloat16, float or double; a logic_error for any other type (the callers'
// type constraints admit only these).
Format format_of_type(ElementType type);

// A double rounded once to `format` (nearest, ties to even), returned as the double of that value.
double round_to(double v, Format format);

}  // namespace onnx_ref::numeric
