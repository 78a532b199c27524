#pragma once
// The B operand of the tiled engine (gemm/tiled.cpp) given as a packer rather than a matrix: a
// convolution packs its im2col matrix block by block straight from the input, so that matrix is
// never stored whole (its scratch is a few blocks per thread, whatever the image size).
#include <cstdint>

#include "gemm/dot.h"

namespace onnx_ref::gemm {

// Columns of packed B blocks go in strips of this many (the micro-kernel's width).
inline constexpr int64_t kPanelWidth = 24;

// A K x N matrix of values exact in double (widened from float, float16 or bfloat16).
class PanelSource {
 public:
  virtual ~PanelSource() = default;
  // Writes rows [k0, k0 + kc) by columns [j0, j0 + nc) into `out` in strips of kPanelWidth
  // columns: element (k0 + kk, j0 + s * kPanelWidth + c) at out[(s * kc + kk) * kPanelWidth + c];
  // columns from nc up to the next multiple of kPanelWidth are written as zeros.
  virtual void pack(int64_t k0, int64_t kc, int64_t j0, int64_t nc, double* out) const = 0;
  // Element (k, j) (the exact rechecks of single outputs read it).
  virtual double at(int64_t k, int64_t j) const = 0;
  // pack() and the AVX-512 engine's column norms of the block in one pass (l1, l2sq and linf per
  // packed lane, added to as gemm/tiled.cpp's add_norms would), when this source can; false (and
  // nothing written) otherwise. Called only on CPUs with AVX-512.
  virtual bool pack_with_norms(int64_t /*k0*/, int64_t /*kc*/, int64_t /*j0*/, int64_t /*nc*/, double* /*out*/,
                               double* /*l1*/, double* /*l2sq*/, double* /*linf*/) const {
    return false;
  }
};

// dst[i] = src[i] for i < n, widened to double (AVX-512 where the CPU has it): for packers.
void widen_floats(const float* src, int64_t n, double* dst);

// acc[i] += w * src[i] and mag[i] += |w * src[i]| for i < n, each product exact in double (w a
// widened float), each addition rounded once (AVX-512 where the CPU has it).
void add_scaled_floats(int64_t n, double w, const float* src, double* acc, double* mag);

// The same with src[i * stride] for src[i] (a strided convolution's window taps).
void add_scaled_floats_strided(int64_t n, double w, const float* src, int64_t stride, double* acc, double* mag);

// acc[i] += v for i < n, each addition rounded once (the zeros a window's padding contributes).
void add_to_all(int64_t n, double v, double* acc);

// Y = alpha * A B + beta * C with B read from `b` (args.B is ignored), each output the exact value
// rounded once, exactly as gemm() computes it. Instantiated for float, Float16Bits, BFloat16Bits.
// `packed_a` (gemm/packed_weights.h), when given, holds args.A packed once (float only).
struct PackedWeights;
template <class S>
void gemm_packed(const GemmArgs<S>& args, const PanelSource& b, GemmStats* stats = nullptr,
                 const PackedWeights* packed_a = nullptr);

}  // namespace onnx_ref::gemm
