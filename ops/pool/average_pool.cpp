// ONNX AveragePool, every version (1, 7, 10, 11, 19, 22). Contract: correctly rounded — each output
// is the exact sum of its window's elements divided by the count, rounded once to the element type
// (gemm/exact_quotient.h). The count is the number of taps reading the input, or with
// count_include_pad = 1 (7 and later) the number of taps inside the explicitly padded extent (taps
// beyond it, which ceil_mode can add, never count). A window with a zero count is an Error.
//   1: auto_pad, kernel_shape, pads, strides.  7: + count_include_pad.  10: + ceil_mode.
//   11: the same rules, restated.  19: + dilations.  22: + bfloat16.
#include <bit>
#include <cmath>
#include <cstring>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "gemm/exact_quotient.h"
#include "numeric/interval_rounding.h"
#include "ops/float_dispatch.h"
#include "ops/pool/pool_rows.h"
#include "ops/pool/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// AveragePool's attributes, parsed at load.
struct AveragePoolParams {
  WindowSpec window;
  bool include_pad = false;
};

AveragePoolParams parse_average_pool_params(const Attributes& attrs, int since) {
  AveragePoolParams params{parse_window_spec(attrs, since >= 19, since >= 10), false};
  if (since >= 7) {
    const int64_t c = attrs.get_int("count_include_pad");
    if (c != 0 && c != 1) throw Error("attribute 'count_include_pad' must be 0 or 1, got " + std::to_string(c));
    params.include_pad = c == 1;
  }
  return params;
}

// The double estimate of one window and its decision. The window's n elements (float, float16 or
// bfloat16) are exact in double, and every partial sum of them is a multiple of 2^-149 that never
// underflows inexactly, so the sum s, added in any order, is within gamma_{n-1} sum|x| of the exact
// sum, and gamma_{n-1} <= 2 (n - 1) u (u = 2^-53, n <= 2^32, plan_pool's bound on the kernel).
// The magnitude sum is computed in double too, at most gamma_{n-1} below its exact value, so
// 2 n u mag covers the sum's error with room to spare. The quotient s / count adds half an ulp of
// itself and E / count its own rounding; decide_small widens by both (numeric/interval_rounding.h).
// When every value of the interval rounds to one value of S, that value is the correctly rounded
// average; otherwise the exact path decides.
template <class S>
bool decide_average(double sum, double mag, int64_t n, int64_t count, S& out) {
  const double c = static_cast<double>(count);
  return numeric::decide_small<S>(sum / c, 2 * static_cast<double>(n) * 0x1p-53 * mag / c, out);
}

// A window the estimate left undecided, in two steps. Most are ties or near-ties whose double sum
// is exact (few distinct exponents: the sum of n floats in double then holds every bit), so the
// window is first summed again with each addition's rounding error found by TwoSum (Knuth: s + v
// = t + e exactly, for t = fl(s + v) and e from four more roundings, barring overflow). When every
// error is zero, s is the exact sum; the quotient q = fl(s / count) then has the exact remainder
// r = s - q * count, computed exactly by one fma (the remainder of a nearest division is a double,
// no step underflows: s is a multiple of 2^-149 and count < 2^33). The exact average is q + r /
// count; when r != 0 and q's last bit is even, q is moved one ulp towards it (round to odd). Every
// value of S and every midpoint between two of them is a double with an even last bit (S has at
// most 24 bits, q is a normal double), and no double lies strictly between q and the moved q, so
// q and the exact average round to the same value of S: narrow rounds once, in effect. (Below
// counts of about 2^27, q * count is a multiple of ulp(s) whenever q is such a point, so r = 0 there
// and the move matters only for larger windows.) Otherwise
// (an inexact addition, an infinity or a NaN) the exact sum decides.
template <class S>
S undecided_average(const S* xc, const pool::RowWindows& rw, int64_t first, int64_t lo, int64_t hi, int64_t dilation,
                    int64_t count) {
  if constexpr (!std::is_same_v<S, double>) {
    double s = 0;
    bool exact = true;
    for (int64_t start : rw.starts)
      for (int64_t k = lo; k < hi; ++k) {
        const double v = widen(xc[start + first + k * dilation]);
        const double t = s + v, bv = t - s, err = (s - (t - bv)) + (v - bv);
        exact = exact && err == 0;  // a NaN error (from an infinity or NaN) is not zero
        s = t;
      }
    if (exact && std::isfinite(s)) {
      const double c = static_cast<double>(count), q = s / c, r = std::fma(-q, c, s);
      if (r == 0 || (std::bit_cast<uint64_t>(q) & 1) != 0) return narrow<S>(q);
      return narrow<S>(std::nextafter(q, r > 0 ? HUGE_VAL : -HUGE_VAL));
    }
  }
  ExactSum sum;
  for (int64_t start : rw.starts)
    for (int64_t k = lo; k < hi; ++k) sum.add(widen(xc[start + first + k * dilation]));
  return gemm::round_quotient<S>(sum, static_cast<uint64_t>(count));
}

