// The random operators: with a seed every element is the documented function of Philox word i
// (checked against RandomStream and an MPFR evaluation of low + (high - low) u), values stay in the
// distribution's support, runs repeat, and bad attributes or inputs are one-line errors.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cmath>
#include <vector>

#include "mpfr_oracle.h"
#include "numeric/random.h"
#include "ops/registry.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

std::vector<Value> run_random_op(const std::string& op, int since, std::vector<std::optional<Value>> inputs,
                                 const Attributes& attrs, RunContext* run = nullptr) {
  const OpVersion* v = Registry::builtin().resolve("", op, since);
  REQUIRE(v);
  REQUIRE(v->since_version == since);
  if (v->check_attributes) v->check_attributes(attrs);
  KernelContext ctx(attrs, inputs, 1, run);
  return v->kernel(ctx);
}

Attributes random_defaults(const std::string& op, int since) {
  Attributes a;
  for (const auto& spec : Registry::builtin().resolve("", op, since)->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  return a;
}

std::vector<double> random_values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.element_count(); ++i) v.push_back(read_real(t.type(), t.data(), i));
  return v;
}

}  // namespace

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
    const numeric::Format f = dtype == 1 ? numeric::Format::Float : dtype == 10 ? numeric::Format::Float16
                              : dtype == 11 ? numeric::Format::Double : numeric::Format::BFloat16;
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
  CHECK(run_random_op("RandomUniform", 22, {}, a)[0].tensor().identical_to(run_random_op("RandomUniform", 22, {}, a)[0].tensor()));
  Attributes u = random_defaults("RandomUniform", 1);
  u.set("shape", std::vector<int64_t>{16});
  RunContext r1(RunOptions{1, 5, 1000}), r2(RunOptions{1, 5, 1000});
  const Tensor a1 = run_random_op("RandomUniform", 1, {}, u, &r1)[0].tensor();
  const Tensor a2 = run_random_op("RandomUniform", 1, {}, u, &r1)[0].tensor();
  CHECK(!a1.identical_to(a2));
  CHECK(run_random_op("RandomUniform", 1, {}, u, &r2)[0].tensor().identical_to(a1));
  u.set("dtype", int64_t{16});  // bfloat16 arrived with version 22
  CHECK_THROWS_WITH_AS(run_random_op("RandomUniform", 1, {}, u), doctest::Contains("attribute 'dtype' = 16 is not"), Error);
  u.set("dtype", int64_t{1});
  u.set("shape", std::vector<int64_t>{2, -1});
  CHECK_THROWS_AS(run_random_op("RandomUniform", 1, {}, u), Error);
}

TEST_CASE("RandomNormal and the -Like forms: Box-Muller from the stream, shapes and types") {
  Attributes a = random_defaults("RandomNormalLike", 22);
  a.set("mean", 3.0f);
  a.set("scale", 0.5f);
  a.set("seed", 1.0f);
  const Tensor x = Tensor::zeros(T::Double, {4, 5});
  const Tensor y = run_random_op("RandomNormalLike", 22, {Value(x)}, a)[0].tensor();
  CHECK(y.type() == T::Double);
  CHECK(y.shape() == Shape{4, 5});
  const RandomStream stream(seed_from_attribute(1.0f), 0);
  const std::vector<double> got = random_values(y);
  for (size_t i = 0; i < got.size(); ++i) {
    const double u1 = stream.uniform_double(2 * i), u2 = stream.uniform_double(2 * i + 1);
    CHECK(got[i] == 3.0 + 0.5 * (std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(6.283185307179586476925286766559 * u2)));
  }
  // An integer input needs dtype; strings give only their shape.
  CHECK_THROWS_WITH_AS(run_random_op("RandomUniformLike", 1, {Value(Tensor::zeros(T::Int32, {2}))}, random_defaults("RandomUniformLike", 1)),
                       doctest::Contains("without 'dtype' the output takes the input's type"), Error);
  Attributes s = random_defaults("RandomUniformLike", 1);
  s.set("dtype", int64_t{10});
  s.set("seed", 2.0f);
  const Tensor h = run_random_op("RandomUniformLike", 1, {Value(Tensor::from_strings({3}, {"a", "b", "c"}))}, s)[0].tensor();
  CHECK(h.type() == T::Float16);
  for (double v : random_values(h)) CHECK((v >= 0 && v <= 1));
}

TEST_CASE("Bernoulli: u_i < p_i, the edges 0 and 1, dtype, probabilities outside [0, 1] refused") {
  Attributes a;
  a.set("seed", 3.0f);
  std::vector<float> p(400);
  for (size_t i = 0; i < p.size(); ++i) p[i] = (i % 4) / 3.0f;
  const Tensor x = Tensor::from_values<float>(T::Float, {20, 20}, p);
  const Tensor y = run_random_op("Bernoulli", 15, {Value(x)}, a)[0].tensor();
  CHECK(y.type() == T::Float);
  const RandomStream stream(seed_from_attribute(3.0f), 0);
  const std::vector<double> got = random_values(y);
  for (size_t i = 0; i < got.size(); ++i) CHECK(got[i] == (stream.uniform_double(i) < static_cast<double>(p[i]) ? 1.0 : 0.0));
  for (size_t i = 0; i < got.size(); i += 4) CHECK(got[i] == 0);      // p = 0
  for (size_t i = 3; i < got.size(); i += 4) CHECK(got[i] == 1);      // p = 1
  a.set("dtype", int64_t{9});
  CHECK(run_random_op("Bernoulli", 22, {Value(x)}, a)[0].tensor().type() == T::Bool);
  CHECK_THROWS_WITH_AS(run_random_op("Bernoulli", 15, {Value(Tensor::from_values<float>(T::Float, {2}, {0.5f, 1.5f}))}, a),
                       "input element 1 = 1.500000 is not a probability in [0, 1]", Error);
}

TEST_CASE("Multinomial: samples from the row's softmax, -inf classes never drawn, bad rows refused") {
  Attributes a = random_defaults("Multinomial", 7);
  a.set("sample_size", int64_t{200});
  a.set("seed", 4.0f);
  const float ninf = -INFINITY;
  const Tensor x = Tensor::from_values<float>(T::Float, {2, 3}, {0, ninf, 0, ninf, ninf, 5});
  const Tensor y = run_random_op("Multinomial", 7, {Value(x)}, a)[0].tensor();
  CHECK(y.type() == T::Int32);
  CHECK(y.shape() == Shape{2, 200});
  const std::vector<double> got = random_values(y);
  const RandomStream stream(seed_from_attribute(4.0f), 0);
  for (size_t j = 0; j < 200; ++j) {
    // Row 0: classes 0 and 2 with weights 1 and 1 (cumulative 1, 1, 2): u * 2 < 1 picks class 0.
    CHECK(got[j] == (stream.uniform_double(j) * 2 < 1 ? 0 : 2));
    CHECK(got[200 + j] == 2);
  }
  a.set("dtype", int64_t{7});
  CHECK(run_random_op("Multinomial", 22, {Value(x)}, a)[0].tensor().type() == T::Int64);
  CHECK_THROWS_WITH_AS(run_random_op("Multinomial", 7, {Value(Tensor::from_values<float>(T::Float, {1, 2}, {ninf, ninf}))}, a),
                       "row 0 is all -inf: every class has probability 0", Error);
  a.set("sample_size", int64_t{0});
  CHECK_THROWS_WITH_AS(run_random_op("Multinomial", 7, {Value(x)}, a), "attribute 'sample_size' = 0 must be at least 1", Error);
}
