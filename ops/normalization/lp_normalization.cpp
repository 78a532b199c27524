// ONNX LpNormalization, every version (1, 22): each line along `axis` divided by its L1 (p = 1) or
// L2 (p = 2, the default) norm; p is 1 or 2, as the spec allows, anything else is refused.
//   1: float16, float, double.  22: + bfloat16.
// Contract: correctly rounded. There is no function body, so each element is the exact
// x / ||line||_p rounded once to the element type (nearest, ties to even): the norm is enclosed in
// MPFR intervals from the exact sum (of |x|, or of x^2 under an enclosed square root) and the
// quotient's interval narrowed by raising the precision until both ends round alike. "When the Lp
// norm is zero ... the output is defined to be zero" (LpNormalization-22; the same for version 1):
// such a line gives +0. A line holding an infinity or NaN follows IEEE division by the double norm.
#include <mpfr.h>

#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "numeric/float_format.h"
#include "numeric/mpfr_interval.h"
#include "ops/axis.h"
#include "ops/normalization/normalization.h"
#include "ops/normalization/register.h"
#include "ops/reduce/accumulators.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// The norm of one line enclosed at a precision: the exact sum of |x| (or of x^2, whose square root
// is then enclosed), its ends rounded outward.
class NormEnclosure {
 public:
  NormEnclosure(const std::vector<double>& line, bool l1) : line_(line), l1_(l1) {}
  const numeric::Interval& at(mpfr_prec_t precision) {
    auto& norm = norms_[precision];
    if (!norm) norm = compute(precision);
    return *norm;
  }

 private:
  const std::vector<double>& line_;
  bool l1_;
  std::map<mpfr_prec_t, std::unique_ptr<numeric::Interval>> norms_;

  std::unique_ptr<numeric::Interval> compute(mpfr_prec_t precision) const {
    const MemoryCharge terms_charge = charge_memory(
        checked_bytes(line_.size(), sizeof(__mpfr_struct) + sizeof(mpfr_ptr) + 16, "LpNormalization's exact terms"),
        "LpNormalization's exact terms");
    std::vector<__mpfr_struct> terms(line_.size());
    std::vector<mpfr_ptr> ptrs(line_.size());
    for (size_t k = 0; k < line_.size(); ++k) {
      mpfr_ptr t = &terms[k];
      mpfr_init2(t, 110);  // |x| or x^2 of a double, exactly
      mpfr_set_d(t, std::fabs(line_[k]), MPFR_RNDN);
      if (!l1_) mpfr_sqr(t, t, MPFR_RNDN);
      ptrs[k] = t;
    }
    auto norm = std::make_unique<numeric::Interval>(precision);
    mpfr_sum(norm->lo, ptrs.data(), ptrs.size(), MPFR_RNDD);
    mpfr_sum(norm->hi, ptrs.data(), ptrs.size(), MPFR_RNDU);
    for (auto& t : terms) mpfr_clear(&t);
    if (!l1_) numeric::apply_increasing(*norm, *norm, mpfr_sqrt);
    return norm;
  }
};

// x / norm rounded once to `format` (norm > 0 and finite), as the double holding that value.
double rounded_quotient(double x, NormEnclosure& norm, numeric::Format format) {
  if (x == 0) return x;
  for (mpfr_prec_t precision = 128;; precision *= 2) {
    numeric::Interval point(precision), q(precision);
    numeric::set_point(point, x);
    numeric::divide(q, point, norm.at(precision));
    const double lo = numeric::round_to_format(q.lo, format), hi = numeric::round_to_format(q.hi, format);
    // Past 2^14 bits the sum is exact and every quotient that is a rounding boundary is exact too.
    if (lo == hi || precision >= (1 << 14)) return lo;
  }
}

// LpNormalization's attributes, parsed at load (p is 1 or 2).
struct LpNormalizationParams {
  int64_t axis = -1;
  bool l1 = false;
};

LpNormalizationParams parse_lp_normalization_params(const Attributes& attrs) {
  const int64_t p = attrs.get_int("p");
  if (p != 1 && p != 2) throw Error("p = " + std::to_string(p) + " is not supported: the spec allows only 1 or 2");
  return {attrs.get_int("axis"), p == 1};
}

std::vector<Value> lp_normalization(const KernelContext& ctx, const LpNormalizationParams& params) {
  using namespace normalization;
  const Tensor& x = ctx.input(0);
  const int64_t rank = x.rank();
  if (rank == 0) throw Error("input must have rank 1 or more, but it is a scalar");
  const int64_t axis = normalize_axis(params.axis, rank, AxisRange::Signed);
  const bool l1 = params.l1;
  int64_t outer = 1, count = x.shape()[axis], inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= x.shape()[i];
  for (int64_t i = axis + 1; i < rank; ++i) inner *= x.shape()[i];
  const MemoryCharge widened_charge = charge_scratch<double>(2 * static_cast<uint64_t>(x.element_count() + count),
                                                             "LpNormalization's widened input and result");
  const std::vector<double> xs = widen_elements(x);
  std::vector<double> y(xs.size()), line(static_cast<size_t>(count));
  // A type without a floating format of its own is normed in double.
  const numeric::Format format = numeric::format_if_floating(x.type()).value_or(numeric::Format::Double);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      const int64_t base = o * count * inner + i;
      for (int64_t k = 0; k < count; ++k) line[k] = xs[base + k * inner];
      const double norm = l1 ? exact_abs_sum_run(line.data(), count) : exact_l2_run(line.data(), count);
      if (norm == 0) {
        for (int64_t k = 0; k < count; ++k) y[base + k * inner] = 0.0;  // "defined to be zero"
      } else if (!std::isfinite(norm)) {
        for (int64_t k = 0; k < count; ++k) y[base + k * inner] = line[k] / norm;
      } else {
        NormEnclosure enclosure(line, l1);
        for (int64_t k = 0; k < count; ++k) y[base + k * inner] = rounded_quotient(line[k], enclosure, format);
      }
    }
  return {narrow_elements(x.type(), x.shape(), y)};
}

OpVersion lp_normalization_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "LpNormalization";
  v.since_version = since;
  v.inputs = {{"input", "T"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{-1}}, {"p", AttrType::Int, false, int64_t{2}}};
  v.type_constraints = {{"T", types}};
  v.set_kernel(parse_lp_normalization_params, lp_normalization);
  return v;
}

}  // namespace

void register_lp_normalization(Registry& registry) {
  registry.add(lp_normalization_version(1, type_sets::kFloats));
  registry.add(lp_normalization_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("LpNormalization",
                            {AccuracyKind::CorrectlyRounded, "x / ||x||_p exact, rounded once; a zero norm gives 0"});
}

}  // namespace onnx_ref
