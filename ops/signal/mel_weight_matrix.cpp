// ONNX MelWeightMatrix, every version (17).
// The spec gives the mel scale, mel(f) = 2595 log10(1 + f / 700), triangles of peak 1 and the
// output shape [floor(dft_length / 2) + 1, num_mel_bins]; where the triangles' corners fall is
// defined by ONNX's reference (and onnxruntime, which agree): n + 2 points equally spaced in mel
// from mel(lower_edge_hertz) with step (mel(upper) - mel(lower)) / (n + 2), each turned back into
// hertz f_i and into a spectrogram bin b_i = floor((dft_length + 1) f_i / sample_rate). Band i rises
// from b_i to b_{i+1} as (j - b_i) / (b_{i+1} - b_i) (a single 1 at b_{i+1} when they are equal)
// and falls from b_{i+1} to b_{i+2} as (b_{i+2} - j) / (b_{i+2} - b_{i+1}), zero elsewhere.
//
// Contract: exact bins, correctly rounded weights. Each b_i is the floor of the exact value
// (2595 cancels: f_i = 700 (10^(a + i (b - a) / (n + 2)) - 1) with a, b the log10 of 1 + edge/700),
// decided by MPFR interval arithmetic at rising precision; f_0 is lower_edge_hertz exactly. A value
// still within 2^-4000 of an integer k at 4096 bits is taken to be k (such a value is that integer
// in every case found, e.g. lower 0, upper 2100, where the middle point is exactly 700 Hz). Each
// weight is the exact rational rounded once to the output type; integer outputs truncate toward
// zero (1 at the peaks, 0 elsewhere), as a Cast of the weights would.
//
// Refused: num_mel_bins < 0, dft_length < 1, sample_rate < 1, edges that are not finite or not
// 0 <= lower <= upper, and bands that reach beyond the spectrogram's last bin (the reference reads
// outside its matrix there).
#include <mpfr.h>

#include "numeric/mpfr_interval.h"

#include <cmath>
#include <string>

#include "gemm/exact_quotient.h"
#include "numeric/exact_sum.h"
#include "ops/signal/register.h"
#include "ops/signal/signal_rules.h"
#include "ops/type_sets.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/run_limits.h"

