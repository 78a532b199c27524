// The exact coordinate and weight arithmetic of Resize and Upsample (see resize_rules.h).
#include "ops/resample/resize_rules.h"

#include <cmath>

#include <gmpxx.h>
#include <mpfr.h>

#include "runtime/error.h"

namespace onnx_ref::resample {

namespace {

constexpr int64_t kResizeLengthLimit = int64_t{1} << 62;

mpq_class resize_scale_value(const Scale& s) {
  if (s.is_ratio) {
    mpq_class q(mpz_class(static_cast<long>(s.num)), mpz_class(static_cast<long>(s.den)));
    q.canonicalize();
    return q;
  }
  return mpq_class(static_cast<double>(s.value));  // exact: every float is a dyadic rational
}

mpz_class resize_floor(const mpq_class& q) {
  mpz_class f;
  mpz_fdiv_q(f.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
  return f;
}

int64_t resize_to_int64(const mpz_class& z) {
  if (!mpz_fits_slong_p(z.get_mpz_t())) throw Error("a resized length or index does not fit in 64 bits");
  return static_cast<int64_t>(z.get_si());
}

// q rounded once to double, nearest, ties to even.
double resize_round_weight(const mpq_class& q) {
  mpfr_t t;
  mpfr_init2(t, 53);
  mpfr_set_q(t, q.get_mpq_t(), MPFR_RNDN);
  const double d = mpfr_get_d(t, MPFR_RNDN);
  mpfr_clear(t);
  return d;
}

mpq_class resize_half() { return mpq_class(1, 2); }

mpq_class resize_original_coordinate(const AxisResample& axis, CoordinateMode mode, int64_t x) {
  const mpq_class scale = resize_scale_value(axis.scale);
  const mpq_class in(static_cast<long>(axis.in));
  const mpq_class xr(static_cast<long>(x));
  const mpq_class length_resized = scale * in;
  switch (mode) {
    case CoordinateMode::HalfPixel:
      return (xr + resize_half()) / scale - resize_half();
    case CoordinateMode::HalfPixelSymmetric: {
      const mpq_class adjustment = mpq_class(static_cast<long>(axis.out)) / length_resized;
      const mpq_class center = in / 2;
      const mpq_class offset = center * (1 - adjustment);
      return offset + (xr + resize_half()) / scale - resize_half();
    }
    case CoordinateMode::PytorchHalfPixel:
      return length_resized > 1 ? mpq_class((xr + resize_half()) / scale - resize_half()) : mpq_class(0);
    case CoordinateMode::AlignCorners:
      if (length_resized == 1) return 0;
      return xr * (in - 1) / (length_resized - 1);
    case CoordinateMode::Asymmetric:
      return xr / scale;
    case CoordinateMode::TfHalfPixelForNN:
      return (xr + resize_half()) / scale;
    case CoordinateMode::TfCropAndResize: {
      const mpq_class start(axis.roi_start), end(axis.roi_end);
      if (length_resized > 1) return start * (in - 1) + xr * (end - start) * (in - 1) / (length_resized - 1);
      return (start + end) / 2 * (in - 1);
    }
  }
  return 0;
}

int64_t resize_clamp_index(const mpz_class& i, int64_t in) {
  if (i < 0) return 0;
  if (i >= in) return in - 1;
  return static_cast<int64_t>(i.get_si());
}

// Keys' cubic convolution kernel with coefficient a, at |d|.
mpq_class resize_cubic_kernel(mpq_class d, const mpq_class& a) {
  if (d < 0) d = -d;
  if (d <= 1) return ((a + 2) * d - (a + 3)) * d * d + 1;
  if (d < 2) return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a;
  return 0;
}

mpq_class resize_linear_kernel(mpq_class d) {
  if (d < 0) d = -d;
  return d < 1 ? mpq_class(1 - d) : mpq_class(0);
}

OutputTaps resize_nearest_taps(const mpq_class& xo, const AxisResample& axis, NearestMode mode) {
  const mpz_class f = resize_floor(xo);
  const mpq_class frac = xo - mpq_class(f);
  mpz_class i;
  switch (mode) {
    case NearestMode::Floor:
      i = f;
      break;
    case NearestMode::Ceil:
      i = frac == 0 ? f : mpz_class(f + 1);
      break;
    case NearestMode::RoundPreferFloor:
      i = frac <= resize_half() ? f : mpz_class(f + 1);
      break;
    case NearestMode::RoundPreferCeil:
      i = frac < resize_half() ? f : mpz_class(f + 1);
      break;
  }
  return {false, {{resize_clamp_index(i, axis.in), 1.0}}};
}

OutputTaps resize_filter_taps(const mpq_class& xo, const AxisResample& axis, const ResampleOptions& o) {
  // floor(x) and r in (0, 1]: an integral x is taken as the index below with r = 1.
  mpz_class f = resize_floor(xo);
  mpq_class r = xo - mpq_class(f);
  if (r == 0) {
    f -= 1;
    r = 1;
  }
  const mpq_class scale = resize_scale_value(axis.scale);
  const mpq_class stretch = o.antialias && scale < 1 ? scale : mpq_class(1);
  const bool cubic = o.mode == ResizeMode::Cubic;
  // Taps i in [start, 1 - start]: the kernel's support (1 for linear, 2 for cubic) over scale'.
  const mpz_class start = resize_floor(mpq_class(-(cubic ? 2 : 1)) / stretch) + 1;
  const int64_t first = resize_to_int64(start);
  const mpq_class a(static_cast<double>(o.cubic_a));
  std::vector<std::pair<mpz_class, mpq_class>> exact;
  mpq_class total = 0;
  for (int64_t i = first; i <= 1 - first; ++i) {
    const mpq_class d = stretch * (mpq_class(static_cast<long>(i)) - r);
    const mpz_class index = f + i;
    mpq_class w = cubic ? resize_cubic_kernel(d, a) : resize_linear_kernel(d);
    if (o.exclude_outside && (index < 0 || index >= axis.in)) w = 0;
    total += w;
    exact.emplace_back(index, w);
  }
  if (total == 0) throw Error("every interpolation weight of an output position is zero (exclude_outside)");
  OutputTaps out;
  for (auto& [index, w] : exact) {
    if (w == 0) continue;
    out.taps.push_back({resize_clamp_index(index, axis.in), resize_round_weight(w / total)});
  }
  return out;
}

std::string resize_axis_where(size_t axis) { return " (axis " + std::to_string(axis) + ")"; }

}  // namespace

int64_t scaled_length(int64_t in, float scale, size_t axis) {
  if (!std::isfinite(scale) || !(scale > 0))
    throw Error("scale " + std::to_string(scale) + " must be a finite number greater than 0" + resize_axis_where(axis));
  const mpz_class out = resize_floor(mpq_class(static_cast<long>(in)) * mpq_class(static_cast<double>(scale)));
  if (out >= kResizeLengthLimit)
    throw Error("scale " + std::to_string(scale) + " makes the output length reach 2^62" + resize_axis_where(axis));
  return static_cast<int64_t>(out.get_si());
}

Scale aspect_scale(const std::vector<int64_t>& in, const std::vector<int64_t>& sizes, bool not_larger) {
  Scale best;
  mpq_class best_q;
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] <= 0) throw Error("keep_aspect_ratio_policy needs a positive input length" + resize_axis_where(i));
    const mpq_class q(mpz_class(static_cast<long>(sizes[i])), mpz_class(static_cast<long>(in[i])));
    mpq_class c = q;
    c.canonicalize();
    if (i == 0 || (not_larger ? c < best_q : c > best_q)) {
      best_q = c;
      best = Scale::of_ratio(sizes[i], in[i]);
    }
  }
  return best;
}

