// The tiled engine's tile plan (see tile_plan.h).
#include "gemm/tile_plan.h"

#include <algorithm>

#include "gemm/micro_kernel.h"

namespace onnx_ref::gemm {

namespace {

using tiled::kMR;
using tiled::kNR;

// The packed A block (kTileRows x kBlockK doubles, 256 KiB) stays in L2 while the B strips stream
// past it; wide tiles pack each A block once for many columns.
constexpr int64_t kTileRows = 256;
constexpr int64_t kTileCols = 32 * kNR;

// The cost of a tile in the kernel's lanes: padded rows times the columns the kernels run (a last
// strip of 16 or fewer columns runs only its vectors of 8), plus packing both operands' lines.
int64_t tile_cost(int64_t mc, int64_t nc) {
  const int64_t rows = (mc + kMR - 1) / kMR * kMR;
  const int64_t full = nc / kNR, rest = nc % kNR;
  const int64_t cols = full * kNR + (rest == 0 ? 0 : rest <= 16 ? (rest + 7) / 8 * 8 : kNR);
  return rows * cols + 4 * (rows + cols);
}

// [0, length) cut into parts of `unit`-multiple width for `parts` parts (fewer when the width
// rounds up): the part width.
int64_t part_width(int64_t length, int64_t parts, int64_t unit) {
  return std::max(unit, ((length + parts - 1) / parts + unit - 1) / unit * unit);
}

std::vector<Tile> cut(int64_t M, int64_t N, int64_t base_rows, int64_t base_cols, int64_t row_parts,
                      int64_t col_parts) {
  std::vector<Tile> tiles;
  for (int64_t bj = 0; bj < N; bj += base_cols) {
    const int64_t bn = std::min(base_cols, N - bj), wc = part_width(bn, col_parts, kNR);
    for (int64_t bi = 0; bi < M; bi += base_rows) {
      const int64_t bm = std::min(base_rows, M - bi), wr = part_width(bm, row_parts, kMR);
      for (int64_t j = 0; j < bn; j += wc)
        for (int64_t i = 0; i < bm; i += wr)
          tiles.push_back({bi + i, std::min(wr, bm - i), bj + j, std::min(wc, bn - j)});
    }
  }
  return tiles;
}

// The finish time of the last thread when threads claim the tiles in order, each taking the next
// as it comes free.
int64_t makespan(const std::vector<Tile>& tiles, int64_t threads) {
  std::vector<int64_t> load(static_cast<size_t>(threads), 0);
  for (const Tile& t : tiles) *std::min_element(load.begin(), load.end()) += tile_cost(t.mc, t.nc);
  return *std::max_element(load.begin(), load.end());
}

}  // namespace

int64_t balanced_tile(int64_t lines, int64_t cap, int64_t unit) {
  return std::min(cap, part_width(lines, std::max<int64_t>(1, (lines + cap - 1) / cap), unit));
}

int64_t base_tile_rows(int64_t M) { return balanced_tile(M, kTileRows, kMR); }
int64_t base_tile_cols(int64_t N) { return balanced_tile(N, kTileCols, kNR); }

TilePlan plan_tiles(int64_t M, int64_t N, int64_t threads) {
  TilePlan plan;
  plan.base_rows = base_tile_rows(M);
  plan.base_cols = base_tile_cols(N);
  plan.tiles = cut(M, N, plan.base_rows, plan.base_cols, 1, 1);
  if (threads > 1) {
    // Cut each base tile into up to 4 x 4 parts; keep the cut whose last thread finishes first,
    // preferring fewer tiles unless more finish at least 3% sooner.
    int64_t best = makespan(plan.tiles, threads);
    for (int64_t rp = 1; rp <= 4; ++rp)
      for (int64_t cp = 1; cp <= 4; ++cp) {
        if (rp * cp == 1 || (rp > 1 && std::min(plan.base_rows, M) < rp * kMR) ||
            (cp > 1 && std::min(plan.base_cols, N) < cp * kNR))
          continue;
        std::vector<Tile> tiles = cut(M, N, plan.base_rows, plan.base_cols, rp, cp);
        const int64_t span = makespan(tiles, threads);
        if (span * 100 < best * 97) {
          best = span;
          plan.tiles = std::move(tiles);
        }
      }
  }
  for (const Tile& t : plan.tiles) {
    plan.rows = std::max(plan.rows, t.mc);
    plan.cols = std::max(plan.cols, t.nc);
  }
  return plan;
}

}  // namespace onnx_ref::gemm
