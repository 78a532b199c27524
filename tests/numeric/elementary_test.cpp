// numeric/elementary.h against an independent MPFR oracle (tests/mpfr_oracle.h) and hand values.
// CTest runs the exhaustive float16/bfloat16 check of the functions Softmax and the normalizations
// use, float32 hard cases and sampled doubles; every function exhaustively and millions of float32
// samples are in scripts/accuracy-sweep.sh (skipped test cases here, figures in numeric/ACCURACY.md).
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "numeric/elementary.h"
#include "tests/mpfr_oracle.h"

using namespace onnx_ref;
using numeric::Args;
using numeric::Fn;
using numeric::Format;

namespace {

struct Case {
  Fn fn;
  const char* name;
  Args args;
};

const std::vector<Case>& all_functions() {
  static const std::vector<Case> cases = {
      {Fn::Exp, "exp", {}},
      {Fn::Log, "log", {}},
      {Fn::Sqrt, "sqrt", {}},
      {Fn::Sin, "sin", {}},
      {Fn::Cos, "cos", {}},
      {Fn::Tan, "tan", {}},
      {Fn::Asin, "asin", {}},
      {Fn::Acos, "acos", {}},
      {Fn::Atan, "atan", {}},
      {Fn::Sinh, "sinh", {}},
      {Fn::Cosh, "cosh", {}},
      {Fn::Tanh, "tanh", {}},
      {Fn::Asinh, "asinh", {}},
      {Fn::Acosh, "acosh", {}},
      {Fn::Atanh, "atanh", {}},
      {Fn::Erf, "erf", {}},
      {Fn::Sigmoid, "sigmoid", {}},
      {Fn::Softplus, "softplus", {}},
      {Fn::Mish, "mish", {}},
      {Fn::GeluErf, "gelu", {}},
      {Fn::GeluTanh, "gelu_tanh", {}},
      {Fn::Swish, "swish", {0, 1.5f, 0}},
      {Fn::Elu, "elu", {0, 0.75f, 0}},
      {Fn::Selu, "selu", {0, 1.67326319217681884765625, 1.05070102214813232421875}},
      {Fn::Celu, "celu", {0, 2.5f, 0}},
      {Fn::Pow, "pow(x, 2.5)", {2.5, 0, 0}},
      {Fn::Pow, "pow(x, -3)", {-3, 0, 0}},
  };
  return cases;
}

template <Fn F, class S>
double run_as(S x, const Args& a) {
  return widen(numeric::evaluate<F>(x, a));
}

template <Fn F, class S>
double fast_as(S x, const Args& a) {
  S out;
  return numeric::fast_path<F>(x, a, out) ? 1.0 : 0.0;
}

// v(integral_constant<Fn, f>) for a runtime f.
template <class Visit>
double dispatch(Fn f, Visit v) {
#define ONNX_REF_CASE(name) \
  case Fn::name:            \
    return v(std::integral_constant<Fn, Fn::name>{});
  switch (f) {
    ONNX_REF_CASE(Exp)
    ONNX_REF_CASE(Log) ONNX_REF_CASE(Sqrt) ONNX_REF_CASE(Sin) ONNX_REF_CASE(Cos) ONNX_REF_CASE(Tan) ONNX_REF_CASE(Asin)
        ONNX_REF_CASE(Acos) ONNX_REF_CASE(Atan) ONNX_REF_CASE(Sinh) ONNX_REF_CASE(Cosh) ONNX_REF_CASE(Tanh)
            ONNX_REF_CASE(Asinh) ONNX_REF_CASE(Acosh) ONNX_REF_CASE(Atanh) ONNX_REF_CASE(Erf) ONNX_REF_CASE(Sigmoid)
                ONNX_REF_CASE(Softplus) ONNX_REF_CASE(Mish) ONNX_REF_CASE(GeluErf) ONNX_REF_CASE(GeluTanh)
                    ONNX_REF_CASE(Swish) ONNX_REF_CASE(Elu) ONNX_REF_CASE(Selu) ONNX_REF_CASE(Celu) ONNX_REF_CASE(Pow)
  }
#undef ONNX_REF_CASE
  return 0;
}

template <class S>
double run(Fn f, S x, const Args& a) {
  return dispatch(f, [&](auto c) { return run_as<decltype(c)::value>(x, a); });
}

template <class S>
bool fast_decides(Fn f, S x, const Args& a) {
  return dispatch(f, [&](auto c) { return fast_as<decltype(c)::value>(x, a); }) != 0;
}

template <class S>
S from_bits(uint32_t bits) {
  if constexpr (is_small_float_storage<S>)
    return S{static_cast<uint16_t>(bits)};
  else {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
}

// Every 16-bit pattern of S through f; returns the number of wrong results (the first few are
// reported). Composites at infinite inputs are the limits, checked by hand elsewhere.
template <class S>
int exhaustive(const Case& c, Format format) {
  int wrong = 0;
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    const S x = from_bits<S>(bits);
    const double xd = widen(x);
    if (std::isinf(xd) && c.fn >= Fn::Sigmoid && c.fn != Fn::Pow) continue;
    const double got = run(c.fn, x, c.args);
    const double want = oracle::reference(c.fn, format, xd, c.args);
    if (!oracle::same_result(got, want)) {
      if (++wrong <= 3) MESSAGE(std::string(c.name) << "(" << xd << "): got " << got << ", want " << want);
    }
  }
  return wrong;
}

double as_double(float f) { return f; }

}  // namespace

