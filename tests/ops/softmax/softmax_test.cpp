// Unit tests of ops/softmax/softmax.cpp.
#include "helpers/softmax.h"

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
    for (const auto& line :
         {std::vector<float>{1, NAN}, std::vector<float>{1, INFINITY}, std::vector<float>{-INFINITY, -INFINITY}})
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
  const Tensor x =
      Tensor::from_values<float>(ElementType::Float, {2, 2, 2}, std::vector<float>{0, 1, 2, 3, 7, 6, 5, 4});
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
  CHECK_THROWS_AS(run("LogSoftmax", 11, Tensor::from_values<float>(ElementType::Float, {}, std::vector<float>{1})),
                  Error);
  CHECK(!Registry::builtin()
             .resolve("", "Softmax", 11)
             ->constraint("T")
             .allows(ValueType::tensor(ElementType::BFloat16)));
}

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
