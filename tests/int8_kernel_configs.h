#pragma once
// Runs a check under every configuration of the 8-bit integer kernels (gemm/int8_gemm.h): the
// AVX-512 VNNI kernel, the AVX2 one (each where the CPU has it) and the portable one, each on 1, 2
// and 3 threads. The
// integer products are exact, so every configuration must give the same bits as the oracle.
#include <doctest/doctest.h>

#include "gemm/int8_gemm.h"
#include "runtime/parallel_for.h"

namespace onnx_ref::testing {

template <class Check>
void for_each_int8_kernel_config(const Check& check) {
  const int saved = thread_count();
  for (gemm::Int8Kernel kernel : {gemm::Int8Kernel::Avx512Vnni, gemm::Int8Kernel::Avx2, gemm::Int8Kernel::Portable})
    for (int threads : {1, 2, 3}) {
      gemm::set_int8_kernel_limit(kernel);
      set_thread_count(threads);
      const int kernel_limit = static_cast<int>(kernel);
      CAPTURE(kernel_limit);
      CAPTURE(threads);
      check();
    }
  gemm::set_int8_kernel_limit(gemm::Int8Kernel::Avx512Vnni);
  set_thread_count(saved);
}

}  // namespace onnx_ref::testing
