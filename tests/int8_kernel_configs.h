#pragma once
// Runs a check under every configuration of the 8-bit integer kernels (gemm/int8_gemm.h): the
// AVX-512 VNNI kernel where the CPU has it and the portable one, each on 1, 2 and 3 threads. The
// integer products are exact, so every configuration must give the same bits as the oracle.
#include <doctest/doctest.h>

#include "gemm/int8_gemm.h"
#include "runtime/parallel_for.h"

namespace onnx_ref::testing {

template <class Check>
void for_each_int8_kernel_config(const Check& check) {
  const int saved = thread_count();
  for (bool avx512 : {true, false})
    for (int threads : {1, 2, 3}) {
      gemm::set_int8_vnni_enabled(avx512);
      set_thread_count(threads);
      CAPTURE(avx512);
      CAPTURE(threads);
      check();
    }
  gemm::set_int8_vnni_enabled(true);
  set_thread_count(saved);
}

}  // namespace onnx_ref::testing
