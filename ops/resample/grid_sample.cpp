// ONNX GridSample, every version (16: 2-D, modes bilinear/nearest/bicubic; 20: N-D, modes renamed
// linear/nearest/cubic; 22 adds bfloat16). Correctly rounded: every step below is exact (GMP
// rationals) and the output is the exact weighted sum rounded once to the element type.
//
// Each grid vector lists normalized positions innermost axis first. Along an axis of d input
// pixels a position g becomes x = (g + 1)(d - 1) / 2 with align_corners = 1, ((g + 1) d - 1) / 2
// with 0. A position outside [x_min, x_max] ([0, d - 1], or [-0.5, d - 0.5] without
// align_corners) is clamped to [0, d - 1] by padding_mode border and reflected at x_min and x_max
// until inside by reflection (an axis whose x_min = x_max maps everything to it), as ONNX's
// reference does. nearest then reads the pixel at x rounded half to even (rounded before the
// padding rule); linear weighs pixels floor(x) and floor(x) + 1 by 1 - t and t (t = x - floor(x)),
// cubic the four pixels floor(x) - 1 to floor(x) + 2 by Keys' kernel with A = -0.75; N-D modes
// take the product of the per-axis weights. A pixel index outside the input reads 0 with zeros
// padding, the nearest in-range pixel with border, its reflection with reflection.
//
// Integer outputs are the exact value truncated toward zero and saturated to the type (the spec
// computes "as floating point and cast to integer at the end"); bool is true where the value is
// not zero; complex numbers weigh both parts; strings take nearest only. An infinity or NaN among
// the pixels a sample weighs (with a weight other than 0) gives what IEEE arithmetic gives (NaN, or
// the infinity). Grid positions must be finite.
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <string>

#include <gmpxx.h>

#include "ops/float_dispatch.h"
#include "ops/resample/register.h"
#include "ops/resample/round_mpq.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

enum class GridSampleMode { Linear, Nearest, Cubic };
enum class GridSamplePadding { Zeros, Border, Reflection };

GridSampleMode grid_sample_mode(const std::string& text, int since) {
  const bool old_names = since < 20;
  if (text == (old_names ? "bilinear" : "linear")) return GridSampleMode::Linear;
  if (text == "nearest") return GridSampleMode::Nearest;
  if (text == (old_names ? "bicubic" : "cubic")) return GridSampleMode::Cubic;
  throw Error("mode " + quote_text(text) + " is not one of " +
              (old_names ? "bilinear, nearest, bicubic" : "linear, nearest, cubic"));
}

GridSamplePadding grid_sample_padding(const std::string& text) {
  if (text == "zeros") return GridSamplePadding::Zeros;
  if (text == "border") return GridSamplePadding::Border;
  if (text == "reflection") return GridSamplePadding::Reflection;
  throw Error("padding_mode " + quote_text(text) + " is not one of zeros, border, reflection");
}

