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
        const auto out = run_optimizer("Momentum", {scalar_r(type, R), scalar_t(t), vec(type, x), vec(type, g), vec(type, v)},
                                       2, [&](onnx::NodeProto& n) {
                                         set_float_attribute(n, "norm_coefficient", norm);
                                         set_float_attribute(n, "alpha", alpha);
                                         set_float_attribute(n, "beta", beta);
                                         set_string_attribute(n, "mode", mode);
                                       });
        std::vector<double> wx, wv;
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
