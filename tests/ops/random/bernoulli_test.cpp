// Unit tests of ops/random/bernoulli.cpp.
#include "helpers/random_ops.h"

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
