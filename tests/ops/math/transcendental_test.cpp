// Unit tests of ops/math/transcendental.cpp.
#include "helpers/transcendental_ops.h"

TEST_CASE("transcendental ops: float, double and float16 outputs equal the MPFR oracle") {
  const std::vector<OpCase> cases = {
      {"Exp", 13, Fn::Exp, {}, {}},
      {"Log", 13, Fn::Log, {}, {}},
      {"Sqrt", 13, Fn::Sqrt, {}, {}},
      {"Tanh", 13, Fn::Tanh, {}, {}},
      {"Erf", 13, Fn::Erf, {}, {}},
      {"Sin", 22, Fn::Sin, {}, {}},
      {"Cos", 22, Fn::Cos, {}, {}},
      {"Tan", 22, Fn::Tan, {}, {}},
      {"Asin", 22, Fn::Asin, {}, {}},
      {"Acos", 22, Fn::Acos, {}, {}},
      {"Atan", 22, Fn::Atan, {}, {}},
      {"Sinh", 22, Fn::Sinh, {}, {}},
      {"Cosh", 22, Fn::Cosh, {}, {}},
      {"Asinh", 22, Fn::Asinh, {}, {}},
      {"Acosh", 22, Fn::Acosh, {}, {}},
      {"Atanh", 22, Fn::Atanh, {}, {}},
      {"Sigmoid", 13, Fn::Sigmoid, {}, {}},
      {"Softplus", 22, Fn::Softplus, {}, {}},
      {"Mish", 22, Fn::Mish, {}, {}},
      {"Gelu", 20, Fn::GeluErf, {}, {}},
      {"Gelu", 20, Fn::GeluTanh, {}, {{"approximate", 0, "tanh", true}}},
      {"Swish", 24, Fn::Swish, {0, 0.1f, 0}, {{"alpha", 0.1f}}},
      {"Elu", 22, Fn::Elu, {0, 0.3f, 0}, {{"alpha", 0.3f}}},
      {"Selu", 22, Fn::Selu, {0, 1.67326319217681884765625, 1.05070102214813232421875}, {}},
      {"Selu", 1, Fn::Selu, {0, 1.6732f, 1.0507f}, {}},  // version 1's own defaults
      {"Celu", 12, Fn::Celu, {0, 0.7f, 0}, {{"alpha", 0.7f}}},
  };
  const std::vector<float> xs = spread();
  std::vector<double> xd(xs.begin(), xs.end());
  std::vector<uint16_t> xh;
  for (float x : xs) xh.push_back(static_cast<uint16_t>(encode_small_float(T::Float16, x)));
  for (const OpCase& c : cases) {
    CAPTURE(std::string(c.op));
    const auto yf = values<float>(run_op(c.op, c.opset, {vec(T::Float, xs)}, c.attrs));
    const bool celu = std::string(c.op) == "Celu";  // float only
    const auto yd = celu ? std::vector<double>{} : values<double>(run_op(c.op, c.opset, {vec(T::Double, xd)}, c.attrs));
    const auto yh =
        celu ? std::vector<uint16_t>{} : values<uint16_t>(run_op(c.op, c.opset, {vec(T::Float16, xh)}, c.attrs));
    int wrong = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      wrong += !oracle::same_result(yf[i], oracle::reference(c.fn, Format::Float, xs[i], c.args));
      if (celu) continue;
      wrong += !oracle::same_result(yd[i], oracle::reference(c.fn, Format::Double, xd[i], c.args));
      const double h = decode_small_float(T::Float16, xh[i]);
      if (std::isinf(h)) continue;  // the oracle's textbook formulas give NaN where the limit is taken
      wrong += !oracle::same_result(decode_small_float(T::Float16, yh[i]),
                                    oracle::reference(c.fn, Format::Float16, h, c.args));
    }
    CHECK(wrong == 0);
  }
}

TEST_CASE("transcendental ops: hand values") {
  // Rounded once, not at every step: the exact e^1 rounds to 0x1.5bf0a8p+1 in float.
  CHECK(values<float>(run_op("Exp", 6, {vec<float>(T::Float, {1.0f})}))[0] == 0x1.5bf0a8p+1f);
  CHECK(values<float>(run_op("Sigmoid", 6, {vec<float>(T::Float, {0.0f})}))[0] == 0.5f);
  CHECK(values<float>(run_op("Sqrt", 1, {vec<float>(T::Float, {16.0f})}))[0] == 4.0f);
  CHECK(std::isnan(values<float>(run_op("Log", 13, {vec<float>(T::Float, {-1.0f})}))[0]));
  CHECK(values<float>(run_op("Log", 13, {vec<float>(T::Float, {0.0f})}))[0] == -INFINITY);
  CHECK(values<float>(run_op("Elu", 6, {vec<float>(T::Float, {2.0f})}))[0] == 2.0f);
  CHECK(values<float>(run_op("Selu", 6, {vec<float>(T::Float, {2.0f})}, {{"gamma", 3.0f}}))[0] == 6.0f);
  CHECK(values<float>(run_op("Celu", 12, {vec<float>(T::Float, {5.0f})}))[0] == 5.0f);
  // Erf-9 on integers: the exact erf rounded to the nearest integer is the sign.
  CHECK(values<int32_t>(run_op("Erf", 9, {vec<int32_t>(T::Int32, {-5, -1, 0, 1, 7})})) ==
        std::vector<int32_t>{-1, -1, 0, 1, 1});
  // bfloat16: sqrt(2) = 1.41421... rounds to 0x3fb5 (1.4140625).
  const auto b = values<uint16_t>(run_op("Sqrt", 13, {vec<uint16_t>(T::BFloat16, {0x4000})}));
  CHECK(b[0] == 0x3fb5);
}

TEST_CASE("transcendental ops: refusals") {
  CHECK_THROWS_WITH_AS(run_op("Gelu", 20, {vec<float>(T::Float, {1.0f})}, {{"approximate", 0, "fast", true}}),
                       doctest::Contains("attribute 'approximate' must be \"none\" or \"tanh\", got 'fast'"), Error);
  CHECK_THROWS_WITH_AS(run_op("Celu", 12, {vec<float>(T::Float, {1.0f})}, {{"alpha", 0.0f}}),
                       doctest::Contains("attribute 'alpha' must not be 0"), Error);
  // Types a version does not allow.
  CHECK_THROWS_AS(run_op("Exp", 6, {vec<uint16_t>(T::BFloat16, {0})}), Error);
  CHECK_THROWS_AS(run_op("Erf", 13, {vec<int32_t>(T::Int32, {0})}), Error);
  CHECK_THROWS_AS(run_op("Celu", 12, {vec<double>(T::Double, {0})}), Error);
  CHECK_THROWS_AS(run_op("Pow", 12, {vec<uint16_t>(T::BFloat16, {0}), vec<float>(T::Float, {0})}), Error);
  CHECK_THROWS_AS(run_op("Pow", 13, {vec<float>(T::Float, {0}), vec<uint16_t>(T::BFloat16, {0})}), Error);
  CHECK_THROWS_AS(run_op("Pow", 7, {vec<float>(T::Float, {0, 1}), vec<float>(T::Float, {0, 1, 2})}), Error);
}
