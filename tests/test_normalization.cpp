// BatchNormalization, InstanceNormalization, LayerNormalization: the contract of
// ops/normalization/normalization.h (exact statistics rounded once to double, each step of the
// formula rounded to double) checked against an MPFR oracle that evaluates the same named points
// independently (sums at 4000 bits, exact for these inputs; each step at 53 bits), plus hand
// computations, the cancellation E[x^2] - E[x]^2 suffers, every mode and the bad inputs.
#include <doctest/doctest.h>

#include <mpfr.h>

#include <cmath>
#include <limits>
#include <random>

#include "mpfr_oracle.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;

namespace {

using AttrList = std::vector<std::pair<std::string, AttrValue>>;

std::vector<Value> run_norm(const std::string& op, int opset, const std::vector<std::optional<Tensor>>& in,
                            const AttrList& attrs = {}, size_t outputs = 1) {
  const OpVersion* v = Registry::builtin().resolve("", op, opset);
  REQUIRE(v != nullptr);
  Attributes a;
  for (const auto& spec : v->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  for (const auto& [name, value] : attrs) a.set(name, value);
  if (v->check_attributes) v->check_attributes(a);
  std::vector<std::optional<Value>> inputs;
  for (const auto& t : in) inputs.push_back(t ? std::optional<Value>(Value(*t)) : std::nullopt);
  KernelContext ctx(a, inputs, outputs);
  return v->kernel(ctx);
}

Tensor floats(const Shape& shape, std::vector<float> v) { return Tensor::from_values<float>(ElementType::Float, shape, v); }

std::vector<double> as_doubles(const Value& v) {
  const Tensor& t = v.tensor();
  std::vector<double> out;
  dispatch_real(t.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      for (int64_t i = 0; i < t.element_count(); ++i) out.push_back(widen(t.data_as<S>()[i]));
    }
  });
  return out;
}

