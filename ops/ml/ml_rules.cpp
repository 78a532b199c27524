// Shared rules of the ai.onnx.ml tensor operators (ops/ml/ml_rules.h).
//
// PROBIT is checked, not trusted: a double estimate y of probit(p) is rounded to the output format,
// then GNU MPFR decides in interval arithmetic whether p lies between Phi at the midpoints below and
// above y (Phi(z) = erfc(-z / sqrt 2) / 2, increasing, evaluated without cancellation). If p lies
// below, y moves one value down (above: up) and the test repeats; Phi at a midpoint (a nonzero
// dyadic number) is transcendental, so it never equals p and raising the precision decides.
#include "ops/ml/ml_rules.h"

#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "numeric/float_format.h"
#include "numeric/mpfr_interval.h"
#include "ops/softmax/softmax_family.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref::ml {

static_assert(std::numeric_limits<long double>::digits >= 64, "features need every int64 exactly");

PostTransform post_transform_from_name(const std::string& name) {
  if (name == "NONE") return PostTransform::None;
  if (name == "SOFTMAX") return PostTransform::Softmax;
  if (name == "LOGISTIC") return PostTransform::Logistic;
  if (name == "SOFTMAX_ZERO") return PostTransform::SoftmaxZero;
  if (name == "PROBIT") return PostTransform::Probit;
  throw Error("attribute 'post_transform' = " + quote_text(name) +
              " is none of NONE, SOFTMAX, LOGISTIC, SOFTMAX_ZERO, PROBIT");
}

PostTransform post_transform_from_code(int64_t code) {
  switch (code) {
    case 0:
      return PostTransform::None;
    case 1:
      return PostTransform::Softmax;
    case 2:
      return PostTransform::Logistic;
    case 3:
      return PostTransform::SoftmaxZero;
    case 4:
      return PostTransform::Probit;
    default:
      throw Error("attribute 'post_transform' = " + std::to_string(code) +
                  " is none of 0 (NONE), 1 (SOFTMAX), 2 (LOGISTIC), 3 (SOFTMAX_ZERO), 4 (PROBIT)");
  }
}

FeatureRows feature_rows(const Tensor& x, const char* what) {
  if (x.rank() == 1) return {1, x.shape()[0]};
  if (x.rank() == 2) return {x.shape()[0], x.shape()[1]};
  throw Error(std::string(what) + " must be [N, F] or [F], got rank " + std::to_string(x.rank()));
}

void read_feature_row(const Tensor& x, int64_t row, int64_t features, std::vector<long double>& out) {
  out.resize(static_cast<size_t>(features));
  const int64_t start = row * features;
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* data = x.template data_as<S>() + start;
    for (int64_t f = 0; f < features; ++f) {
      if constexpr (is_float_storage<S>)
        out[static_cast<size_t>(f)] = widen(data[f]);
      else if constexpr (std::is_same_v<S, BoolByte>)
        out[static_cast<size_t>(f)] = data[f].value;
      else
        out[static_cast<size_t>(f)] = static_cast<long double>(data[f]);
    }
  });
}

std::vector<double> tensor_attribute_doubles(const Tensor& t, const std::string& attribute) {
  std::vector<double> out(static_cast<size_t>(t.element_count()));
  switch (t.type()) {
    case ElementType::Float:
    case ElementType::Double:
    case ElementType::Float16:
      dispatch_real(t.type(), [&](auto tag) {
        using S = typename decltype(tag)::type;
        if constexpr (is_float_storage<S>) {
          const S* data = t.template data_as<S>();
          for (size_t i = 0; i < out.size(); ++i) out[i] = widen(data[i]);
        }
      });
      return out;
    default:
      throw Error("attribute '" + attribute + "' must hold float16, float or double values, got " +
                  std::string(name_of(t.type())));
  }
}

std::vector<double> floats_or_tensor(const Attributes& attrs, const std::string& name, bool has_tensor_form) {
  const std::string tensor_name = name + "_as_tensor";
  const bool plain = attrs.has(name), tensor = has_tensor_form && attrs.has(tensor_name);
  if (plain && tensor) throw Error("attributes '" + name + "' and '" + tensor_name + "' are both set; give one");
  if (tensor) return tensor_attribute_doubles(std::get<Tensor>(attrs.get(tensor_name)), tensor_name);
  std::vector<double> out;
  if (plain)
    for (float f : std::get<std::vector<float>>(attrs.get(name))) out.push_back(f);
  return out;
}