TEST_CASE("elementary: hand values") {
  CHECK(numeric::exp(0.0f) == 1.0f);
  CHECK(numeric::log(1.0f) == 0.0f);
  CHECK(!std::signbit(numeric::log(1.0)));
  CHECK(numeric::sqrt(4.0f) == 2.0f);
  CHECK(numeric::sqrt(2.0) == std::sqrt(2.0));  // IEEE sqrt is correctly rounded
  CHECK(std::isnan(numeric::sqrt(-1.0f)));
  CHECK(numeric::log(0.0f) == -INFINITY);
  CHECK(std::signbit(numeric::tanh(-0.0f)));
  CHECK(numeric::tanh(INFINITY) == 1.0f);
  CHECK(numeric::exp(-INFINITY) == 0.0f);
  CHECK(numeric::pow(0.0f, 0.0) == 1.0f);
  CHECK(numeric::pow(NAN, 0.0) == 1.0);
  CHECK(std::isnan(numeric::pow(-8.0f, 1.0 / 3.0)));
  CHECK(numeric::pow(-2.0f, 3.0) == -8.0f);
  // 4097^2 = 2^24 + 8193 lies halfway between two floats: ties to the even one, 2^24 + 8192.
  CHECK(numeric::pow(4097.0f, 2.0) == 16785408.0f);
  CHECK(numeric::pow(2.0f, -149.0) == 0x1p-149f);
  CHECK(numeric::pow(2.0f, -150.0) == 0.0f);  // half the smallest subnormal: ties to 0
  CHECK(numeric::pow(2.0f, 128.0) == INFINITY);
  CHECK(numeric::sigmoid(0.0f) == 0.5f);
  CHECK(numeric::gelu(0.0f) == 0.0f);
  // Limits at infinity: x g(x) with g -> 0 is a signed zero, not NaN.
  CHECK(numeric::gelu(-INFINITY) == 0.0f);
  CHECK(std::signbit(numeric::gelu(-INFINITY)));
  CHECK(std::signbit(numeric::mish(-INFINITY)));
  CHECK(std::signbit(numeric::gelu_tanh(-INFINITY)));
  CHECK(numeric::swish(-INFINITY, 1.0f) == 0.0f);
  CHECK(numeric::elu(-INFINITY, 2.0f) == -2.0f);
  CHECK(numeric::softplus(INFINITY) == INFINITY);
  CHECK(numeric::sigmoid(-INFINITY) == 0.0f);
  // Selu at -0 is gamma (alpha e^0 - alpha) = +0; Elu at -0 is x = -0.
  CHECK(!std::signbit(numeric::selu(-0.0f, 1.5f, 1.0f)));
  CHECK(std::signbit(numeric::elu(-0.0f, 1.0f)));
  // NaN in, NaN out.
  CHECK(std::isnan(numeric::exp(NAN)));
  CHECK(std::isnan(widen(numeric::exp(Float16Bits{0x7e00}))));
}

