// Unit tests of ops/random/multinomial.cpp.
#include "helpers/random_ops.h"

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
  CHECK_THROWS_WITH_AS(
      run_random_op("Multinomial", 7, {Value(Tensor::from_values<float>(T::Float, {1, 2}, {ninf, ninf}))}, a),
      "row 0 is all -inf: every class has probability 0", Error);
  a.set("sample_size", int64_t{0});
  CHECK_THROWS_WITH_AS(run_random_op("Multinomial", 7, {Value(x)}, a), "attribute 'sample_size' = 0 must be at least 1",
                       Error);
}
