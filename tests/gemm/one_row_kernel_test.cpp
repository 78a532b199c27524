// The tiled engine's one-row micro-kernel (gemm/micro_kernel.h, micro_kernel_row1_avx512: a product
// with a single row of A, as a recurrent step of batch 1 or a vector times a matrix): every output
// the exact sum rounded once (the integer oracle of helpers/gemm.h), on the AVX-512 and the
// portable kernels, on 1, 2 and 3 threads, with K over three blocks of 128 and cancelling columns
// that reach the compensated and exact rechecks.
#include "helpers/every_gemm_path.h"
#include "helpers/gemm.h"

TEST_CASE(
    "tiled engine, one row of A: float and bfloat16 against the integer oracle on every kernel and thread count") {
  on_every_gemm_path([] {
    std::mt19937_64 rng(77);
    // N = 800: two base column tiles of the engine (408 + 392).
    check_against_oracle<float>(rng, 1, 300, 800, 24, 12, 24);
    check_against_oracle<BFloat16Bits>(rng, 1, 130, 50, 8, 12, 8);
  });
}