// The oracle of the contract, in MPFR: mean and variance from exact sums (4000 bits hold any sum
// of these float inputs exactly) rounded once to 53 bits; then each step at 53 bits, nearest.
struct OracleStats {
  double mean, variance;
};
OracleStats oracle_stats(const std::vector<double>& x) {
  mpfr_t s, t, m;
  mpfr_inits2(4000, s, t, static_cast<mpfr_ptr>(nullptr));
  mpfr_init2(m, 53);
  mpfr_set_zero(s, 1);
  for (double v : x) mpfr_add_d(s, s, v, MPFR_RNDN);
  mpfr_div_ui(m, s, x.size(), MPFR_RNDN);  // one rounding, to 53 bits
  const double mean = mpfr_get_d(m, MPFR_RNDN);
  mpfr_set_zero(s, 1);
  for (double v : x) {
    mpfr_set_d(t, v, MPFR_RNDN);
    mpfr_sub_d(t, t, mean, MPFR_RNDN);
    mpfr_sqr(t, t, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
  }
  mpfr_div_ui(m, s, x.size(), MPFR_RNDN);
  const double variance = mpfr_get_d(m, MPFR_RNDN);
  mpfr_clears(s, t, m, static_cast<mpfr_ptr>(nullptr));
  return {mean, variance};
}

// (x - mean) / sqrt(variance + eps) * scale + bias, each step at 53 bits, then to float.
double oracle_normalize(double x, OracleStats st, float eps, double scale, double bias) {
  mpfr_t a, d;
  mpfr_inits2(53, a, d, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(d, st.variance, MPFR_RNDN);
  mpfr_add_d(d, d, eps, MPFR_RNDN);
  mpfr_sqrt(d, d, MPFR_RNDN);
  mpfr_set_d(a, x, MPFR_RNDN);
  mpfr_sub_d(a, a, st.mean, MPFR_RNDN);
  mpfr_div(a, a, d, MPFR_RNDN);
  mpfr_mul_d(a, a, scale, MPFR_RNDN);
  const int inex = mpfr_add_d(a, a, bias, MPFR_RNDN);
  const double out = oracle::round_ieee(a, inex, numeric::Format::Float);
  mpfr_clears(a, d, static_cast<mpfr_ptr>(nullptr));
  return out;
}

}  // namespace

TEST_CASE("BatchNormalization inference: hand-computed values at every version") {
  // epsilon 0.25 with var 3.75 and 8.75: standard deviations 2 and 3 exactly.
  const Tensor x = floats({1, 2, 2}, {5, -3, 1, 7});
  const Tensor scale = floats({2}, {3, 0.5f}), bias = floats({2}, {1, -1});
  const Tensor mean = floats({2}, {1, 1}), var = floats({2}, {3.75f, 8.75f});
  for (int opset : {1, 6, 7, 9, 14, 15}) {
    AttrList attrs{{"epsilon", 0.25f}};
    if (opset == 1) attrs.push_back({"consumed_inputs", std::vector<int64_t>{}});
    const auto y = run_norm("BatchNormalization", opset, {x, scale, bias, mean, var}, attrs);
    // channel 0: (5-1)/2*3+1 = 7, (-3-1)/2*3+1 = -5; channel 1: (1-1)/3*0.5-1 = -1, (7-1)/3*0.5-1 = 0
    CHECK(as_doubles(y[0]) == std::vector<double>{7, -5, -1, 0});
  }
}

TEST_CASE("BatchNormalization training: exact batch statistics where E[x^2]-E[x]^2 cancels") {
  // Channel values 10000.5 and 10001.5 (float): mean 10001, population variance 0.25 exactly.
  // In float, E[x^2] - E[x]^2 = 100020001.25 - 100020001 loses everything (x^2 needs 31 bits).
  const Tensor x = floats({2, 1}, {10000.5f, 10001.5f});
  const Tensor one = floats({1}, {1}), zero = floats({1}, {0});
  const auto out = run_norm("BatchNormalization", 15, {x, one, zero, floats({1}, {2}), floats({1}, {4})},
                            {{"training_mode", int64_t{1}}, {"momentum", 0.5f}, {"epsilon", 0.0f}}, 3);
  REQUIRE(out.size() == 3);
  CHECK(as_doubles(out[0]) == std::vector<double>{-1, 1});  // (x - 10001) / 0.5
  CHECK(as_doubles(out[1]) == std::vector<double>{(2 + 10001) * 0.5});
  CHECK(as_doubles(out[2]) == std::vector<double>{(4 + 0.25) * 0.5});
  // Version 9: the mode follows the outputs; saved_mean and saved_var are the batch's.
  const auto old = run_norm("BatchNormalization", 9, {x, one, zero, floats({1}, {2}), floats({1}, {4})},
                            {{"momentum", 0.5f}, {"epsilon", 0.0f}}, 5);
  REQUIRE(old.size() == 5);
  CHECK(as_doubles(old[3]) == std::vector<double>{10001});
  CHECK(as_doubles(old[4]) == std::vector<double>{0.25});
  // One output: test mode, the given statistics.
  const auto test = run_norm("BatchNormalization", 9, {x, one, zero, floats({1}, {10001}), floats({1}, {1})},
                             {{"epsilon", 0.0f}}, 1);
  CHECK(as_doubles(test[0]) == std::vector<double>{-0.5, 0.5});
  // spatial = 0 (version 7): statistics per element of [C, D] over the batch.
  const Tensor x3 = floats({2, 1, 2}, {1, 10, 3, 30});
  const auto ns = run_norm("BatchNormalization", 7,
                           {x3, floats({1, 2}, {1, 1}), floats({1, 2}, {0, 0}), floats({1, 2}, {0, 0}), floats({1, 2}, {0, 0})},
                           {{"spatial", int64_t{0}}, {"epsilon", 0.0f}}, 5);
  CHECK(as_doubles(ns[0]) == std::vector<double>{-1, -1, 1, 1});
  CHECK(as_doubles(ns[3]) == std::vector<double>{2, 20});
  CHECK(as_doubles(ns[4]) == std::vector<double>{1, 100});
}

TEST_CASE("BatchNormalization training and InstanceNormalization match the MPFR oracle of their contract") {
  std::mt19937_64 rng(1729);
  std::uniform_real_distribution<double> dist(-1, 1);
  for (int trial = 0; trial < 200; ++trial) {
    const int64_t n = 1 + static_cast<int64_t>(rng() % 3), c = 1 + static_cast<int64_t>(rng() % 3),
                  d = 1 + static_cast<int64_t>(rng() % 6);
    const double offset = trial % 2 ? 1000.0 : 0.0;  // a large common offset makes E[x^2]-E[x]^2 cancel
    std::vector<float> xv, sv, bv;
    for (int64_t i = 0; i < n * c * d; ++i) xv.push_back(static_cast<float>(offset + dist(rng)));
    for (int64_t i = 0; i < c; ++i) sv.push_back(static_cast<float>(dist(rng) * 4)), bv.push_back(static_cast<float>(dist(rng)));
    const float eps = 1e-5f;
    const Tensor x = floats({n, c, d}, xv), s = floats({c}, sv), b = floats({c}, bv);
    const auto bn = run_norm("BatchNormalization", 15, {x, s, b, floats({c}, std::vector<float>(c, 0)), floats({c}, std::vector<float>(c, 1))},
                             {{"training_mode", int64_t{1}}}, 1);
    const auto in = run_norm("InstanceNormalization", 22, {x, s, b});
    const std::vector<double> ybn = as_doubles(bn[0]), yin = as_doubles(in[0]);
    for (int64_t ch = 0; ch < c; ++ch) {
      std::vector<double> group;
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < d; ++j) group.push_back(xv[(i * c + ch) * d + j]);
      const OracleStats st = oracle_stats(group);
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < d; ++j) {
          const int64_t k = (i * c + ch) * d + j;
          CHECK(ybn[k] == oracle_normalize(xv[k], st, eps, sv[ch], bv[ch]));
        }
      for (int64_t i = 0; i < n; ++i) {
        std::vector<double> inst(xv.begin() + (i * c + ch) * d, xv.begin() + (i * c + ch + 1) * d);
        const OracleStats sti = oracle_stats(inst);
        for (int64_t j = 0; j < d; ++j) {
          const int64_t k = (i * c + ch) * d + j;
          CHECK(yin[k] == oracle_normalize(xv[k], sti, eps, sv[ch], bv[ch]));
        }
      }
    }
  }
}

