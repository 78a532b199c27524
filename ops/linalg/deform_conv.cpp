// ONNX DeformConv, every version (19: float16, float, double; 22 adds bfloat16): N-D deformable
// convolution with groups, offset groups, strides, dilations, pads and an optional mask
// (window rules: ops/window_rules.h; DeformConv has no auto_pad).
//
// Kernel point k of output position o reads input channel c at the position
//   p_a = o_a * stride_a - pad_begin_a + k_a * dilation_a + offset[n, (g * K + k) * r + a, o]
// along each spatial axis a (g = c / (C / offset_group), K the kernel's point count, r the
// spatial rank), by linear interpolation: along each axis the pixels floor(p_a) and floor(p_a) + 1
// weigh 1 - t_a and t_a (t_a = p_a - floor(p_a)), the corner weight is the product over the axes,
// and a pixel outside the input reads 0 (the spec's "sampling locations outside of the padded
// input tensor give zero": padding is zeros). A corner of weight 0 is not read, so an integral
// offset reads exactly one pixel. The sample is multiplied by mask[n, g * K + k, o] (1 without a
// mask; the spec's 2-D shape (N, offset_group * kH * kW, oH, oW), generalized: its N-D text's
// extra "* n" is a copy of the offset's) and by W[oc, c - group start, k]; Y is B plus the sum over
// the group's channels and the kernel points.
//
// Contract: correctly rounded — each output is the exact value of that whole expression (the
// weights 1 - t and t taken from the offset's exact value) rounded once to the element type
// (nearest, ties to even); an exactly zero result is +0. Offsets must be finite (an Error names
// the first one that is not, in flat order). How:
//  - float, float16, bfloat16 with up to three spatial axes: each term is evaluated in double with
//    its magnitude beside it; a term passes through at most q = 2r + 2^r + 4 + C/group * K
//    roundings, so the sum is within gamma_q * sum|term| of the exact value (no term can underflow:
//    each is a product of at most six nonzero values of at least 2^-149). When both ends of that
//    interval round to the same value of the type, that is the answer (rounding is monotone);
//  - otherwise, and always for double or more spatial axes, the output is recomputed exactly: each
//    weight is the two-term sum TwoSum gives (exact), each term an expansion of exact TwoProducts
//    (fma), added to ExactSum (numeric/exact_sum.h) and rounded once (to odd, then to the type, for
//    the narrow types). Limits, double only, as the GEMM engine's (gemm/dot.h): expansion terms
//    below 2^-1074 are rounded, and a partial product beyond the double range is the infinity IEEE
//    gives. NaN and infinities among X, W, B and the mask follow IEEE.
// Every output is a function of its own index alone, so threads never change a bit.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "numeric/exact_sum.h"
#include "ops/float_dispatch.h"
#include "ops/linalg/conv.h"
#include "ops/linalg/register.h"
#include "ops/type_sets.h"
#include "ops/window_rules.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

struct DeformConvPlan {
  int64_t N = 0, C = 0, M = 0, group = 1, Cg = 0, Mg = 0, offset_groups = 1, Cog = 0;
  size_t r = 0;
  Shape in_spatial, kernel, out_spatial;
  std::vector<int64_t> strides, dilations, pad_begin;
  int64_t in_size = 1, out_size = 1, kernel_size = 1;
  std::vector<int64_t> in_strides;  // element strides of the spatial axes of one input channel
};

std::string deform_dims(const Shape& head, const Shape& tail) {
  Shape s = head;
  s.insert(s.end(), tail.begin(), tail.end());
  return shape_to_string(s);
}

// Conv's parameters and offset_group (at least 1), parsed at load.
struct DeformConvParams {
  linalg::ConvParams conv;
  int64_t offset_groups = 1;
};

DeformConvParams parse_deform_conv_params(const Attributes& attrs) {
  DeformConvParams params{linalg::parse_conv_params(attrs), attrs.get_int("offset_group")};
  if (params.offset_groups < 1)
    throw Error("attribute 'offset_group' must be at least 1, got " + std::to_string(params.offset_groups));
  return params;
}