int64_t aspect_length(int64_t in, const Scale& scale) {
  const mpz_class out = resize_floor(resize_scale_value(scale) * mpq_class(static_cast<long>(in)) + resize_half());
  if (out >= kResizeLengthLimit) throw Error("keep_aspect_ratio_policy makes an output length reach 2^62");
  return static_cast<int64_t>(out.get_si());
}

std::string original_coordinate_text(const AxisResample& axis, CoordinateMode mode, int64_t x) {
  return resize_original_coordinate(axis, mode, x).get_str();
}

std::vector<OutputTaps> axis_taps(const AxisResample& axis, const ResampleOptions& options) {
  std::vector<OutputTaps> all;
  all.reserve(static_cast<size_t>(axis.out));
  for (int64_t x = 0; x < axis.out; ++x) {
    const mpq_class xo = resize_original_coordinate(axis, options.coordinate, x);
    if (options.coordinate == CoordinateMode::TfCropAndResize && (xo < 0 || xo > axis.in - 1)) {
      all.push_back({true, {}});
      continue;
    }
    all.push_back(options.mode == ResizeMode::Nearest ? resize_nearest_taps(xo, axis, options.nearest)
                                                      : resize_filter_taps(xo, axis, options));
  }
  return all;
}

}  // namespace onnx_ref::resample
