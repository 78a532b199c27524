// ConvTranspose (22) on float, whose gather matrix the tiled engine packs block by block
// (ops/linalg/conv_transpose.cpp, GatherSource): strides, pads, dilations and groups, every engine
// path and thread count, against an MPFR oracle that scatters each input element by the spec's
// definition (Operators.md, ConvTranspose: output position i * stride + k * dilation - pad_begin
// receives X[i] * W[k]), each output rounded once.
#include <doctest/doctest.h>

#include <mpfr.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "gemm/dot.h"
#include "node_runner.h"
#include "runtime/parallel_for.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

TEST_CASE("ConvTranspose-22: 2-D, stride 2, pads, dilation and groups, every path and thread count, against MPFR") {
  const int64_t N = 1, C = 4, H = 9, W = 11, group = 2, Mg = 3, KH = 3, KW = 2;
  const int64_t sh = 2, sw = 3, dh = 1, dw = 2, ph0 = 1, pw0 = 2, ph1 = 0, pw1 = 1;
  const int64_t OH = (H - 1) * sh + dh * (KH - 1) + 1 - ph0 - ph1, OW = (W - 1) * sw + dw * (KW - 1) + 1 - pw0 - pw1;
  const int64_t Cg = C / group, M = Mg * group;
  std::mt19937_64 rng(9);
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << 24) + 1, (int64_t{1} << 24) - 1);
  std::uniform_int_distribution<int> ex(-6, 6);
  auto draw = [&] { return std::ldexp(static_cast<float>(mant(rng)), ex(rng) - 24); };
  std::vector<float> x(static_cast<size_t>(N * C * H * W)), w(static_cast<size_t>(C * Mg * KH * KW)), b(static_cast<size_t>(M));
  for (auto& v : x) v = draw();
  for (auto& v : w) v = draw();
  for (auto& v : b) v = draw();
  // Oracle: scatter every product into exact MPFR accumulators, round each once.
  std::vector<mpfr_t> acc(static_cast<size_t>(M * OH * OW));
  for (int64_t m = 0; m < M; ++m)
    for (int64_t o = 0; o < OH * OW; ++o) {
      mpfr_init2(acc[static_cast<size_t>(m * OH * OW + o)], 2000);
      mpfr_set_d(acc[static_cast<size_t>(m * OH * OW + o)], b[static_cast<size_t>(m)], MPFR_RNDN);
    }
  mpfr_t p;
  mpfr_init2(p, 2000);
  for (int64_t c = 0; c < C; ++c)
    for (int64_t mg = 0; mg < Mg; ++mg)
      for (int64_t i = 0; i < H; ++i)
        for (int64_t j = 0; j < W; ++j)
          for (int64_t kh = 0; kh < KH; ++kh)
            for (int64_t kw = 0; kw < KW; ++kw) {
              const int64_t oh = i * sh + kh * dh - ph0, ow = j * sw + kw * dw - pw0;
              if (oh < 0 || oh >= OH || ow < 0 || ow >= OW) continue;
              const int64_t m = (c / Cg) * Mg + mg;
              mpfr_set_d(p, x[static_cast<size_t>((c * H + i) * W + j)], MPFR_RNDN);
              mpfr_mul_d(p, p, w[static_cast<size_t>(((c * Mg + mg) * KH + kh) * KW + kw)], MPFR_RNDN);
              mpfr_add(acc[static_cast<size_t>((m * OH + oh) * OW + ow)], acc[static_cast<size_t>((m * OH + oh) * OW + ow)], p,
                       MPFR_RNDN);
            }
  std::vector<float> want;
  for (auto& a : acc) {
    want.push_back(mpfr_get_flt(a, MPFR_RNDN));
    mpfr_clear(a);
  }
  mpfr_clear(p);
  std::vector<gemm::GemmPath> paths{gemm::GemmPath::Automatic, gemm::GemmPath::TiledPortable};
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) paths.push_back(gemm::GemmPath::TiledAvx512);
  for (const auto path : paths)
    for (int threads : {1, 2, 3}) {
      const gemm::GemmPath saved_path = gemm::gemm_path();
      const int saved_threads = thread_count();
      gemm::set_gemm_path(path);
      set_thread_count(threads);
      const Tensor y = run_single_node(
          "ConvTranspose", 22,
          {Tensor::from_values<float>(ElementType::Float, {N, C, H, W}, x),
           Tensor::from_values<float>(ElementType::Float, {C, Mg, KH, KW}, w), Tensor::from_values<float>(ElementType::Float, {M}, b)},
          [&](onnx::NodeProto& node) {
            set_int(node, "group", group);
            set_ints(node, "strides", {sh, sw});
            set_ints(node, "dilations", {dh, dw});
            set_ints(node, "pads", {ph0, pw0, ph1, pw1});
          });
      gemm::set_gemm_path(saved_path);
      set_thread_count(saved_threads);
      INFO("path " << static_cast<int>(path) << ", threads " << threads);
      REQUIRE(y.shape() == Shape{N, M, OH, OW});
      CHECK(std::memcmp(y.data(), want.data(), want.size() * sizeof(float)) == 0);
    }
}
