#pragma once
// A float operand A [M, K] packed once as the tiled engine reads it (gemm/tiled.cpp): its blocks
// of the engine's balanced tile rows (at most 256) by kBlockK steps, each in strips of 8 rows, and its row norms, summed block by
// block in the engine's order. A product given these reads them instead of packing A for every
// tile of every call, so a model's constant weights are packed once for all its runs. The packed
// values are the same doubles, the norms the same sums, so every output keeps its bits.
//
// The cache keys an entry by the tensor storage that holds A (a model's initializer) and keeps it
// while that storage lives: a model's weights stay packed between its runs and go when the model
// goes. An entry is charged to the memory budget of the run that made it; entries above 32 MiB,
// and any that would take the cache past 256 MiB, are not made (the product packs per tile then).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "gemm/dot.h"
#include "runtime/run_limits.h"

namespace onnx_ref {
class Storage;
}

namespace onnx_ref::gemm {

struct PackedWeights {
  // A [M, K] is packed by tiles of rows, B [K, N] by tiles of columns; rows x cols is the
  // matrix's shape, row_stride and col_stride its layout in the source.
  bool is_b = false;
  const void* source = nullptr;  // the matrix's first element
  int64_t rows = 0, cols = 0, row_stride = 0, col_stride = 0;
  // Norms summed by the AVX-512 routine (the portable one keeps a NaN's maximum differently, so a
  // product uses these only when its own epilogue is the same).
  bool vector = false;
  int64_t k_blocks = 0;
  std::vector<size_t> offsets;  // block (tile t, k block b) starts at blocks[offsets[t * k_blocks + b]]
  std::vector<double> blocks;
  std::vector<double> l1, l2sq, linf;  // per row of A or column of B (padded with zeros per tile)
  MemoryCharge charge;
  size_t bytes() const { return (blocks.size() + 3 * l1.size()) * sizeof(double) + offsets.size() * sizeof(size_t); }
};

// The packed form of the float matrix A [M, K] (row stride lda, unit column stride) that lives in
// `owner`, from the cache or packed now (and kept unless the cache is full); null when it is not
// made (above 32 MiB, over the run's budget): the product then packs A per tile as usual.
std::shared_ptr<const PackedWeights> cached_packed_weights(const std::shared_ptr<const Storage>& owner, const float* a,
                                                           int64_t M, int64_t K, int64_t lda);
// The same for a float B [K, N] read through `b` (any strides: MatMul's weights, Gemm's transB).
std::shared_ptr<const PackedWeights> cached_packed_b(const std::shared_ptr<const Storage>& owner,
                                                     const MatrixView<float>& b, int64_t K, int64_t N);

// The packed form of the float matrix B [K, N] read through `b`, made now and cached nowhere, for
// a caller that keeps it with the matrix it was made from (a recurrent node's gate matrices); null
// when it would be above 32 MiB. Not charged: the caller charges its bytes().
std::shared_ptr<const PackedWeights> pack_b_uncached(const MatrixView<float>& b, int64_t K, int64_t N);

// gemm(args) with A or B read from their packed forms (made for args.A and args.B; either may be
// null) when the product runs on the tiled engine; exactly gemm(args)'s results.
void gemm_with_packed(const GemmArgs<float>& args, const PackedWeights* packed_a, const PackedWeights* packed_b,
                      GemmStats* stats = nullptr);
inline void gemm_with_packed_a(const GemmArgs<float>& args, const PackedWeights* packed_a, GemmStats* stats = nullptr) {
  gemm_with_packed(args, packed_a, nullptr, stats);
}

// Entries in the cache (tests).
size_t packed_weights_entries();

}  // namespace onnx_ref::gemm