DeformConvPlan plan_deform_conv(const Tensor& x, const Tensor& w, const Tensor& offset, const Tensor* bias,
                                const Tensor* mask, const DeformConvParams& params) {
  if (x.rank() < 3) throw Error("DeformConv needs X of rank 3 or more [N, C, spatial...], but it is " + x.describe());
  if (w.rank() != x.rank())
    throw Error("DeformConv's W must have X's rank " + std::to_string(x.rank()) +
                " [oC, C/group, kernel...], but it is " + w.describe());
  DeformConvPlan p;
  p.N = x.shape()[0];
  p.C = x.shape()[1];
  p.M = w.shape()[0];
  p.r = x.rank() - 2;
  const linalg::ConvGroups groups = linalg::conv_groups(x, w, params.conv.group);
  p.group = groups.group;
  p.Cg = groups.Cg;
  p.Mg = groups.Mg;
  p.offset_groups = params.offset_groups;
  if (p.C % p.offset_groups != 0)
    throw Error("offset_group " + std::to_string(p.offset_groups) + " must divide X's channels (" +
                std::to_string(p.C) + ")");
  p.Cog = p.C / p.offset_groups;
  p.in_spatial.assign(x.shape().begin() + 2, x.shape().end());
  p.kernel.assign(w.shape().begin() + 2, w.shape().end());
  const WindowAttrs wa = window_attrs(params.conv.window, p.r, &p.kernel);
  const std::vector<AxisWindow> axes = window_geometry(p.in_spatial, wa);
  for (size_t a = 0; a < p.r; ++a) {
    p.out_spatial.push_back(axes[a].out);
    p.pad_begin.push_back(axes[a].pad_begin);
  }
  p.strides = wa.strides;
  p.dilations = wa.dilations;
  p.in_size = *checked_element_count(p.in_spatial);  // X exists, so its spatial product fits
  p.kernel_size = *checked_element_count(p.kernel);
  const auto out_size = checked_element_count(p.out_spatial);
  if (!out_size) throw Error("DeformConv output spatial shape " + shape_to_string(p.out_spatial) + " is too large");
  p.out_size = *out_size;
  // offset: (N, offset_group * K * r, out...); mask: (N, offset_group * K, out...).
  const __int128 offset_channels = static_cast<__int128>(p.offset_groups) * p.kernel_size * static_cast<int64_t>(p.r);
  const Shape& os = offset.shape();
  const bool offset_ok = offset.rank() == x.rank() && os[0] == p.N && offset_channels == os[1] &&
                         Shape(os.begin() + 2, os.end()) == p.out_spatial;
  if (!offset_ok)
    throw Error("DeformConv's offset must have shape " +
                (offset_channels < (__int128{1} << 62)
                     ? deform_dims({p.N, static_cast<int64_t>(offset_channels)}, p.out_spatial)
                     : std::string("(N, offset_group * kernel points * spatial rank, output...)")) +
                " (N, offset_group * kernel points * spatial rank, output positions), but it is " + offset.describe());
  if (mask) {
    const Shape& ms = mask->shape();
    const int64_t mask_channels = p.offset_groups * p.kernel_size;  // at most offset_channels
    if (mask->rank() != x.rank() || ms[0] != p.N || ms[1] != mask_channels ||
        Shape(ms.begin() + 2, ms.end()) != p.out_spatial)
      throw Error("DeformConv's mask must have shape " + deform_dims({p.N, mask_channels}, p.out_spatial) +
                  " (N, offset_group * kernel points, output positions), but it is " + mask->describe());
  }
  if (bias && bias->shape() != Shape{p.M})
    throw Error("DeformConv's B must have shape [" + std::to_string(p.M) + "], but it is " + bias->describe());
  p.in_strides.assign(p.r, 1);
  for (size_t a = p.r; a-- > 1;) p.in_strides[a - 1] = p.in_strides[a] * p.in_spatial[a];
  return p;
}

// One axis of one sample: the lower corner's index and the two corners' weights, each the exact
// sum of two doubles (hi, the weight rounded to double, and lo, the rest).
struct DeformAxisSample {
  int64_t index = 0;  // the lower corner (valid when lower_in)
  double lower[2] = {0, 0};
  double upper[2] = {0, 0};
  bool lower_in = false;  // inside the input and of nonzero weight
  bool upper_in = false;
};

// The exact sum a + b as hi + lo (Knuth's TwoSum, exact barring overflow).
void deform_two_sum(double a, double b, double out[2]) {
  const double s = a + b;
  const double bb = s - a;
  out[0] = s;
  out[1] = (a - (s - bb)) + (b - bb);
}

