// Unit tests of ops/random/bernoulli.cpp.
#include "helpers/random_ops.h"
#include "helpers/random_rules.h"

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
  for (size_t i = 0; i < got.size(); ++i)
    CHECK(got[i] == (stream.uniform_double(i) < static_cast<double>(p[i]) ? 1.0 : 0.0));
  for (size_t i = 0; i < got.size(); i += 4) CHECK(got[i] == 0);  // p = 0
  for (size_t i = 3; i < got.size(); i += 4) CHECK(got[i] == 1);  // p = 1
  a.set("dtype", int64_t{9});
  CHECK(run_random_op("Bernoulli", 22, {Value(x)}, a)[0].tensor().type() == T::Bool);
  CHECK_THROWS_WITH_AS(
      run_random_op("Bernoulli", 15, {Value(Tensor::from_values<float>(T::Float, {2}, {0.5f, 1.5f}))}, a),
      "input element 1 = 1.500000 is not a probability in [0, 1]", Error);
}

namespace random_rules_tests {

// spec: Bernoulli-15,22: "The returned output tensor only has values 0 or 1, same shape as input tensor."
// spec: Bernoulli-15,22: "All values in input have to be in the range:[0, 1]."
// spec: Bernoulli-15,22: "The input tensor should be a tensor containing probabilities p (a value in the range [0,1]) to be used for drawing the binary random number, where an output of 1 is produced with probability p and an output of 0 is produced with probability (1-p)."
TEST_CASE(
    "Bernoulli, every version: 0 or 1 of the input's shape; p = 0 gives 0 and p = 1 gives 1; p outside [0, 1] is "
    "refused") {
  const Tensor p = Tensor::from_values<float>(T::Float, {2, 3}, {0, 1, 0.5f, 0.5f, 0, 1});
  for (int64_t v : {15, 22}) {
    INFO("Bernoulli-", v);
    const Tensor y = run("Bernoulli", v, {p}, {});
    REQUIRE(y.shape() == Shape{2, 3});
    const float* b = y.data_as<float>();
    for (int i = 0; i < 6; ++i) CHECK((b[i] == 0.0f || b[i] == 1.0f));
    CHECK(b[0] == 0.0f);
    CHECK(b[1] == 1.0f);
    CHECK(b[4] == 0.0f);
    CHECK(b[5] == 1.0f);
    CHECK_THROWS_AS(run("Bernoulli", v, {Tensor::from_values<float>(T::Float, {1}, {1.5f})}, {}), Error);
  }
}

}  // namespace random_rules_tests
