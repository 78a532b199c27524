// The resampling engine (see resample_kernel.h).
#include "ops/resample/resample_kernel.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

#include "numeric/exact_sum.h"
#include "numeric/interval_rounding.h"
#include "runtime/element_copy.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::resample {

namespace {

// The exact value v as one or two doubles (int64/uint64 beyond 2^53 need two).
template <class S>
int resample_split_value(S v, double parts[2]) {
  if constexpr (is_float_storage<S>) {
    parts[0] = widen(v);
    return 1;
  } else {
    const __int128 exact = static_cast<__int128>(v);
    parts[0] = static_cast<double>(exact);
    const __int128 rest = exact - static_cast<__int128>(parts[0]);
    parts[1] = static_cast<double>(rest);  // below 2^11 in magnitude: exact
    return rest != 0 ? 2 : 1;
  }
}

// The exact sum rounded once to S (integers: to nearest even, saturated).
template <class S>
S resample_round(const ExactSum& sum) {
  if (sum.is_nan()) {
    if constexpr (is_float_storage<S>)
      return narrow<S>(std::numeric_limits<double>::quiet_NaN());
    else
      return S{0};
  }
  const double nearest = sum.round_nearest();
  if constexpr (std::is_same_v<S, double>) {
    return nearest;
  } else if constexpr (is_float_storage<S>) {
    return narrow<S>(std::isfinite(nearest) ? sum.round_odd() : nearest);
  } else {
    const double r = std::isfinite(nearest) ? std::nearbyint(sum.round_odd()) : nearest;
    constexpr double lo = static_cast<double>(std::numeric_limits<S>::min());
    constexpr double hi = static_cast<double>(std::numeric_limits<S>::max());
    if (r <= lo) return std::numeric_limits<S>::min();
    if (r >= hi) return std::numeric_limits<S>::max();  // hi may round up to 2^63 / 2^64: saturate
    return static_cast<S>(r);
  }
}

template <class S>
S resample_convert_float(float f) {
  if constexpr (is_float_storage<S>) {
    return narrow<S>(static_cast<double>(f));
  } else {
    ExactSum s;
    s.add(static_cast<double>(f));
    return resample_round<S>(s);
  }
}

// The one-element tensor holding extrapolation_value in x's type.
Tensor resample_fill_value(ElementType type, float f) {
  Tensor t = Tensor::zeros(type, {1});
  if (type == ElementType::Complex64) {
    const std::complex<float> c(f, 0.0f);
    std::memcpy(t.mutable_data(), &c, sizeof c);
  } else if (type == ElementType::Complex128) {
    const std::complex<double> c(f, 0.0);
    std::memcpy(t.mutable_data(), &c, sizeof c);
  } else if (type == ElementType::Bool || type == ElementType::String) {
    throw Error("extrapolation_value has no " + std::string(name_of(type)) +
                " value (tf_crop_and_resize maps an output outside the input)");
  } else {
    dispatch_real(type, [&](auto tag) {
      using S = typename decltype(tag)::type;
      if constexpr (!std::is_same_v<S, BoolByte>) {
        const S v = resample_convert_float<S>(f);
        std::memcpy(t.mutable_data(), &v, sizeof v);
      }
    });
  }
  return t;
}

bool resample_needs_fill(const std::vector<std::vector<OutputTaps>>& taps) {
  for (const auto& axis : taps)
    for (const auto& t : axis)
      if (t.extrapolate) return true;
  return false;
}

// Walks the output in row-major order, keeping the multi-index.
struct ResampleWalk {
  std::vector<int64_t> index;
  const Shape& shape;
  explicit ResampleWalk(const Shape& s) : index(s.size(), 0), shape(s) {}
  void next() {
    for (size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d]) return;
      index[d] = 0;
    }
  }
};

std::vector<int64_t> resample_strides(const Shape& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * shape[d];
  return strides;
}

