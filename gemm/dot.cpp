// The checked GEMM engine (see dot.h). Outputs are computed in panels of up to kRows rows by kCols
// columns: each row of B is loaded once per panel and used for every row of the panel. Each output
// is then decided alone (fast path or exact recomputation), so panels may run on any thread.
#include "gemm/dot.h"
#include "gemm/error_free.h"
#include "gemm/tiled.h"

#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include "numeric/exact_sum.h"
#include "numeric/interval_rounding.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"
#include "runtime/scratch.h"

namespace onnx_ref::gemm {

namespace {

constexpr double kU = 0x1p-53;  // unit roundoff of double
constexpr int kRows = 4;
constexpr int64_t kCols = 128;

std::atomic<int64_t> g_outputs{0};
std::atomic<int64_t> g_fallbacks{0};
std::atomic<int64_t> g_compensated{0};

// A call's counts added to the process totals and, when the caller asks, to its own.
void record_stats(const GemmStats& local, GemmStats* stats) {
  g_outputs += local.outputs;
  g_fallbacks += local.exact_fallbacks;
  g_compensated += local.compensated;
  if (stats) {
    stats->outputs += local.outputs;
    stats->exact_fallbacks += local.exact_fallbacks;
    stats->compensated += local.compensated;
  }
}

// ---------------------------------------------------------------------------------------------
// Panels. The loop bodies are written once (always inlined) and compiled twice: for the baseline
// x86-64 target and for AVX2 with FMA; which one runs is chosen once from the CPU. Neither fuses
// a multiply and an add unless it says so (ISO C++ mode: -ffp-contract=off), so both compute the
// same bits.

// Rows [0, rows) of a (each K long, row stride lda) times columns [j0, j0 + nb) of b (K x ldb):
// sums into acc, sums of magnitudes into mag (both kRows x kCols), starting from `zero`.
template <int R>
[[gnu::always_inline]] inline void panel_small_body(const double* a, int64_t lda, const double* b, int64_t ldb,
                                                    int64_t K, int64_t j0, int64_t nb, double zero, double* acc,
                                                    double* mag) {
  for (int r = 0; r < R; ++r)
    for (int64_t j = 0; j < nb; ++j) {
      acc[r * kCols + j] = zero;
      mag[r * kCols + j] = 0;
    }
  for (int64_t k = 0; k < K; ++k) {
    const double* __restrict bk = b + k * ldb + j0;
    double av[R];
    for (int r = 0; r < R; ++r) av[r] = a[r * lda + k];
    for (int r = 0; r < R; ++r) {
      double* __restrict ac = acc + r * kCols;
      double* __restrict mg = mag + r * kCols;
      const double x = av[r];
      for (int64_t j = 0; j < nb; ++j) {
        const double p = x * bk[j];
        ac[j] += p;
        mg[j] += std::fabs(p);
      }
    }
  }
}

// Dot2 (TwoProduct and TwoSum): sum in acc, compensation in comp, magnitudes in mag.
[[gnu::always_inline]] inline void panel_double_body(const double* a, const double* b, int64_t ldb, int64_t K,
                                                     int64_t j0, int64_t nb, double zero, double* acc, double* comp,
                                                     double* mag) {
  for (int64_t j = 0; j < nb; ++j) {
    acc[j] = zero;
    comp[j] = 0;
    mag[j] = 0;
  }
  for (int64_t k = 0; k < K; ++k) {
    const double* __restrict bk = b + k * ldb + j0;
    const double x = a[k];
    double* __restrict ac = acc;
    double* __restrict cp = comp;
    double* __restrict mg = mag;
    for (int64_t j = 0; j < nb; ++j) {
      const double p = x * bk[j];
      const double q = std::fma(x, bk[j], -p);
      const double s = ac[j] + p;
      const double bb = s - ac[j];
      const double e = (ac[j] - (s - bb)) + (p - bb);
      ac[j] = s;
      cp[j] += e + q;
      mg[j] += std::fabs(p);
    }
  }
}

using SmallPanel = void (*)(int, const double*, int64_t, const double*, int64_t, int64_t, int64_t, int64_t, double,
                            double*, double*);
using DoublePanel = void (*)(const double*, const double*, int64_t, int64_t, int64_t, int64_t, double, double*, double*,
                             double*);

template <int R>
void small_rows_generic(const double* a, int64_t lda, const double* b, int64_t ldb, int64_t K, int64_t j0, int64_t nb,
                        double zero, double* acc, double* mag) {
  panel_small_body<R>(a, lda, b, ldb, K, j0, nb, zero, acc, mag);
}
template <int R>
[[gnu::target("avx2,fma")]] void small_rows_avx2(const double* a, int64_t lda, const double* b, int64_t ldb, int64_t K,
                                                 int64_t j0, int64_t nb, double zero, double* acc, double* mag) {
  panel_small_body<R>(a, lda, b, ldb, K, j0, nb, zero, acc, mag);
}

void small_panel_generic(int rows, const double* a, int64_t lda, const double* b, int64_t ldb, int64_t K, int64_t j0,
                         int64_t nb, double zero, double* acc, double* mag) {
  if (rows == kRows) return small_rows_generic<kRows>(a, lda, b, ldb, K, j0, nb, zero, acc, mag);
  for (int r = 0; r < rows; ++r)
    small_rows_generic<1>(a + r * lda, lda, b, ldb, K, j0, nb, zero, acc + r * kCols, mag + r * kCols);
}
[[gnu::target("avx2,fma")]] void small_panel_avx2(int rows, const double* a, int64_t lda, const double* b, int64_t ldb,
                                                  int64_t K, int64_t j0, int64_t nb, double zero, double* acc,
                                                  double* mag) {
  if (rows == kRows) return small_rows_avx2<kRows>(a, lda, b, ldb, K, j0, nb, zero, acc, mag);
  for (int r = 0; r < rows; ++r)
    small_rows_avx2<1>(a + r * lda, lda, b, ldb, K, j0, nb, zero, acc + r * kCols, mag + r * kCols);
}

void double_panel_generic(const double* a, const double* b, int64_t ldb, int64_t K, int64_t j0, int64_t nb, double zero,
                          double* acc, double* comp, double* mag) {
  panel_double_body(a, b, ldb, K, j0, nb, zero, acc, comp, mag);
}
[[gnu::target("avx2,fma")]] void double_panel_avx2(const double* a, const double* b, int64_t ldb, int64_t K, int64_t j0,
                                                   int64_t nb, double zero, double* acc, double* comp, double* mag) {
  panel_double_body(a, b, ldb, K, j0, nb, zero, acc, comp, mag);
}

bool cpu_has_avx2() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  }();
  return has;
}