TEST_CASE("elementary: every float16 and bfloat16 input of exp, log, sqrt, tanh against MPFR") {
  for (const Case& c : all_functions()) {
    if (c.fn != Fn::Exp && c.fn != Fn::Log && c.fn != Fn::Sqrt && c.fn != Fn::Tanh) continue;
    CAPTURE(c.name);
    CHECK(exhaustive<Float16Bits>(c, Format::Float16) == 0);
    CHECK(exhaustive<BFloat16Bits>(c, Format::BFloat16) == 0);
  }
}

TEST_CASE("elementary: every float16 and bfloat16 input of every function against MPFR" * doctest::skip()) {
  for (const Case& c : all_functions()) {
    CAPTURE(c.name);
    CHECK(exhaustive<Float16Bits>(c, Format::Float16) == 0);
    CHECK(exhaustive<BFloat16Bits>(c, Format::BFloat16) == 0);
  }
}

TEST_CASE("elementary: float32 hard cases") {
  const std::vector<float> hard = {
      // huge arguments: trig needs the full range reduction
      0x1.fffffep127f,
      -0x1.fffffep127f,
      1e38f,
      1e22f,
      0x1p100f,
      0x1.921fb6p1f,
      0x1.921fb6p0f,
      0x1.921fb4p0f,
      0x1.2d97c8p2f,
      3.14159274f,
      1e10f,
      1e6f,
      12582912.0f,
      16777215.0f,
      // overflow thresholds of exp, sinh, cosh (exp(x) near FLT_MAX), underflow of exp (subnormal results)
      0x1.62e42ep6f,
      0x1.62e430p6f,
      0x1.65a9f8p6f,
      0x1.65a9fap6f,
      -0x1.9fe368p6f,
      -0x1.9d1d9ep6f,
      -0x1.9fe36ap6f,
      -100.0f,
      -103.97f,
      -87.3f,
      -88.72283f,
      // subnormal and tiny inputs: erf, sin, tan, sinh, asinh, atanh of a subnormal are subnormal
      0x1p-149f,
      -0x1p-149f,
      0x1.fffffcp-127f,
      0x1p-126f,
      0x1p-60f,
      1e-20f,
      // near the domain edges
      1.0f,
      -1.0f,
      0x1.fffffep-1f,
      -0x1.fffffep-1f,
      0x1.000002p0f,
      0.5f,
      2.0f,
      // sigmoid and softplus underflow and saturation
      -88.0f,
      -104.0f,
      16.0f,
      17.0f,
      88.0f,
      89.0f,
      0x1.c4p3f,
  };
  int wrong = 0;
  for (const Case& c : all_functions()) {
    for (float x : hard) {
      for (float s : {x, -x}) {
        const double got = run(c.fn, s, c.args);
        const double want = oracle::reference(c.fn, Format::Float, as_double(s), c.args);
        if (!oracle::same_result(got, want)) {
          ++wrong;
          MESSAGE(std::string(c.name) << "(" << s << "): got " << got << ", want " << want);
        }
      }
    }
  }
  CHECK(wrong == 0);
}

