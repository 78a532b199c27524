// MeanVarianceNormalization, GroupNormalization, RMSNormalization and LRN: statistics that are
// exact for the chosen inputs (so the expected values follow from the contract's named rounding
// points, computed here step by step in IEEE double, with MPFR for LRN's power), layouts, versions
// and bad input.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cmath>
#include <vector>

#include "ops/registry.h"
#include "runtime/error.h"

using namespace onnx_ref;

namespace {

std::vector<Value> norm_run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs, Attributes attrs = {}) {
  const OpVersion* v = Registry::builtin().resolve("", op, opset);
  REQUIRE(v != nullptr);
  for (const auto& a : v->attributes)
    if (!attrs.has(a.name) && a.default_value) attrs.set(a.name, *a.default_value);
  if (v->check_attributes) v->check_attributes(attrs);
  KernelContext ctx(attrs, inputs, 1);
  return v->kernel(ctx);
}
Value norm_doubles(Shape s, std::vector<double> v) { return Value(Tensor::from_values<double>(ElementType::Double, std::move(s), v)); }
std::vector<double> norm_values(const Value& v) {
  const Tensor& t = v.tensor();
  return std::vector<double>(t.data_as<double>(), t.data_as<double>() + t.element_count());
}
// base^beta rounded once to double (MPFR, 200 bits then 53).
double mpfr_power(double base, double beta) {
  mpfr_t b, e, r;
  mpfr_inits2(200, b, e, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(b, base, MPFR_RNDN);
  mpfr_set_d(e, beta, MPFR_RNDN);
  mpfr_pow(r, b, e, MPFR_RNDN);
  const double out = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(b, e, r, static_cast<mpfr_ptr>(nullptr));
  return out;
}

}  // namespace

TEST_CASE("MeanVarianceNormalization: (x - mean) / (sqrt(variance) + 1e-9) per group of the axes") {
  // Shape [2, 1, 1, 2], default axes [0, 2, 3]: one group of the four values per channel.
  const auto y = norm_values(norm_run("MeanVarianceNormalization", 9, {norm_doubles({2, 1, 1, 2}, {1, 2, 3, 4})}).at(0));
  const double divisor = std::sqrt(1.25) + static_cast<double>(1e-9f);  // mean 2.5, variance 1.25 exactly
  CHECK(y == std::vector<double>{-1.5 / divisor, -0.5 / divisor, 0.5 / divisor, 1.5 / divisor});
  // Axes [1]: groups are the columns.
  Attributes axes;
  axes.set("axes", std::vector<int64_t>{1});
  const auto rows = norm_values(norm_run("MeanVarianceNormalization", 13, {norm_doubles({2, 2}, {1, 3, 10, 10})}, axes).at(0));
  CHECK(rows[0] == -1 / (1 + static_cast<double>(1e-9f)));
  CHECK(rows[2] == 0);
  // No cancellation: a large offset leaves the deviations exact.
  const auto big = norm_values(norm_run("MeanVarianceNormalization", 13, {norm_doubles({2, 1, 1, 1}, {1e17 + 16, 1e17 - 16})}, Attributes{}).at(0));
  CHECK(big[0] == 16 / (16 + static_cast<double>(1e-9f)));
  Attributes bad;
  bad.set("axes", std::vector<int64_t>{4});
  CHECK_THROWS_AS(norm_run("MeanVarianceNormalization", 13, {norm_doubles({2}, {1, 2})}, bad), Error);
}