SmallPanel small_panel() { return cpu_has_avx2() ? small_panel_avx2 : small_panel_generic; }
DoublePanel double_panel() { return cpu_has_avx2() ? double_panel_avx2 : double_panel_generic; }

// ---------------------------------------------------------------------------------------------
// Decisions

using numeric::decide_small;

// The exact value lies within E of t + r, t = fl(t + r): t when the interval stays strictly inside
// t's rounding neighbourhood.
bool decide_double(double t, double r, double E, double& out) {
  if (!std::isfinite(t) || !std::isfinite(r) || !std::isfinite(E)) return false;
  if (E == 0 && r == 0) {  // t is the exact value
    out = t;
    return true;
  }
  const double inf = std::numeric_limits<double>::infinity();
  const double half = std::fmin(std::nextafter(t, inf) - t, t - std::nextafter(t, -inf)) / 2;
  if ((std::fabs(r) + E) * (1 + 0x1p-50) < half) {
    out = t;
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Floating types

template <class S>
std::vector<double> widen_matrix(const MatrixView<S>& v, int64_t rows, int64_t cols) {
  std::vector<double> out(static_cast<size_t>(rows * cols));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) out[static_cast<size_t>(r * cols + c)] = widen(v.at(r, c));
  return out;
}

template <class S>
double c_value(const GemmArgs<S>& g, int64_t i, int64_t j) {
  return widen(g.C.at(i, j));
}

template <class S>
S finish_exact_small(ExactSum& sum) {
  const double nearest = sum.round_nearest();
  if (!std::isfinite(nearest)) return narrow<S>(nearest);
  return narrow<S>(sum.round_odd());
}

// Widens columns [j0, j0 + nb) of B into panel (K x nb, row stride nb).
template <class S>
void widen_columns(const MatrixView<S>& b, int64_t K, int64_t j0, int64_t nb, double* panel) {
  for (int64_t k = 0; k < K; ++k)
    for (int64_t j = 0; j < nb; ++j) panel[k * nb + j] = widen(b.at(k, j0 + j));
}

// Work is split into tasks of one column panel (kCols columns of B, widened once per task into a
// buffer of K x kCols doubles) by a group of row blocks. Neither operand is copied whole: a fresh
// allocation the size of B (the gather or im2col matrix of a convolution) costs page faults that
// outweigh the arithmetic. A is widened whole when small, otherwise row block by row block.
// Column panels times row groups give at least 8 tasks where the shape allows, so a single
// output row (M = 1) or a single column panel still spreads over the threads. Each output is
// decided alone, so the split never changes a bit.
template <class S>
void gemm_small(const GemmArgs<S>& g, GemmStats& stats) {
  const int64_t K1 = std::max<int64_t>(g.K, 1);
  const bool a_whole = g.M * K1 <= (int64_t{1} << 20);
  const MemoryCharge ad_charge =
      a_whole ? charge_scratch<double>(static_cast<uint64_t>(g.M * g.K), "the product's widened A") : MemoryCharge();
  const std::vector<double> ad = a_whole ? widen_matrix(g.A, g.M, g.K) : std::vector<double>();
  const bool use_c = g.has_c && g.beta != 0;
  const double zero = g.K == 0 ? 0.0 : -0.0;  // an empty sum is +0; -0 + p is p, even for p = -0
  const double ku = static_cast<double>(g.K) * kU;
  const bool bound_valid = ku < 0.01;
  const SmallPanel panel = small_panel();
  std::atomic<int64_t> fallbacks{0};
  const int64_t row_blocks = (g.M + kRows - 1) / kRows;
  const int64_t col_panels = (g.N + kCols - 1) / kCols;
  const int64_t groups = std::min(row_blocks, std::max<int64_t>(1, (8 + col_panels - 1) / col_panels));
  const int64_t blocks_per_group = (row_blocks + groups - 1) / groups;
  const int64_t work_per_task = std::max<int64_t>(1, blocks_per_group * kRows * kCols * K1);
  parallel_for(col_panels * groups, std::max<int64_t>(1, (int64_t{1} << 18) / work_per_task),
               [&](int64_t t0, int64_t t1) {
                 std::vector<double> acc(kRows * kCols), mag(kRows * kCols);
                 // One column panel of B per thread: K x kCols doubles, where K is a convolution's C x kernel
                 // size (the im2col panel), so it scales with the data.
                 const MemoryCharge panel_charge = charge_scratch<double>(
                     static_cast<uint64_t>(K1) * (kCols + (a_whole ? 0 : kRows)), "the product's im2col panel");
                 const std::unique_ptr<double[]> bpanel(new double[static_cast<size_t>(K1 * kCols)]);
                 const std::unique_ptr<double[]> arows(a_whole ? nullptr : new double[static_cast<size_t>(kRows * K1)]);
                 int64_t local_fallbacks = 0;
                 for (int64_t task = t0; task < t1; ++task) {
                   const int64_t j0 = (task / groups) * kCols;
                   const int64_t nb = std::min(kCols, g.N - j0);
                   widen_columns(g.B, g.K, j0, nb, bpanel.get());
                   const int64_t blk_end = std::min(row_blocks, (task % groups + 1) * blocks_per_group);
                   for (int64_t blk = (task % groups) * blocks_per_group; blk < blk_end; ++blk) {
                     const int64_t i0 = blk * kRows;
                     const int rows = static_cast<int>(std::min<int64_t>(kRows, g.M - i0));
                     if (!a_whole)
                       for (int r = 0; r < rows; ++r)
                         for (int64_t k = 0; k < g.K; ++k)
                           arows[static_cast<size_t>(r * g.K + k)] = widen(g.A.at(i0 + r, k));
                     const double* a = a_whole ? ad.data() + i0 * g.K : arows.get();
                     panel(rows, a, g.K, bpanel.get(), nb, g.K, 0, nb, zero, acc.data(), mag.data());
                     for (int r = 0; r < rows; ++r) {
                       const int64_t i = i0 + r;
                       for (int64_t jj = 0; jj < nb; ++jj) {
                         const int64_t j = j0 + jj;
                         const double s = acc[r * kCols + jj];
                         const double E = 2 * ku * mag[r * kCols + jj];
                         const double as = g.alpha * s;
                         const double t = use_c ? as + g.beta * c_value(g, i, j) : as;  // beta * c is exact
                         const double Et = std::fabs(g.alpha) * E + 2 * kU * (std::fabs(as) + std::fabs(t));
                         S y;
                         if (!(bound_valid && decide_small<S>(t, Et, y))) {
                           ++local_fallbacks;
                           ExactSum sum;
                           const double* arow = a + r * g.K;
                           for (int64_t k = 0; k < g.K; ++k) {
                             const double p = arow[k] * bpanel[static_cast<size_t>(k * nb + jj)];  // exact
                             if (g.alpha == 1)
                               sum.add(p);
                             else
                               add_product(sum, g.alpha, p);
                           }
                           if (use_c) sum.add(g.beta * c_value(g, i, j));
                           y = finish_exact_small<S>(sum);
                         }
                         g.Y[i * g.N + j] = y;
                       }
                     }
                   }
                 }
                 fallbacks += local_fallbacks;
               });
  stats.outputs += g.M * g.N;
  stats.exact_fallbacks += fallbacks.load();
}

void gemm_double(const GemmArgs<double>& g, GemmStats& stats) {
  const MemoryCharge widened_charge = charge_scratch<double>(
      static_cast<uint64_t>(g.K) * static_cast<uint64_t>(g.N) + static_cast<uint64_t>(g.M) * static_cast<uint64_t>(g.K),
      "the product's widened operands");
  const std::vector<double> bd = widen_matrix(g.B, g.K, g.N);
  const std::vector<double> ad = widen_matrix(g.A, g.M, g.K);
  const bool use_c = g.has_c && g.beta != 0;
  const double zero = g.K == 0 ? 0.0 : -0.0;
  const double gk = static_cast<double>(g.K + 1) * kU;
  const bool bound_valid = gk < 0.01;
  const double gamma = gk / (1 - gk);
  const DoublePanel panel = double_panel();
  std::atomic<int64_t> fallbacks{0};
  const int64_t work_per_row = std::max<int64_t>(1, g.N * std::max<int64_t>(g.K, 1));
  parallel_for(g.M, std::max<int64_t>(1, (int64_t{1} << 18) / work_per_row), [&](int64_t i0, int64_t i1) {
    std::vector<double> acc(kCols), comp(kCols), mag(kCols);
    int64_t local_fallbacks = 0;
    for (int64_t i = i0; i < i1; ++i) {
      const double* arow = ad.data() + i * g.K;
      for (int64_t j0 = 0; j0 < g.N; j0 += kCols) {
        const int64_t nb = std::min(kCols, g.N - j0);
        panel(arow, bd.data(), g.N, g.K, j0, nb, zero, acc.data(), comp.data(), mag.data());
        for (int64_t jj = 0; jj < nb; ++jj) {
          const int64_t j = j0 + jj;
          // The second term covers TwoProduct errors lost to underflow; no products, no error.
          const double B = mag[jj] == 0 ? 0 : 2 * gamma * gamma * mag[jj] + static_cast<double>(g.K) * 0x1p-1073;
          double t, r, E;
          if (g.alpha == 1 && !use_c) {
            two_sum(acc[jj], comp[jj], t, r);
            E = B;
          } else {
            const double h1 = g.alpha * acc[jj];
            const double l1 = std::fma(g.alpha, acc[jj], -h1);
            const double h2 = g.alpha * comp[jj];
            double h3 = 0, l3 = 0;
            if (use_c) {
              const double cv = g.C.at(i, j);
              h3 = g.beta * cv;
              l3 = std::fma(g.beta, cv, -h3);
            }
            double r0;
            two_sum(h1, h3, t, r0);
            r = ((r0 + l1) + h2) + l3;
            E = std::fabs(g.alpha) * B + 4 * kU * (std::fabs(r0) + std::fabs(l1) + std::fabs(h2) + std::fabs(l3));
            if (E != 0 || r != 0) E += 0x1p-1071;  // TwoProduct errors lost to underflow
          }
          double y;
          if (!(bound_valid && decide_double(t, r, E, y))) {
            ++local_fallbacks;
            ExactSum sum;
            for (int64_t k = 0; k < g.K; ++k) {
              const double a = arow[k], b = bd[static_cast<size_t>(k * g.N + j)];
              const double p = a * b;
              if (!std::isfinite(p)) {
                sum.add(g.alpha * p);
                continue;
              }
              const double q = std::fma(a, b, -p);
              if (g.alpha == 1) {
                sum.add(p);
                sum.add(q);
              } else {
                add_product(sum, g.alpha, p);
                add_product(sum, g.alpha, q);
              }
            }
            if (use_c) add_product(sum, g.beta, g.C.at(i, j));
            y = sum.round_nearest();
          }
          g.Y[i * g.N + j] = y;
        }
      }
    }
    fallbacks += local_fallbacks;
  });
  stats.outputs += g.M * g.N;
  stats.exact_fallbacks += fallbacks.load();
}

// ---------------------------------------------------------------------------------------------
// Integers: wrapping sums in uint64_t.

template <class S>
void gemm_integer(const GemmArgs<S>& g, GemmStats& stats) {
  const uint64_t alpha = static_cast<uint64_t>(static_cast<int64_t>(g.alpha));
  const uint64_t beta = static_cast<uint64_t>(static_cast<int64_t>(g.beta));
  const bool use_c = g.has_c && g.beta != 0;
  const MemoryCharge bw_charge = charge_scratch<uint64_t>(static_cast<uint64_t>(g.K * g.N), "the product's widened B");
  std::vector<uint64_t> bw(static_cast<size_t>(g.K * g.N));
  for (int64_t k = 0; k < g.K; ++k)
    for (int64_t j = 0; j < g.N; ++j) bw[static_cast<size_t>(k * g.N + j)] = static_cast<uint64_t>(g.B.at(k, j));
  const int64_t work_per_row = std::max<int64_t>(1, g.N * std::max<int64_t>(g.K, 1));
  parallel_for(g.M, std::max<int64_t>(1, (int64_t{1} << 18) / work_per_row), [&](int64_t i0, int64_t i1) {
    const MemoryCharge acc_charge = charge_scratch<uint64_t>(static_cast<uint64_t>(g.N), "the product's row of sums");
    std::vector<uint64_t> acc(static_cast<size_t>(g.N));
    for (int64_t i = i0; i < i1; ++i) {
      std::fill(acc.begin(), acc.end(), 0);
      for (int64_t k = 0; k < g.K; ++k) {
        const uint64_t a = static_cast<uint64_t>(g.A.at(i, k));
        const uint64_t* bk = bw.data() + k * g.N;
        for (int64_t j = 0; j < g.N; ++j) acc[static_cast<size_t>(j)] += a * bk[j];
      }
      for (int64_t j = 0; j < g.N; ++j) {
        uint64_t v = alpha * acc[static_cast<size_t>(j)];
        if (use_c) v += beta * static_cast<uint64_t>(g.C.at(i, j));
        g.Y[i * g.N + j] = static_cast<S>(v);
      }
    }
  });
  stats.outputs += g.M * g.N;
}

}  // namespace

