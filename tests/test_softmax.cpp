// Softmax, LogSoftmax, Hardmax and ReduceL2: correct rounding proved against MPFR at 2000 bits (the textbook
// formulas, rounded once by tests/mpfr_oracle.h's round_ieee), layouts of every version, special
// values.
#include <doctest/doctest.h>

#include <mpfr.h>

#include <cmath>
#include <limits>
#include <random>

#include "mpfr_oracle.h"
#include "ops/registry.h"
#include "ops/softmax/softmax_family.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;

namespace {

std::vector<Value> run(const std::string& op, int opset, const Tensor& x, std::optional<int64_t> axis = {}) {
  const OpVersion* v = Registry::builtin().resolve("", op, opset);
  REQUIRE(v != nullptr);
  Attributes attrs;
  for (const auto& a : v->attributes)
    if (a.default_value) attrs.set(a.name, *a.default_value);
  if (axis) attrs.set("axis", *axis);
  std::vector<std::optional<Value>> inputs{Value(x)};
  KernelContext ctx(attrs, inputs, 1);
  return v->kernel(ctx);
}

// The oracle: e^(x_i) / sum_j e^(x_j) or x_i - log(sum_j e^(x_j)) at 2000 bits (enough
// to resolve x_i - log(sum) next to a term e^-600, the smallest these lines hold), rounded once.
double oracle_softmax(const std::vector<double>& x, size_t i, bool logarithm, numeric::Format format) {
  mpfr_t s, t, r;
  mpfr_inits2(2000, s, t, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_zero(s, 1);
  for (double v : x) {
    mpfr_set_d(t, v, MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
  }
  if (logarithm) {
    mpfr_log(s, s, MPFR_RNDN);
    mpfr_set_d(r, x[i], MPFR_RNDN);
    mpfr_sub(r, r, s, MPFR_RNDN);
  } else {
    mpfr_set_d(r, x[i], MPFR_RNDN);
    mpfr_exp(r, r, MPFR_RNDN);
    mpfr_div(r, r, s, MPFR_RNDN);
  }
  const double out = oracle::round_ieee(r, 1, format);
  mpfr_clears(s, t, r, static_cast<mpfr_ptr>(nullptr));
  return out;
}

template <class S>
std::vector<double> outputs(const Tensor& t) {
  std::vector<double> v;
  const S* p = t.data_as<S>();
  for (int64_t i = 0; i < t.element_count(); ++i) v.push_back(widen(p[i]));
  return v;
}

template <class S>
void check_lines(ElementType type, numeric::Format format, int lines, double scale, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> dist(-scale, scale);
  for (int line = 0; line < lines; ++line) {
    const int64_t n = 1 + static_cast<int64_t>(rng() % 12);
    std::vector<S> x;
    std::vector<double> exact;
    for (int64_t i = 0; i < n; ++i) {
      x.push_back(narrow<S>(dist(rng)));
      exact.push_back(widen(x.back()));
    }
    if (n > 2 && rng() % 4 == 0) x[1] = x[0], exact[1] = exact[0];  // tied maxima sometimes
    const Tensor t = Tensor::from_values<S>(type, {n}, x);
    for (bool logarithm : {false, true}) {
      const std::vector<double> got = outputs<S>(run(logarithm ? "LogSoftmax" : "Softmax", 13, t)[0].tensor());
      for (size_t i = 0; i < got.size(); ++i) {
        const double want = oracle_softmax(exact, i, logarithm, format);
        INFO("line ", line, " element ", i, " log ", logarithm, " got ", got[i], " want ", want, " x ", exact[i], " n ", n);
        CHECK(oracle::same_result(got[i], want));
      }
    }
  }
}

}  // namespace

TEST_CASE("Softmax, LogSoftmax: correctly rounded for float, float16, bfloat16 and double (MPFR oracle)") {
  check_lines<float>(ElementType::Float, numeric::Format::Float, 400, 20, 1);
  check_lines<float>(ElementType::Float, numeric::Format::Float, 100, 300, 2);  // terms far below double's range
  check_lines<Float16Bits>(ElementType::Float16, numeric::Format::Float16, 300, 12, 3);
  check_lines<BFloat16Bits>(ElementType::BFloat16, numeric::Format::BFloat16, 300, 40, 4);
  check_lines<double>(ElementType::Double, numeric::Format::Double, 60, 30, 5);
}

TEST_CASE("Softmax, LogSoftmax: special values, exact cases and signed zeros") {
  const double inf = std::numeric_limits<double>::infinity();
  auto soft = [&](std::vector<float> v, bool logarithm) {
    const Tensor t = Tensor::from_values<float>(ElementType::Float, {static_cast<int64_t>(v.size())}, v);
    return outputs<float>(run(logarithm ? "LogSoftmax" : "Softmax", 13, t)[0].tensor());
  };
  CHECK(soft({3, 3}, false) == std::vector<double>{0.5, 0.5});
  CHECK(soft({7}, false) == std::vector<double>{1});
  const std::vector<double> one = soft({7}, true);
  CHECK((one[0] == 0 && !std::signbit(one[0])));  // exactly 0: +0
  CHECK(soft({-INFINITY, 2}, false) == std::vector<double>{0, 1});
  CHECK(soft({-INFINITY, 2}, true)[0] == -inf);
  const std::vector<double> far = soft({0, -200}, true);  // -log1p(e^-200) rounds to -0
  CHECK((far[0] == 0 && std::signbit(far[0])));
  for (bool logarithm : {false, true}) {
    for (const auto& line : {std::vector<float>{1, NAN}, std::vector<float>{1, INFINITY}, std::vector<float>{-INFINITY, -INFINITY}})
      for (double v : soft(line, logarithm)) CHECK(std::isnan(v));
  }
  // Huge spreads: the maximum's softmax is 1 to the last bit; the others underflow to +0.
  CHECK(soft({3e38f, -3e38f}, false) == std::vector<double>{1, 0});
  // In double, e^(-2e308) is below even MPFR's exponent range: the maximum's log-softmax is
  // -log1p(T) with 0 < T < 2^-2^30, so -0; the other is -2e308 - log1p(T), below -DBL_MAX, so -inf.
  const Tensor wide = Tensor::from_values<double>(ElementType::Double, {2}, {1e308, -1e308});
  const std::vector<double> spread = outputs<double>(run("LogSoftmax", 13, wide)[0].tensor());
  CHECK((spread[0] == 0 && std::signbit(spread[0])));
  CHECK(spread[1] == -inf);
  CHECK(outputs<double>(run("Softmax", 13, wide)[0].tensor()) == std::vector<double>{1, 0});
}

// spec: Softmax-13: "Accepted range is [-r, r-1] where r = rank(input)."
TEST_CASE("Softmax family layouts: 1 and 11 coerce to 2-D at axis, 13 works along one axis") {
  // [2, 2, 2]: with axis 1, versions 1/11 take rows of 4; version 13 takes lines of 2 along axis 1.
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {2, 2, 2}, std::vector<float>{0, 1, 2, 3, 7, 6, 5, 4});
  CHECK(outputs<float>(run("Hardmax", 1, x)[0].tensor()) == std::vector<double>{0, 0, 0, 1, 1, 0, 0, 0});
  CHECK(outputs<float>(run("Hardmax", 11, x)[0].tensor()) == std::vector<double>{0, 0, 0, 1, 1, 0, 0, 0});
  CHECK(outputs<float>(run("Hardmax", 13, x, 1)[0].tensor()) == std::vector<double>{0, 0, 1, 1, 1, 1, 0, 0});
  CHECK(outputs<float>(run("Hardmax", 13, x)[0].tensor()) == std::vector<double>{0, 1, 0, 1, 1, 0, 1, 0});
  CHECK(outputs<float>(run("Hardmax", 11, x, 0)[0].tensor()) == std::vector<double>{0, 0, 0, 0, 1, 0, 0, 0});
  // Softmax-1 over rows of 4 sums to 1 per row of 4, not per pair.
  const std::vector<double> s1 = outputs<float>(run("Softmax", 1, x)[0].tensor());
  CHECK(s1[3] == oracle_softmax({0, 1, 2, 3}, 3, false, numeric::Format::Float));
  const std::vector<double> s13 = outputs<float>(run("Softmax", 13, x, 1)[0].tensor());
  CHECK(s13[2] == oracle_softmax({0, 2}, 1, false, numeric::Format::Float));
  // Hardmax ties go to the lower index; a NaN is the largest.
  const Tensor ties = Tensor::from_values<float>(ElementType::Float, {4}, std::vector<float>{1, 5, 5, NAN});
  CHECK(outputs<float>(run("Hardmax", 13, ties)[0].tensor()) == std::vector<double>{0, 0, 0, 1});
  const Tensor ties2 = Tensor::from_values<float>(ElementType::Float, {3}, std::vector<float>{1, 5, 5});
  CHECK(outputs<float>(run("Hardmax", 13, ties2)[0].tensor()) == std::vector<double>{0, 1, 0});
  // Axis out of range, and a scalar, are errors.
  CHECK_THROWS_WITH_AS(run("Softmax", 13, x, 3), "axis = 3 is out of range for rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_AS(run("LogSoftmax", 11, Tensor::from_values<float>(ElementType::Float, {}, std::vector<float>{1})), Error);
  CHECK(!Registry::builtin().resolve("", "Softmax", 11)->constraint("T").allows(ValueType::tensor(ElementType::BFloat16)));
}

TEST_CASE("ReduceL2: the square root of the exact sum of squares, rounded once (MPFR oracle)") {
  std::mt19937_64 rng(2718);
  auto oracle_l2 = [](const std::vector<double>& x, numeric::Format format) {
    mpfr_t s, t;
    mpfr_inits2(300, s, t, static_cast<mpfr_ptr>(nullptr));  // squares of <= 26-bit values: exact
    mpfr_set_zero(s, 1);
    for (double v : x) {
      mpfr_set_d(t, v, MPFR_RNDN);
      mpfr_sqr(t, t, MPFR_RNDN);
      mpfr_add(s, s, t, MPFR_RNDN);
    }
    const int ternary = mpfr_sqrt(s, s, MPFR_RNDN);
    const double out = oracle::round_ieee(s, ternary, format);
    mpfr_clears(s, t, static_cast<mpfr_ptr>(nullptr));
    return out;
  };
  auto l2 = [](const Tensor& t) { return run("ReduceL2", 18, t)[0].tensor(); };
  for (int trial = 0; trial < 300; ++trial) {
    const int64_t n = 1 + static_cast<int64_t>(rng() % 40);
    std::vector<float> f;
    std::vector<double> fd, d;
    std::vector<uint16_t> h;
    std::vector<double> hd;
    for (int64_t i = 0; i < n; ++i) {
      f.push_back(std::ldexp(static_cast<float>(static_cast<int64_t>(rng() % (1 << 24)) - (1 << 23)), -12));
      fd.push_back(f.back());
      d.push_back(std::ldexp(static_cast<double>(static_cast<int64_t>(rng() % (1 << 26)) - (1 << 25)), -30));
      const double hv = std::ldexp(static_cast<double>(static_cast<int64_t>(rng() % 2048) - 1024), -6);
      h.push_back(static_cast<uint16_t>(encode_small_float(ElementType::Float16, hv)));
      hd.push_back(hv);
    }
    CHECK(outputs<float>(l2(Tensor::from_values<float>(ElementType::Float, {n}, f)))[0] == oracle_l2(fd, numeric::Format::Float));
    CHECK(outputs<double>(l2(Tensor::from_values<double>(ElementType::Double, {n}, d)))[0] == oracle_l2(d, numeric::Format::Double));
    CHECK(outputs<Float16Bits>(l2(Tensor::from_values<uint16_t>(ElementType::Float16, {n}, h)))[0] ==
          oracle_l2(hd, numeric::Format::Float16));
  }
  // Exact cases, specials, huge doubles, integers (floor of the exact root, truncated to the width).
  CHECK(outputs<float>(l2(Tensor::from_values<float>(ElementType::Float, {2}, std::vector<float>{3, -4})))[0] == 5);
  CHECK(outputs<float>(l2(Tensor::from_values<float>(ElementType::Float, {2}, std::vector<float>{NAN, INFINITY})))[0] != 0);
  CHECK(std::isinf(outputs<float>(l2(Tensor::from_values<float>(ElementType::Float, {2}, std::vector<float>{1, -INFINITY})))[0]));
  const double big = 1e300;
  CHECK(outputs<double>(l2(Tensor::from_values<double>(ElementType::Double, {2}, std::vector<double>{big, big})))[0] ==
        doctest::Approx(big * std::sqrt(2.0)).epsilon(1e-15));
  CHECK(outputs<float>(l2(Tensor::from_values<float>(ElementType::Float, {0}, std::vector<float>{})))[0] == 0);
  const Tensor i = Tensor::from_values<int32_t>(ElementType::Int32, {2}, std::vector<int32_t>{2, -2});
  CHECK(l2(i).data_as<int32_t>()[0] == 2);
  const Tensor u = Tensor::from_values<uint64_t>(ElementType::UInt64, {2}, std::vector<uint64_t>{1ull << 32, 1ull << 32});
  CHECK(l2(u).data_as<uint64_t>()[0] == 6074000999ull);  // floor(sqrt(2^65)), by Python's math.isqrt
  const Tensor huge = Tensor::from_values<uint64_t>(ElementType::UInt64, {2}, std::vector<uint64_t>{UINT64_MAX, UINT64_MAX});
  CHECK_THROWS_WITH_AS(l2(huge), "ReduceL2: the exact sum of squares exceeds 2^128", Error);
}

// The double estimate's bound itself (ops/softmax/softmax_lines.cpp): every estimate v_i of a
// normal value is within delta |v_i| of the exact value, computed in MPFR at 400 bits, on long
// lines, lines whose differences x_j - m double must round (exponents far apart), and lines
// whose terms fall below double's range.
TEST_CASE("Softmax, LogSoftmax: the double estimate is within its stated bound (MPFR)") {
  std::mt19937_64 rng(11);
  auto check_line = [&](const std::vector<double>& x, const char* kind) {
    size_t top = 0;
    for (size_t j = 1; j < x.size(); ++j)
      if (x[j] > x[top]) top = j;
    const double m = x[top];
    mpfr_t t, r, d;
    mpfr_inits2(400, t, r, d, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_zero(t, 1);
    for (size_t j = 0; j < x.size(); ++j) {
      if (j == top) continue;
      mpfr_set_d(d, x[j], MPFR_RNDN);
      mpfr_sub_d(d, d, m, MPFR_RNDN);  // exact at 400 bits
      mpfr_exp(d, d, MPFR_RNDN);
      mpfr_add(t, t, d, MPFR_RNDN);
    }
    for (bool logarithm : {false, true}) {
      std::vector<double> v, terms;
      double delta = 0;
      if (!softmax_line_estimate(x, m, top, logarithm, v, delta, terms)) continue;
      int checked = 0, failures = 0;
      for (size_t i = 0; i < x.size(); ++i) {
        if (std::fabs(v[i]) < 0x1p-1022) continue;  // the absolute-error case, covered by the rounding argument
        mpfr_set_d(d, x[i], MPFR_RNDN);
        mpfr_sub_d(d, d, m, MPFR_RNDN);
        if (logarithm) {
          mpfr_log1p(r, t, MPFR_RNDN);
          mpfr_sub(r, d, r, MPFR_RNDN);
        } else {
          mpfr_exp(d, d, MPFR_RNDN);
          mpfr_add_ui(r, t, 1, MPFR_RNDN);
          mpfr_div(r, d, r, MPFR_RNDN);
        }
        mpfr_sub_d(r, r, v[i], MPFR_RNDN);  // exact value - estimate
        mpfr_abs(r, r, MPFR_RNDN);
        mpfr_div_d(r, r, std::fabs(v[i]), MPFR_RNDN);
        ++checked;
        if (mpfr_get_d(r, MPFR_RNDU) > delta) ++failures;
      }
      INFO(kind, " log ", logarithm, " n ", x.size(), " delta ", delta);
      CHECK(checked > 0);
      CHECK(failures == 0);
    }
    mpfr_clears(t, r, d, static_cast<mpfr_ptr>(nullptr));
  };
  std::uniform_real_distribution<double> unit(-1, 1);
  for (int k = 0; k < 4; ++k) {  // long lines of floats: every difference exact, delta 2^-49
    std::vector<double> x(4096);
    for (auto& v : x) v = static_cast<float>(20 * unit(rng));
    check_line(x, "long");
  }
  for (int k = 0; k < 4; ++k) {  // exponents far apart: tiny elements beside a maximum near 1..600
    std::vector<double> x(500);
    for (auto& v : x) v = static_cast<float>(std::ldexp(unit(rng), -static_cast<int>(rng() % 120)));
    x[rng() % x.size()] = static_cast<float>(1 + 600 * std::fabs(unit(rng)));
    check_line(x, "far exponents");
  }
  for (int k = 0; k < 4; ++k) {  // spread past double's range: terms underflow
    std::vector<double> x(300);
    for (auto& v : x) v = static_cast<float>(900 * unit(rng));
    check_line(x, "underflow");
  }
  // Exponents far apart make the bound wider: the estimate says so.
  std::vector<double> v, terms;
  double exact_delta = 0, rounded_delta = 0;
  REQUIRE(softmax_line_estimate({1.0, 0.5, -3.0}, 1.0, 0, false, v, exact_delta, terms));
  REQUIRE(softmax_line_estimate({400.0, 0x1p-60, -3.0}, 400.0, 0, false, v, rounded_delta, terms));
  CHECK(exact_delta == 0x1p-49);
  CHECK(rounded_delta > 10 * exact_delta);
}
