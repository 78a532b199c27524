#pragma once
// The tiled engine for float, float16 and bfloat16 (gemm/tiled.cpp), called by gemm/dot.cpp.
#include "gemm/panel_source.h"

namespace onnx_ref::gemm::tiled {

// Runs the product on the tiled engine when the path setting and the size call for it (true), or
// leaves it to the panel engine (false).
template <class S>
bool try_gemm(const GemmArgs<S>& g, GemmStats& stats);

// Runs the product with B from `b` on the tiled engine (args.K >= 1, M, N >= 1).
template <class S>
void packed(const GemmArgs<S>& g, const PanelSource& b, GemmStats& stats);

}  // namespace onnx_ref::gemm::tiled
