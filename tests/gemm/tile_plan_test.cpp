// The tiled engine's tile plan (gemm/tile_plan.h): tiles cover the outputs once, lie inside one
// base tile each, start at whole strips, and even out two threads' shares where the base tiles
// cannot (expected cuts worked out by hand from the rule in tile_plan.cpp).
#include <doctest/doctest.h>

#include <cstddef>
#include <vector>

#include "gemm/tile_plan.h"

using namespace onnx_ref::gemm;

namespace {

void check_cover(int64_t M, int64_t N, const TilePlan& plan) {
  std::vector<int> hits(static_cast<size_t>(M * N), 0);
  for (const Tile& t : plan.tiles) {
    CHECK(t.i0 % 8 == 0);
    CHECK(t.j0 % 24 == 0);
    CHECK(t.i0 / plan.base_rows == (t.i0 + t.mc - 1) / plan.base_rows);  // inside one base tile
    CHECK(t.j0 / plan.base_cols == (t.j0 + t.nc - 1) / plan.base_cols);
    CHECK(t.mc <= plan.rows);
    CHECK(t.nc <= plan.cols);
    for (int64_t i = t.i0; i < t.i0 + t.mc; ++i)
      for (int64_t j = t.j0; j < t.j0 + t.nc; ++j) ++hits[static_cast<size_t>(i * N + j)];
  }
  for (int h : hits) CHECK(h == 1);
}

}  // namespace

TEST_CASE("balanced_tile: even widths in whole units") {
  CHECK(balanced_tile(1024, 768, 24) == 528);  // two tiles: 512 rounded up to 22 strips
  CHECK(balanced_tile(1024, 256, 8) == 256);
  CHECK(balanced_tile(320, 256, 8) == 160);  // 256 + 64 became 160 + 160
  CHECK(balanced_tile(49, 768, 24) == 72);
  CHECK(balanced_tile(5, 256, 8) == 8);
}

TEST_CASE("plan_tiles: one thread keeps the base tiles") {
  const TilePlan plan = plan_tiles(1024, 1024, 1);
  CHECK(plan.base_rows == 256);
  CHECK(plan.base_cols == 528);
  CHECK(plan.tiles.size() == 8);
  check_cover(1024, 1024, plan);
}

TEST_CASE("plan_tiles: a 7 x 7 image's 49 columns are shared by rows, not by a 48 + 1 column cut") {
  const TilePlan plan = plan_tiles(192, 49, 2);
  REQUIRE(plan.tiles.size() == 2);
  CHECK(plan.tiles[0].mc == 96);
  CHECK(plan.tiles[1].mc == 96);
  CHECK(plan.tiles[0].nc == 49);
  check_cover(192, 49, plan);
}

TEST_CASE("plan_tiles: 28 x 28 outputs and 64 rows, two threads get a column tile each") {
  const TilePlan plan = plan_tiles(64, 784, 2);
  REQUIRE(plan.tiles.size() == 2);
  CHECK(plan.tiles[0].nc == 408);  // 784 / 2 = 392, rounded up to 17 strips
  CHECK(plan.tiles[1].nc == 376);
  check_cover(64, 784, plan);
}

TEST_CASE("plan_tiles: odd sizes and thread counts cover every output once") {
  for (int64_t threads : {2, 3, 4})
    for (int64_t M : {1, 7, 8, 9, 100, 257, 600})
      for (int64_t N : {1, 23, 24, 25, 49, 196, 800, 1600}) {
        INFO("M " << M << ", N " << N << ", threads " << threads);
        check_cover(M, N, plan_tiles(M, N, threads));
      }
}
