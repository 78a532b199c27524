#pragma once
// The tiled engine for float, float16 and bfloat16 (gemm/tiled.cpp), called by gemm/dot.cpp.
#include <memory>

#include "gemm/packed_weights.h"
#include "gemm/panel_source.h"

namespace onnx_ref::gemm::tiled {

// Runs the product on the tiled engine when the path setting and the size call for it (true), or
// leaves it to the panel engine (false).
template <class S>
bool try_gemm(const GemmArgs<S>& g, GemmStats& stats, const PackedWeights* packed_a = nullptr,
              const PackedWeights* packed_b = nullptr);

// Runs the product with B from `b` on the tiled engine (args.K >= 1, M, N >= 1).
template <class S>
void packed(const GemmArgs<S>& g, const PanelSource& b, GemmStats& stats, const PackedWeights* packed_a = nullptr);

// Packs float A [M, K] (row stride lda), or B [K, N], for the engine's current path
// (gemm/packed_weights.h).
std::shared_ptr<PackedWeights> pack_weights(const float* a, int64_t M, int64_t K, int64_t lda);
std::shared_ptr<PackedWeights> pack_b(const MatrixView<float>& b, int64_t K, int64_t N);

}  // namespace onnx_ref::gemm::tiled