// The samples of one (kernel point, output position) along every axis; false when no corner of
// weight nonzero lies inside the input (the sample is then 0).
// The offsets are finite (checked when they are widened).
bool deform_sample_axes(const DeformConvPlan& p, const int64_t* kpos, const int64_t* opos, const double* off,
                        int64_t offset_axis_stride, DeformAxisSample* out) {
  bool any = true;
  for (size_t a = 0; a < p.r; ++a) {
    const double d = off[a * static_cast<size_t>(offset_axis_stride)];
    DeformAxisSample& s = out[a];
    s = DeformAxisSample{};
    const double fl = std::floor(d);
    // Beyond 2^62 either way no corner can be inside (input sizes and positions are below 2^62).
    if (!(std::fabs(fl) < 0x1p62)) {
      any = false;
      continue;
    }
    const __int128 base = static_cast<__int128>(opos[a]) * p.strides[a] - p.pad_begin[a] +
                          static_cast<__int128>(kpos[a]) * p.dilations[a] + static_cast<int64_t>(fl);
    const int64_t in = p.in_spatial[a];
    if (fl == d) {
      s.lower[0] = 1;
      s.lower_in = base >= 0 && base < in;
    } else {
      deform_two_sum(fl + 1, -d, s.lower);  // 1 - t
      deform_two_sum(d, -fl, s.upper);      // t
      s.lower_in = base >= 0 && base < in;
      s.upper_in = base + 1 >= 0 && base + 1 < in;
    }
    if (!s.lower_in && !s.upper_in) any = false;
    if (s.lower_in || s.upper_in) s.index = static_cast<int64_t>(base);
  }
  return any;
}

// Multiplies the expansion `e` (an exact sum of doubles) by the exact sum of parts[0..n), exactly
// (TwoProduct by fma), dropping zero terms. `overflow` is set when a product leaves the double
// range (the caller then adds the infinity or NaN IEEE gives).
void deform_expand(std::vector<double>& e, const double* parts, int n, std::vector<double>& tmp, bool& overflow) {
  tmp.clear();
  for (double t : e)
    for (int i = 0; i < n; ++i) {
      if (parts[i] == 0) continue;
      const double q = t * parts[i];
      if (!std::isfinite(q)) {
        overflow = true;
        return;
      }
      tmp.push_back(q);
      const double err = std::fma(t, parts[i], -q);
      if (err != 0) tmp.push_back(err);
    }
  e.swap(tmp);
}

template <class S>
struct DeformConvData {
  const DeformConvPlan& p;
  const S* x;
  const S* w;
  const double* offset;  // widened offsets
  const S* mask;         // may be null
  const S* bias;         // may be null
};

// Scratch of the corner walk.
struct DeformCornerScratch {
  std::vector<size_t> two_way;  // axes where both corners are read
  std::vector<char> up;         // per axis: the upper corner is read
};

// Calls f(flat input index within the channel, per-axis upper-corner flags) for each corner of one
// sample that lies inside the input with nonzero weight (every axis has one, deform_sample_axes
// said so). An axis reading two corners needs an input of at least 2 along it, so there are fewer
// than 63 such axes and at most as many corners as the channel has pixels.
template <class F>
void deform_for_corners(const DeformConvPlan& p, const DeformAxisSample* s, DeformCornerScratch& c, F&& f) {
  c.two_way.clear();
  c.up.assign(p.r, 0);
  int64_t base = 0;
  for (size_t a = 0; a < p.r; ++a) {
    if (s[a].lower_in && s[a].upper_in) c.two_way.push_back(a);
    c.up[a] = s[a].lower_in ? 0 : 1;
    base += (s[a].index + c.up[a]) * p.in_strides[a];
  }
  const uint64_t corners = uint64_t{1} << c.two_way.size();
  for (uint64_t bits = 0; bits < corners; ++bits) {
    int64_t flat = base;
    for (size_t i = 0; i < c.two_way.size(); ++i) {
      const size_t a = c.two_way[i];
      c.up[a] = static_cast<char>((bits >> i) & 1u);
      if (c.up[a]) flat += p.in_strides[a];
    }
    f(flat, static_cast<const char*>(c.up.data()));
  }
}

// Kernel point k as per-axis positions (row-major over the kernel), likewise output position o.
void deform_unflatten(int64_t flat, const Shape& dims, int64_t* pos) {
  for (size_t a = dims.size(); a-- > 0;) {
    pos[a] = flat % dims[a];
    flat /= dims[a];
  }
}

