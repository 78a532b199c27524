// The tiled engine's narrow kernel (gemm/micro_kernel.h, micro_kernel_narrow_avx512: a product's last
// strip of 16 or fewer columns, as a 7 x 7 image's 49 outputs leave one): every output the exact
// sum rounded once (the integer oracle of helpers/gemm.h), for last strips of 1, 8, 9 and 16
// columns, on the AVX-512 and portable kernels and on 1, 2 and 3 threads, with K over three blocks
// of 128 and cancelling columns that reach the compensated and exact rechecks.
#include "helpers/every_gemm_path.h"
#include "helpers/gemm.h"

TEST_CASE("tiled engine, narrow last strips: float against the integer oracle on every kernel and thread count") {
  on_every_gemm_path([] {
    std::mt19937_64 rng(78);
    for (int64_t n : {25, 8, 9, 16, 49, 40}) {  // last strips of 1, 8, 9, 16, 1 and 16 columns
      INFO("N " << n);
      check_against_oracle<float>(rng, 20, 300, n, 24, 12, 24);
    }
  });
}
