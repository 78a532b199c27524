#pragma once
// Integer products of 8-bit operands minus their zero points, the arithmetic of MatMulInteger,
// ConvInteger, QLinearMatMul and QLinearConv:
//
//     Y[m, n] = bias[m] + sum_k (A[m, k] - za[m]) * (B[k, n] - zb[n])   modulo 2^32, as int32,
//
// A and B each int8 or uint8, the zero points of the operand's type (za per row of A, zb per
// column of B; a per-tensor zero point is the same value in every row or column).
//
// Why the result is exact whatever the blocking, vector width or thread count:
//  - Each operand is first moved into the representation the hardware multiplies, A as int8 (a'),
//    B as uint8 (b') (AVX-512 VNNI's vpdpbusd multiplies unsigned by signed bytes): an operand
//    already of that type is kept (a' = a); one of the other type is flipped in its top bit, which
//    is a shift by 128 (uint8 a to int8: a' = a - 128; int8 b to uint8: b' = b + 128). Its zero
//    point is shifted the same way (za' = za - 128, zb' = zb + 128), so a - za = a' - za' and
//    b - zb = b' - zb' exactly, as integers.
//  - Then, as integers, (a' - za')(b' - zb') = a'b' - zb' a' - za' b' + za' zb', and summed over k:
//        sum_k a'b' - zb'[n] (R[m] - K za'[m]) - za'[m] C[n],
//    R[m] = sum_k a'[m, k] (row sums of A), C[n] = sum_k b'[k, n] (column sums of B).
//  - Every operation used is a ring operation (+, -, x), and reduction modulo 2^32 is a ring
//    homomorphism from the integers to Z/2^32: computing every term and every partial sum modulo
//    2^32, in any order and grouping, gives the exact sum modulo 2^32, which is the wrapped int32
//    result the operators define. vpdpbusd (not the saturating vpdpbusds) adds its four exact
//    products (each in [-32640, 32385]) to the int32 lane modulo 2^32; the AVX2 kernel's vpmaddwd
//    adds two such products of bytes widened to int16 (the pair's sum fits in int32, so it is exact)
//    and its vpaddd and vphaddd wrap; the portable kernel computes in uint32_t, whose arithmetic is
//    modulo 2^32 by the language's definition. Padding of K to a
//    multiple of 4 uses a' = b' = 0, which adds 0 to every sum (the K above is the true K).
//  - The result of one output depends only on its own row of A and column of B, and parallel
//    loops split outputs, never a sum, so the thread count does not change a bit.
//
// The kernels (AVX-512 VNNI, AVX2, portable) are chosen at run time: see Int8Kernel below.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/run_limits.h"

namespace onnx_ref::gemm {

// The kernels, fastest last. AVX-512 VNNI needs AVX-512 F/BW/VL/VNNI/VBMI; AVX2 widens the bytes to
// 16 bits and multiplies with vpmaddwd (exact pairs of products, never saturating); the portable
// kernel is plain C++. All three read the same packed layout and give the same bits.
enum class Int8Kernel { Portable = 0, Avx2 = 1, Avx512Vnni = 2 };

// The kernel in use: the best the CPU has, below AVX-512 when the environment variable
// ONNX_REF_NO_AVX512 is set (read once), and at most the test limit below.
Int8Kernel int8_kernel();
// Tests: caps the kernel (Avx512Vnni: no cap).
void set_int8_kernel_limit(Int8Kernel limit);
// True when AVX-512 kernels may run (int8_kernel() is Avx512Vnni): also DynamicQuantizeLinear's switch.
bool int8_uses_avx512();

// Columns of B in one packed panel (two 16-lane vectors).
constexpr int kInt8PanelCols = 32;

// The rows of A, packed: `rows` rows of Kp = K rounded up to 4 int8 values a' (the padding 0),
// with each row's shifted zero point za', its offset R - K za' and its bias (all modulo 2^32).
struct Int8Rows {
  int64_t rows = 0, K = 0, Kp = 0;
  std::vector<int8_t> values;
  std::vector<int32_t> zero, offset, bias;
  MemoryCharge charge;  // the packed rows' bytes, on the run's budget while they live
};

// Packs A: element (m, k) is the byte a[m * lda + k], int8 when a_signed, else uint8; the zero
// point of row m is zero_points[m * zp_stride] (a raw value of A's type, read as int32; stride 0
// for one per tensor; null for 0). Biases start at 0.
Int8Rows pack_int8_rows(const uint8_t* a, bool a_signed, int64_t rows, int64_t K, int64_t lda,
                        const int32_t* zero_points, int64_t zp_stride);

// One panel of B: up to kInt8PanelCols columns, bytes [Kp / 4][32][4] (column j's b'[k .. k + 3]
// at (k / 4) * 128 + j * 4), its column sums C and shifted zero points zb'. A column past the
// panel's width is all 0 (its outputs are not written).
struct Int8Panel {
  std::vector<uint8_t> bytes;
  int32_t colsum[kInt8PanelCols] = {};
  int32_t zero[kInt8PanelCols] = {};
  int cols = 0;
  MemoryCharge charge;  // the largest size reserved, on the run's budget (K comes from the data)
  void reserve(int64_t Kp) {
    const uint64_t want = static_cast<uint64_t>(Kp) * kInt8PanelCols;
    if (want > charge.bytes())
      charge.absorb(charge_memory(want - charge.bytes(), "an 8-bit product's packed im2col panel"));
    bytes.resize(static_cast<size_t>(want));
  }
};

// Throws Error when `threads` panels of Kp rows would take more than the tensor memory limit
// (runtime/tensor.h): a product with an enormous K is refused before any scratch is touched.
void check_int8_panel_memory(int64_t Kp, int threads);

// Packs columns [n0, n0 + cols) of B (element (k, n) is the byte b[k * ldb + n], int8 when
// b_signed), cols <= kInt8PanelCols; column n's zero point is zero_points[n * zp_stride] (null: 0).
void pack_int8_panel(const uint8_t* b, bool b_signed, int64_t K, int64_t ldb, int64_t n0, int cols,
                     const int32_t* zero_points, int64_t zp_stride, Int8Panel& panel);

// The im2col panel of a 2-D convolution (a 1-D one is H = 1): column j is output position
// p0 + j (row-major over [OH, OW]), row k = (c, kh, kw) of the [C, KH, KW] window; a tap in the
// padding reads the zero point (so it contributes 0). x holds C planes of H x W bytes.
struct Int8ConvWindow {
  const uint8_t* x = nullptr;
  bool x_signed = false;
  uint8_t x_zero_point = 0;  // the raw byte
  int64_t C = 0, H = 0, W = 0, OH = 0, OW = 0, KH = 0, KW = 0;
  int64_t stride_h = 1, stride_w = 1, dilation_h = 1, dilation_w = 1, pad_top = 0, pad_left = 0;
};
void pack_int8_conv_panel(const Int8ConvWindow& window, int64_t p0, int cols, Int8Panel& panel);

// Y[m, j] for rows [row0, row0 + rows) of A and the panel's columns: y points at output (row0, first
// column of the panel), ldy is the distance between rows, in elements.
void int8_panel_product(const Int8Rows& a, int64_t row0, int64_t rows, const Int8Panel& panel, int32_t* y, int64_t ldy);

}  // namespace onnx_ref::gemm