// Nearest for whole-byte elements: a row of the last axis at a time, its source positions
// tabulated once, elements copied by size (never converted).
template <class Word>
void nearest_rows(const Tensor& x, Tensor& y, const std::vector<std::vector<OutputTaps>>& taps, const Tensor* fill) {
  const size_t r = taps.size();
  const auto in_strides = resample_strides(x.shape());
  const int64_t last = y.shape()[r - 1];
  std::vector<int64_t> column(static_cast<size_t>(last));
  for (int64_t j = 0; j < last; ++j) {
    const OutputTaps& t = taps[r - 1][static_cast<size_t>(j)];
    column[static_cast<size_t>(j)] = t.extrapolate ? -1 : t.taps[0].index * in_strides[r - 1];
  }
  Word fill_word{};
  if (fill) std::memcpy(&fill_word, fill->data(), sizeof(Word));
  const auto* in = reinterpret_cast<const Word*>(x.data());
  auto* out = reinterpret_cast<Word*>(y.mutable_data());
  const Shape outer(y.shape().begin(), y.shape().end() - 1);
  ResampleWalk walk(outer);
  const int64_t rows = y.element_count() / last;
  for (int64_t row = 0; row < rows; ++row, walk.next()) {
    int64_t base = 0;
    bool outside = false;
    for (size_t d = 0; d + 1 < r; ++d) {
      const OutputTaps& t = taps[d][static_cast<size_t>(walk.index[d])];
      outside = outside || t.extrapolate;
      if (!t.extrapolate) base += t.taps[0].index * in_strides[d];
    }
    Word* dst = out + row * last;
    if (outside) {
      std::fill_n(dst, last, fill_word);
      continue;
    }
    const Word* src = in + base;
    for (int64_t j = 0; j < last; ++j) {
      const int64_t c = column[static_cast<size_t>(j)];
      dst[j] = c < 0 ? fill_word : src[c];
    }
  }
}

void resample_nearest(const Tensor& x, Tensor& y, const std::vector<std::vector<OutputTaps>>& taps,
                      const Tensor* fill) {
  if (!taps.empty() && !x.is_string() && y.element_count() > 0) {
    switch (bits_of(x.type())) {
      case 8:
        return nearest_rows<uint8_t>(x, y, taps, fill);
      case 16:
        return nearest_rows<uint16_t>(x, y, taps, fill);
      case 32:
        return nearest_rows<uint32_t>(x, y, taps, fill);
      case 64:
        return nearest_rows<uint64_t>(x, y, taps, fill);
      default:
        break;  // packed sub-byte and complex elements: one at a time below
    }
  }
  const auto in_strides = resample_strides(x.shape());
  ResampleWalk walk(y.shape());
  for (int64_t o = 0; o < y.element_count(); ++o, walk.next()) {
    int64_t src = 0;
    bool outside = false;
    for (size_t d = 0; d < taps.size(); ++d) {
      const OutputTaps& t = taps[d][static_cast<size_t>(walk.index[d])];
      if (t.extrapolate) {
        outside = true;
        break;
      }
      src += t.taps[0].index * in_strides[d];
    }
    if (outside)
      copy_elements(*fill, 0, y, o, 1);
    else
      copy_elements(x, src, y, o, 1);
  }
}

template <class S>
class ResampleInterpolation {
 public:
  ResampleInterpolation(const Tensor& x, Tensor& y, const std::vector<std::vector<OutputTaps>>& taps,
                        const Tensor* fill)
      : x_(x.data_as<S>()),
        y_(reinterpret_cast<S*>(y.mutable_data())),
        shape_(y.shape()),
        taps_(taps),
        in_strides_(resample_strides(x.shape())),
        terms_(taps.size() + 1),
        fill_(fill) {}