// The exact value of output (n, oc, o), rounded once.
template <class S>
S deform_exact_output(const DeformConvData<S>& d, int64_t n, int64_t oc, int64_t o) {
  const DeformConvPlan& p = d.p;
  const int64_t g = oc / p.Mg;
  ExactSum sum;
  if (d.bias) sum.add(widen(d.bias[oc]));
  std::vector<int64_t> kpos(p.r), opos(p.r);
  std::vector<DeformAxisSample> samples(p.r);
  std::vector<double> e, tmp;
  DeformCornerScratch corners;
  deform_unflatten(o, p.out_spatial, opos.data());
  const int64_t axis_stride = p.out_size;
  for (int64_t cl = 0; cl < p.Cg; ++cl) {
    const int64_t c = g * p.Cg + cl;
    const int64_t og = c / p.Cog;
    const S* xc = d.x + (n * p.C + c) * p.in_size;
    for (int64_t k = 0; k < p.kernel_size; ++k) {
      const double wv = widen(d.w[(oc * p.Cg + cl) * p.kernel_size + k]);
      const int64_t mask_flat = ((n * p.offset_groups + og) * p.kernel_size + k) * p.out_size + o;
      const double mv = d.mask ? widen(d.mask[mask_flat]) : 1.0;
      deform_unflatten(k, p.kernel, kpos.data());
      const int64_t off_flat =
          ((n * p.offset_groups + og) * p.kernel_size + k) * static_cast<int64_t>(p.r) * p.out_size + o;
      if (!deform_sample_axes(p, kpos.data(), opos.data(), d.offset + off_flat, axis_stride, samples.data())) continue;
      deform_for_corners(p, samples.data(), corners, [&](int64_t flat, const char* up) {
        const double xv = widen(xc[flat]);
        if (!std::isfinite(xv) || !std::isfinite(wv) || !std::isfinite(mv)) {
          // IEEE's product of the rounded weights and the values: infinity or NaN.
          double prod = wv * mv * xv;
          for (size_t a = 0; a < p.r; ++a) prod *= up[a] ? samples[a].upper[0] : samples[a].lower[0];
          sum.add(prod);
          return;
        }
        // Weights (at most 1) first, then X, the mask and W, so that partial products stay small.
        e.assign(1, 1.0);
        bool overflow = false;
        for (size_t a = 0; a < p.r && !overflow; ++a)
          deform_expand(e, up[a] ? samples[a].upper : samples[a].lower, 2, tmp, overflow);
        if (!overflow) deform_expand(e, &xv, 1, tmp, overflow);
        if (!overflow) deform_expand(e, &mv, 1, tmp, overflow);
        if (!overflow) deform_expand(e, &wv, 1, tmp, overflow);
        if (overflow) {
          double prod = wv * mv * xv;
          for (size_t a = 0; a < p.r; ++a) prod *= up[a] ? samples[a].upper[0] : samples[a].lower[0];
          sum.add(prod);
          return;
        }
        for (double t : e) sum.add(t);
      });
    }
  }
  if constexpr (std::is_same_v<S, double>) {
    return sum.round_nearest();
  } else {
    const double rn = sum.round_nearest();
    if (!std::isfinite(rn)) return narrow<S>(rn);
    return narrow<S>(sum.round_odd());
  }
}

template <class S>
bool deform_same_bits(S a, S b) {
  return std::memcmp(&a, &b, sizeof(S)) == 0;
}

