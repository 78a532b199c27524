// ReduceLogSum and ReduceLogSumExp: correctly rounded against an MPFR oracle written apart from the
// kernels (exact sums with mpfr_sum, exp and log at 600 bits, rounded once with the IEEE emulation
// of tests/mpfr_oracle.h); special values, integers, versions.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "mpfr_oracle.h"
#include "op_tester.h"
#include "ops/reduce/log_accumulators.h"
#include "ops/reduce/reduction.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;

namespace {

constexpr double kLogInf = std::numeric_limits<double>::infinity();

// log(sum x) (exp_first: log(sum e^x)) at 600 bits, rounded once to `format`.
double log_oracle(const std::vector<double>& x, bool exp_first, numeric::Format format) {
  std::vector<__mpfr_struct> terms(x.size());
  std::vector<mpfr_ptr> pointers(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    mpfr_init2(&terms[i], 600);
    mpfr_set_d(&terms[i], x[i], MPFR_RNDN);
    if (exp_first) mpfr_exp(&terms[i], &terms[i], MPFR_RNDN);
    pointers[i] = &terms[i];
  }
  mpfr_t s;
  mpfr_init2(s, 600);
  mpfr_sum(s, pointers.data(), x.size(), MPFR_RNDN);
  const int exact = mpfr_cmp_ui(s, 1) == 0 || (exp_first && x.size() == 1);
  if (exp_first && x.size() == 1)
    mpfr_set_d(s, x[0], MPFR_RNDN);
  else
    mpfr_log(s, s, MPFR_RNDN);
  const double r = oracle::round_ieee(s, exact ? 0 : 1, format);
  mpfr_clear(s);
  for (auto& t : terms) mpfr_clear(&t);
  return r;
}

template <class S>
double log_kernel_result(const std::vector<double>& x, bool exp_first) {
  std::vector<S> v;
  for (double d : x) v.push_back(narrow<S>(d));
  const S r = exp_first ? LogSumExpAccumulator{}(v.data(), static_cast<int64_t>(v.size()))
                        : LogSumAccumulator{}(v.data(), static_cast<int64_t>(v.size()));
  return widen(r);
}

template <class S>
void check_random_runs(std::mt19937_64& rng, bool exp_first, int trials, double scale) {
  std::uniform_int_distribution<int> length(1, 12);
  std::uniform_real_distribution<double> value(exp_first ? -scale : 0.0, scale);
  for (int t = 0; t < trials; ++t) {
    std::vector<double> x(static_cast<size_t>(length(rng)));
    for (auto& v : x) v = widen(narrow<S>(value(rng)));  // values of the element type
    const double expected = log_oracle(x, exp_first, numeric::format_of<S>());
    const double got = log_kernel_result<S>(x, exp_first);
    INFO("trial " << t << " first " << x[0] << " n " << x.size() << " expected " << expected << " got " << got);
    CHECK(oracle::same_result(expected, got));
  }
}

std::vector<Value> log_run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs,
                           Attributes attrs = {}) {
  REQUIRE(Registry::builtin().resolve("", op, opset) != nullptr);
  return testing::run_node_rule(op, opset, inputs, attrs);
}

}  // namespace

TEST_CASE("ReduceLogSum, ReduceLogSumExp: every floating format is correctly rounded (MPFR oracle)") {
  std::mt19937_64 rng(2026);
  check_random_runs<float>(rng, false, 400, 100.0);
  check_random_runs<double>(rng, false, 200, 100.0);
  check_random_runs<Float16Bits>(rng, false, 300, 50.0);
  check_random_runs<BFloat16Bits>(rng, false, 300, 50.0);
  check_random_runs<float>(rng, true, 400, 30.0);
  check_random_runs<double>(rng, true, 200, 30.0);
  check_random_runs<Float16Bits>(rng, true, 300, 8.0);
  check_random_runs<BFloat16Bits>(rng, true, 300, 30.0);
  // Sums near 1, where log is near 0 and a double estimate cannot decide the rounding.
  for (const std::vector<double>& x :
       std::vector<std::vector<double>>{{0.5, 0.5}, {0.25, 0.75, 0x1p-30}, {1, -0x1p-40}, {0.5, 0.5 + 0x1p-24}}) {
    CHECK(oracle::same_result(log_kernel_result<float>(x, false), log_oracle(x, false, numeric::Format::Float)));
    CHECK(oracle::same_result(log_kernel_result<double>(x, false), log_oracle(x, false, numeric::Format::Double)));
  }
  // Large elements: LogSumExp never overflows, the sum of logs stays exact.
  CHECK(log_kernel_result<float>({3e38, 3e38}, true) == static_cast<double>(3e38f));
  CHECK(oracle::same_result(log_kernel_result<double>({700, 710, 1e5}, true),
                            log_oracle({700, 710, 1e5}, true, numeric::Format::Double)));
  // The sum 6e38 is beyond float's range; its log is not.
  CHECK(oracle::same_result(log_kernel_result<float>({3e38, 3e38}, false),
                            log_oracle({widen(3e38f), widen(3e38f)}, false, numeric::Format::Float)));
}

