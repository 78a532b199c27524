// The tiled engine for float, float16 and bfloat16 (the contract and the proof of its bound are in
// gemm/dot.h). The work is cut into tiles (gemm/tile_plan.h: at most 256 rows by 768 columns); a task owns
// one tile, and for each block of kBlockK steps of the sum it packs the A rows and the B columns
// it needs as doubles (B through a PanelSource, so a convolution's im2col matrix exists only one
// block at a time) and runs the micro-kernel over them. Each output is then decided alone: from
// its double sum and a bound made of row and column norms; from a compensated sum (Dot2) beside
// the sum of its magnitudes; or, rarely, by ExactSum. Tiles may run on any thread in any order.
#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "gemm/error_free.h"
#include "gemm/micro_kernel.h"
#include "gemm/tile_plan.h"
#include "gemm/tiled.h"
#include "numeric/exact_sum.h"
#include "numeric/interval_rounding.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"

namespace onnx_ref::gemm {

namespace {

using tiled::kMR;
using tiled::kNR;

constexpr double kU = 0x1p-53;
constexpr int64_t kBlockK = 128;  // a B strip (kBlockK x kNR doubles, 24 KiB) stays in L1
std::atomic<int> g_path{static_cast<int>(GemmPath::Automatic)};

bool avx512_allowed_by_environment() {
  static const bool allowed = [] {
    const char* v = std::getenv("ONNX_REF_NO_AVX512");
    return v == nullptr || *v == '\0' || std::string(v) == "0";
  }();
  return allowed;
}

tiled::MicroKernel choose_kernel(GemmPath path) {
  if ((path == GemmPath::Automatic || path == GemmPath::TiledAvx512) && tiled::cpu_has_avx512() &&
      (path == GemmPath::TiledAvx512 || avx512_allowed_by_environment()))
    return tiled::micro_kernel_avx512;
  if (tiled::cpu_has_avx2_fma()) return tiled::micro_kernel_avx2;
  return tiled::micro_kernel_portable;
}

// A MatrixView as a PanelSource.
template <class S>
class MatrixSource final : public PanelSource {
 public:
  explicit MatrixSource(const MatrixView<S>& v) : v_(v) {}
  void pack(int64_t k0, int64_t kc, int64_t j0, int64_t nc, double* out) const override {
    const int64_t strips = (nc + kNR - 1) / kNR;
    if (v_.row_stride == 1 && v_.col_stride != 1) {
      // A transposed operand (Gemm's transB): each column is contiguous in k; read it that way.
      for (int64_t s = 0; s < strips; ++s) {
        const int64_t c0 = j0 + s * kNR, cn = std::min(kNR, nc - s * kNR);
        double* dst = out + s * kc * kNR;
        for (int64_t c = 0; c < kNR; ++c) {
          if (c >= cn) {
            for (int64_t kk = 0; kk < kc; ++kk) dst[kk * kNR + c] = 0;
            continue;
          }
          const S* src = v_.data + k0 + (c0 + c) * v_.col_stride;
          for (int64_t kk = 0; kk < kc; ++kk) dst[kk * kNR + c] = widen(src[kk]);
        }
      }
      return;
    }
    for (int64_t s = 0; s < strips; ++s) {
      const int64_t c0 = j0 + s * kNR, cn = std::min(kNR, nc - s * kNR);
      double* dst = out + s * kc * kNR;
      for (int64_t kk = 0; kk < kc; ++kk, dst += kNR) {
        const S* src = v_.data + (k0 + kk) * v_.row_stride + c0 * v_.col_stride;
        if constexpr (std::is_same_v<S, float>) {
          if (v_.col_stride == 1) {
            widen_floats(src, cn, dst);
            for (int64_t c = cn; c < kNR; ++c) dst[c] = 0;
            continue;
          }
        }
        if (v_.col_stride == 1)
          for (int64_t c = 0; c < cn; ++c) dst[c] = widen(src[c]);
        else
          for (int64_t c = 0; c < cn; ++c) dst[c] = widen(src[c * v_.col_stride]);
        for (int64_t c = cn; c < kNR; ++c) dst[c] = 0;
      }
    }
  }
  double at(int64_t k, int64_t j) const override { return widen(v_.at(k, j)); }
  bool pack_with_norms(int64_t k0, int64_t kc, int64_t j0, int64_t nc, double* out, double* l1, double* l2sq,
                       double* linf) const override {
    if constexpr (std::is_same_v<S, float>) {
      if (v_.col_stride != 1) return false;
      for (int64_t s = 0; s * kNR < nc; ++s)
        tiled::pack_float_strip24_avx512(v_.data + k0 * v_.row_stride + j0 + s * kNR, v_.row_stride, kc,
                                         std::min(kNR, nc - s * kNR), out + s * kc * kNR, l1 + s * kNR,
                                         l2sq + s * kNR, linf + s * kNR);
      return true;
    }
    return false;
  }