namespace onnx_ref {

namespace {

// The steps below, each rounded in direction `rnd` throughout, so that the lower and the upper
// chains enclose the exact value.
// out = log10(1 + hz / 700).
void mel_of_hz(mpfr_ptr out, mpfr_srcptr hz, mpfr_rnd_t rnd) {
  mpfr_div_ui(out, hz, 700, rnd);
  mpfr_add_ui(out, out, 1, rnd);
  mpfr_log10(out, out, rnd);
}

// x = 700 (10^x - 1), increasing in x.
void hz_of_mel(mpfr_ptr x, mpfr_rnd_t rnd) {
  mpfr_exp10(x, x, rnd);
  mpfr_sub_ui(x, x, 1, rnd);
  mpfr_mul_ui(x, x, 700, rnd);
}

// out = a + i max(0, b - c) / points.
void mel_interpolate(mpfr_ptr out, mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr c, int64_t i, int64_t points,
                     mpfr_rnd_t rnd) {
  mpfr_sub(out, b, c, rnd);
  if (mpfr_sgn(out) < 0) mpfr_set_zero(out, 1);
  mpfr_mul_ui(out, out, static_cast<unsigned long>(i), rnd);
  mpfr_div_ui(out, out, static_cast<unsigned long>(points), rnd);
  mpfr_add(out, out, a, rnd);
}

// x = floor((dft_length + 1) x / sample_rate).
void bin_of_hz(mpfr_ptr x, int64_t dft_length, int64_t sample_rate, mpfr_rnd_t rnd) {
  mpfr_mul_ui(x, x, static_cast<unsigned long>(dft_length) + 1, rnd);
  mpfr_div_ui(x, x, static_cast<unsigned long>(sample_rate), rnd);
  mpfr_floor(x, x);
}

// floor of the exact (dft_length + 1) f_i / sample_rate, as described above.
int64_t mel_weight_bin(double lower, double upper, int64_t i, int64_t points, int64_t dft_length, int64_t sample_rate) {
  numeric::free_mpfr_caches_at_thread_exit();  // MPFR's per-thread caches die with the thread
  for (mpfr_prec_t prec = 128;; prec *= 2) {
    mpfr_t alo, ahi, blo, bhi, lo, hi, t;
    mpfr_inits2(prec, alo, ahi, blo, bhi, lo, hi, t, static_cast<mpfr_ptr>(nullptr));
    if (i == 0) {
      mpfr_set_d(lo, lower, MPFR_RNDN);  // exact
      mpfr_set(hi, lo, MPFR_RNDN);
    } else {
      // a = log10(1 + lower / 700), b likewise; u = a + i (b - a) / points, with b >= a.
      mpfr_set_d(t, lower, MPFR_RNDN);
      mel_of_hz(alo, t, MPFR_RNDD);
      mel_of_hz(ahi, t, MPFR_RNDU);
      mpfr_set_d(t, upper, MPFR_RNDN);
      mel_of_hz(blo, t, MPFR_RNDD);
      mel_of_hz(bhi, t, MPFR_RNDU);
      // lower end: a_lo + i (b_lo - a_hi) / points, clamped at a_lo (b - a >= 0 exactly); upper
      // end: a_hi + i (b_hi - a_lo) / points.
      mel_interpolate(lo, alo, blo, ahi, i, points, MPFR_RNDD);
      mel_interpolate(hi, ahi, bhi, alo, i, points, MPFR_RNDU);
      // f = 700 (10^u - 1), increasing in u.
      hz_of_mel(lo, MPFR_RNDD);
      hz_of_mel(hi, MPFR_RNDU);
    }
    // z = (dft_length + 1) f / sample_rate; f >= 0 up to the enclosure's width.
    bin_of_hz(lo, dft_length, sample_rate, MPFR_RNDD);
    bin_of_hz(hi, dft_length, sample_rate, MPFR_RNDU);
    const bool decided = mpfr_equal_p(lo, hi) || prec >= 4096;
    // Undecided at the last precision: hi's floor is the integer the value is within 2^-4000 of.
    const double bin = mpfr_get_d(hi, MPFR_RNDN);
    mpfr_clears(alo, ahi, blo, bhi, lo, hi, t, static_cast<mpfr_ptr>(nullptr));
    if (decided) {
      if (!(bin >= 0 && bin < 0x1p62)) throw Error("a mel band's corner bin is out of range");
      return static_cast<int64_t>(bin);
    }
  }
}

template <class S>
void mel_weight_fill(S* out, int64_t columns, const std::vector<int64_t>& bins) {
  const int64_t n = columns;
  // A weight num / den in [0, 1], rounded once (floats) or truncated (integers).
  auto weight = [](int64_t num, int64_t den) -> S {
    if constexpr (is_float_storage<S>) {
      ExactSum s;
      s.add(static_cast<double>(num));  // num < 2^62: bins come from doubles below 2^62, exact
      return gemm::round_quotient<S>(s, static_cast<uint64_t>(den));
    } else {
      return static_cast<S>(num == den ? 1 : 0);
    }
  };
  for (int64_t i = 0; i < n; ++i) {
    const int64_t left = bins[i], center = bins[i + 1], right = bins[i + 2];
    if (center == left) {
      out[center * n + i] = weight(1, 1);
    } else {
      for (int64_t j = left; j <= center; ++j) out[j * n + i] = weight(j - left, center - left);
    }
    for (int64_t j = center; j < right; ++j) out[j * n + i] = weight(right - j, right - center);
  }
}

template <class S>
double mel_weight_edge(const Tensor& t) {
  return widen(*t.data_as<S>());
}

// The kernel takes the output type (`output_datatype`), parsed and checked at load.
std::vector<Value> mel_weight_matrix(const KernelContext& ctx, ElementType type) {
  const int64_t n = signal_scalar_int(ctx.input(0), "num_mel_bins");
  const int64_t dft_length = signal_scalar_int(ctx.input(1), "dft_length");
  const int64_t sample_rate = signal_scalar_int(ctx.input(2), "sample_rate");
  if (n < 0) throw Error("num_mel_bins = " + std::to_string(n) + " is negative");
  if (dft_length < 1) throw Error("dft_length = " + std::to_string(dft_length) + " must be at least 1");
  if (dft_length > (int64_t{1} << 62)) throw Error("dft_length = " + std::to_string(dft_length) + " is beyond 2^62");
  if (sample_rate < 1) throw Error("sample_rate = " + std::to_string(sample_rate) + " must be at least 1");
  double edges[2];
  const char* names[2] = {"lower_edge_hertz", "upper_edge_hertz"};
  for (int k = 0; k < 2; ++k) {
    const Tensor& t = ctx.input(3 + k);
    if (t.rank() > 1 || t.element_count() != 1)
      throw Error(std::string(names[k]) + " must be a scalar, but it is " + t.describe());
    edges[k] = dispatch_real(t.type(), [&](auto tag) -> double {
      using S = typename decltype(tag)::type;
      if constexpr (is_float_storage<S>)
        return mel_weight_edge<S>(t);
      else
        throw Error(std::string(names[k]) + " must be a floating tensor, but it is " + t.describe());
    });
    if (!std::isfinite(edges[k])) throw Error(std::string(names[k]) + " is not finite");
  }
  if (!(edges[0] >= 0 && edges[0] <= edges[1]))
    throw Error("the edges must satisfy 0 <= lower_edge_hertz <= upper_edge_hertz, but they are " +
                std::to_string(edges[0]) + " and " + std::to_string(edges[1]));
  const int64_t spectrogram_bins = dft_length / 2 + 1;
  if (n > (int64_t{1} << 40)) throw Error("num_mel_bins = " + std::to_string(n) + " is beyond 2^40");
  // The output and the bins are refused before the MPFR work that scales with n, and before the
  // bins are allocated.
  const auto out_count = checked_element_count({spectrogram_bins, n});
  if (!out_count)
    throw Error("the output [" + std::to_string(spectrogram_bins) + ", " + std::to_string(n) +
                "] has more elements than int64 holds");
  const MemoryCharge bins_charge =
      charge_memory(checked_bytes(static_cast<uint64_t>(n + 2), sizeof(int64_t), "the mel bins"), "the mel bins");
  check_memory(storage_bytes(type, static_cast<uint64_t>(*out_count)),
               std::string(name_of(type)) + shape_to_string({spectrogram_bins, n}));
  std::vector<int64_t> bins(static_cast<size_t>(n + 2));
  for (int64_t i = 0; i < n + 2; ++i) {
    if ((i & 1023) == 0) poll_deadline();
    bins[i] = mel_weight_bin(edges[0], edges[1], i, n + 2, dft_length, sample_rate);
  }
  // Bins never decrease (f_i increases with i); the last band's peak is the highest bin written.
  if (bins[n + 1] >= spectrogram_bins)
    throw Error("the mel bands reach spectrogram bin " + std::to_string(bins[n + 1]) +
                ", beyond the floor(dft_length / 2) + 1 = " + std::to_string(spectrogram_bins) +
                " bins: upper_edge_hertz is too high for sample_rate");
  Tensor out = Tensor::zeros(type, {spectrogram_bins, n});
  dispatch_real(type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_same_v<S, BoolByte>)
      throw std::logic_error("MelWeightMatrix: no kernel for bool");
    else
      mel_weight_fill(reinterpret_cast<S*>(out.mutable_data()), n, bins);
  });
  return {out};
}

}  // namespace

void register_mel_weight_matrix(Registry& registry) {
  OpVersion v;
  v.op_type = "MelWeightMatrix";
  v.since_version = 17;
  v.inputs = {{"num_mel_bins", "T1"},
              {"dft_length", "T1"},
              {"sample_rate", "T1"},
              {"lower_edge_hertz", "T2"},
              {"upper_edge_hertz", "T2"}};
  v.outputs = {{"output", "T3"}};
  v.attributes = {{"output_datatype", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {
      {"T1", type_sets::kInt32Int64}, {"T2", type_sets::kFloatsIR4}, {"T3", type_sets::kAllNumericTypesIR4}};
  v.attribute_type = [](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != "T3") return std::nullopt;
    return signal_output_datatype(attrs.get_int("output_datatype"), type_sets::kAllNumericTypesIR4);
  };
  v.set_kernel(
      [](const Attributes& attrs) {
        return signal_output_datatype(attrs.get_int("output_datatype"), type_sets::kAllNumericTypesIR4);
      },
      mel_weight_matrix);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "MelWeightMatrix",
      {AccuracyKind::CorrectlyRounded, "corner bins the exact floors; each weight the exact fraction rounded once"});
}

}  // namespace onnx_ref
