// ONNX CumProd, every version (26): running products along the axis given as input (a 0-D tensor,
// int32 or int64), with `exclusive` (each product leaves its own element out) and `reverse`.
// Contract: correctly rounded. Integers wrap (two's complement). "The j-th output element would be
// the product of the first j elements" and there is no function body, so a floating result is the
// exact prefix product rounded once to the element type (nearest, ties to even): the product's
// magnitude is enclosed in a 128-bit MPFR interval (directed roundings), and where its ends round
// differently the exact product is formed at full width. Zeros, infinities and NaN follow IEEE
// multiplication (0 * inf is NaN; the sign is the product of the signs). The empty product
// (exclusive) is 1.
#include <mpfr.h>

#include <cmath>
#include <type_traits>
#include <vector>

#include "numeric/elementary.h"
#include "numeric/mpfr_interval.h"
#include "ops/reduce/cumulative.h"
#include "ops/reduce/register.h"
#include "ops/type_sets.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// The exact product of a prefix, kept as an enclosure of its magnitude plus the IEEE specials.
class ExactPrefixProduct {
 public:
  explicit ExactPrefixProduct(numeric::Format format) : format_(format), magnitude_(kPrecision) {
    mpfr_set_ui(magnitude_.lo, 1, MPFR_RNDN);
    mpfr_set_ui(magnitude_.hi, 1, MPFR_RNDN);
  }
  void multiply(double v) {
    negative_ ^= std::signbit(v);
    if (std::isnan(v))
      nan_ = true;
    else if (std::isinf(v))
      inf_ = true;
    else if (v == 0)
      zero_ = true;
    else {
      factors_.push_back(std::fabs(v));
      mpfr_mul_d(magnitude_.lo, magnitude_.lo, std::fabs(v), MPFR_RNDD);
      mpfr_mul_d(magnitude_.hi, magnitude_.hi, std::fabs(v), MPFR_RNDU);
    }
  }
  // The product rounded once to the format, as the double holding that value.
  double rounded() const {
    if (nan_ || (inf_ && zero_)) return std::nan("");
    const double sign = negative_ ? -1.0 : 1.0;
    if (inf_) return sign * INFINITY;
    if (zero_) return sign * 0.0;
    const double lo = numeric::round_to_format(magnitude_.lo, format_);
    const double hi = numeric::round_to_format(magnitude_.hi, format_);
    return sign * (lo == hi ? lo : exact_rounded());
  }

 private:
  static constexpr mpfr_prec_t kPrecision = 128;
  numeric::Format format_;
  numeric::Interval magnitude_;
  std::vector<double> factors_;
  bool negative_ = false, nan_ = false, inf_ = false, zero_ = false;

  // The magnitude at the width that holds it exactly (53 bits per factor), rounded once.
  double exact_rounded() const {
    mpfr_t p;
    mpfr_init2(p, static_cast<mpfr_prec_t>(53 * factors_.size() + 53));
    mpfr_set_ui(p, 1, MPFR_RNDN);
    for (double f : factors_) mpfr_mul_d(p, p, f, MPFR_RNDN);  // exact at this width
    const double r = numeric::round_to_format(p, format_);
    mpfr_clear(p);
    return r;
  }
};

void cum_prod_line(ElementType type, const CumulativeLine& line) {
  dispatch_real(type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* x = reinterpret_cast<const S*>(line.in);
    S* y = reinterpret_cast<S*>(line.out);
    if constexpr (std::is_same_v<S, BoolByte>) {
      throw std::logic_error("CumProd: no bool kernel");
    } else if constexpr (std::is_integral_v<S>) {
      uint64_t acc = 1;
      for (int64_t j = 0; j < line.count; ++j) {
        const uint64_t v = static_cast<uint64_t>(x[j * line.stride]);
        if (!line.exclusive) acc *= v;
        y[j * line.stride] = static_cast<S>(acc);
        if (line.exclusive) acc *= v;
      }
    } else {
      ExactPrefixProduct product(numeric::format_of<S>());
      for (int64_t j = 0; j < line.count; ++j) {
        const double v = widen(x[j * line.stride]);
        if (!line.exclusive) product.multiply(v);
        y[j * line.stride] = narrow<S>(product.rounded());  // exact: already rounded to S
        if (line.exclusive) product.multiply(v);
      }
    }
  });
}

}  // namespace

void register_cum_prod(Registry& registry) {
  const TypeSet types{ElementType::BFloat16, ElementType::Double, ElementType::Float,  ElementType::Float16,
                      ElementType::Int32,    ElementType::Int64,  ElementType::UInt32, ElementType::UInt64};
  registry.add(make_cumulative_version("CumProd", 26, types, cum_prod_line));
  registry.declare_accuracy(
      "CumProd", {AccuracyKind::CorrectlyRounded, "each output the exact prefix product rounded once; integers wrap"});
}

}  // namespace onnx_ref
