// Unit tests of ops/training/adam.cpp.
#include "helpers/training.h"

TEST_CASE("Adam: every operation of the pseudo code rounded once, with and without bias correction") {
  std::mt19937_64 rng(2);
  for (T type : {T::Float, T::Double}) {
    for (int64_t t : {0, 7}) {
      CAPTURE(name_of(type));
      CAPTURE(t);
      const Steps s{precision_of(type)}, d{53};
      const float norm = 0.001f, post = 0.02f, alpha = 0.95f, beta = 0.1f, eps = 1e-7f;
      const double R = type == T::Float ? static_cast<double>(0.1f) : 0.1;
      const auto x = random_values(rng, 6, -2, 2, type), g = random_values(rng, 6, -3, 3, type),
                 v = random_values(rng, 6, -1, 1, type), h = random_values(rng, 6, 0, 4, type);
      const auto out = run_optimizer(
          "Adam", {scalar_r(type, R), scalar_t(t), vec(type, x), vec(type, g), vec(type, v), vec(type, h)}, 3,
          [&](onnx::NodeProto& n) {
            set_float_attribute(n, "norm_coefficient", norm);
            set_float_attribute(n, "norm_coefficient_post", post);
            set_float_attribute(n, "alpha", alpha);
            set_float_attribute(n, "beta", beta);
            set_float_attribute(n, "epsilon", eps);
          });
      REQUIRE(out.size() == 3);
      double ra = R;
      if (t > 0) {
        const double bt = power(Rounded(beta, 64), static_cast<double>(t), 53).get();
        const double at = power(Rounded(alpha, 64), static_cast<double>(t), 53).get();
        ra = d.div(d.mul(R, d.sqrt(d.sub(1, bt))), d.sub(1, at));
      }
      std::vector<double> wx, wv, wh;
      for (size_t i = 0; i < x.size(); ++i) {
        const double gr = s.add(s.mul(norm, x[i]), g[i]);
        const double vn = s.add(s.mul(alpha, v[i]), s.mul(d.sub(1, alpha), gr));
        const double hn = s.add(s.mul(beta, h[i]), s.mul(s.mul(d.sub(1, beta), gr), gr));
        const double hs = s.add(s.sqrt(hn), eps);
        const double xn = s.sub(x[i], s.div(s.mul(ra, vn), hs));
        wx.push_back(s.mul(d.sub(1, post), xn));
        wv.push_back(vn);
        wh.push_back(hn);
      }
      CHECK(training_values(out[0]) == wx);
      CHECK(training_values(out[1]) == wv);
      CHECK(training_values(out[2]) == wh);
    }
  }
}
