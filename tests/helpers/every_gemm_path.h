// A check run on every GEMM path this CPU has and on 1, 2 and 3 threads: shared by the Conv and
// ConvTranspose engine tests, whose outputs must be the oracle's bits whichever path runs them.
#pragma once
#include <doctest/doctest.h>

#include <functional>
#include <vector>

#include "gemm/dot.h"
#include "runtime/parallel_for.h"

namespace {

// Sets the GEMM path and the thread count for its lifetime, and puts back the previous ones even
// when a check inside fails.
class ScopedGemmSettings {
 public:
  ScopedGemmSettings(onnx_ref::gemm::GemmPath path, int threads)
      : saved_path_(onnx_ref::gemm::gemm_path()), saved_threads_(onnx_ref::thread_count()) {
    onnx_ref::gemm::set_gemm_path(path);
    onnx_ref::set_thread_count(threads);
  }
  ~ScopedGemmSettings() {
    onnx_ref::gemm::set_gemm_path(saved_path_);
    onnx_ref::set_thread_count(saved_threads_);
  }
  ScopedGemmSettings(const ScopedGemmSettings&) = delete;
  ScopedGemmSettings& operator=(const ScopedGemmSettings&) = delete;

 private:
  onnx_ref::gemm::GemmPath saved_path_;
  int saved_threads_;
};

// Calls body() on the Automatic and TiledPortable paths (and TiledAvx512 where the CPU has
// AVX-512F), each on 1, 2 and 3 threads; a failure names the path and the thread count.
inline void on_every_gemm_path(const std::function<void()>& body) {
  std::vector<onnx_ref::gemm::GemmPath> paths{onnx_ref::gemm::GemmPath::Automatic,
                                              onnx_ref::gemm::GemmPath::TiledPortable};
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) paths.push_back(onnx_ref::gemm::GemmPath::TiledAvx512);
  for (const auto path : paths)
    for (int threads : {1, 2, 3}) {
      const ScopedGemmSettings settings(path, threads);
      INFO("path " << static_cast<int>(path) << ", threads " << threads);
      body();
    }
}

}  // namespace
