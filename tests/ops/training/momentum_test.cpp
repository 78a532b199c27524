// Unit tests of ops/training/momentum.cpp.
#include "helpers/training.h"

TEST_CASE("Momentum: standard and Nesterov, first step and later steps") {
  std::mt19937_64 rng(3);
  for (T type : {T::Float, T::Double})
    for (const char* mode : {"standard", "nesterov"})
      for (int64_t t : {0, 4}) {
        CAPTURE(name_of(type));
        CAPTURE(mode);
        CAPTURE(t);
        const Steps s{precision_of(type)};
        const float norm = 0.001f, alpha = 0.95f, beta = 0.1f;
        const double R = type == T::Float ? static_cast<double>(0.1f) : 0.1;
        const auto x = random_values(rng, 4, -2, 2, type), g = random_values(rng, 4, -3, 3, type),
                   v = random_values(rng, 4, -1, 1, type);
        const auto out =
            run_optimizer("Momentum", {scalar_r(type, R), scalar_t(t), vec(type, x), vec(type, g), vec(type, v)}, 2,
                          [&](onnx::NodeProto& n) {
                            set_float_attribute(n, "norm_coefficient", norm);
                            set_float_attribute(n, "alpha", alpha);
                            set_float_attribute(n, "beta", beta);
                            set_string_attribute(n, "mode", mode);
                          });
        std::vector<double> wx, wv;
        // spec: Momentum-1: "// In the first training iteration, beta should always be 1. beta_adjusted = T > 0 ? beta : 1"
        // spec: Momentum-1: "It should be zero in the first training iteration."
        const double ba = t > 0 ? static_cast<double>(beta) : 1.0;
        for (size_t i = 0; i < x.size(); ++i) {
          const double gr = s.add(s.mul(norm, x[i]), g[i]);
          const double vn = s.add(s.mul(alpha, v[i]), s.mul(ba, gr));
          const double step = std::string(mode) == "nesterov" ? s.add(gr, s.mul(alpha, vn)) : vn;
          wx.push_back(s.sub(x[i], s.mul(R, step)));
          wv.push_back(vn);
        }
        CHECK(training_values(out[0]) == wx);
        CHECK(training_values(out[1]) == wv);
      }
}

TEST_CASE("Momentum: two tensors updated jointly, each as by the one-tensor pseudo code") {
  std::mt19937_64 rng(5);
  const Steps s{precision_of(T::Float)};
  const float norm = 0.001f, alpha = 0.95f, beta = 0.1f;
  const double R = static_cast<double>(0.1f);
  const auto x1 = random_values(rng, 3, -2, 2, T::Float), g1 = random_values(rng, 3, -3, 3, T::Float),
             v1 = random_values(rng, 3, -1, 1, T::Float);
  const auto x2 = random_values(rng, 2, -2, 2, T::Float), g2 = random_values(rng, 2, -3, 3, T::Float),
             v2 = random_values(rng, 2, -1, 1, T::Float);
  const auto out = run_optimizer("Momentum",
                                 {scalar_r(T::Float, R), scalar_t(2), vec(T::Float, x1), vec(T::Float, x2),
                                  vec(T::Float, g1), vec(T::Float, g2), vec(T::Float, v1), vec(T::Float, v2)},
                                 4, [&](onnx::NodeProto& n) {
                                   set_float_attribute(n, "norm_coefficient", norm);
                                   set_float_attribute(n, "alpha", alpha);
                                   set_float_attribute(n, "beta", beta);
                                   set_string_attribute(n, "mode", "standard");
                                 });
  REQUIRE(out.size() == 4);
  auto check = [&](const std::vector<double>& x, const std::vector<double>& g, const std::vector<double>& v,
                   const Tensor& xn, const Tensor& vn) {
    std::vector<double> wx, wv;
    for (size_t i = 0; i < x.size(); ++i) {
      const double gr = s.add(s.mul(norm, x[i]), g[i]);
      const double v_new = s.add(s.mul(alpha, v[i]), s.mul(beta, gr));
      wx.push_back(s.sub(x[i], s.mul(R, v_new)));
      wv.push_back(v_new);
    }
    CHECK(training_values(xn) == wx);
    CHECK(training_values(vn) == wv);
  };
  // spec: Momentum-1: "The same pseudo code would be extended to handle all tensors jointly."
  // spec: Momentum-1: "More specifically, we can view "X" as a concatenation of "X_1" and "X_2" (of course, their gradient and accumulate gradient should be concatenated too) and then our pseudo code becomes applicable."
  check(x1, g1, v1, out[0], out[2]);
  check(x2, g2, v2, out[1], out[3]);
}
