// The correctly rounded element-wise operators (ops/math/transcendental.h, ops/math/pow.cpp,
// ops/activation/) through a loaded model: results against the MPFR oracle (tests/mpfr_oracle.h)
// and hand values, attributes taken exactly as float32, Pow's mixed types and integer wrapping,
// and every refusal.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "model_builder.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"
#include "tests/mpfr_oracle.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;
using numeric::Fn;
using numeric::Format;

namespace {

void set_float(onnx::NodeProto& node, const std::string& name, float value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(value);
}

void set_string(onnx::NodeProto& node, const std::string& name, const std::string& value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(value);
}

struct Attr {
  std::string name;
  float f = 0;
  std::string s = {};
  bool is_string = false;
};

Tensor run_op(const std::string& op, int64_t opset, const std::vector<Tensor>& inputs, const std::vector<Attr>& attrs = {}) {
  ModelBuilder b(opset);
  std::vector<std::string> names;
  for (size_t i = 0; i < inputs.size(); ++i) {
    names.push_back("i" + std::to_string(i));
    b.input(names.back(), inputs[i].type(), inputs[i].shape());
  }
  b.output("y");
  auto& node = b.node(op, names, {"y"});
  node.set_name("n");
  for (const auto& a : attrs) {
    if (a.is_string) set_string(node, a.name, a.s);
    else set_float(node, a.name, a.f);
  }
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) feeds.emplace(names[i], inputs[i]);
  const auto out = b.build().run(feeds);
  REQUIRE(out.size() == 1);
  return out[0].second.tensor();
}

template <class V>
Tensor vec(T type, std::vector<V> values) {
  const int64_t n = static_cast<int64_t>(values.size());
  return Tensor::from_values<V>(type, {n}, values);
}

template <class V>
std::vector<V> values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

// A spread of float inputs: zeros, tiny, moderate, large, both signs.
std::vector<float> spread() {
  std::vector<float> xs = {0.0f, -0.0f, 0x1p-149f, 1e-30f, 1e-7f, 0.1f, 0.5f, 0.75f, 1.0f, 1.5f, 2.0f, 3.0f, 7.5f,
                           10.0f, 20.0f, 50.0f, 88.0f, 100.0f, 1e10f, 3e38f};
  const size_t n = xs.size();
  for (size_t i = 0; i < n; ++i) xs.push_back(-xs[i]);
  return xs;
}

struct OpCase {
  const char* op;
  int opset;
  Fn fn;
  numeric::Args args;
  std::vector<Attr> attrs;
};

}  // namespace