TEST_CASE("GroupNormalization: 18 scales per group, 21 per channel; channels must divide into groups") {
  // X [1, 4, 2]: groups {c0, c1} = {1, 3, 5, 7} and {c2, c3} = {0, 0, 4, 4}.
  const Value x = norm_doubles({1, 4, 2}, {1, 3, 5, 7, 0, 0, 4, 4});
  Attributes a;
  a.set("num_groups", int64_t{2});
  a.set("epsilon", 0.0f);
  const double d0 = std::sqrt(5.0), d1 = std::sqrt(4.0);  // variances 5 and 4
  const auto y18 = norm_values(norm_run("GroupNormalization", 18, {x, norm_doubles({2}, {2, 1}), norm_doubles({2}, {0, 1})}, a).at(0));
  CHECK(y18[0] == (1 - 4) / d0 * 2);
  CHECK(y18[3] == (7 - 4) / d0 * 2);
  CHECK(y18[4] == (0 - 2) / d1 + 1);
  const auto y21 = norm_values(norm_run("GroupNormalization", 21, {x, norm_doubles({4}, {1, 2, 3, 4}), norm_doubles({4}, {0, 0, 0, 5})}, a).at(0));
  CHECK(y21[2] == (5 - 4) / d0 * 2);
  CHECK(y21[7] == (4 - 2) / d1 * 4 + 5);
  CHECK_THROWS_WITH_AS(norm_run("GroupNormalization", 21, {x, norm_doubles({2}, {1, 1}), norm_doubles({2}, {0, 0})}, a),
                       "input scale must have shape [4], but it is double[2]", Error);
  // No channels: the output is empty at once, whatever num_groups says.
  Attributes many;
  many.set("num_groups", int64_t{1} << 50);
  CHECK(norm_run("GroupNormalization", 21, {norm_doubles({1, 0, 2}, {}), norm_doubles({0}, {}), norm_doubles({0}, {})}, many)
            .at(0).tensor().shape() == Shape{1, 0, 2});
  Attributes three;
  three.set("num_groups", int64_t{3});
  CHECK_THROWS_WITH_AS(norm_run("GroupNormalization", 21, {x, norm_doubles({4}, {1, 1, 1, 1}), norm_doubles({4}, {0, 0, 0, 0})}, three),
                       "num_groups = 3 must be at least 1 and divide the channel count 4", Error);
}

TEST_CASE("RMSNormalization: x / sqrt(mean(x^2) + epsilon) * scale") {
  Attributes a;
  a.set("epsilon", 0.0f);
  // Rows [3, 4] and [1, 7]: mean squares 12.5 and 25 exactly.
  const auto y = norm_values(norm_run("RMSNormalization", 23, {norm_doubles({2, 2}, {3, 4, 1, 7}), norm_doubles({2}, {1, 2})}, a).at(0));
  CHECK(y == std::vector<double>{3 / std::sqrt(12.5), 4 / std::sqrt(12.5) * 2, 1 / 5.0, 7 / 5.0 * 2});
  Attributes stash;
  stash.set("stash_type", int64_t{7});
  CHECK_THROWS_AS(norm_run("RMSNormalization", 23, {norm_doubles({2}, {3, 4}), norm_doubles({2}, {1, 1})}, stash), Error);
  CHECK_THROWS_AS(norm_run("RMSNormalization", 23, {norm_doubles({2}, {3, 4}), norm_doubles({3}, {1, 1, 1})}), Error);
}

TEST_CASE("LRN: x / (bias + alpha / size * square_sum)^beta over a window of channels") {
  Attributes a;
  a.set("size", int64_t{2});  // window [c, c + 1]
  a.set("alpha", 0.5f);
  a.set("beta", 0.75f);
  a.set("bias", 2.0f);
  const auto y = norm_values(norm_run("LRN", 13, {norm_doubles({1, 3, 1}, {1, 2, 3})}, a).at(0));
  const double k = 0.5 / 2;
  CHECK(y[0] == 1 / mpfr_power(2 + k * 5, 0.75));   // 1 + 4
  CHECK(y[1] == 2 / mpfr_power(2 + k * 13, 0.75));  // 4 + 9
  CHECK(y[2] == 3 / mpfr_power(2 + k * 9, 0.75));   // 9
  Attributes zero;
  zero.set("size", int64_t{0});
  CHECK_THROWS_WITH_AS(norm_run("LRN", 1, {norm_doubles({1, 1}, {1})}, zero), "attribute size = 0 must be at least 1 (the channels summed over)", Error);
  CHECK_THROWS_AS(norm_run("LRN", 1, {norm_doubles({1}, {1})}, a), Error);
}