  void run() {
    ResampleWalk walk(shape_);
    const int64_t count = checked_element_count(shape_).value_or(0);
    for (int64_t o = 0; o < count; ++o, walk.next()) {
      index_ = &walk.index;
      bool outside = false;
      for (size_t d = 0; d < taps_.size(); ++d) outside |= taps_[d][static_cast<size_t>(walk.index[d])].extrapolate;
      if (outside) {
        std::memcpy(&y_[o], fill_->data(), sizeof(S));
        continue;
      }
      if constexpr (is_float_storage<S> && !std::is_same_v<S, double>) {
        // The estimate in double: each term is the product of its axes' weights and the element,
        // rounded at each of those d + 1 multiplications, and the sum of n terms rounds n - 1
        // times, so |error| <= (d + n) u sum|term| to first order (doubled here for the rest).
        // When the whole error interval rounds to one value of S, that is the correctly rounded
        // result; otherwise the exact sum decides.
        double estimate = 0, magnitude = 0;
        int64_t terms = 0;
        estimate_sum(0, 0, 1.0, estimate, magnitude, terms);
        const double bound =
            2.0 * static_cast<double>(static_cast<int64_t>(taps_.size()) + terms) * 0x1p-53 * magnitude;
        S decided;
        if (numeric::decide_small<S>(estimate, bound, decided)) {
          y_[o] = decided;
          continue;
        }
      }
      ExactSum sum;
      terms_[0].assign(1, 1.0);
      accumulate(0, 0, sum);
      y_[o] = resample_round<S>(sum);
    }
  }

 private:
  // Adds, for every tap combination of axes d.., the exact product of the weights so far (the
  // terms at depth d, whose sum is that product) with the weights of axes d.. and the element.
  void accumulate(size_t d, int64_t offset, ExactSum& sum) {
    const std::vector<double>& terms = terms_[d];
    if (d == taps_.size()) {
      double parts[2];
      const int n = resample_split_value(x_[offset], parts);
      for (int k = 0; k < n; ++k)
        for (double t : terms) add_product(t, parts[k], sum);
      return;
    }
    for (const Tap& tap : taps_[d][static_cast<size_t>((*index_)[d])].taps) {
      std::vector<double>& next = terms_[d + 1];
      next.clear();
      for (double t : terms) {
        const double p = t * tap.weight;
        next.push_back(p);
        const double q = std::fma(t, tap.weight, -p);
        if (q != 0) next.push_back(q);
      }
      accumulate(d + 1, offset + tap.index * in_strides_[d], sum);
    }
  }

  // Sum over every tap combination of axes d.. of (weight so far) x (weights of axes d..) x element,
  // in double, with the sum of the terms' magnitudes.
  void estimate_sum(size_t d, int64_t offset, double weight, double& sum, double& magnitude, int64_t& terms) const {
    if (d == taps_.size()) {
      const double term = weight * widen(x_[offset]);
      sum += term;
      magnitude += std::fabs(term);
      ++terms;
      return;
    }
    for (const Tap& tap : taps_[d][static_cast<size_t>((*index_)[d])].taps)
      estimate_sum(d + 1, offset + tap.index * in_strides_[d], weight * tap.weight, sum, magnitude, terms);
  }

  static void add_product(double a, double b, ExactSum& sum) {
    const double p = a * b;
    sum.add(p);
    if (!std::isfinite(p)) return;
    const double q = std::fma(a, b, -p);
    if (q != 0) sum.add(q);
  }

  const S* x_;
  S* y_;
  const Shape& shape_;
  const std::vector<std::vector<OutputTaps>>& taps_;
  std::vector<int64_t> in_strides_;
  std::vector<std::vector<double>> terms_;
  const Tensor* fill_;
  const std::vector<int64_t>* index_ = nullptr;
};

}  // namespace

std::vector<OutputTaps> identity_taps(int64_t length) {
  std::vector<OutputTaps> taps(static_cast<size_t>(length));
  for (int64_t i = 0; i < length; ++i) taps[static_cast<size_t>(i)].taps = {{i, 1.0}};
  return taps;
}

void check_interpolable(ElementType type, const char* mode_name) {
  switch (type) {
    case ElementType::Bool:
    case ElementType::String:
    case ElementType::Complex64:
    case ElementType::Complex128:
      throw Error("mode '" + std::string(mode_name) + "' interpolates real numbers; it does not take " +
                  std::string(name_of(type)) + " (only 'nearest' does)");
    default:
      return;
  }
}