template <class S>
void gemm(const GemmArgs<S>& args, GemmStats* stats) {
  GemmStats local;
  if (args.M > 0 && args.N > 0) {
    if constexpr (std::is_same_v<S, double>)
      gemm_double(args, local);
    else if constexpr (is_float_storage<S>) {
      if (args.K == 0 || !tiled::try_gemm(args, local)) gemm_small(args, local);
    } else
      gemm_integer(args, local);
  }
  record_stats(local, stats);
}

template <class S>
void gemm_packed(const GemmArgs<S>& args, const PanelSource& b, GemmStats* stats, const PackedWeights* packed_a) {
  GemmStats local;
  if (args.M > 0 && args.N > 0) {
    if (args.K == 0)
      gemm_small(args, local);  // reads no element of B
    else
      tiled::packed(args, b, local, packed_a);
  }
  record_stats(local, stats);
}

template void gemm_packed<float>(const GemmArgs<float>&, const PanelSource&, GemmStats*, const PackedWeights*);
template void gemm_packed<Float16Bits>(const GemmArgs<Float16Bits>&, const PanelSource&, GemmStats*,
                                       const PackedWeights*);
template void gemm_packed<BFloat16Bits>(const GemmArgs<BFloat16Bits>&, const PanelSource&, GemmStats*,
                                        const PackedWeights*);