std::vector<int64_t> ints_or_empty(const Attributes& attrs, const std::string& name) {
  return attrs.has(name) ? std::get<std::vector<int64_t>>(attrs.get(name)) : std::vector<int64_t>{};
}

std::vector<float> floats_or_empty(const Attributes& attrs, const std::string& name) {
  return attrs.has(name) ? std::get<std::vector<float>>(attrs.get(name)) : std::vector<float>{};
}

std::vector<std::string> strings_or_empty(const Attributes& attrs, const std::string& name) {
  return attrs.has(name) ? std::get<std::vector<std::string>>(attrs.get(name)) : std::vector<std::string>{};
}

std::optional<ElementType> classifier_label_type(const Attributes& attrs, const std::string& type_var) {
  if (type_var != "T2") return std::nullopt;
  return attrs.has("classlabels_strings") ? ElementType::String : ElementType::Int64;
}

std::vector<std::optional<ValueType>> string_int64_swapped(const Attributes&,
                                                           const std::vector<std::optional<ValueType>>& in, size_t) {
  std::vector<std::optional<ValueType>> out(1);
  if (!in.empty() && in[0] && in[0]->is_tensor())
    out[0] = ValueType::tensor(in[0]->elem == ElementType::String ? ElementType::Int64 : ElementType::String);
  return out;
}

Tensor look_up_strings(const Tensor& x, const std::unordered_map<std::string, int64_t>& index, int64_t fallback) {
  std::vector<int64_t> out;
  for (const auto& s : x.strings()) {
    auto it = index.find(s);
    out.push_back(it == index.end() ? fallback : it->second);
  }
  return Tensor::from_values<int64_t>(ElementType::Int64, x.shape(), out);
}

double round_sum(const ExactSum& sum, numeric::Format format, uint32_t divisor) {
  if (sum.is_nan()) return std::numeric_limits<double>::quiet_NaN();
  const double nearest = divisor == 1 ? sum.round_nearest() : sum.round_quotient(divisor, false);
  if (format == numeric::Format::Double || !std::isfinite(nearest)) return numeric::round_to(nearest, format);
  // Rounded to odd first, so that the rounding to the narrower format is the only one that counts.
  const double odd = divisor == 1 ? sum.round_odd() : sum.round_quotient(divisor, true);
  return numeric::round_to(odd, format);
}

void add_exact_product(ExactSum& sum, long double x, double w) {
  const double hi = static_cast<double>(x);
  const double lo = static_cast<double>(x - hi);  // exact: the rest of a 64-bit significand
  for (double part : {hi, lo}) {
    if (part == 0) continue;
    const double p = part * w;
    sum.add(p);
    if (std::isfinite(p)) sum.add(std::fma(part, w, -p));
  }
  if (hi == 0 && lo == 0) sum.add(0.0 * w);  // 0 * inf and 0 * NaN are NaN
}

Tensor linear_scores(const Tensor& x, const std::vector<float>& coefficients, const std::vector<float>& intercepts,
                     int64_t rows, const char* what) {
  const FeatureRows shape = feature_rows(x, "X");
  const auto count = static_cast<int64_t>(coefficients.size());
  int64_t expected = 0;
  if (rows < 1 || __builtin_mul_overflow(rows, shape.features, &expected) || count != expected)
    throw Error("attribute 'coefficients' has " + std::to_string(count) + " values, not " + std::to_string(rows) + " " +
                what + " times " + std::to_string(shape.features) + " features");
  if (!intercepts.empty() && static_cast<int64_t>(intercepts.size()) != rows)
    throw Error("attribute 'intercepts' has " + std::to_string(intercepts.size()) + " values for " +
                std::to_string(rows) + " " + what);
  Tensor y = Tensor::zeros(ElementType::Float, {shape.rows, rows});
  float* out = reinterpret_cast<float*>(y.mutable_data());
  std::vector<long double> row;
  for (int64_t n = 0; n < shape.rows; ++n) {
    read_feature_row(x, n, shape.features, row);
    for (int64_t r = 0; r < rows; ++r) {
      ExactSum sum;
      for (int64_t f = 0; f < shape.features; ++f)
        add_exact_product(sum, row[static_cast<size_t>(f)], coefficients[static_cast<size_t>(r * shape.features + f)]);
      if (!intercepts.empty()) sum.add(intercepts[static_cast<size_t>(r)]);
      out[n * rows + r] = static_cast<float>(round_sum(sum, numeric::Format::Float));
    }
  }
  return y;
}

