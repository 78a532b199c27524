// Unit tests of ops/random/random_normal.cpp.
#include "helpers/random_ops.h"

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
