// Unit tests of ops/random/random_uniform.cpp.
#include "helpers/random_ops.h"

TEST_CASE("RandomUniform: each element is low + (high - low) u_i rounded once, u_i from the seed's stream") {
  Attributes a = random_defaults("RandomUniform", 22);
  a.set("shape", std::vector<int64_t>{3, 50});
  a.set("low", -2.5f);
  a.set("high", 0.1f);
  a.set("seed", 7.0f);
  const RandomStream stream(seed_from_attribute(7.0f), 0);
  for (int64_t dtype : {1, 10, 11, 16}) {
    a.set("dtype", dtype);
    const Tensor y = run_random_op("RandomUniform", 22, {}, a)[0].tensor();
    CHECK(y.shape() == Shape{3, 50});
    const numeric::Format f = dtype == 1    ? numeric::Format::Float
                              : dtype == 10 ? numeric::Format::Float16
                              : dtype == 11 ? numeric::Format::Double
                                            : numeric::Format::BFloat16;
    const std::vector<double> got = random_values(y);
    for (size_t i = 0; i < got.size(); ++i) {
      mpfr_t v, t;
      mpfr_inits2(400, v, t, static_cast<mpfr_ptr>(nullptr));
      mpfr_set_d(v, static_cast<double>(0.1f), MPFR_RNDN);
      mpfr_sub_d(v, v, static_cast<double>(-2.5f), MPFR_RNDN);
      mpfr_mul_d(v, v, stream.uniform_double(i), MPFR_RNDN);
      mpfr_add_d(v, v, -2.5, MPFR_RNDN);
      const double want = oracle::round_ieee(v, 0, f);
      mpfr_clears(v, t, static_cast<mpfr_ptr>(nullptr));
      CAPTURE(dtype);
      CAPTURE(i);
      CHECK(got[i] == want);
      CHECK(got[i] >= -2.5);
      CHECK(got[i] <= static_cast<double>(0.1f));
    }
  }
  // The same seed gives the same tensor; the run's streams differ per call but repeat per run seed.
  a.set("dtype", int64_t{1});
  CHECK(run_random_op("RandomUniform", 22, {}, a)[0].tensor().identical_to(
      run_random_op("RandomUniform", 22, {}, a)[0].tensor()));
  Attributes u = random_defaults("RandomUniform", 1);
  u.set("shape", std::vector<int64_t>{16});
  RunContext r1(RunOptions{1, 5, 1000}), r2(RunOptions{1, 5, 1000});
  const Tensor a1 = run_random_op("RandomUniform", 1, {}, u, &r1)[0].tensor();
  const Tensor a2 = run_random_op("RandomUniform", 1, {}, u, &r1)[0].tensor();
  CHECK(!a1.identical_to(a2));
  CHECK(run_random_op("RandomUniform", 1, {}, u, &r2)[0].tensor().identical_to(a1));
  u.set("dtype", int64_t{16});  // bfloat16 arrived with version 22
  CHECK_THROWS_WITH_AS(run_random_op("RandomUniform", 1, {}, u), doctest::Contains("attribute 'dtype' = 16 is not"),
                       Error);
  u.set("dtype", int64_t{1});
  u.set("shape", std::vector<int64_t>{2, -1});
  CHECK_THROWS_AS(run_random_op("RandomUniform", 1, {}, u), Error);
}