TEST_CASE("LayerNormalization: statistics, Mean and InvStdDev outputs, broadcast Scale, no B") {
  // Rows {1, 3} and {10, 14}: means 2 and 12, variances 1 and 4; eps 0: InvStdDev 1 and 0.5.
  const Tensor x = floats({2, 2}, {1, 3, 10, 14});
  const auto out = run_norm("LayerNormalization", 17, {x, floats({2}, {2, 3}), floats({2}, {1, 1})},
                            {{"epsilon", 0.0f}}, 3);
  REQUIRE(out.size() == 3);
  CHECK(as_doubles(out[0]) == std::vector<double>{-1, 4, -1, 4});
  CHECK(out[1].tensor().shape() == Shape{2, 1});
  CHECK(as_doubles(out[1]) == std::vector<double>{2, 12});
  CHECK(as_doubles(out[2]) == std::vector<double>{1, 0.5});
  // axis 0 over everything, Scale broadcast from [1], B absent (-0 stays -0: no addition).
  const auto all = run_norm("LayerNormalization", 17, {floats({2}, {5, 5}), floats({1}, {-1}), std::nullopt},
                            {{"axis", int64_t{0}}}, 1);
  CHECK(std::signbit(as_doubles(all[0])[0]));
  // bfloat16 statistics when stash_type = 16.
  const auto bf = run_norm("LayerNormalization", 17, {x, floats({2}, {1, 1})}, {{"stash_type", int64_t{16}}}, 2);
  CHECK(bf[1].tensor().type() == ElementType::BFloat16);
  // A float row whose naive float variance cancels: mean 16777214, deviations ±1 (x^2 needs 48 bits).
  const auto c = run_norm("LayerNormalization", 17, {floats({1, 2}, {16777215, 16777213}), floats({2}, {1, 1})},
                          {{"epsilon", 0.0f}}, 3);
  CHECK(as_doubles(c[0]) == std::vector<double>{1, -1});
  CHECK(as_doubles(c[2]) == std::vector<double>{1});
}