Tensor floating_tensor(ElementType type, Shape shape, const std::vector<double>& values) {
  Tensor t = Tensor::zeros(type, std::move(shape));
  dispatch_real(type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      S* out = reinterpret_cast<S*>(t.mutable_data());
      for (size_t i = 0; i < values.size(); ++i) out[i] = narrow<S>(values[i]);
    } else {
      throw std::logic_error("floating_tensor: not a floating type");
    }
  });
  return t;
}

namespace {

std::vector<double> ml_tensor_values(const Tensor& t) { return tensor_attribute_doubles(t, "scores"); }

// The value next to y in `format`, above (up) or below.
double probit_neighbour(double y, numeric::Format format, bool up) {
  const double inf = std::numeric_limits<double>::infinity();
  switch (format) {
    case numeric::Format::Double:
      return std::nextafter(y, up ? inf : -inf);
    case numeric::Format::Float:
      return std::nextafter(static_cast<float>(y),
                            up ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity());
    default: {
      const ElementType type = format == numeric::Format::Float16 ? ElementType::Float16 : ElementType::BFloat16;
      const uint32_t sign_bit = 0x8000;
      uint32_t bits = encode_small_float(type, y);
      const bool negative = (bits & sign_bit) != 0;
      const uint32_t magnitude = bits & 0x7fff;
      if (magnitude == 0) return decode_small_float(type, up ? 1u : (sign_bit | 1u));
      // Away from zero adds one to the magnitude, toward zero takes one.
      const bool away = up != negative;
      bits = (bits & sign_bit) | (away ? magnitude + 1 : magnitude - 1);
      return decode_small_float(type, bits);
    }
  }
}

// -1, 0 or 1: Phi(m) against p, where m = (a + b) / 2 exactly; 0 when `precision` cannot tell.
int probit_compare_at_midpoint(double a, double b, double p, mpfr_prec_t precision) {
  numeric::Interval m(precision), root2(precision), t(precision), e(precision);
  mpfr_set_d(m.lo, a, MPFR_RNDN);  // exact: precision >= 128
  mpfr_add_d(m.lo, m.lo, b, MPFR_RNDN);
  mpfr_div_2ui(m.lo, m.lo, 1, MPFR_RNDN);
  mpfr_set(m.hi, m.lo, MPFR_RNDN);
  mpfr_sqrt_ui(root2.lo, 2, MPFR_RNDD);
  mpfr_sqrt_ui(root2.hi, 2, MPFR_RNDU);
  numeric::negate(m, m);
  numeric::divide(t, m, root2);                // -m / sqrt 2
  numeric::apply_decreasing(e, t, mpfr_erfc);  // erfc(-m / sqrt 2)
  numeric::scale_2exp(e, e, -1);               // Phi(m)
  if (mpfr_cmp_d(e.hi, p) < 0) return -1;
  if (mpfr_cmp_d(e.lo, p) > 0) return 1;
  return 0;
}

int probit_compare(double a, double b, double p) {
  for (mpfr_prec_t precision = 128; precision <= (1 << 14); precision *= 2)
    if (int c = probit_compare_at_midpoint(a, b, p, precision)) return c;
  throw Error("PROBIT of " + std::to_string(p) + " could not be decided");
}

// A double estimate of probit(q) for 0 < q <= 1/2 (so the result is <= 0): Newton's method on
// ln Phi(z) = ln q, concave in z, from z0 = -sqrt(-2 ln q) (left of the root: Phi(z0) <= q / 2), so
// the iterates rise monotonically to the root.
double probit_estimate_lower(double q) {
  const double inv_root2 = 0.70710678118654752440, inv_root2pi = 0.39894228040143267794;
  const double log_q = std::log(q);
  double z = -std::sqrt(-2 * log_q);
  for (int i = 0; i < 200; ++i) {
    const double phi_big = 0.5 * std::erfc(-z * inv_root2);
    const double density = inv_root2pi * std::exp(-0.5 * z * z);
    if (!(phi_big > 0) || !(density > 0)) break;
    const double next = z - (std::log(phi_big) - log_q) * phi_big / density;
    if (!std::isfinite(next) || next == z) break;
    z = next;
  }
  return z;
}

}  // namespace

