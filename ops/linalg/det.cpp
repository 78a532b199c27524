// ONNX Det (11, 22): the determinant of each square matrix of X [*, M, M], to Y [*]. Contract:
// correctly rounded — the exact determinant of the matrix as it is held, rounded once to the element
// type (nearest, ties to even). How: every element is m * 2^e with an integer m; the matrix scaled
// by 2^-emin (emin the smallest such e) is an integer matrix, whose determinant fraction-free
// Gaussian elimination (Bareiss, with row exchanges for zero pivots) computes exactly in GMP
// integers; times 2^(M emin) it is rounded once (numeric/mpfr_interval.h's round_to_format). A
// matrix holding NaN or an infinity has a NaN determinant (no exact value exists); M = 0 gives 1.
//   11: float16, float, double.  22: + bfloat16.
#include <gmp.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "numeric/mpfr_interval.h"
#include "ops/float_dispatch.h"
#include "ops/linalg/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/run_limits.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// A square matrix of GMP integers, freed on scope exit.
class DetMatrix {
 public:
  explicit DetMatrix(int64_t n) : n_(n), v_(static_cast<size_t>(n * n)) {
    for (auto& z : v_) mpz_init(&z);
  }
  ~DetMatrix() {
    for (auto& z : v_) mpz_clear(&z);
  }
  DetMatrix(const DetMatrix&) = delete;
  DetMatrix& operator=(const DetMatrix&) = delete;
  mpz_ptr at(int64_t r, int64_t c) { return &v_[static_cast<size_t>(r * n_ + c)]; }

 private:
  int64_t n_;
  std::vector<__mpz_struct> v_;
};

// The exact determinant of the n x n doubles `a` (finite), rounded once to `format`.
double det_rounded(const std::vector<double>& a, int64_t n, numeric::Format format) {
  if (n == 0) return 1.0;
  long emin = std::numeric_limits<long>::max();
  const MemoryCharge split_charge = charge_scratch<int64_t>(2 * static_cast<uint64_t>(a.size()), "Det's split matrix");
  std::vector<int64_t> mant(a.size());
  std::vector<long> expo(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] == 0) continue;
    int fe = 0;
    const double f = std::frexp(a[i], &fe);
    mant[i] = static_cast<int64_t>(std::ldexp(f, 53));
    expo[i] = fe - 53;
    emin = std::min(emin, expo[i]);
  }
  if (emin == std::numeric_limits<long>::max()) return 0.0;
  DetMatrix m(n);
  for (int64_t r = 0; r < n; ++r)
    for (int64_t c = 0; c < n; ++c) {
      const size_t i = static_cast<size_t>(r * n + c);
      if (mant[i] == 0) continue;
      mpz_set_si(m.at(r, c), static_cast<long>(mant[i]));
      mpz_mul_2exp(m.at(r, c), m.at(r, c), static_cast<mp_bitcnt_t>(expo[i] - emin));
    }
  bool negative = false;
  DetMatrix scratch(2);  // prev and t, freed however the elimination ends (a time limit throws)
  mpz_ptr prev = scratch.at(0, 0), t = scratch.at(0, 1);
  mpz_set_si(prev, 1);
  bool zero = false;
  for (int64_t k = 0; k + 1 < n && !zero; ++k) {
    poll_deadline();  // an exact elimination of a large matrix takes seconds
    if (mpz_sgn(m.at(k, k)) == 0) {
      int64_t pivot = -1;
      for (int64_t i = k + 1; i < n && pivot < 0; ++i)
        if (mpz_sgn(m.at(i, k)) != 0) pivot = i;
      if (pivot < 0) {
        zero = true;
        break;
      }
      for (int64_t c = 0; c < n; ++c) mpz_swap(m.at(k, c), m.at(pivot, c));
      negative = !negative;
    }
    for (int64_t i = k + 1; i < n; ++i) {
      for (int64_t j = k + 1; j < n; ++j) {
        mpz_mul(t, m.at(i, j), m.at(k, k));
        mpz_submul(t, m.at(i, k), m.at(k, j));
        mpz_divexact(m.at(i, j), t, prev);
      }
    }
    mpz_set(prev, m.at(k, k));
  }
  double result = 0.0;
  if (!zero && mpz_sgn(m.at(n - 1, n - 1)) != 0) {
    mpz_ptr d = m.at(n - 1, n - 1);
    if (negative) mpz_neg(d, d);
    numeric::free_mpfr_caches_at_thread_exit();
    mpfr_t v;
    mpfr_init2(v, static_cast<mpfr_prec_t>(std::max<size_t>(mpz_sizeinbase(d, 2), 2)));
    mpfr_set_z(v, d, MPFR_RNDN);                                 // exact: the precision holds every bit
    mpfr_mul_2si(v, v, static_cast<long>(n) * emin, MPFR_RNDN);  // exact
    result = numeric::round_to_format(v, format);
    mpfr_clear(v);
  }
  return result;
}

std::vector<Value> det(const KernelContext& ctx) {
  const Tensor& x = ctx.input(0);
  const Shape& s = x.shape();
  if (s.size() < 2 || s[s.size() - 1] != s[s.size() - 2])
    throw Error("Det needs X of shape [*, M, M] (square matrices in the last two axes), but it is " + x.describe());
  const int64_t n = s.back();
  const Shape out_shape(s.begin(), s.end() - 2);
  Tensor y = Tensor::uninitialized(x.type(), out_shape);
  const int64_t batch = y.element_count();
  dispatch_float(x.type(), "Det", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = x.data_as<S>();
    S* py = reinterpret_cast<S*>(y.mutable_data());
    const MemoryCharge a_charge = charge_scratch<double>(static_cast<uint64_t>(n * n), "Det's widened matrix");
    std::vector<double> a(static_cast<size_t>(n * n));
    for (int64_t b = 0; b < batch; ++b) {
      bool finite = true;
      for (int64_t i = 0; i < n * n; ++i) {
        a[static_cast<size_t>(i)] = widen(px[b * n * n + i]);
        finite = finite && std::isfinite(a[static_cast<size_t>(i)]);
      }
      py[b] = narrow<S>(finite ? det_rounded(a, n, numeric::format_of<S>()) : std::numeric_limits<double>::quiet_NaN());
    }
  });
  return {std::move(y)};
}

OpVersion det_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Det";
  v.since_version = since;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.type_constraints = {{"T", types}};
  v.kernel = det;
  return v;
}

}  // namespace

void register_det(Registry& registry) {
  registry.add(det_version(11, type_sets::kFloats));
  registry.add(det_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("Det", {AccuracyKind::CorrectlyRounded, "the exact determinant rounded once"});
}

}  // namespace onnx_ref