TEST_CASE("ReduceLogSum, ReduceLogSumExp: special values and empty sets") {
  CHECK(log_kernel_result<float>({}, false) == -kLogInf);
  CHECK(log_kernel_result<float>({}, true) == -kLogInf);
  CHECK(log_kernel_result<float>({0.0, -0.0}, false) == -kLogInf);
  CHECK(std::isnan(log_kernel_result<float>({1.0, -2.0}, false)));
  CHECK(std::isnan(log_kernel_result<float>({1.0, -kLogInf}, false)));
  CHECK(log_kernel_result<float>({1.0, kLogInf}, false) == kLogInf);
  CHECK(oracle::same_result(log_kernel_result<float>({0.25, 0.75}, false), 0.0));  // log 1 = +0 exactly
  CHECK(oracle::same_result(log_kernel_result<double>({1.0}, false), 0.0));
  CHECK(std::isnan(log_kernel_result<float>({1.0, std::nan("")}, true)));
  CHECK(log_kernel_result<float>({1.0, kLogInf}, true) == kLogInf);
  CHECK(log_kernel_result<float>({-kLogInf, -kLogInf}, true) == -kLogInf);
  CHECK(log_kernel_result<float>({-kLogInf, 2.5}, true) == 2.5);  // log(e^2.5) exactly
  CHECK(log_kernel_result<double>({-1e300}, true) == -1e300);
}

TEST_CASE("ReduceLogSum, ReduceLogSumExp: integers truncate the exact value toward zero") {
  const auto i32 = [](std::vector<int32_t> v) { return v; };
  auto ls = [](std::vector<int32_t> v) { return LogSumAccumulator{}(v.data(), static_cast<int64_t>(v.size())); };
  auto lse = [](std::vector<int64_t> v) { return LogSumExpAccumulator{}(v.data(), static_cast<int64_t>(v.size())); };
  CHECK(ls(i32({1, 2, 3, 4})) == 2);  // log 10 = 2.30
  CHECK(ls(i32({1})) == 0);
  CHECK(ls(i32({7, 13})) == 2);  // log 20 = 2.996
  CHECK(ls(i32({21})) == 3);     // log 21 = 3.04
  CHECK_THROWS_AS(ls(i32({0})), Error);
  CHECK_THROWS_AS(ls(i32({3, -5})), Error);
  CHECK(lse({3, 3}) == 3);        // 3 + log 2
  CHECK(lse({-5, -5}) == -4);     // -4.31
  CHECK(lse({-1, -1, -1}) == 0);  // 0.0986
  CHECK(lse({-2, -2, -2}) == 0);  // -0.901
  CHECK(lse({-9}) == -9);
  CHECK(lse({INT64_MIN, INT64_MAX}) == INT64_MAX);
  CHECK_THROWS_AS(lse({}), Error);
  std::vector<int32_t> top{INT32_MAX, INT32_MAX, INT32_MAX};  // INT32_MAX + 1.0986 wraps
  CHECK(LogSumExpAccumulator{}(top.data(), 3) == INT32_MIN);
  std::vector<uint64_t> u{10, 0, 10};
  CHECK(LogSumExpAccumulator{}(u.data(), 3) == 10);  // 10.69
}

TEST_CASE("ReduceLogSum, ReduceLogSumExp versions: axes attribute and input, keepdims, noop") {
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {2, 2}, std::vector<float>{1, 2, 3, 4});
  Attributes a1;
  a1.set("axes", std::vector<int64_t>{1});
  a1.set("keepdims", int64_t{0});
  const Tensor r = log_run("ReduceLogSum", 1, {Value(x)}, a1).at(0).tensor();
  CHECK(r.shape() == Shape{2});
  CHECK(r.data_as<float>()[0] == static_cast<float>(std::log(3.0)));
  CHECK(r.data_as<float>()[1] == static_cast<float>(std::log(7.0)));
  const Tensor axes = Tensor::from_values<int64_t>(ElementType::Int64, {1}, std::vector<int64_t>{0});
  const Tensor e = log_run("ReduceLogSumExp", 18, {Value(x), Value(axes)}).at(0).tensor();
  CHECK(e.shape() == Shape{1, 2});
  CHECK(e.data_as<float>()[0] == static_cast<float>(3 + std::log1p(std::exp(-2.0))));
  Attributes noop;
  noop.set("noop_with_empty_axes", int64_t{1});
  const Tensor same = log_run("ReduceLogSum", 18, {Value(x)}, noop).at(0).tensor();
  CHECK(same.data_as<float>()[3] == static_cast<float>(std::log(4.0)));  // no reduction, but the log still applies
  const Tensor all = log_run("ReduceLogSumExp", 13, {Value(x)}).at(0).tensor();
  CHECK(all.shape() == Shape{1, 1});
  const Tensor empty = Tensor::from_values<float>(ElementType::Float, {0, 2}, std::vector<float>{});
  Attributes over0;
  over0.set("axes", std::vector<int64_t>{0});
  const Tensor minus_inf = log_run("ReduceLogSum", 13, {Value(empty)}, over0).at(0).tensor();
  CHECK(minus_inf.shape() == Shape{1, 2});
  CHECK(minus_inf.data_as<float>()[1] == -std::numeric_limits<float>::infinity());
}

// spec: ReduceLogSum-18: "composite-reduction operators will still perform the non-reduction steps"
TEST_CASE("ReduceLogSum-18: noop_with_empty_axes = 1 without axes gives log(x) for each element, not x") {
  const std::vector<float> xs{1, 4, 0.3f};
  Attributes noop;
  noop.set("noop_with_empty_axes", int64_t{1});
  const Tensor y = log_run("ReduceLogSum", 18, {Value(Tensor::from_values<float>(ElementType::Float, {3}, xs))}, noop)
                       .at(0)
                       .tensor();
  REQUIRE(y.shape() == Shape{3});
  for (size_t i = 0; i < 3; ++i)
    CHECK(static_cast<double>(y.data_as<float>()[i]) ==
          oracle::reference(numeric::Fn::Log, numeric::Format::Float, xs[i]));
}