 private:
  MatrixView<S> v_;
};

// Rows [i0, i0 + mc) by columns [k0, k0 + kc) of A into strips of kMR rows: element
// (i0 + s * kMR + r, k0 + kk) at out[(s * kc + kk) * kMR + r]; rows past mc are zeros.
template <class S>
void pack_a(const MatrixView<S>& a, int64_t i0, int64_t mc, int64_t k0, int64_t kc, double* out, bool avx512) {
  const int64_t strips = (mc + kMR - 1) / kMR;
  for (int64_t s = 0; s < strips; ++s) {
    double* dst = out + s * kc * kMR;
    if constexpr (std::is_same_v<S, float>) {
      // Full strips of contiguous float rows: gathered 8 rows at a time (the row offsets fit the
      // gather's 32-bit indices).
      if (avx512 && a.col_stride == 1 && mc - s * kMR >= kMR && a.row_stride * 7 < (int64_t{1} << 31)) {
        tiled::pack_float_rows8_avx512(a.data + (i0 + s * kMR) * a.row_stride + k0, a.row_stride, kc, dst);
        continue;
      }
    }
    const S* rows[kMR];
    const int64_t live = std::min(kMR, mc - s * kMR);
    for (int64_t r = 0; r < live; ++r) rows[r] = a.data + (i0 + s * kMR + r) * a.row_stride + k0 * a.col_stride;
    // k outer, the strip's rows inner: the writes are contiguous.
    for (int64_t kk = 0; kk < kc; ++kk, dst += kMR) {
      const int64_t off = kk * a.col_stride;
      for (int64_t r = 0; r < live; ++r) dst[r] = widen(rows[r][off]);
      for (int64_t r = live; r < kMR; ++r) dst[r] = 0;
    }
  }
}

// The norms of a row or column: sum of |x|, sum of x^2, largest |x| (each computed in double).
struct Norms {
  double l1 = 0, l2sq = 0, linf = 0;
};

// Adds the packed values (strips of `width` lanes, `kc` steps each) to the norms of their lanes.
void add_norms(const double* packed, int64_t strips, int64_t kc, int64_t width, double* l1, double* l2sq,
               double* linf) {
  for (int64_t s = 0; s < strips; ++s)
    for (int64_t kk = 0; kk < kc; ++kk) {
      const double* v = packed + (s * kc + kk) * width;
      double* n1 = l1 + s * width;
      double* n2 = l2sq + s * width;
      double* ni = linf + s * width;
      for (int64_t c = 0; c < width; ++c) {
        const double x = std::fabs(v[c]);
        n1[c] += x;
        n2[c] += x * x;  // exact: x has at most 24 significant bits
        ni[c] = x > ni[c] ? x : ni[c];
      }
    }
}

template <class S>
S finish_exact_small(ExactSum& sum) {
  const double nearest = sum.round_nearest();
  if (!std::isfinite(nearest)) return narrow<S>(nearest);
  return narrow<S>(sum.round_odd());
}

// The epilogue alpha * s + beta * c, with the error bound E of s: the result and its bound.
struct Scaled {
  double t, E;
};
inline Scaled scale(double alpha, double s, double E, bool use_c, double bc) {
  const double as = alpha * s;
  const double t = use_c ? as + bc : as;  // bc = beta * c is exact (float times float)
  return {t, std::fabs(alpha) * E + 2 * kU * (std::fabs(as) + std::fabs(t))};
}

template <class S>
struct Job {
  const GemmArgs<S>& g;
  const PanelSource& b;
  tiled::MicroKernel kernel;
  bool use_c;
  double zero;
  bool vector_epilogue;           // AVX-512 packing, norms and first-stage decisions (float)
  const PackedWeights* packed_a;  // A packed once (gemm/packed_weights.h), or null: packed per tile
  const PackedWeights* packed_b;  // B likewise
  int64_t base_rows, base_cols;   // the plan's base tiles (gemm/tile_plan.h), by which A and B are packed
};

// The neighbours of q (an S value, finite, non-zero) toward -inf and +inf, as doubles; false when
// one of them is infinite.
template <class S>
bool neighbours(S q, double& below, double& above) {
  uint64_t bits, inf_magnitude;
  int width;
  if constexpr (std::is_same_v<S, float>) {
    bits = std::bit_cast<uint32_t>(q);
    width = 32;
    inf_magnitude = 0x7f800000;
  } else {
    bits = q.bits;
    width = 16;
    inf_magnitude = std::is_same_v<S, Float16Bits> ? 0x7c00 : 0x7f80;
  }
  const uint64_t sign = uint64_t{1} << (width - 1);
  const uint64_t magnitude = bits & (sign - 1), negative = bits & sign;
  if (magnitude == 0 || magnitude + 1 >= inf_magnitude) return false;
  auto value = [&](uint64_t m) {
    S v;
    if constexpr (std::is_same_v<S, float>)
      v = std::bit_cast<float>(static_cast<uint32_t>(m | negative));
    else
      v.bits = static_cast<uint16_t>(m | negative);
    return widen(v);
  };
  const double up = value(magnitude + 1), down = value(magnitude - 1);
  below = negative ? up : down;
  above = negative ? down : up;
  return true;
}

// The exact value v lies within E of t + r (doubles, |r| at most half an ulp of t, E below
// 2^-60 |t|): the S value nearest v when no point of the interval is a midpoint between S values
// (false otherwise, or when the answer might overflow).
template <class S>
bool decide_pair(double t, double r, double E, S& out) {
  if (!std::isfinite(t) || !std::isfinite(r) || !std::isfinite(E)) return false;
  const S q = narrow<S>(t);
  double below, above;
  if (!neighbours(q, below, above)) return false;
  const double qd = widen(q);
  // The midpoints around q are exact in double (S has at most 24 significant bits); t lies between
  // them. x = (t - m) + r is rounded at most twice, which the margin 2^-50 |x| covers, so v < m
  // when x + E + margin < 0 and v > m when x - E - margin > 0. v is within 2^-52 |t| of t, so it
  // cannot pass the next midpoint out (at least 2^-25 |t| away).
  const double m_low = (below + qd) / 2, m_high = (qd + above) / 2;
  const double x_high = (t - m_high) + r, x_low = (t - m_low) + r;
  const double e_high = E + 0x1p-50 * std::fabs(x_high), e_low = E + 0x1p-50 * std::fabs(x_low);
  if (x_high - e_high > 0) {
    out = narrow<S>(above);
    return true;
  }
  if (x_low + e_low < 0) {
    out = narrow<S>(below);
    return true;
  }
  if (x_high + e_high < 0 && x_low - e_low > 0) {
    out = q;
    return true;
  }
  return false;
}

// One output to decide again from its operands, and its Sum2 state.
struct Pending {
  int64_t i, j;
  double s, comp, mag;
};

// The outputs in `pending` again from their operands: Sum2, then ExactSum. The sums run over k
// outermost, all outputs together, so consecutive reads stay in the same rows of A and B.
template <class S>
void recheck(const Job<S>& job, std::vector<Pending>& pending, int64_t& compensated, int64_t& exact) {
  const GemmArgs<S>& g = job.g;
  for (Pending& q : pending) {
    q.s = job.zero;
    q.comp = q.mag = 0;
  }
  // Sum2 on the exact products: s + comp is within gamma_{K-1}^2 sum|p| of the sum (Ogita, Rump
  // and Oishi 2005, the bound of Sum2 before its last rounding).
  for (int64_t k = 0; k < g.K; ++k)
    for (Pending& q : pending) {
      const double p = widen(g.A.at(q.i, k)) * job.b.at(k, q.j);
      double e;
      two_sum(q.s, p, q.s, e);
      q.comp += e;
      q.mag += std::fabs(p);
    }
  const double ku = static_cast<double>(g.K) * kU;
  for (const Pending& q : pending) {
    const double bc = job.use_c ? g.beta * widen(g.C.at(q.i, q.j)) : 0.0;
    const double E2 = 2 * ku * ku * q.mag;
    // alpha * (s + comp) + beta * c as t + r: alpha * s exactly (TwoProduct), the rest rounded and bounded.
    double t, r, E;
    if (g.alpha == 1 && !job.use_c) {
      two_sum(q.s, q.comp, t, r);
      E = E2;
    } else {
      const double h1 = g.alpha * q.s, l1 = std::fma(g.alpha, q.s, -h1), h2 = g.alpha * q.comp;
      double r0;
      two_sum(h1, bc, t, r0);
      const double rest = ((r0 + l1) + h2);
      E = std::fabs(g.alpha) * E2 + 4 * kU * (std::fabs(r0) + std::fabs(l1) + std::fabs(h2));
      two_sum(t, rest, t, r);
    }
    S& y = g.Y[q.i * g.N + q.j];
    if (ku < 0.01 && E < 0x1p-60 * std::fabs(t) && decide_pair<S>(t, r, E, y)) {
      ++compensated;
      continue;
    }
    ++exact;
    ExactSum es;
    for (int64_t k = 0; k < g.K; ++k) {
      const double p = widen(g.A.at(q.i, k)) * job.b.at(k, q.j);  // exact
      if (g.alpha == 1)
        es.add(p);
      else
        add_product(es, g.alpha, p);
    }
    if (job.use_c) es.add(bc);
    y = finish_exact_small<S>(es);
  }
}

// Scratch of one thread: row_cap and col_cap are the current product's largest tile.
struct Buffers {
  int64_t row_cap = 0, col_cap = 0;
  std::vector<double> a, b, acc, col_norms, row_norms, bc;
  std::vector<uint8_t> todo;
  std::vector<Pending> pending;
};

// This thread's scratch, grown to the product's largest tile and kept for the next product: a
// model's many small products then allocate nothing (at most about 2.6 MiB per thread, for the
// engine's largest tile). No product runs inside another on one thread (run_tile calls no kernel).
Buffers& thread_buffers(int64_t rows, int64_t cols, int64_t kb) {
  thread_local Buffers buf;
  auto grow = [](auto& v, int64_t n) {
    if (v.size() < static_cast<size_t>(n)) v.resize(static_cast<size_t>(n));
  };
  buf.row_cap = rows;
  buf.col_cap = cols;
  grow(buf.a, rows * kb);
  grow(buf.b, cols * kb);
  grow(buf.acc, rows * cols);
  grow(buf.col_norms, 3 * cols);
  grow(buf.row_norms, 3 * rows);
  grow(buf.bc, cols);
  grow(buf.todo, cols);
  buf.pending.clear();
  return buf;
}

template <class S>
void run_tile(const Job<S>& job, int64_t i0, int64_t mc, int64_t j0, int64_t nc, Buffers& buf, int64_t& compensated,
              int64_t& exact) {
  const GemmArgs<S>& g = job.g;
  const int64_t row_strips = (mc + kMR - 1) / kMR, col_strips = (nc + kNR - 1) / kNR;
  const int64_t ldc = col_strips * kNR;
  double* acc = buf.acc.data();  // the first block of k sets every sum (micro_kernel.h: as if from -0)
  double* cn1 = buf.col_norms.data();
  double* cn2 = cn1 + buf.col_cap;
  double* cni = cn2 + buf.col_cap;
  double* rn1 = buf.row_norms.data();
  double* rn2 = rn1 + buf.row_cap;
  double* rni = rn2 + buf.row_cap;
  const PackedWeights* pa = job.packed_a;
  const PackedWeights* pb = job.packed_b;
  if (pb) {
    // The column norms were summed when B was packed, block by block as below.
    const size_t c0 = static_cast<size_t>(j0), cn = static_cast<size_t>(col_strips * kNR);
    std::copy_n(pb->l1.begin() + c0, cn, cn1);
    std::copy_n(pb->l2sq.begin() + c0, cn, cn2);
    std::copy_n(pb->linf.begin() + c0, cn, cni);
  } else {
    std::fill(cn1, cn1 + 3 * buf.col_cap, 0.0);
  }
  if (pa) {
    // The row norms were summed when A was packed, block by block as below.
    const size_t r0 = static_cast<size_t>(i0), rn = static_cast<size_t>(row_strips * kMR);
    std::copy_n(pa->l1.begin() + r0, rn, rn1);
    std::copy_n(pa->l2sq.begin() + r0, rn, rn2);
    std::copy_n(pa->linf.begin() + r0, rn, rni);
  } else {
    std::fill(rn1, rn1 + 3 * buf.row_cap, 0.0);
  }
  for (int64_t k0 = 0; k0 < g.K; k0 += kBlockK) {
    const int64_t kc = std::min(kBlockK, g.K - k0);
    const double* b_block = buf.b.data();
    // A tile's strips within its base tile's packed block (every tile lies inside one base tile).
    bool b_norms_added = false;
    if (pb)
      b_block = pb->blocks.data() +
                pb->offsets[static_cast<size_t>(j0 / job.base_cols * pb->k_blocks + k0 / kBlockK)] +
                j0 % job.base_cols / kNR * kc * kNR;
    else if (!(job.vector_epilogue && (b_norms_added = job.b.pack_with_norms(k0, kc, j0, nc, buf.b.data(), cn1, cn2, cni))))
      job.b.pack(k0, kc, j0, nc, buf.b.data());
    const double* a_block = buf.a.data();
    if (pa)
      a_block = pa->blocks.data() +
                pa->offsets[static_cast<size_t>(i0 / job.base_rows * pa->k_blocks + k0 / kBlockK)] +
                i0 % job.base_rows / kMR * kc * kMR;
    else
      pack_a(g.A, i0, mc, k0, kc, buf.a.data(), job.vector_epilogue);
    if (job.vector_epilogue) {
      if (!pb && !b_norms_added) tiled::add_norms_avx512(buf.b.data(), col_strips, kc, kNR, cn1, cn2, cni);
      if (!pa) tiled::add_norms_avx512(buf.a.data(), row_strips, kc, kMR, rn1, rn2, rni);
    } else {
      if (!pb) add_norms(buf.b.data(), col_strips, kc, kNR, cn1, cn2, cni);
      if (!pa) add_norms(buf.a.data(), row_strips, kc, kMR, rn1, rn2, rni);
    }
    if (mc == 1 && job.vector_epilogue) {
      // One row of A: the row kernel, without the seven zero rows of its strip.
      for (int64_t s = 0; s < col_strips; ++s)
        tiled::micro_kernel_row1_avx512(kc, a_block, b_block + s * kc * kNR, acc + s * kNR, k0 == 0);
      continue;
    }
    for (int64_t s = 0; s < col_strips; ++s) {
      // A last strip of at most 16 columns (a 7 x 7 image's 49 outputs are 24 + 24 + 1) runs only
      // the vectors that hold its columns.
      const int64_t live = std::min(kNR, nc - s * kNR);
      const int vectors = job.kernel == tiled::micro_kernel_avx512 && live <= 16 ? static_cast<int>((live + 7) / 8) : 0;
      for (int64_t r = 0; r < row_strips; ++r) {
        const double* ar = a_block + r * kc * kMR;
        const double* bs = b_block + s * kc * kNR;
        double* cs = acc + r * kMR * ldc + s * kNR;
        if (vectors)
          tiled::micro_kernel_narrow_avx512(kc, ar, bs, cs, ldc, k0 == 0, vectors);
        else
          job.kernel(kc, ar, bs, cs, ldc, k0 == 0);
      }
    }
  }
  // The bound of sum|a_k b_k| for each output: min(|a|_2 |b|_2, |a|_1 |b|_inf, |a|_inf |b|_1), times
  // 1.1 d u, d the depth of the summation tree: a product passes through at most kBlockK - 1
  // additions inside its block and one per later block (gemm/dot.h: gamma_d and the norms' own
  // roundings stay below 1.03 d u, and d u < 0.01 needs K below about 1.2e16).
  for (int64_t c = 0; c < nc; ++c) cn2[c] = std::sqrt(cn2[c]);
  for (int64_t r = 0; r < mc; ++r) rn2[r] = std::sqrt(rn2[r]);
  const double depth = static_cast<double>(std::min(g.K, kBlockK) + (g.K + kBlockK - 1) / kBlockK);
  const double ku_bound = 1.1 * depth * kU;
  const bool bound_valid = depth * kU < 0.01 && static_cast<double>(g.K) * kU < 0.01;
  double* bc = buf.bc.data();
  uint8_t* todo = buf.todo.data();
  for (int64_t r = 0; r < mc; ++r) {
    const int64_t i = i0 + r;
    S* y = g.Y + i * g.N + j0;
    const double* ar = acc + r * ldc;
    if (job.use_c) {
      if (g.C.col_stride == 0)
        std::fill(bc, bc + nc, g.beta * widen(g.C.at(i, j0)));  // a bias per row
      else
        for (int64_t c = 0; c < nc; ++c) bc[c] = g.beta * widen(g.C.at(i, j0 + c));
    }
    bool vector_done = false;
    if constexpr (std::is_same_v<S, float>) {
      if (job.vector_epilogue && bound_valid) {
        const int64_t undecided = tiled::decide_floats_avx512(nc, ar, {rn1[r], rn2[r], rni[r]}, cn1, cn2, cni, g.alpha,
                                                              job.use_c ? bc : nullptr, ku_bound, y, todo);
        if (undecided == 0) continue;
        vector_done = true;
      }
    }
    for (int64_t c = 0; c < nc; ++c) {
      if (vector_done && !todo[c]) continue;
      double bound = rn2[r] * cn2[c];
      bound = std::min(bound, rn1[r] * cni[c]);
      bound = std::min(bound, rni[r] * cn1[c]);
      const Scaled sc = scale(g.alpha, ar[c], ku_bound * bound, job.use_c, job.use_c ? bc[c] : 0.0);
      if (!(bound_valid && numeric::decide_small<S>(sc.t, sc.E, y[c]))) buf.pending.push_back({i, j0 + c, 0, 0, 0});
    }
  }
  if (!buf.pending.empty()) recheck(job, buf.pending, compensated, exact);
  buf.pending.clear();
}

template <class S>
void run_tiled(const GemmArgs<S>& g, const PanelSource& b, GemmStats& stats, GemmPath path,
               const PackedWeights* packed_a, const PackedWeights* packed_b = nullptr) {
  const tiled::MicroKernel kernel = choose_kernel(path);
  const bool vector = kernel == tiled::micro_kernel_avx512;
  // Packed A serves only the product it was made for, summed by the same norm routine.
  if constexpr (!std::is_same_v<S, float>) packed_a = packed_b = nullptr;
  auto fits = [&](const PackedWeights* p, bool is_b, const auto& view, int64_t rows, int64_t cols) {
    return p && p->is_b == is_b && p->source == static_cast<const void*>(view.data) && p->rows == rows &&
           p->cols == cols && p->row_stride == view.row_stride && p->col_stride == view.col_stride &&
           p->vector == vector;
  };
  if (!fits(packed_a, false, g.A, g.M, g.K)) packed_a = nullptr;
  if (!fits(packed_b, true, g.B, g.K, g.N)) packed_b = nullptr;
  // Small products stay in their base tiles (and, below, on the calling thread).
  const bool small = g.M * g.N * g.K < (int64_t{1} << 21);
  const TilePlan plan = plan_tiles(g.M, g.N, small ? 1 : thread_count());
  const Job<S> job{g, b, kernel, g.has_c && g.beta != 0, -0.0, vector, packed_a, packed_b, plan.base_rows, plan.base_cols};
  std::atomic<int64_t> compensated{0}, exact{0};
  const int64_t kb = std::min(kBlockK, g.K);
  const int64_t rows = (plan.rows + kMR - 1) / kMR * kMR, cols = (plan.cols + kNR - 1) / kNR * kNR;
  // Tiles are grouped so that each chunk has at least about 2^20 multiply-adds: a small product
  // stays on the calling thread rather than paying for handing work to another.
  const int64_t tile_work = std::max<int64_t>(1, rows * cols * g.K);
  parallel_tasks(static_cast<int64_t>(plan.tiles.size()), std::max<int64_t>(1, (int64_t{1} << 20) / tile_work),
                 [&](int64_t t0, int64_t t1) {
                   Buffers& buf = thread_buffers(rows, cols, kb);
                   int64_t local_compensated = 0, local_exact = 0;
                   for (int64_t t = t0; t < t1; ++t) {
                     const Tile& tile = plan.tiles[static_cast<size_t>(t)];
                     run_tile(job, tile.i0, tile.mc, tile.j0, tile.nc, buf, local_compensated, local_exact);
                   }
                   compensated += local_compensated;
                   exact += local_exact;
                 });
  stats.outputs += g.M * g.N;
  stats.compensated += compensated.load();
  stats.exact_fallbacks += exact.load();
}

}  // namespace

void widen_floats(const float* src, int64_t n, double* dst) {
  if (tiled::cpu_has_avx512()) return tiled::widen_floats_avx512(src, n, dst);
  for (int64_t i = 0; i < n; ++i) dst[i] = src[i];
}

void add_scaled_floats(int64_t n, double w, const float* src, double* acc, double* mag) {
  if (tiled::cpu_has_avx512()) return tiled::add_scaled_floats_avx512(n, w, src, acc, mag);
  for (int64_t i = 0; i < n; ++i) {
    const double p = w * static_cast<double>(src[i]);
    acc[i] += p;
    mag[i] += std::fabs(p);
  }
}

void add_scaled_floats_strided(int64_t n, double w, const float* src, int64_t stride, double* acc, double* mag) {
  if (tiled::cpu_has_avx512() && stride > 0 && stride * 7 < (int64_t{1} << 31))
    return tiled::add_scaled_floats_strided_avx512(n, w, src, stride, acc, mag);
  for (int64_t i = 0; i < n; ++i) {
    const double p = w * static_cast<double>(src[i * stride]);
    acc[i] += p;
    mag[i] += std::fabs(p);
  }
}

void add_to_all(int64_t n, double v, double* acc) {
  if (tiled::cpu_has_avx512()) return tiled::add_to_all_avx512(n, v, acc);
  for (int64_t i = 0; i < n; ++i) acc[i] += v;
}

void set_gemm_path(GemmPath path) { g_path = static_cast<int>(path); }
GemmPath gemm_path() { return static_cast<GemmPath>(g_path.load()); }

bool gemm_uses_avx512() { return choose_kernel(gemm_path()) == tiled::micro_kernel_avx512; }

namespace tiled {

template <class S>
bool try_gemm(const GemmArgs<S>& g, GemmStats& stats, const PackedWeights* packed_a, const PackedWeights* packed_b) {
  const GemmPath path = gemm_path();
  if (path == GemmPath::Panels || g.K == 0) return false;
  if (path == GemmPath::Automatic && g.M * g.N * g.K < (int64_t{1} << 16)) return false;
  run_tiled(g, MatrixSource<S>(g.B), stats, path, packed_a, packed_b);
  return true;
}

template bool try_gemm<float>(const GemmArgs<float>&, GemmStats&, const PackedWeights*, const PackedWeights*);
template bool try_gemm<Float16Bits>(const GemmArgs<Float16Bits>&, GemmStats&, const PackedWeights*,
                                    const PackedWeights*);
template bool try_gemm<BFloat16Bits>(const GemmArgs<BFloat16Bits>&, GemmStats&, const PackedWeights*,
                                     const PackedWeights*);

template <class S>
void packed(const GemmArgs<S>& g, const PanelSource& b, GemmStats& stats, const PackedWeights* packed_a) {
  run_tiled(g, b, stats, gemm_path() == GemmPath::Panels ? GemmPath::Automatic : gemm_path(), packed_a);
}

template void packed<float>(const GemmArgs<float>&, const PanelSource&, GemmStats&, const PackedWeights*);
template void packed<Float16Bits>(const GemmArgs<Float16Bits>&, const PanelSource&, GemmStats&, const PackedWeights*);
template void packed<BFloat16Bits>(const GemmArgs<BFloat16Bits>&, const PanelSource&, GemmStats&, const PackedWeights*);

namespace {

// Packs one operand of `lines` lines (A's rows or B's columns) by K steps once: tiles of `tile`
// lines, each in blocks of kBlockK steps of strips of `width` lanes, written by
// pack_block(first line, lines, k0, kc, out), and the lines' norms (norm_size entries, zeros past
// the last line). The same packing and the same norm sums, in the same order, as run_tile's for
// each tile.
template <class PackBlock>
void pack_tiles(PackedWeights& p, int64_t lines, int64_t K, int64_t tile, int64_t width, size_t norm_size,
                PackBlock pack_block) {
  p.vector = choose_kernel(gemm_path() == GemmPath::Panels ? GemmPath::Automatic : gemm_path()) == micro_kernel_avx512;
  p.k_blocks = (K + kBlockK - 1) / kBlockK;
  const int64_t tiles = (lines + tile - 1) / tile;
  p.l1.assign(norm_size, 0.0);
  p.l2sq.assign(norm_size, 0.0);
  p.linf.assign(norm_size, 0.0);
  size_t total = 0;
  for (int64_t t = 0; t < tiles; ++t) {
    const int64_t strips = (std::min(tile, lines - t * tile) + width - 1) / width;
    for (int64_t b = 0; b < p.k_blocks; ++b) {
      p.offsets.push_back(total);
      total += static_cast<size_t>(strips * width * std::min(kBlockK, K - b * kBlockK));
    }
  }
  p.blocks.resize(total);
  for (int64_t t = 0; t < tiles; ++t) {
    const int64_t first = t * tile, n = std::min(tile, lines - first), strips = (n + width - 1) / width;
    double* n1 = p.l1.data() + first;
    double* n2 = p.l2sq.data() + first;
    double* ni = p.linf.data() + first;
    for (int64_t b = 0; b < p.k_blocks; ++b) {
      const int64_t k0 = b * kBlockK, kc = std::min(kBlockK, K - k0);
      double* block = p.blocks.data() + p.offsets[static_cast<size_t>(t * p.k_blocks + b)];
      pack_block(first, n, k0, kc, block);
      if (p.vector)
        add_norms_avx512(block, strips, kc, width, n1, n2, ni);
      else
        add_norms(block, strips, kc, width, n1, n2, ni);
    }
  }
}

}  // namespace

std::shared_ptr<PackedWeights> pack_weights(const float* a, int64_t M, int64_t K, int64_t lda) {
  auto p = std::make_shared<PackedWeights>();
  p->source = a;
  p->rows = M;
  p->cols = K;
  p->row_stride = lda;
  p->col_stride = 1;
  const MatrixView<float> view{a, lda, 1};
  // p->vector is set by pack_tiles before the first block.
  pack_tiles(*p, M, K, base_tile_rows(M), kMR, static_cast<size_t>((M + kMR - 1) / kMR * kMR),
             [&](int64_t i0, int64_t mc, int64_t k0, int64_t kc, double* out) {
               pack_a(view, i0, mc, k0, kc, out, p->vector);
             });
  return p;
}

std::shared_ptr<PackedWeights> pack_b(const MatrixView<float>& b, int64_t K, int64_t N) {
  auto p = std::make_shared<PackedWeights>();
  p->is_b = true;
  p->source = b.data;
  p->rows = K;
  p->cols = N;
  p->row_stride = b.row_stride;
  p->col_stride = b.col_stride;
  const MatrixSource<float> source(b);
  const int64_t tile = base_tile_cols(N);
  pack_tiles(*p, N, K, tile, kNR, static_cast<size_t>((N + tile - 1) / tile * tile),
             [&](int64_t j0, int64_t nc, int64_t k0, int64_t kc, double* out) { source.pack(k0, kc, j0, nc, out); });
  return p;
}

}  // namespace tiled

}  // namespace onnx_ref::gemm