// The outputs of image n, group g, output positions [o0, o1): checked double evaluation, exact
// recomputation of the undecided ones.
template <class S>
void deform_conv_tile(const DeformConvData<S>& d, int64_t n, int64_t g, int64_t o0, int64_t o1, S* y) {
  const DeformConvPlan& p = d.p;
  const int64_t tile = o1 - o0;
  const int64_t J = p.Cg * p.kernel_size;
  // Checked evaluation needs terms that cannot underflow (at most six factors of at least 2^-149)
  // and a rounding count far below 2^53.
  const bool checked = !std::is_same_v<S, double> && p.r <= 3 && J < (int64_t{1} << 40);
  if (!checked) {
    for (int64_t ocl = 0; ocl < p.Mg; ++ocl) {
      const int64_t oc = g * p.Mg + ocl;
      for (int64_t o = o0; o < o1; ++o) y[(n * p.M + oc) * p.out_size + o] = deform_exact_output(d, n, oc, o);
    }
    return;
  }
  // D[j][o]: the masked sample of (channel, kernel point) j at o; A[j][o]: its magnitude bound.
  const MemoryCharge tile_charge = charge_memory(
      checked_bytes(static_cast<uint64_t>(J * tile), 2 * sizeof(double), "DeformConv's sample tiles") +
          checked_bytes(static_cast<uint64_t>(p.kernel_size * tile),
                        sizeof(DeformAxisSample) * p.r + sizeof(char) + sizeof(double), "DeformConv's sample tiles"),
      "DeformConv's sample tiles");
  std::vector<double> D(static_cast<size_t>(J * tile)), A(static_cast<size_t>(J * tile));
  std::vector<int64_t> kpos(p.r), opos(p.r);
  DeformCornerScratch corners;
  // Samples depend on the offset group, not the channel: kept for one offset group at a time.
  std::vector<DeformAxisSample> geo(static_cast<size_t>(p.kernel_size * tile) * p.r);
  std::vector<char> geo_any(static_cast<size_t>(p.kernel_size * tile));
  std::vector<double> geo_mask(static_cast<size_t>(p.kernel_size * tile));
  int64_t geo_group = -1;
  for (int64_t cl = 0; cl < p.Cg; ++cl) {
    const int64_t c = g * p.Cg + cl;
    const int64_t og = c / p.Cog;
    if (og != geo_group) {
      geo_group = og;
      for (int64_t k = 0; k < p.kernel_size; ++k) {
        deform_unflatten(k, p.kernel, kpos.data());
        for (int64_t o = o0; o < o1; ++o) {
          deform_unflatten(o, p.out_spatial, opos.data());
          const size_t gi = static_cast<size_t>(k * tile + (o - o0));
          const int64_t off_flat =
              ((n * p.offset_groups + og) * p.kernel_size + k) * static_cast<int64_t>(p.r) * p.out_size + o;
          geo_any[gi] =
              deform_sample_axes(p, kpos.data(), opos.data(), d.offset + off_flat, p.out_size, &geo[gi * p.r]);
          geo_mask[gi] =
              d.mask ? widen(d.mask[((n * p.offset_groups + og) * p.kernel_size + k) * p.out_size + o]) : 1.0;
        }
      }
    }
    const S* xc = d.x + (n * p.C + c) * p.in_size;
    for (int64_t k = 0; k < p.kernel_size; ++k) {
      double* Dj = D.data() + (cl * p.kernel_size + k) * tile;
      double* Aj = A.data() + (cl * p.kernel_size + k) * tile;
      for (int64_t t = 0; t < tile; ++t) {
        const size_t gi = static_cast<size_t>(k * tile + t);
        double v = 0, m = 0;
        if (geo_any[gi]) {
          const DeformAxisSample* s = &geo[gi * p.r];
          deform_for_corners(p, s, corners, [&](int64_t flat, const char* up) {
            double wt = 1;
            for (size_t a = 0; a < p.r; ++a) wt *= up[a] ? s[a].upper[0] : s[a].lower[0];
            const double xv = widen(xc[flat]);
            v += wt * xv;
            m += wt * std::fabs(xv);  // weights are positive
          });
        }
        Dj[t] = geo_mask[gi] * v;
        Aj[t] = std::fabs(geo_mask[gi]) * m;
      }
    }
  }
  const double q = 2.0 * static_cast<double>(p.r) + static_cast<double>(1u << p.r) + 4.0 + static_cast<double>(J);
  const double gamma2 = 2.0 * q * 0x1p-53;  // twice gamma_q: covers the rounding of a and of e
  std::vector<double> s(static_cast<size_t>(tile)), mag(static_cast<size_t>(tile));
  for (int64_t ocl = 0; ocl < p.Mg; ++ocl) {
    const int64_t oc = g * p.Mg + ocl;
    const double b = d.bias ? widen(d.bias[oc]) : 0.0;
    std::fill(s.begin(), s.end(), b);
    std::fill(mag.begin(), mag.end(), std::fabs(b));
    const S* wrow = d.w + oc * J;
    for (int64_t j = 0; j < J; ++j) {
      const double wv = widen(wrow[j]);
      const double wa = std::fabs(wv);
      const double* Dj = D.data() + j * tile;
      const double* Aj = A.data() + j * tile;
      for (int64_t t = 0; t < tile; ++t) {
        s[static_cast<size_t>(t)] += wv * Dj[t];
        mag[static_cast<size_t>(t)] += wa * Aj[t];
      }
    }
    S* yrow = y + (n * p.M + oc) * p.out_size;
    for (int64_t t = 0; t < tile; ++t) {
      const double sv = s[static_cast<size_t>(t)], av = mag[static_cast<size_t>(t)];
      if (av == 0) {  // every term is exactly zero (none underflows)
        yrow[o0 + t] = narrow<S>(0.0);
        continue;
      }
      if (std::isfinite(sv) && std::isfinite(av)) {
        const double e = gamma2 * av;
        const S lo = narrow<S>(std::nextafter(sv - e, -INFINITY));
        const S hi = narrow<S>(std::nextafter(sv + e, INFINITY));
        if (deform_same_bits(lo, hi)) {
          yrow[o0 + t] = lo;
          continue;
        }
      }
      yrow[o0 + t] = deform_exact_output(d, n, oc, o0 + t);
    }
  }
}