// One window given by its row's leading box and its last-axis offsets [lo, hi); `first` is the
// input coordinate of last-axis offset 0.
template <class S>
S average_window(const S* xc, const pool::RowWindows& rw, int64_t first, int64_t lo, int64_t hi, int64_t dilation,
                 int64_t count) {
  if constexpr (!std::is_same_v<S, double>) {
    double sum = 0, mag = 0;
    for (int64_t start : rw.starts) {
      const S* p = xc + start + first;
      for (int64_t k = lo; k < hi; ++k) {
        const double v = widen(p[k * dilation]);
        sum += v;
        mag += std::fabs(v);
      }
    }
    S out;
    if (decide_average(sum, mag, rw.inside * (hi - lo), count, out)) return out;
  }
  return undecided_average(xc, rw, first, lo, hi, dilation, count);
}

constexpr int kBlock = 8;  // outputs summed side by side

// kBlock consecutive outputs whose windows read the input at every offset: tap by tap, each output
// adds its own element, so each sum is the same row-major sequence of additions as one window's.
// kStride 0 means the stride `stride`; 1 and 2 are fixed so that the loads are contiguous or a
// fixed pattern.
template <class S, int kStride>
void sum_block(const S* xc, const pool::RowWindows& rw, int64_t first, int64_t stride, int64_t kernel, int64_t dilation,
               double* sum, double* mag) {
  const int64_t st = kStride > 0 ? kStride : stride;
  double s[kBlock] = {}, m[kBlock] = {};
  for (int64_t start : rw.starts) {
    const S* row = xc + start + first;
    for (int64_t k = 0; k < kernel; ++k) {
      const S* p = row + k * dilation;
      for (int j = 0; j < kBlock; ++j) {
        const double v = widen(p[j * st]);
        s[j] += v;
        m[j] += std::fabs(v);
      }
    }
  }
  for (int j = 0; j < kBlock; ++j) {
    sum[j] = s[j];
    mag[j] = m[j];
  }
}

#if defined(__x86_64__)
// sum_block<float, 1> on AVX2 lanes: the eight outputs' sums are two vectors of four doubles, each
// lane adding its own output's elements in the same order as the scalar loop, so every sum and
// magnitude is the same double.
[[gnu::target("avx2")]] void sum_block_float_avx2(const float* xc, const pool::RowWindows& rw, int64_t first,
                                                  int64_t kernel, int64_t dilation, double* sum, double* mag) {
  static_assert(kBlock == 8);
  __m256d s0 = _mm256_setzero_pd(), s1 = s0, m0 = s0, m1 = s0;
  const __m256d magnitude = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFF));
  for (int64_t start : rw.starts) {
    const float* row = xc + start + first;
    for (int64_t k = 0; k < kernel; ++k) {
      const __m256 v = _mm256_loadu_ps(row + k * dilation);
      const __m256d lo = _mm256_cvtps_pd(_mm256_castps256_ps128(v)), hi = _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1));
      s0 = _mm256_add_pd(s0, lo);
      s1 = _mm256_add_pd(s1, hi);
      m0 = _mm256_add_pd(m0, _mm256_and_pd(lo, magnitude));
      m1 = _mm256_add_pd(m1, _mm256_and_pd(hi, magnitude));
    }
  }
  _mm256_storeu_pd(sum, s0);
  _mm256_storeu_pd(sum + 4, s1);
  _mm256_storeu_pd(mag, m0);
  _mm256_storeu_pd(mag + 4, m1);
}

bool cpu_has_avx2() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return has;
}
#endif

// decide_average for kBlock outputs at once. For float, the same interval test written without
// branches so that it runs on vector lanes: the sums of finite floats are finite, so a finite
// magnitude sum stands for decide_small's finiteness test, and a zero one for its E = 0 case (the
// sum is +0 then, t exact); the ends are compared by their bits.
template <class S>
void decide_block(const double* sum, const double* mag, int64_t n, int64_t count, S* out, bool* decided) {
  if constexpr (std::is_same_v<S, float>) {
    const double c = static_cast<double>(count), k = 2 * static_cast<double>(n) * 0x1p-53;
    float lo[kBlock], hi[kBlock];
    for (int j = 0; j < kBlock; ++j) {
      const double t = sum[j] / c, E = k * mag[j] / c;
      // An all-zero window (E = 0) is exact: +0.
      const double e = mag[j] == 0 ? 0.0 : E * (1 + 0x1p-50) + std::fabs(t) * 0x1p-52 + 0x1p-1074;
      lo[j] = static_cast<float>(t - e);
      hi[j] = static_cast<float>(t + e);
    }
    uint32_t lo_bits[kBlock], hi_bits[kBlock];
    std::memcpy(lo_bits, lo, sizeof lo);
    std::memcpy(hi_bits, hi, sizeof hi);
    for (int j = 0; j < kBlock; ++j) {
      decided[j] = lo_bits[j] == hi_bits[j] && mag[j] <= 0x1p1023;
      out[j] = lo[j];
    }
  } else {
    for (int j = 0; j < kBlock; ++j) decided[j] = decide_average(sum[j], mag[j], n, count, out[j]);
  }
}