mpz_class grid_sample_floor(const mpq_class& q) {
  mpz_class f;
  mpz_fdiv_q(f.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
  return f;
}

// x reflected at lo and hi until it lies in [lo, hi].
mpq_class grid_sample_reflect(const mpq_class& x, const mpq_class& lo, const mpq_class& hi) {
  const mpq_class range = hi - lo;
  if (range == 0) return lo;
  if (x >= lo && x <= hi) return x;
  const mpq_class dx = x < lo ? mpq_class(lo - x) : mpq_class(x - hi);
  const mpz_class n = grid_sample_floor(dx / range);
  const mpq_class r = dx - mpq_class(n) * range;
  const bool even = mpz_even_p(n.get_mpz_t()) != 0;
  return (x < lo) == even ? mpq_class(lo + r) : mpq_class(hi - r);
}

// The taps of one axis: pixel indices (-1: reads zero) and exact weights.
struct GridSampleTaps {
  std::vector<int64_t> index;
  std::vector<mpq_class> weight;
};

struct GridSampleAxis {
  int64_t d;
  mpq_class lo, hi;  // x_min, x_max
};

// A pixel index made valid by the padding rule, or -1 (zeros padding outside).
int64_t grid_sample_pixel(const mpz_class& i, const GridSampleAxis& axis, GridSamplePadding padding) {
  const mpz_class last = axis.d - 1;
  if (i >= 0 && i <= last) return i.get_si();
  switch (padding) {
    case GridSamplePadding::Zeros:
      return -1;
    case GridSamplePadding::Border:
      return i < 0 ? 0 : axis.d - 1;
    case GridSamplePadding::Reflection: {
      // A reflected integer is an integer: the bounds are integers or half-integers.
      const mpq_class r = grid_sample_reflect(mpq_class(i), axis.lo, axis.hi);
      const mpz_class f = grid_sample_floor(r);
      return std::clamp<int64_t>(f.get_si(), 0, axis.d - 1);
    }
  }
  return -1;
}

// Keys' cubic kernel, A = -0.75, at distance s (exact).
mpq_class grid_sample_keys(const mpq_class& s_signed) {
  const mpq_class a(-3, 4);
  const mpq_class s = abs(s_signed);
  if (s <= 1) return ((a + 2) * s - (a + 3)) * s * s + 1;
  if (s < 2) return ((a * s - 5 * a) * s + 8 * a) * s - 4 * a;
  return 0;
}

GridSampleTaps grid_sample_axis_taps(double g, const GridSampleAxis& axis, bool align_corners, GridSampleMode mode,
                                     GridSamplePadding padding) {
  const mpq_class gq(g);
  mpq_class x = align_corners ? mpq_class((gq + 1) * (axis.d - 1) / 2) : mpq_class(((gq + 1) * axis.d - 1) / 2);
  GridSampleTaps taps;
  if (mode == GridSampleMode::Nearest) {
    // Half to even.
    mpz_class r = grid_sample_floor(x);
    const mpq_class frac = x - mpq_class(r);
    if (frac > mpq_class(1, 2) || (frac == mpq_class(1, 2) && mpz_odd_p(r.get_mpz_t()) != 0)) ++r;
    x = mpq_class(r);
  }
  if (x < axis.lo || x > axis.hi) {
    if (padding == GridSamplePadding::Border)
      x = std::clamp(x, mpq_class(0), mpq_class(axis.d - 1));
    else if (padding == GridSamplePadding::Reflection)
      x = grid_sample_reflect(x, axis.lo, axis.hi);
  }
  // Far outside (zeros padding): every tap reads zero; keeps the indices within int64.
  if (x < -4 || x > axis.d + 4) {
    taps.index.push_back(-1);
    taps.weight.emplace_back(1);
    return taps;
  }
  const mpz_class base = grid_sample_floor(x);
  const mpq_class t = x - mpq_class(base);
  switch (mode) {
    case GridSampleMode::Nearest:
      taps.index.push_back(grid_sample_pixel(base, axis, padding));
      taps.weight.emplace_back(1);
      break;
    case GridSampleMode::Linear:
      taps.index = {grid_sample_pixel(base, axis, padding), grid_sample_pixel(base + 1, axis, padding)};
      taps.weight = {1 - t, t};
      break;
    case GridSampleMode::Cubic:
      for (int k = -1; k <= 2; ++k) {
        taps.index.push_back(grid_sample_pixel(base + k, axis, padding));
        taps.weight.push_back(grid_sample_keys(t - k));
      }
      break;
  }
  return taps;
}

// The exact weighted sum of one part (real or imaginary) of the sampled pixels; infinities and NaN
// are recorded apart and decide the result as IEEE arithmetic would.
struct GridSampleSum {
  mpq_class value;
  bool nan = false, pos_inf = false, neg_inf = false;

  void add(double v, const mpq_class& w) {
    if (std::isnan(v))
      nan = true;
    else if (std::isinf(v))
      ((v > 0) == (w > 0) ? pos_inf : neg_inf) = true;
    else
      value += w * mpq_class(v);
  }
  template <class S>
  S rounded() const {
    if (nan || (pos_inf && neg_inf)) return narrow<S>(std::numeric_limits<double>::quiet_NaN());
    if (pos_inf || neg_inf) return narrow<S>(pos_inf ? INFINITY : -INFINITY);
    return round_mpq_once<S>(value);
  }
};

template <class S>
void grid_sample_add(GridSampleSum& re, GridSampleSum& im, const S& v, const mpq_class& w) {
  if constexpr (std::is_same_v<S, std::complex<float>> || std::is_same_v<S, std::complex<double>>) {
    re.add(static_cast<double>(v.real()), w);
    im.add(static_cast<double>(v.imag()), w);
  } else if constexpr (std::is_same_v<S, BoolByte>) {
    if (v.value) re.value += w;
  } else if constexpr (is_float_storage<S>) {
    re.add(widen(v), w);
  } else {
    re.value += w * mpq_class(mpz_class(v));
  }
}

template <class S>
S grid_sample_result(const GridSampleSum& re, const GridSampleSum& im) {
  if constexpr (std::is_same_v<S, std::complex<float>>) {
    return {re.rounded<float>(), im.rounded<float>()};
  } else if constexpr (std::is_same_v<S, std::complex<double>>) {
    return {re.rounded<double>(), im.rounded<double>()};
  } else if constexpr (std::is_same_v<S, BoolByte>) {
    return {static_cast<uint8_t>(re.value != 0)};
  } else if constexpr (is_float_storage<S>) {
    return re.rounded<S>();
  } else {
    // Truncated toward zero, saturated to the type.
    mpz_class z;
    mpz_tdiv_q(z.get_mpz_t(), re.value.get_num_mpz_t(), re.value.get_den_mpz_t());
    constexpr S lo = std::numeric_limits<S>::min(), hi = std::numeric_limits<S>::max();
    if (z < mpz_class(lo)) return lo;
    if (z > mpz_class(hi)) return hi;
    if constexpr (std::is_signed_v<S>)
      return static_cast<S>(z.get_si());
    else
      return static_cast<S>(z.get_ui());
  }
}

template <class F>
decltype(auto) grid_sample_dispatch(ElementType type, F&& f) {
  if (type == ElementType::Complex64) return f(TypeTag<std::complex<float>>{});
  if (type == ElementType::Complex128) return f(TypeTag<std::complex<double>>{});
  return dispatch_real(type, f);
}

// GridSample's attributes, parsed at load (align_corners 0 or 1, the modes known).
struct GridSampleParams {
  int since = 16;
  GridSampleMode mode;
  GridSamplePadding padding;
  bool align_corners = false;
};

GridSampleParams parse_grid_sample_params(const Attributes& a, int since) {
  return {since, grid_sample_mode(std::get<std::string>(a.get("mode")), since),
          grid_sample_padding(std::get<std::string>(a.get("padding_mode"))), a.get_flag("align_corners")};
}

auto grid_sample_kernel() {
  return [](const KernelContext& ctx, const GridSampleParams& params) -> std::vector<Value> {
    const Tensor& x = ctx.input(0);
    const Tensor& grid = ctx.input(1);
    const int since = params.since;
    const GridSampleMode mode = params.mode;
    const GridSamplePadding padding = params.padding;
    const bool align_corners = params.align_corners;
    if (since < 20 && x.rank() != 4)
      throw Error("X must be 4-D (N, C, H, W) before version 20, but it is " + x.describe());
    if (x.rank() < 3) throw Error("X must have rank 3 or more (N, C, D1, ...), but it is " + x.describe());
    const auto r = static_cast<size_t>(x.rank() - 2);
    const Shape& xs = x.shape();
    const Shape& gs = grid.shape();
    if (grid.rank() != x.rank() || gs[0] != xs[0] || gs.back() != static_cast<int64_t>(r))
      throw Error("grid is " + grid.describe() + " but X " + x.describe() + " calls for [" + std::to_string(xs[0]) +
                  ", " + std::to_string(r) + " output sizes, " + std::to_string(r) + "]");
    if (x.is_string() && mode != GridSampleMode::Nearest) throw Error("strings can only be sampled by mode nearest");
    Shape ys{xs[0], xs[1]};
    for (size_t a = 0; a < r; ++a) ys.push_back(gs[1 + a]);
    Tensor y = x.is_string() ? Tensor::uninitialized(x.type(), ys) : Tensor::zeros(x.type(), ys);
    if (y.element_count() == 0) return {y};
    std::vector<GridSampleAxis> axes(r);  // in X's order: D1, ..., Dr
    for (size_t a = 0; a < r; ++a) {
      const int64_t d = xs[2 + a];
      if (d == 0 && padding != GridSamplePadding::Zeros)
        throw Error("X " + x.describe() +
                    " has an empty spatial axis; border and reflection padding have no pixel to read");
      axes[a] = {d, align_corners ? mpq_class(0) : mpq_class(-1, 2),
                 align_corners ? mpq_class(d - 1) : mpq_class(2 * d - 1, 2)};
    }
    const int64_t points = y.element_count() / (xs[0] * xs[1]);
    int64_t pixels = 1;
    for (size_t a = 0; a < r; ++a) pixels *= xs[2 + a];
    std::vector<double> g(r);
    for (int64_t n = 0; n < xs[0]; ++n)
      for (int64_t p = 0; p < points; ++p) {
        const int64_t at = (n * points + p) * static_cast<int64_t>(r);
        for (size_t a = 0; a < r; ++a) {
          // The grid lists the innermost axis first.
          const double v = dispatch_float(grid.type(), "GridSample's grid", [&](auto tag) -> double {
            using G = typename decltype(tag)::type;
            return widen(reinterpret_cast<const G*>(grid.data())[at + static_cast<int64_t>(r - 1 - a)]);
          });
          if (!std::isfinite(v))
            throw Error("grid position " + std::to_string(at + static_cast<int64_t>(r - 1 - a)) +
                        " (flat) is not finite");
          g[a] = v;
        }
        // The taps of every axis, then their products: flat pixel offset (-1: zero) and weight.
        std::vector<int64_t> offsets{0};
        std::vector<mpq_class> weights{1};
        for (size_t a = 0; a < r; ++a) {
          const GridSampleTaps taps = grid_sample_axis_taps(g[a], axes[a], align_corners, mode, padding);
          std::vector<int64_t> next_offsets;
          std::vector<mpq_class> next_weights;
          for (size_t i = 0; i < offsets.size(); ++i)
            for (size_t k = 0; k < taps.index.size(); ++k) {
              if (taps.weight[k] == 0) continue;
              const bool zero = offsets[i] < 0 || taps.index[k] < 0;
              next_offsets.push_back(zero ? -1 : offsets[i] * axes[a].d + taps.index[k]);
              next_weights.push_back(weights[i] * taps.weight[k]);
            }
          offsets = std::move(next_offsets);
          weights = std::move(next_weights);
        }
        for (int64_t c = 0; c < xs[1]; ++c) {
          const int64_t src = (n * xs[1] + c) * pixels, dst = (n * xs[1] + c) * points + p;
          if (mode == GridSampleMode::Nearest) {
            // One tap of weight 1: a copy, or the zero y already holds.
            if (!offsets.empty() && offsets[0] >= 0) copy_elements(x, src + offsets[0], y, dst, 1);
            continue;
          }
          grid_sample_dispatch(x.type(), [&](auto tag) {
            using S = typename decltype(tag)::type;
            const S* xv = reinterpret_cast<const S*>(x.data()) + src;
            GridSampleSum re, im;
            for (size_t i = 0; i < offsets.size(); ++i)
              if (offsets[i] >= 0) grid_sample_add(re, im, xv[offsets[i]], weights[i]);
            reinterpret_cast<S*>(y.mutable_data())[dst] = grid_sample_result<S>(re, im);
          });
        }
      }
    return {y};
  };
}

OpVersion grid_sample_version(int since, const TypeSet& data_types, const TypeSet& grid_types) {
  OpVersion v;
  v.op_type = "GridSample";
  v.since_version = since;
  v.inputs = {{"X", "T1"}, {"grid", "T2"}};
  v.outputs = {{"Y", "T1"}};
  v.attributes = {{"align_corners", AttrType::Int, false, int64_t{0}},
                  {"mode", AttrType::String, false, std::string(since < 20 ? "bilinear" : "linear")},
                  {"padding_mode", AttrType::String, false, std::string("zeros")}};
  v.type_constraints = {{"T1", data_types}, {"T2", grid_types}};
  v.set_kernel([since](const Attributes& a) { return parse_grid_sample_params(a, since); }, grid_sample_kernel());
  return v;
}

}  // namespace

void register_grid_sample(Registry& registry) {
  registry.add(grid_sample_version(16, type_sets::kClassic, type_sets::kFloats));
  registry.add(grid_sample_version(20, type_sets::kClassic, type_sets::kFloats));          // N-D; linear, cubic
  registry.add(grid_sample_version(22, type_sets::kWithBFloat16, type_sets::kFloatsIR4));  // + bfloat16
  registry.declare_accuracy(
      "GridSample", {AccuracyKind::CorrectlyRounded, "the exact weighted sum of the sampled pixels rounded once"});
}

}  // namespace onnx_ref
