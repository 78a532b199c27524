// Unit tests of ops/training/adagrad.cpp.
#include "helpers/training.h"

TEST_CASE("Adagrad: every operation of the pseudo code rounded once, two tensors of float and double") {
  std::mt19937_64 rng(1);
  for (T type : {T::Float, T::Double}) {
    CAPTURE(name_of(type));
    const Steps s{precision_of(type)}, d{53};
    const float norm = 0.001f, eps = 1e-5f, decay = 0.1f;
    const double R = type == T::Float ? static_cast<double>(0.1f) : 0.1;
    const int64_t t = 3;
    const auto x1 = random_values(rng, 5, -2, 2, type), g1 = random_values(rng, 5, -3, 3, type),
               h1 = random_values(rng, 5, 0, 4, type);
    const auto x2 = random_values(rng, 2, -2, 2, type), g2 = random_values(rng, 2, -3, 3, type),
               h2 = random_values(rng, 2, 0, 4, type);
    const auto out = run_optimizer("Adagrad",
                                   {scalar_r(type, R), scalar_t(t), vec(type, x1), vec(type, x2), vec(type, g1),
                                    vec(type, g2), vec(type, h1), vec(type, h2)},
                                   4, [&](onnx::NodeProto& n) {
                                     set_float_attribute(n, "norm_coefficient", norm);
                                     set_float_attribute(n, "epsilon", eps);
                                     set_float_attribute(n, "decay_factor", decay);
                                   });
    REQUIRE(out.size() == 4);
    // spec: Adagrad-1: "// Compute a scalar learning-rate factor."
    const double r = d.div(R, d.add(1, d.mul(static_cast<double>(t), decay)));
    auto check = [&](const std::vector<double>& x, const std::vector<double>& g, const std::vector<double>& h,
                     const Tensor& xn, const Tensor& hn) {
      std::vector<double> want_x, want_h;
      for (size_t i = 0; i < x.size(); ++i) {
        const double gr = s.add(s.mul(norm, x[i]), g[i]);
        const double h_new = s.add(h[i], s.mul(gr, gr));
        const double ha = s.add(s.sqrt(h_new), eps);
        want_x.push_back(s.sub(x[i], s.div(s.mul(r, gr), ha)));
        want_h.push_back(h_new);
      }
      CHECK(xn.type() == type);
      CHECK(training_values(xn) == want_x);
      CHECK(training_values(hn) == want_h);
    };
    // spec: Adagrad-1: "More specifically, we can view "X" as a concatenation of "X_1" and "X_2" (of course, their gradient and accumulate gradient should be concatenated too) and then just reuse the entire pseudo code."
    check(x1, g1, h1, out[0], out[2]);
    check(x2, g2, h2, out[1], out[3]);
  }
}