TEST_CASE("Normalizations refuse bad inputs with one-line errors") {
  const Tensor x = floats({1, 2, 2}, {1, 2, 3, 4}), two = floats({2}, {1, 1}), three = floats({3}, {1, 1, 1});
  CHECK_THROWS_WITH_AS(run_norm("BatchNormalization", 15, {x, three, two, two, two}),
                       "input scale must have shape [2], but it is float[3]", Error);
  CHECK_THROWS_AS(run_norm("BatchNormalization", 15, {floats({2}, {1, 2}), two, two, two, two}), Error);
  CHECK_THROWS_WITH_AS(run_norm("BatchNormalization", 15, {x, two, two, two, two}, {}, 3),
                       "training_mode = 0 has only the output Y, but the node asks for 3", Error);
  CHECK_THROWS_AS(run_norm("BatchNormalization", 15, {x, two, two, two, two}, {{"training_mode", int64_t{2}}}), Error);
  CHECK_THROWS_AS(run_norm("BatchNormalization", 6, {x, two, two, two, two}, {{"is_test", int64_t{1}}}, 2), Error);
  CHECK_THROWS_AS(run_norm("InstanceNormalization", 6, {floats({2, 2}, {1, 2, 3, 4}), two, two}), Error);
  CHECK_THROWS_AS(run_norm("InstanceNormalization", 6, {x, three, two}), Error);
  CHECK_THROWS_AS(run_norm("LayerNormalization", 17, {x, three}), Error);
  CHECK_THROWS_AS(run_norm("LayerNormalization", 17, {x, two}, {{"axis", int64_t{3}}}), Error);
  CHECK_THROWS_AS(run_norm("LayerNormalization", 17, {x, two}, {{"stash_type", int64_t{11}}}), Error);
}

TEST_CASE("LpNormalization: x divided by the exact L1 or correctly rounded L2 norm of its line") {
  const auto l2 = run_norm("LpNormalization", 22, {floats({2, 2}, {3, 4, 0, 0})}, {{"axis", int64_t{-1}}});
  const std::vector<double> y = as_doubles(l2[0]);
  CHECK(y[0] == static_cast<double>(0.6f));  // 3/5 and 4/5, rounded to nearest float
  CHECK(y[1] == static_cast<double>(0.8f));
  CHECK(y[2] == 0.0);  // a zero norm gives zero (LpNormalization-22: "the output is defined to be zero")
  const auto l1 = run_norm("LpNormalization", 1, {floats({2, 2}, {1, -2, 3, 6})}, {{"axis", int64_t{0}}, {"p", int64_t{1}}});
  CHECK(as_doubles(l1[0]) == std::vector<double>{0.25, -0.25, 0.75, 0.75});
  // 2^70 squares to 2^140, beyond float but exact in the sum: no overflow, 1/sqrt(2) rounded.
  const float big = 0x1p70f;
  const auto wide = run_norm("LpNormalization", 22, {floats({2}, {big, big})});
  CHECK(as_doubles(wide[0])[0] == static_cast<double>(static_cast<float>(1 / std::sqrt(2.0))));
  CHECK_THROWS_AS(run_norm("LpNormalization", 22, {floats({2}, {1, 1})}, {{"p", int64_t{3}}}), Error);
}
