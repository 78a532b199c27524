// The attention operators' shared rounded steps: see attention_math.h for each contract.
#include "ops/attention/attention_math.h"

#include <mpfr.h>

#include <cmath>
#include <limits>
#include <string>

#include "gemm/dot.h"
#include "numeric/elementary.h"
#include "numeric/exact_sum.h"
#include "numeric/float_format.h"
#include "numeric/mpfr_interval.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref::attention {

double default_scale(int64_t head_size) {
  numeric::free_mpfr_caches_at_thread_exit();
  mpfr_t r;
  mpfr_init2(r, 53);
  mpfr_set_si(r, static_cast<long>(head_size), MPFR_RNDN);  // exact: a dimension is far below 2^53
  mpfr_rec_sqrt(r, r, MPFR_RNDN);
  const double v = mpfr_get_d(r, MPFR_RNDN);  // exact: 53 bits in double's normal range
  mpfr_clear(r);
  return v;
}

namespace {

// cap * tanh(score / cap) in MPFR intervals, from 80 bits up until both ends round alike. The
// exact value is transcendental at every nonzero score (tanh of a nonzero rational), so it is never
// a rounding boundary and the loop ends; the bound only guards that reasoning.
double softcap_mpfr(numeric::Format format, double score, double cap) {
  for (mpfr_prec_t precision = 80;; precision *= 2) {
    numeric::Interval x(precision), c(precision);
    numeric::set_point(x, score);
    numeric::set_point(c, cap);
    numeric::divide(x, x, c);
    numeric::apply_increasing(x, x, mpfr_tanh);
    numeric::multiply(x, x, c);
    const double lo = numeric::round_to_format(x.lo, format), hi = numeric::round_to_format(x.hi, format);
    if (lo == hi && std::signbit(lo) == std::signbit(hi)) return lo;
    if (precision > (1 << 14))
      throw Error(
          "the MPFR interval evaluation of softcap did not decide its rounding at 16384 bits; onnx-ref refuses it "
          "rather than guess");
  }
}

}  // namespace

double softcap_rounded(ElementType type, double score, double cap) {
  const numeric::Format format = numeric::format_of_type(type);
  if (std::isnan(score)) return score;
  if (std::isinf(score)) return std::copysign(numeric::round_to(std::fabs(cap), format), score);
  if (score == 0) return score;
  if (format != numeric::Format::Double) {
    // score / cap rounds once (2^-53 relative; tanh's condition number 2x / sinh(2x) is at most 1),
    // glibc's tanh is within a few ulp and the product rounds once: below 2^-48 in all.
    const double t = cap * std::tanh(score / cap);
    if (t != 0 && std::isfinite(t)) {
      const double d = std::fabs(t) * numeric::kEstimateError;
      const double a = numeric::round_to(t - d, format), b = numeric::round_to(t + d, format);
      if (a == b) return a;
    }
  }
  return softcap_mpfr(format, score, cap);
}

namespace {

// The element values of operand `o` over rows x cols, exactly, row-major.
std::vector<double> attention_operand_values(const ProductOperand& o, int64_t rows, int64_t cols) {
  std::vector<double> out(static_cast<size_t>(rows * cols));
  dispatch_real(o.tensor->type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      const S* p = o.tensor->template data_as<S>() + o.offset;
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c)
          out[static_cast<size_t>(r * cols + c)] = widen(p[r * o.row_stride + c * o.col_stride]);
    } else {
      throw std::logic_error("mixed_type_product: floating operands only");
    }
  });
  return out;
}

// x * y as hi + lo exactly (TwoProduct); an infinite or NaN product is hi alone.
void attention_two_product(double x, double y, double& hi, double& lo) {
  hi = x * y;
  lo = std::isfinite(hi) ? std::fma(x, y, -hi) : 0.0;
}

}  // namespace

void mixed_type_product(const ProductOperand& a, const ProductOperand& b, double alpha, Tensor& y, int64_t y_offset,
                        int64_t M, int64_t N, int64_t K) {
  const MemoryCharge operands_charge =
      charge_scratch<double>(static_cast<uint64_t>(M * K + K * N + 4 * K), "the attention product's widened operands");
  const std::vector<double> av = attention_operand_values(a, M, K), bv = attention_operand_values(b, K, N);
  std::vector<double> terms(static_cast<size_t>(4 * K));
  dispatch_real(y.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      S* out = reinterpret_cast<S*>(y.mutable_data()) + y_offset;
      for (int64_t m = 0; m < M; ++m)
        for (int64_t n = 0; n < N; ++n) {
          int64_t count = 0;
          for (int64_t k = 0; k < K; ++k) {
            double p, e, h, l;
            attention_two_product(av[static_cast<size_t>(m * K + k)], bv[static_cast<size_t>(k * N + n)], p, e);
            attention_two_product(alpha, p, h, l);
            terms[static_cast<size_t>(count++)] = h;
            if (l != 0) terms[static_cast<size_t>(count++)] = l;
            if (e != 0) {
              attention_two_product(alpha, e, h, l);
              terms[static_cast<size_t>(count++)] = h;
              if (l != 0) terms[static_cast<size_t>(count++)] = l;
            }
          }
          out[m * N + n] = round_exact_terms<S>(terms.data(), count);
        }
    } else {
      throw std::logic_error("mixed_type_product: floating outputs only");
    }
  });
}

void head_product(const ProductOperand& a, const ProductOperand& b, double alpha, Tensor& y, int64_t y_offset,
                  int64_t M, int64_t N, int64_t K) {
  if (a.tensor->type() != y.type() || b.tensor->type() != y.type()) {
    mixed_type_product(a, b, alpha, y, y_offset, M, N, K);
    return;
  }
  dispatch_real(y.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      gemm::GemmArgs<S> g;
      g.M = M, g.N = N, g.K = K;
      g.A = {a.tensor->template data_as<S>() + a.offset, a.row_stride, a.col_stride};
      g.B = {b.tensor->template data_as<S>() + b.offset, b.row_stride, b.col_stride};
      g.alpha = alpha;
      g.Y = reinterpret_cast<S*>(y.mutable_data()) + y_offset;
      gemm::gemm(g);
    } else {
      throw std::logic_error("head_product: floating types only");
    }
  });
}

}  // namespace onnx_ref::attention
