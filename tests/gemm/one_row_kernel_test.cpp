// The tiled engine's one-row micro-kernel (gemm/micro_kernel.h, micro_kernel_row1_avx512: a product
// with a single row of A, as a recurrent step of batch 1 or a vector times a matrix): every output
// the exact sum rounded once (the integer oracle of helpers/gemm.h), on the AVX-512 and the
// portable kernels, on 1, 2 and 3 threads, with K over three blocks of 128 and cancelling columns
// that reach the compensated and exact rechecks.
#include "helpers/gemm.h"

TEST_CASE(
    "tiled engine, one row of A: float and bfloat16 against the integer oracle on every kernel and thread count") {
  std::vector<gemm::GemmPath> paths{gemm::GemmPath::TiledPortable, gemm::GemmPath::TiledAvx512};
  for (const auto path : paths)
    for (int threads : {1, 2, 3}) {
      INFO("path " << static_cast<int>(path) << ", threads " << threads);
      const gemm::GemmPath saved = gemm::gemm_path();
      gemm::set_gemm_path(path);
      ThreadCount tc(threads);
      std::mt19937_64 rng(77);
      // N = 800: two column tiles of the engine (768 columns each), the second one partial.
      check_against_oracle<float>(rng, 1, 300, 800, 24, 12, 24);
      check_against_oracle<BFloat16Bits>(rng, 1, 130, 50, 8, 12, 8);
      gemm::set_gemm_path(saved);
    }
}