TEST_CASE("transcendental ops: float, double and float16 outputs equal the MPFR oracle") {
  const std::vector<OpCase> cases = {
      {"Exp", 13, Fn::Exp, {}, {}},         {"Log", 13, Fn::Log, {}, {}},       {"Sqrt", 13, Fn::Sqrt, {}, {}},
      {"Tanh", 13, Fn::Tanh, {}, {}},       {"Erf", 13, Fn::Erf, {}, {}},       {"Sin", 22, Fn::Sin, {}, {}},
      {"Cos", 22, Fn::Cos, {}, {}},         {"Tan", 22, Fn::Tan, {}, {}},       {"Asin", 22, Fn::Asin, {}, {}},
      {"Acos", 22, Fn::Acos, {}, {}},       {"Atan", 22, Fn::Atan, {}, {}},     {"Sinh", 22, Fn::Sinh, {}, {}},
      {"Cosh", 22, Fn::Cosh, {}, {}},       {"Asinh", 22, Fn::Asinh, {}, {}},   {"Acosh", 22, Fn::Acosh, {}, {}},
      {"Atanh", 22, Fn::Atanh, {}, {}},     {"Sigmoid", 13, Fn::Sigmoid, {}, {}}, {"Softplus", 22, Fn::Softplus, {}, {}},
      {"Mish", 22, Fn::Mish, {}, {}},       {"Gelu", 20, Fn::GeluErf, {}, {}},
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
    const auto yh = celu ? std::vector<uint16_t>{} : values<uint16_t>(run_op(c.op, c.opset, {vec(T::Float16, xh)}, c.attrs));
    int wrong = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      wrong += !oracle::same_result(yf[i], oracle::reference(c.fn, Format::Float, xs[i], c.args));
      if (celu) continue;
      wrong += !oracle::same_result(yd[i], oracle::reference(c.fn, Format::Double, xd[i], c.args));
      const double h = decode_small_float(T::Float16, xh[i]);
      if (std::isinf(h)) continue;  // the oracle's textbook formulas give NaN where the limit is taken
      wrong += !oracle::same_result(decode_small_float(T::Float16, yh[i]), oracle::reference(c.fn, Format::Float16, h, c.args));
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

TEST_CASE("Pow: float bases, mixed exponent types, special values") {
  CHECK(values<float>(run_op("Pow", 15, {vec<float>(T::Float, {2.0f, 0.0f, -8.0f, 4097.0f, 9.0f}),
                                         vec<float>(T::Float, {10.0f, 0.0f, 1.0f / 3.0f, 2.0f, 0.5f})}))
            .size() == 5);
  const auto y = values<float>(run_op("Pow", 15, {vec<float>(T::Float, {2.0f, 0.0f, -8.0f, 4097.0f, 9.0f}),
                                                  vec<float>(T::Float, {10.0f, 0.0f, 1.0f / 3.0f, 2.0f, 0.5f})}));
  CHECK(y[0] == 1024.0f);
  CHECK(y[1] == 1.0f);  // 0^0 = 1
  CHECK(std::isnan(y[2]));  // negative base, non-integer exponent
  CHECK(y[3] == 16785408.0f);  // 4097^2 = 2^24 + 8193, a tie: to the even neighbour
  CHECK(y[4] == 3.0f);
  // int64 exponent with a float base, broadcast from a scalar.
  const Tensor e = Tensor::from_values<int64_t>(T::Int64, {}, {-2});
  CHECK(values<float>(run_op("Pow", 12, {vec<float>(T::Float, {2.0f, -4.0f}), e})) == std::vector<float>{0.25f, 0.0625f});
  // An int64 exponent beyond 2^53 keeps its parity: (-1)^(2^60 + 1) = -1.
  const Tensor big = Tensor::from_values<int64_t>(T::Int64, {}, {(int64_t{1} << 60) + 1});
  CHECK(values<float>(run_op("Pow", 12, {vec<float>(T::Float, {-1.0f, 1.5f, 0.5f}), big})) ==
        std::vector<float>{-1.0f, INFINITY, 0.0f});
  CHECK_THROWS_WITH_AS(run_op("Pow", 12, {vec<double>(T::Double, {1.0}), big}),
                       doctest::Contains("beyond 2^53"), Error);
}

TEST_CASE("Pow: integer bases wrap; negative exponents truncate; 0 to a negative power is refused") {
  const auto y = values<int32_t>(run_op("Pow", 15, {vec<int32_t>(T::Int32, {3, 2, -2, 1, -1, -1, 5, 7}),
                                                    vec<int32_t>(T::Int32, {4, 31, 31, -5, -3, -4, -1, 0})}));
  // 2^31 wraps to INT32_MIN; (-2)^31 is INT32_MIN exactly.
  CHECK(y == std::vector<int32_t>{81, INT32_MIN, INT32_MIN, 1, -1, 1, 0, 1});
  CHECK(values<int64_t>(run_op("Pow", 15, {vec<int64_t>(T::Int64, {3}), vec<int64_t>(T::Int64, {41})}))[0] ==
        int64_t{-420491770248316829});  // 3^41 mod 2^64, read as a signed int64
  // Integer base, float exponent: integral exponents as integers, others truncated toward zero.
  CHECK(values<int32_t>(run_op("Pow", 15, {vec<int32_t>(T::Int32, {1, 2, 3, 10}), vec<float>(T::Float, {4, 5, 6, 0.5f})})) ==
        std::vector<int32_t>{1, 32, 729, 3});
  CHECK_THROWS_WITH_AS(run_op("Pow", 15, {vec<int32_t>(T::Int32, {1, 0}), vec<int32_t>(T::Int32, {-1, -1})}),
                       doctest::Contains("0 raised to a negative power has no integer value (output element 1)"), Error);
  CHECK_THROWS_WITH_AS(run_op("Pow", 15, {vec<int32_t>(T::Int32, {-4}), vec<float>(T::Float, {0.5f})}),
                       doctest::Contains("NaN or outside"), Error);
}

TEST_CASE("Pow-13: bfloat16 base, float exponent") {
  // 3^0.5 = 1.7320508... rounds to bfloat16 0x3fde (1.734375); 2^-3 = 0.125 is 0x3e00.
  const auto y = values<uint16_t>(run_op("Pow", 13, {vec<uint16_t>(T::BFloat16, {0x4040, 0x4000}),
                                                     vec<float>(T::Float, {0.5f, -3.0f})}));
  CHECK(y == std::vector<uint16_t>{0x3fde, 0x3e00});
}

TEST_CASE("Pow-1: legacy broadcast of Y to X's shape") {
  ModelBuilder b(1);
  b.input("x", T::Float, {2, 3}).input("e", T::Float, {3}).output("y");
  auto& node = b.node("Pow", {"x", "e"}, {"y"});
  set_int(node, "broadcast", 1);
  std::map<std::string, Value> feeds;
  feeds.emplace("x", Tensor::from_values<float>(T::Float, {2, 3}, {1, 2, 3, 4, 5, 6}));
  feeds.emplace("e", Tensor::from_values<float>(T::Float, {3}, {2, 1, 0}));
  const auto out = b.build().run(feeds);
  CHECK(values<float>(out[0].second.tensor()) == std::vector<float>{1, 2, 1, 16, 5, 1});
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