double probit_rounded(double p, numeric::Format format) {
  const double inf = std::numeric_limits<double>::infinity();
  if (std::isnan(p) || p < 0 || p > 1) return std::numeric_limits<double>::quiet_NaN();
  if (p == 0) return -inf;
  if (p == 1) return inf;
  if (p == 0.5) return 0;
  // probit(1 - q) = -probit(q), and 1 - p is exact for p in (1/2, 1).
  const double estimate = p < 0.5 ? probit_estimate_lower(p) : -probit_estimate_lower(1 - p);
  double y = numeric::round_to(estimate, format);
  for (int step = 0; step < 4096; ++step) {
    const double below = probit_neighbour(y, format, false), above = probit_neighbour(y, format, true);
    if (probit_compare(below, y, p) > 0) {  // Phi(lower midpoint) > p: the root lies lower
      y = below;
      continue;
    }
    if (probit_compare(y, above, p) < 0) {  // Phi(upper midpoint) < p: it lies higher
      y = above;
      continue;
    }
    return y;
  }
  throw Error("PROBIT of " + std::to_string(p) + " could not be decided");
}

Tensor apply_post_transform(const Tensor& scores, PostTransform transform) {
  if (transform == PostTransform::None) return scores;
  const int64_t rows = scores.rank() == 2 ? scores.shape()[0] : 1;
  const int64_t count = scores.rank() == 2 ? scores.shape()[1] : scores.element_count();
  const numeric::Format format = numeric::format_of_type(scores.type());
  const MemoryCharge values_charge =
      charge_scratch<double>(static_cast<uint64_t>(scores.element_count()), "the post transform's widened scores");
  std::vector<double> values = ml_tensor_values(scores);
  switch (transform) {
    case PostTransform::None:
      break;
    case PostTransform::Softmax: {
      Tensor out = Tensor::zeros(scores.type(), scores.shape());
      softmax_lines(scores, out, LineLayout{rows, count, 1}, false);
      return out;
    }
    case PostTransform::SoftmaxZero:
      for (int64_t r = 0; r < rows; ++r) {
        double* row = values.data() + r * count;
        std::vector<double> nonzero;
        for (int64_t c = 0; c < count; ++c)
          if (row[c] != 0) nonzero.push_back(row[c]);
        if (nonzero.empty()) {
          std::fill(row, row + count, 0.5);
          continue;
        }
        const Tensor line = floating_tensor(scores.type(), {1, static_cast<int64_t>(nonzero.size())}, nonzero);
        Tensor soft = Tensor::zeros(scores.type(), line.shape());
        softmax_lines(line, soft, LineLayout{1, static_cast<int64_t>(nonzero.size()), 1}, false);
        const std::vector<double> soft_values = ml_tensor_values(soft);
        size_t k = 0;
        for (int64_t c = 0; c < count; ++c) row[c] = row[c] != 0 ? soft_values[k++] : 0.0;
      }
      break;
    case PostTransform::Logistic:
      dispatch_real(scores.type(), [&](auto tag) {
        using S = typename decltype(tag)::type;
        if constexpr (is_float_storage<S>)
          for (double& v : values) v = widen(numeric::sigmoid<S>(narrow<S>(v)));
      });
      break;
    case PostTransform::Probit:
      for (double& v : values) v = probit_rounded(v, format);
      break;
  }
  return floating_tensor(scores.type(), scores.shape(), values);
}

}  // namespace onnx_ref::ml
