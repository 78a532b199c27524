#pragma once
// How the tiled engine (gemm/tiled.cpp) cuts a product's M x N outputs into the tiles its threads
// claim. Base tiles depend on M and N alone (packed operands are laid out by them); each base
// tile may be cut again, rows at multiples of the kernel's 8 and columns at multiples of its 24,
// into as many parts as evens out the threads' shares. An output's sums and decisions do not
// depend on the tile holding it, so the cut may depend on the thread count and the bits do not.
#include <cstdint>
#include <vector>

namespace onnx_ref::gemm {

// The width of tiles along `lines` lines: the fewest tiles of at most `cap` lines, of one width, a
// multiple of `unit`, but the last. Even widths keep shares even:
// 1024 columns in tiles of 768 and 256 left one thread three times the other's work.
int64_t balanced_tile(int64_t lines, int64_t cap, int64_t unit);

struct Tile {
  int64_t i0, mc, j0, nc;
};

struct TilePlan {
  int64_t base_rows = 0, base_cols = 0;  // the base tiles' size
  int64_t rows = 0, cols = 0;            // the largest tile's
  std::vector<Tile> tiles;               // in the order threads claim them
};

// The plan for `threads` threads. Every tile lies inside one base tile, so an operand packed by
// base tiles is read in parts of whole strips (gemm/tiled.cpp).
TilePlan plan_tiles(int64_t M, int64_t N, int64_t threads);

// Sizes of the base tiles (the packing of A's rows and B's columns uses them).
int64_t base_tile_rows(int64_t M);
int64_t base_tile_cols(int64_t N);

}  // namespace onnx_ref::gemm