Tensor deform_conv(const Tensor& x, const Tensor& w, const Tensor& offset, const Tensor* bias, const Tensor* mask,
                   const DeformConvParams& params) {
  const DeformConvPlan p = plan_deform_conv(x, w, offset, bias, mask, params);
  Shape out_shape{p.N, p.M};
  out_shape.insert(out_shape.end(), p.out_spatial.begin(), p.out_spatial.end());
  Tensor out = Tensor::uninitialized(x.type(), out_shape);  // refuses absurd sizes before allocating
  if (out.element_count() == 0) return out;
  // The offsets widened once (exact); the tensor's own size check applies.
  Tensor offsets = Tensor::uninitialized(ElementType::Double, offset.shape());
  double* po = reinterpret_cast<double*>(offsets.mutable_data());
  dispatch_float(x.type(), "DeformConv", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* src = offset.data_as<S>();
    for (int64_t i = 0; i < offset.element_count(); ++i) {
      po[i] = widen(src[i]);
      if (!std::isfinite(po[i]))
        throw Error("DeformConv's offset element " + std::to_string(i) + " (flat index) is " +
                    (std::isnan(po[i]) ? "NaN" : "infinite") + "; sampling offsets must be finite");
    }
    const DeformConvData<S> d{p,
                              x.data_as<S>(),
                              w.data_as<S>(),
                              po,
                              mask ? mask->data_as<S>() : nullptr,
                              bias ? bias->data_as<S>() : nullptr};
    S* py = reinterpret_cast<S*>(out.mutable_data());
    // Tiles of output positions bound the scratch to about 2^21 doubles per array.
    const int64_t J = std::max<int64_t>(1, p.Cg * p.kernel_size);
    const int64_t tile = std::clamp<int64_t>((int64_t{1} << 21) / J, 1, 256);
    const int64_t tiles = (p.out_size + tile - 1) / tile;
    const int64_t tasks = p.N * p.group * tiles;
    parallel_for(tasks, 1, [&](int64_t begin, int64_t end) {
      for (int64_t task = begin; task < end; ++task) {
        const int64_t t = task % tiles, ng = task / tiles;
        const int64_t o0 = t * tile, o1 = std::min(p.out_size, o0 + tile);
        deform_conv_tile(d, ng / p.group, ng % p.group, o0, o1, py);
      }
    });
  });
  return out;
}

std::vector<AttributeSpec> deform_conv_attributes() {
  // Conv's window attributes without auto_pad, and offset_group.
  std::vector<AttributeSpec> attrs;
  for (auto& a : linalg::conv_attributes())
    if (a.name != "auto_pad") attrs.push_back(a);
  attrs.push_back({"offset_group", AttrType::Int, false, int64_t{1}});
  return attrs;
}

OpVersion deform_conv_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "DeformConv";
  v.since_version = since;
  v.inputs = {
      {"X", "T"}, {"W", "T"}, {"offset", "T"}, {"B", "T", ParamOption::Optional}, {"mask", "T", ParamOption::Optional}};
  v.outputs = {{"Y", "T"}};
  v.attributes = deform_conv_attributes();
  v.type_constraints = {{"T", types}};
  v.set_kernel(
      parse_deform_conv_params, [](const KernelContext& ctx, const DeformConvParams& params) -> std::vector<Value> {
        return {deform_conv(ctx.input(0), ctx.input(1), ctx.input(2), ctx.has_input(3) ? &ctx.input(3) : nullptr,
                            ctx.has_input(4) ? &ctx.input(4) : nullptr, params)};
      });
  return v;
}

}  // namespace

void register_deform_conv(Registry& registry) {
  registry.add(deform_conv_version(19, type_sets::kFloats));
  registry.add(deform_conv_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("DeformConv", {AccuracyKind::CorrectlyRounded,
                                           "bias plus the exact sum of weight x mask x bilinear sample (weights from "
                                           "the offsets' exact values), rounded once"});
}

}  // namespace onnx_ref