// One output row of one channel: the windows that read the input at every last-axis offset in
// blocks, the others (padding, ceil_mode's partial windows) one by one.
template <class S>
void average_row(const S* xc, S* yr, const pool::PoolRows& g, const pool::RowWindows& rw, bool include_pad) {
  const pool::AxisTaps& t = g.axes.back();
  auto one = [&](int64_t o) {
    const size_t i = static_cast<size_t>(o);
    const int64_t count = include_pad ? rw.in_extent * t.in_extent[i] : rw.inside * (t.hi[i] - t.lo[i]);
    yr[o] = average_window(xc, rw, o * t.stride - t.pad_begin, t.lo[i], t.hi[i], t.dilation, count);
  };
  int64_t o = 0;
  for (; o < t.full_lo; ++o) one(o);
  if constexpr (!std::is_same_v<S, double>) {
    const int64_t count = (include_pad ? rw.in_extent : rw.inside) * t.kernel;
    const int64_t n = rw.inside * t.kernel;
    double sum[kBlock], mag[kBlock];
    for (; o + kBlock <= t.full_hi; o += kBlock) {
      const int64_t first = o * t.stride - t.pad_begin;
#if defined(__x86_64__)
      if (std::is_same_v<S, float> && t.stride == 1 && cpu_has_avx2())
        sum_block_float_avx2(reinterpret_cast<const float*>(xc), rw, first, t.kernel, t.dilation, sum, mag);
      else
#endif
          if (t.stride == 1)
        sum_block<S, 1>(xc, rw, first, 1, t.kernel, t.dilation, sum, mag);
      else if (t.stride == 2)
        sum_block<S, 2>(xc, rw, first, 2, t.kernel, t.dilation, sum, mag);
      else
        sum_block<S, 0>(xc, rw, first, t.stride, t.kernel, t.dilation, sum, mag);
      bool decided[kBlock];
      decide_block(sum, mag, n, count, yr + o, decided);
      for (int j = 0; j < kBlock; ++j)
        if (!decided[j]) yr[o + j] = undecided_average(xc, rw, first + j * t.stride, 0, t.kernel, t.dilation, count);
    }
  }
  for (; o < g.row_length; ++o) one(o);
}

std::vector<Value> average_pool(const KernelContext& ctx, const AveragePoolParams& params) {
  const Tensor& x = ctx.input(0);
  const pool::PoolPlan p = pool::plan_pool(x, params.window);
  const pool::PoolRows g = pool::plan_rows(p);
  const bool include_pad = params.include_pad;
  const int64_t empty = pool::first_empty_window(g, include_pad);
  if (empty >= 0) throw Error("the window of output position " + std::to_string(empty) + " counts no element");
  Tensor y = Tensor::uninitialized(x.type(), p.out_shape);
  const MemoryCharge rows_charge = charge_scratch<int64_t>(
      static_cast<uint64_t>(pool::max_row_starts(g)) * static_cast<uint64_t>(thread_count()), "the pool's window rows");
  dispatch_float(x.type(), "AveragePool", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = x.data_as<S>();
    S* py = reinterpret_cast<S*>(y.mutable_data());
    // Every output is a function of its window alone, so the bits do not depend on the chunks.
    parallel_for(g.channels * g.rows, pool::rows_per_chunk(g, p, int64_t{1} << 15), [&](int64_t begin, int64_t end) {
      pool::RowWindows rw;
      for (int64_t i = begin; i < end; ++i) {
        const int64_t nc = i / g.rows, row = i % g.rows;
        pool::row_windows(g, row, rw);
        average_row(px + nc * g.in_size, py + nc * g.out_size + row * g.row_length, g, rw, include_pad);
      }
    });
  });
  return {y};
}

OpVersion average_pool_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "AveragePool";
  v.since_version = since;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"auto_pad", AttrType::String, false, std::string("NOTSET")},
                  {"kernel_shape", AttrType::Ints, true},
                  {"pads", AttrType::Ints},
                  {"strides", AttrType::Ints}};
  if (since >= 7) v.attributes.push_back({"count_include_pad", AttrType::Int, false, int64_t{0}});
  if (since >= 10) v.attributes.push_back({"ceil_mode", AttrType::Int, false, int64_t{0}});
  if (since >= 19) v.attributes.push_back({"dilations", AttrType::Ints});
  v.type_constraints = {{"T", types}};
  v.set_kernel([since](const Attributes& attrs) { return parse_average_pool_params(attrs, since); }, average_pool);
  return v;
}

}  // namespace

void register_average_pool(Registry& registry) {
  for (int since : {1, 7, 10, 11, 19}) registry.add(average_pool_version(since, type_sets::kFloats));
  registry.add(average_pool_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("AveragePool",
                            {AccuracyKind::CorrectlyRounded, "the exact window sum over the count rounded once"});
}

}  // namespace onnx_ref