TEST_CASE("elementary: float32 results next to a rounding boundary") {
  // Runs of floats in which the double estimate cannot decide the rounding (the Ziv test fails and
  // MPFR decides) on some inputs: the results within 2^-36 of a rounding boundary. All are checked.
  int hard = 0, wrong = 0;
  for (const Case& c : all_functions()) {
    for (uint32_t start : {0x3f800000u, 0x3e000000u, 0xbf000000u, 0x41200000u, 0xc0a00000u}) {
      for (uint32_t i = 0; i < (1u << 14); ++i) {
        float x;
        const uint32_t bits = start + i * 131;
        std::memcpy(&x, &bits, 4);
        if (fast_decides(c.fn, x, c.args)) continue;
        ++hard;
        const double got = run(c.fn, x, c.args);
        const double want = oracle::reference(c.fn, Format::Float, x, c.args);
        if (!oracle::same_result(got, want)) {
          if (++wrong <= 5) MESSAGE(std::string(c.name) << "(" << x << "): got " << got << ", want " << want);
        }
      }
    }
  }
  MESSAGE(hard << " float32 inputs next to a rounding boundary");
  CHECK(hard > 20);
  CHECK(wrong == 0);
}

TEST_CASE("elementary: sampled doubles against MPFR") {
  std::mt19937_64 rng(14);
  std::uniform_real_distribution<double> wide(-30.0, 30.0);
  int wrong = 0;
  for (const Case& c : all_functions()) {
    for (int i = 0; i < 200; ++i) {
      const double x = i % 2 ? wide(rng) : std::ldexp(wide(rng), -40);
      const double got = run(c.fn, x, c.args);
      const double want = oracle::reference(c.fn, Format::Double, x, c.args);
      if (!oracle::same_result(got, want)) {
        if (++wrong <= 5) MESSAGE(std::string(c.name) << "(" << x << "): got " << got << ", want " << want);
      }
    }
  }
  CHECK(wrong == 0);
}

// scripts/accuracy-sweep.sh: SWEEP_SAMPLES random float32 bit patterns per function (default one
// million; every exponent equally likely), against the oracle, with the share of inputs the fast
// path leaves to MPFR and the time per element of float and double evaluation.
TEST_CASE("elementary: sampled float32 against MPFR, with timings" * doctest::skip()) {
  const char* env = std::getenv("SWEEP_SAMPLES");
  const long samples = env ? std::atol(env) : 1000000;
  std::mt19937 rng(2026);
  int total_wrong = 0;
  for (const Case& c : all_functions()) {
    long wrong = 0, slow = 0, nan = 0;
    std::vector<float> xs(samples);
    for (float& x : xs) {
      const uint32_t bits = rng();
      std::memcpy(&x, &bits, 4);
    }
    for (float x : xs) {
      if (std::isnan(x)) {
        ++nan;
        continue;
      }
      if (std::isinf(x) && c.fn >= Fn::Sigmoid && c.fn != Fn::Pow) continue;
      if (!fast_decides(c.fn, x, c.args)) ++slow;
      const double got = run(c.fn, x, c.args);
      const double want = oracle::reference(c.fn, Format::Float, x, c.args);
      if (!oracle::same_result(got, want)) {
        if (++wrong <= 3) MESSAGE(std::string(c.name) << "(" << x << "): got " << got << ", want " << want);
      }
    }
    // Timing: float inputs in [-10, 10] (the fast path's common case), and doubles (always MPFR).
    std::uniform_real_distribution<float> common(-10.0f, 10.0f);
    std::vector<float> fx(200000);
    for (float& x : fx) x = common(rng);
    double sink = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (float x : fx) sink += run(c.fn, x, c.args);
    auto t1 = std::chrono::steady_clock::now();
    for (int i = 0; i < 2000; ++i) sink += run(c.fn, static_cast<double>(fx[i]) * (1 + 0x1p-40), c.args);
    auto t2 = std::chrono::steady_clock::now();
    const double ns_float = std::chrono::duration<double, std::nano>(t1 - t0).count() / fx.size();
    const double ns_double = std::chrono::duration<double, std::nano>(t2 - t1).count() / 2000;
    MESSAGE("| " << std::string(c.name) << " | " << samples - nan << " | " << wrong << " | " << slow << " | "
                 << ns_float << " ns | " << ns_double / 1000 << " us | " << (sink == 0.5 ? "" : ""));
    total_wrong += wrong;
  }
  CHECK(total_wrong == 0);
}
