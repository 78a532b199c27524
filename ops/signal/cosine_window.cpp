#include "ops/signal/cosine_window.h"

#include <mpfr.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "numeric/mpfr_interval.h"
#include "ops/signal/signal_rules.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"

namespace onnx_ref {

namespace {

// 2 cos(2 pi m / N) when it is rational (m / N a multiple of 1/4 or 1/6), in `twice`.
bool cosine_window_exact_cos(uint64_t m, uint64_t period, int& twice) {
  const unsigned __int128 scaled = static_cast<unsigned __int128>(m % period) * 12;
  if (scaled % period != 0) return false;
  static constexpr int kTwiceCos[12] = {2, 0, 1, 0, -1, 0, -2, 0, -1, 0, 1, 0};
  static constexpr bool kRational[12] = {true, false, true, true, true, false, true, false, true, true, true, false};
  const int r = static_cast<int>(scaled / period);
  if (!kRational[r]) return false;
  twice = kTwiceCos[r];
  return true;
}

// [lo, hi] encloses cos(2 pi m / N); x is scratch of at least 64 bits.
void cosine_window_cos_interval(mpfr_ptr lo, mpfr_ptr hi, mpfr_ptr x, uint64_t m, uint64_t period) {
  int twice = 0;
  if (cosine_window_exact_cos(m, period, twice)) {
    mpfr_set_si_2exp(lo, twice, -1, MPFR_RNDN);
    mpfr_set(hi, lo, MPFR_RNDN);
    return;
  }
  mpfr_set_ui(x, static_cast<unsigned long>(m % period), MPFR_RNDN);
  mpfr_cosu(lo, x, static_cast<unsigned long>(period), MPFR_RNDD);
  mpfr_cosu(hi, x, static_cast<unsigned long>(period), MPFR_RNDU);
}

double cosine_window_round(double v, numeric::Format format) {
  switch (format) {
    case numeric::Format::Float:
      return static_cast<float>(v);
    case numeric::Format::Float16:
      return decode_small_float(ElementType::Float16, encode_small_float(ElementType::Float16, v, false));
    case numeric::Format::BFloat16:
      return decode_small_float(ElementType::BFloat16, encode_small_float(ElementType::BFloat16, v, false));
    default:
      return v;
  }
}

double cosine_window_slow(const CosineWindowCoefficients& c, uint64_t n, uint64_t period, numeric::Format format) {
  numeric::free_mpfr_caches_at_thread_exit();  // MPFR's per-thread constant caches (pi) die with the thread
  for (mpfr_prec_t prec = 64; prec <= (1 << 14); prec *= 2) {
    mpfr_t x, lo1, hi1, lo2, hi2, lo, hi, t;
    mpfr_inits2(prec, x, lo1, hi1, lo2, hi2, lo, hi, t, static_cast<mpfr_ptr>(nullptr));
    cosine_window_cos_interval(lo1, hi1, x, n, period);
    cosine_window_cos_interval(lo2, hi2, x, static_cast<uint64_t>((static_cast<unsigned __int128>(n) * 2) % period),
                               period);
    // p1, p2 >= 0: the lower end takes the upper cos1 and the lower cos2.
    mpfr_mul_si(t, hi1, c.p1, MPFR_RNDU);
    mpfr_si_sub(lo, c.p0, t, MPFR_RNDD);
    mpfr_mul_si(t, lo2, c.p2, MPFR_RNDD);
    mpfr_add(lo, lo, t, MPFR_RNDD);
    mpfr_div_si(lo, lo, c.d, MPFR_RNDD);
    mpfr_mul_si(t, lo1, c.p1, MPFR_RNDD);
    mpfr_si_sub(hi, c.p0, t, MPFR_RNDU);
    mpfr_mul_si(t, hi2, c.p2, MPFR_RNDU);
    mpfr_add(hi, hi, t, MPFR_RNDU);
    mpfr_div_si(hi, hi, c.d, MPFR_RNDU);
    const double a = numeric::round_to_format(lo, format), b = numeric::round_to_format(hi, format);
    mpfr_clears(x, lo1, hi1, lo2, hi2, lo, hi, t, static_cast<mpfr_ptr>(nullptr));
    // An exact zero comes out as -0 at the end rounded down: the window's zeros are +0.
    if (a == b) return a == 0 ? 0.0 : a;
  }
  throw std::logic_error(std::string(c.op_type) + ": the interval evaluation did not converge");
}

}  // namespace

double cosine_window_value(const CosineWindowCoefficients& c, uint64_t n, uint64_t period, numeric::Format format) {
  if (format != numeric::Format::Double && period < (uint64_t{1} << 53)) {
    // The estimate: the argument 2 pi m / N is within 2^-48.9 of the exact one (three roundings of
    // a value below 2 pi) and glibc's cos adds at most an ulp, so each cosine is within 2^-48.8;
    // times p1 + p2 <= 29 and divided by d >= 2 that is below 2^-44, with the arithmetic's own
    // roundings far below. 2^-40 leaves a factor of 16.
    constexpr double kTwoPi = 6.283185307179586476925286766559;
    const double m1 = static_cast<double>(n % period), m2 = static_cast<double>((2 * (n % period)) % period);
    const double N = static_cast<double>(period);
    const double y =
        (static_cast<double>(c.p0) - c.p1 * std::cos(kTwoPi * m1 / N) + c.p2 * std::cos(kTwoPi * m2 / N)) / c.d;
    constexpr double kError = 0x1p-40;
    const double a = cosine_window_round(y - kError, format), b = cosine_window_round(y + kError, format);
    if (a == b && std::signbit(a) == std::signbit(b)) return a;
  }
  return cosine_window_slow(c, n, period, format);
}

namespace {

// The attributes, parsed and checked at load.
struct CosineWindowParams {
  bool periodic = true;
  ElementType type = ElementType::Float;
};

CosineWindowParams parse_cosine_window_params(const Attributes& attrs) {
  const ElementType type = signal_output_datatype(attrs.get_int("output_datatype"), type_sets::kAllNumericTypesIR4);
  return {attrs.get_flag("periodic"), type};
}

std::vector<Value> cosine_window_kernel(const CosineWindowCoefficients& c, const KernelContext& ctx,
                                        const CosineWindowParams& params) {
  const int64_t size = signal_scalar_int(ctx.input(0), "size", true);  // "A scalar value"
  if (size < 1) throw Error("size = " + std::to_string(size) + " must be at least 1");
  const bool periodic = params.periodic;
  const int64_t period = periodic ? size : size - 1;
  if (period == 0) throw Error("a symmetric window (periodic = 0) of size 1 is undefined: its period size - 1 is 0");
  const ElementType type = params.type;
  Tensor out = Tensor::zeros(type, {size});
  dispatch_real(type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* y = reinterpret_cast<S*>(out.mutable_data());
    if constexpr (is_float_storage<S>) {
      parallel_for(size, 256, [&](int64_t begin, int64_t end) {
        for (int64_t n = begin; n < end; ++n)
          y[n] = narrow<S>(
              cosine_window_value(c, static_cast<uint64_t>(n), static_cast<uint64_t>(period), numeric::format_of<S>()));
      });
    } else if constexpr (std::is_integral_v<S>) {
      // Truncation toward zero of a value in [0, 1]: 1 only where w[n] = 1, at 2n = N.
      if (period % 2 == 0 && period / 2 < size) y[period / 2] = S{1};
    } else {
      throw std::logic_error(std::string(c.op_type) + ": no kernel for " + std::string(name_of(type)));
    }
  });
  return {out};
}

}  // namespace

OpVersion cosine_window_version(const CosineWindowCoefficients& c) {
  OpVersion v;
  v.op_type = c.op_type;
  v.since_version = 17;
  v.inputs = {{"size", "T1"}};
  v.outputs = {{"output", "T2"}};
  v.attributes = {{"output_datatype", AttrType::Int, false, int64_t{1}},
                  {"periodic", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T1", type_sets::kInt32Int64}, {"T2", type_sets::kAllNumericTypesIR4}};
  v.attribute_type = [](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != "T2") return std::nullopt;
    return signal_output_datatype(attrs.get_int("output_datatype"), type_sets::kAllNumericTypesIR4);
  };
  v.set_kernel(parse_cosine_window_params, [c](const KernelContext& ctx, const CosineWindowParams& params) {
    return cosine_window_kernel(c, ctx, params);
  });
  return v;
}

}  // namespace onnx_ref