void gemm_with_packed(const GemmArgs<float>& args, const PackedWeights* packed_a, const PackedWeights* packed_b,
                      GemmStats* stats) {
  GemmStats local;
  if (args.M > 0 && args.N > 0) {
    if (args.K == 0 || !tiled::try_gemm(args, local, packed_a, packed_b)) gemm_small(args, local);
  }
  record_stats(local, stats);
}

template void gemm<float>(const GemmArgs<float>&, GemmStats*);
template void gemm<double>(const GemmArgs<double>&, GemmStats*);
template void gemm<Float16Bits>(const GemmArgs<Float16Bits>&, GemmStats*);
template void gemm<BFloat16Bits>(const GemmArgs<BFloat16Bits>&, GemmStats*);
template void gemm<int32_t>(const GemmArgs<int32_t>&, GemmStats*);
template void gemm<int64_t>(const GemmArgs<int64_t>&, GemmStats*);
template void gemm<uint32_t>(const GemmArgs<uint32_t>&, GemmStats*);
template void gemm<uint64_t>(const GemmArgs<uint64_t>&, GemmStats*);

GemmStats gemm_totals() { return {g_outputs.load(), g_fallbacks.load(), g_compensated.load()}; }

bool gemm_uses_avx2() { return cpu_has_avx2(); }

}  // namespace onnx_ref::gemm
