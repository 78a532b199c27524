#pragma once
// Interval arithmetic over GNU MPFR with directed rounding: every operation returns an interval
// that contains the exact result for every point of its operands (lower end rounded down, upper
// end rounded up). The slow path of the correctly rounded functions (numeric/elementary.cpp)
// evaluates each expression this way and narrows the interval by raising the precision.
#include <mpfr.h>

#include "numeric/elementary.h"

namespace onnx_ref::numeric {

// v rounded once to `format` (nearest, ties to even, with the format's subnormals, beyond its
// largest finite value to infinity), returned as the double holding that value. NaN stays NaN.
double round_to_format(mpfr_srcptr v, Format format);

// MPFR keeps per-thread caches (constants such as log 2 and pi, its integer pool) until the thread
// frees them, so a worker thread that ends without doing so leaks them. The first interval made in
// a thread arms a thread_local whose destructor frees that thread's caches when it ends.
void free_mpfr_caches_at_thread_exit();

class Interval {
 public:
  explicit Interval(mpfr_prec_t precision) {
    free_mpfr_caches_at_thread_exit();
    mpfr_init2(lo, precision);
    mpfr_init2(hi, precision);
  }
  ~Interval() {
    mpfr_clear(lo);
    mpfr_clear(hi);
  }
  Interval(const Interval&) = delete;
  Interval& operator=(const Interval&) = delete;
  mpfr_prec_t precision() const { return mpfr_get_prec(lo); }
  bool is_zero() const { return mpfr_zero_p(lo) && mpfr_zero_p(hi); }

  mpfr_t lo, hi;
};

using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

// The double x, exactly (precision >= 53).
void set_point(Interval& r, double x);
// A decimal constant such as "0.044715", enclosed.
void set_decimal(Interval& r, const char* decimal);
void set_pi(Interval& r);
// f is increasing (or r is the image of a point): [f(lo) down, f(hi) up]. r may alias a.
void apply_increasing(Interval& r, const Interval& a, MpfrUnary f);
// f is decreasing: [f(hi) down, f(lo) up]. r may alias a.
void apply_decreasing(Interval& r, const Interval& a, MpfrUnary f);
void negate(Interval& r, const Interval& a);
void add(Interval& r, const Interval& a, const Interval& b);
void add_one(Interval& r, const Interval& a);
void multiply(Interval& r, const Interval& a, const Interval& b);
// b must not contain 0.
void divide(Interval& r, const Interval& a, const Interval& b);
// r = a * 2^k (exact).
void scale_2exp(Interval& r, const Interval& a, long k);

}  // namespace onnx_ref::numeric