void resample_into(const Tensor& x, Tensor& y, const std::vector<std::vector<OutputTaps>>& taps, bool interpolate,
                   float extrapolation_value) {
  std::optional<Tensor> fill;
  if (resample_needs_fill(taps)) fill = resample_fill_value(x.type(), extrapolation_value);
  const Tensor* f = fill ? &*fill : nullptr;
  if (!interpolate) return resample_nearest(x, y, taps, f);
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_same_v<S, BoolByte>) {
      throw std::logic_error("resample: bool reached the interpolation kernel");
    } else {
      ResampleInterpolation<S>(x, y, taps, f).run();
    }
  });
}

ResizeMode parse_resize_mode(const std::string& text, bool has_cubic, const char* linear_name) {
  if (text == "nearest") return ResizeMode::Nearest;
  if (text == linear_name) return ResizeMode::Linear;
  if (has_cubic && text == "cubic") return ResizeMode::Cubic;
  throw Error("attribute 'mode' must be nearest, " + std::string(linear_name) + (has_cubic ? " or cubic" : "") +
              ", got " + quote_text(text));
}

CoordinateMode parse_coordinate_mode(const std::string& text, int since) {
  if (text == "half_pixel") return CoordinateMode::HalfPixel;
  if (text == "pytorch_half_pixel") return CoordinateMode::PytorchHalfPixel;
  if (text == "align_corners") return CoordinateMode::AlignCorners;
  if (text == "asymmetric") return CoordinateMode::Asymmetric;
  if (text == "tf_crop_and_resize") return CoordinateMode::TfCropAndResize;
  if (since < 13 && text == "tf_half_pixel_for_nn") return CoordinateMode::TfHalfPixelForNN;
  if (since >= 19 && text == "half_pixel_symmetric") return CoordinateMode::HalfPixelSymmetric;
  throw Error("attribute 'coordinate_transformation_mode' must be half_pixel, " +
              std::string(since >= 19 ? "half_pixel_symmetric, " : "") +
              "pytorch_half_pixel, align_corners, asymmetric, " + (since < 13 ? "tf_half_pixel_for_nn, " : "") +
              "or tf_crop_and_resize, got " + quote_text(text));
}

NearestMode parse_nearest_mode(const std::string& text) {
  if (text == "round_prefer_floor") return NearestMode::RoundPreferFloor;
  if (text == "round_prefer_ceil") return NearestMode::RoundPreferCeil;
  if (text == "floor") return NearestMode::Floor;
  if (text == "ceil") return NearestMode::Ceil;
  throw Error("attribute 'nearest_mode' must be round_prefer_floor, round_prefer_ceil, floor or ceil, got " +
              quote_text(text));
}

Tensor resample_asymmetric(const Tensor& x, const std::vector<float>& scales, ResizeMode mode) {
  if (static_cast<int64_t>(scales.size()) != x.rank())
    throw Error("scales has " + std::to_string(scales.size()) + " values, but X has rank " + std::to_string(x.rank()));
  if (mode != ResizeMode::Nearest) check_interpolable(x.type(), "linear");
  std::vector<AxisResample> axes(scales.size());
  Shape out_shape(scales.size());
  for (size_t d = 0; d < scales.size(); ++d) {
    axes[d].in = x.shape()[d];
    axes[d].out = out_shape[d] = scaled_length(x.shape()[d], scales[d], d);
    axes[d].scale = Scale::of_float(scales[d]);
  }
  ResampleOptions options;
  options.mode = mode;
  options.coordinate = CoordinateMode::Asymmetric;
  options.nearest = NearestMode::Floor;
  return resample(x, out_shape, mode != ResizeMode::Nearest, 0.0f,
                  [&](size_t d) { return axis_taps(axes[d], options); });
}

}  // namespace onnx_ref::resample
