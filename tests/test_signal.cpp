// The signal operators: HannWindow, HammingWindow, BlackmanWindow, MelWeightMatrix, DFT, STFT.
// Expected values come from hand computation and from an MPFR oracle written here apart from the
// kernels: cosines from mpfr_const_pi and mpfr_cos at 300 bits (not mpfr_cosu), sums at 2400 bits
// (exact for the products of doubles used), rounded once by tests/mpfr_oracle.h's round_ieee.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cmath>
#include <vector>

#include "mpfr_oracle.h"
#include "ops/registry.h"
#include "ops/signal/cosine_window.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;
using T = ElementType;
using numeric::Format;

namespace {

std::vector<Value> run_signal_op(const std::string& op, int since, std::vector<std::optional<Value>> inputs,
                                 const Attributes& attrs) {
  const OpVersion* v = Registry::builtin().resolve("", op, since);
  REQUIRE(v);
  REQUIRE(v->since_version == since);
  KernelContext ctx(attrs, inputs, 1);
  return v->kernel(ctx);
}

Attributes signal_defaults(const std::string& op, int since) {
  Attributes a;
  for (const auto& spec : Registry::builtin().resolve("", op, since)->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  return a;
}

Tensor scalar64(int64_t v) { return Tensor::from_values<int64_t>(T::Int64, {}, {v}); }

std::vector<double> signal_values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.element_count(); ++i) v.push_back(read_real(t.type(), t.data(), i));
  return v;
}

// cos or sin of 2 pi m / n at 300 bits, left as an MPFR value; values within 2^-250 of zero are zero.
void signal_oracle_trig(mpfr_t out, int64_t m, int64_t n, bool sine) {
  mpfr_t pi;
  mpfr_init2(pi, 300);
  mpfr_const_pi(pi, MPFR_RNDN);
  mpfr_mul_si(out, pi, 2 * m, MPFR_RNDN);
  mpfr_div_si(out, out, n, MPFR_RNDN);
  if (sine) mpfr_sin(out, out, MPFR_RNDN);
  else mpfr_cos(out, out, MPFR_RNDN);
  if (!mpfr_zero_p(out) && mpfr_get_exp(out) < -250) mpfr_set_zero(out, 1);
  mpfr_clear(pi);
}

// The window (a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N)) with decimal coefficients, rounded to f.
double window_oracle(const char* a0, const char* a1, const char* a2, int64_t n, int64_t period, Format f) {
  mpfr_t w, c, t;
  mpfr_inits2(300, w, c, t, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_str(w, a0, 10, MPFR_RNDN);
  signal_oracle_trig(c, n, period, false);
  mpfr_set_str(t, a1, 10, MPFR_RNDN);
  mpfr_mul(t, t, c, MPFR_RNDN);
  mpfr_sub(w, w, t, MPFR_RNDN);
  signal_oracle_trig(c, 2 * n, period, false);
  mpfr_set_str(t, a2, 10, MPFR_RNDN);
  mpfr_mul(t, t, c, MPFR_RNDN);
  mpfr_add(w, w, t, MPFR_RNDN);
  if (!mpfr_zero_p(w) && mpfr_get_exp(w) < -250) mpfr_set_zero(w, 1);
  const double r = oracle::round_ieee(w, 0, f);
  mpfr_clears(w, c, t, static_cast<mpfr_ptr>(nullptr));
  return r;
}

}  // namespace

TEST_CASE("Cosine windows: hand-computed values, periodic and symmetric, float and integer outputs") {
  Attributes a = signal_defaults("HannWindow", 17);
  CHECK(signal_values(run_signal_op("HannWindow", 17, {Value(scalar64(4))}, a)[0].tensor()) ==
        std::vector<double>{0, 0.5, 1, 0.5});
  a.set("periodic", int64_t{0});
  CHECK(signal_values(run_signal_op("HannWindow", 17, {Value(scalar64(5))}, a)[0].tensor()) ==
        std::vector<double>{0, 0.5, 1, 0.5, 0});
  // Hamming 25/46 - 21/46 cos: 2/23 at n = 0 and 1 at n = N/2.
  Attributes h = signal_defaults("HammingWindow", 17);
  h.set("output_datatype", int64_t{11});
  CHECK(signal_values(run_signal_op("HammingWindow", 17, {Value(scalar64(2))}, h)[0].tensor()) ==
        std::vector<double>{2.0 / 23.0, 1});
  // Blackman 0.42 - 0.5 cos + 0.08 cos 2: 0, 0.34, 1, 0.34 (each rounded once to float).
  Attributes b = signal_defaults("BlackmanWindow", 17);
  CHECK(signal_values(run_signal_op("BlackmanWindow", 17, {Value(scalar64(4))}, b)[0].tensor()) ==
        std::vector<double>{0, static_cast<float>(0.34), 1, static_cast<float>(0.34)});
  // Integer outputs truncate: 1 only where the window is exactly 1.
  a.set("periodic", int64_t{1});
  a.set("output_datatype", int64_t{6});
  const Tensor i = run_signal_op("HannWindow", 17, {Value(scalar64(6))}, a)[0].tensor();
  CHECK(i.type() == T::Int32);
  CHECK(signal_values(i) == std::vector<double>{0, 0, 0, 1, 0, 0});
  const Tensor size32 = Tensor::from_values<int32_t>(T::Int32, {}, {3});
  a.set("output_datatype", int64_t{1});
  CHECK(run_signal_op("HannWindow", 17, {Value(size32)}, a)[0].tensor().shape() == Shape{3});
}

TEST_CASE("Cosine windows: every element of many sizes agrees with the MPFR oracle in all four formats") {
  struct W {
    CosineWindowCoefficients c;
    const char *a0, *a1, *a2;
  };
  const W windows[] = {{kHannCoefficients, "0.5", "0.5", "0"},
                       {kHammingCoefficients, "0.543478260869565217391304347826086956521739130434782608695652173913", "0.456521739130434782608695652173913043478260869565217391304347826087", "0"},
                       {kBlackmanCoefficients, "0.42", "0.5", "0.08"}};
  const Format formats[] = {Format::Float16, Format::BFloat16, Format::Float, Format::Double};
  int64_t checked = 0;
  for (const W& w : windows)
    for (int64_t period : {1, 2, 3, 5, 6, 7, 10, 12, 16, 24, 33, 64, 100, 255, 1000})
      for (int64_t n = 0; n <= period; ++n)
        for (Format f : formats) {
          CAPTURE(w.c.op_type);
          CAPTURE(period);
          CAPTURE(n);
          CAPTURE(static_cast<int>(f));
          const double got = cosine_window_value(w.c, static_cast<uint64_t>(n), static_cast<uint64_t>(period), f);
          const double want = window_oracle(w.a0, w.a1, w.a2, n, period, f);
          CHECK(got == want);
          ++checked;
        }
  CHECK(checked == 18636);  // 3 windows x 4 formats x the sum of (period + 1)
}

TEST_CASE("Cosine windows: bad sizes and output types are one-line errors") {
  Attributes a = signal_defaults("BlackmanWindow", 17);
  CHECK_THROWS_WITH_AS(run_signal_op("BlackmanWindow", 17, {Value(scalar64(0))}, a), "size = 0 must be at least 1", Error);
  CHECK_THROWS_WITH_AS(run_signal_op("BlackmanWindow", 17, {Value(scalar64(-3))}, a), "size = -3 must be at least 1", Error);
  a.set("periodic", int64_t{0});
  CHECK_THROWS_WITH_AS(run_signal_op("BlackmanWindow", 17, {Value(scalar64(1))}, a),
                       "a symmetric window (periodic = 0) of size 1 is undefined: its period size - 1 is 0", Error);
  CHECK_THROWS_AS(run_signal_op("BlackmanWindow", 17, {Value(Tensor::zeros(T::Int64, {2}))}, a), Error);
  a.set("output_datatype", int64_t{9});  // bool is not numeric
  CHECK_THROWS_WITH_AS(run_signal_op("BlackmanWindow", 17, {Value(scalar64(4))}, a),
                       doctest::Contains("attribute 'output_datatype' = 9 is not the code of an element type"), Error);
  a.set("periodic", int64_t{2});
  a.set("output_datatype", int64_t{1});
  CHECK_THROWS_AS(run_signal_op("BlackmanWindow", 17, {Value(scalar64(4))}, a), Error);
}

TEST_CASE("MelWeightMatrix: hand-computed corner bins and weights") {
  // num_mel_bins 1, dft_length 64, sample_rate 1000, edges 0 and 500 Hz: mel(500) = 607.45..., the
  // points 0, 202.48..., 404.97... mel are 0, 137.77..., 302.66... Hz, i.e. 65 f / 1000 = 0, 8.955...,
  // 19.672...: bins 0, 8, 19. The band rises as j / 8 on bins 0..8 and falls as (19 - j) / 11 on 8..18.
  Attributes a = signal_defaults("MelWeightMatrix", 17);
  auto f32 = [](double v) { return Tensor::from_values<float>(T::Float, {}, {static_cast<float>(v)}); };
  const Tensor m = run_signal_op("MelWeightMatrix", 17,
                                 {Value(scalar64(1)), Value(scalar64(64)), Value(scalar64(1000)), Value(f32(0)),
                                  Value(f32(500))},
                                 a)[0]
                       .tensor();
  REQUIRE(m.shape() == Shape{33, 1});
  std::vector<double> want(33, 0.0);
  for (int j = 0; j <= 8; ++j) want[j] = static_cast<float>(j / 8.0);
  for (int j = 8; j < 19; ++j) want[j] = static_cast<float>((19 - j) / 11.0);
  CHECK(signal_values(m) == want);
  // Two bands on dft_length 8 at 8000 Hz up to 4000 Hz: 9 f / 8000 = 0, 0.480..., 1.253..., 2.497...,
  // bins 0, 0, 1, 2.
  a.set("output_datatype", int64_t{11});
  const Tensor two = run_signal_op("MelWeightMatrix", 17,
                                   {Value(scalar64(2)), Value(scalar64(8)), Value(scalar64(8000)), Value(f32(0)),
                                    Value(f32(4000))},
                                   a)[0]
                         .tensor();
  CHECK(two.shape() == Shape{5, 2});
  CHECK(signal_values(two) == std::vector<double>{1, 0, 0, 1, 0, 0, 0, 0, 0, 0});
  CHECK_THROWS_WITH_AS(run_signal_op("MelWeightMatrix", 17,
                                     {Value(scalar64(2)), Value(scalar64(8)), Value(scalar64(8000)), Value(f32(0)),
                                      Value(f32(40000))},
                                     a),
                       doctest::Contains("beyond the floor(dft_length / 2) + 1 = 5 bins"), Error);
  CHECK_THROWS_WITH_AS(run_signal_op("MelWeightMatrix", 17,
                                     {Value(scalar64(2)), Value(scalar64(0)), Value(scalar64(8000)), Value(f32(0)),
                                      Value(f32(400))},
                                     a),
                       "dft_length = 0 must be at least 1", Error);
  CHECK_THROWS_WITH_AS(run_signal_op("MelWeightMatrix", 17,
                                     {Value(scalar64(2)), Value(scalar64(8)), Value(scalar64(8000)), Value(f32(300)),
                                      Value(f32(200))},
                                     a),
                       doctest::Contains("0 <= lower_edge_hertz <= upper_edge_hertz"), Error);
}

namespace {

// The DFT contract's value of one output part: the exact sum of x[i] w[i] t(k i) over i < count,
// t the oracle's cosine and sine rounded to double, divided by n for the inverse, rounded to f.
double dft_oracle(const std::vector<double>& x, bool complex, const std::vector<double>* w, int64_t stride,
                  int64_t count, int64_t n, int64_t k, bool inverse, bool imaginary, Format f) {
  mpfr_t sum, term, tr;
  mpfr_inits2(2400, sum, term, tr, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_zero(sum, 1);
  for (int64_t i = 0; i < std::min(count, n); ++i) {
    const double xr = x[i * stride], xi = complex ? x[i * stride + 1] : 0.0;
    const double wi = w ? (*w)[i] : 1.0;
    signal_oracle_trig(tr, (k * i) % n, n, false);
    const double c = mpfr_get_d(tr, MPFR_RNDN);
    signal_oracle_trig(tr, (k * i) % n, n, true);
    const double s = mpfr_get_d(tr, MPFR_RNDN);
    // forward: re = xr c + xi s, im = xi c - xr s; inverse: re = xr c - xi s, im = xi c + xr s.
    double a1, b1, a2, b2, sign2;
    if (!imaginary) { a1 = xr; b1 = c; a2 = xi; b2 = s; sign2 = inverse ? -1 : 1; }
    else { a1 = xi; b1 = c; a2 = xr; b2 = s; sign2 = inverse ? 1 : -1; }
    mpfr_set_d(term, a1, MPFR_RNDN);
    mpfr_mul_d(term, term, b1, MPFR_RNDN);
    mpfr_mul_d(term, term, wi, MPFR_RNDN);
    mpfr_add(sum, sum, term, MPFR_RNDN);
    mpfr_set_d(term, a2, MPFR_RNDN);
    mpfr_mul_d(term, term, b2 * sign2, MPFR_RNDN);
    mpfr_mul_d(term, term, wi, MPFR_RNDN);
    mpfr_add(sum, sum, term, MPFR_RNDN);
  }
  if (inverse) mpfr_div_si(sum, sum, n, MPFR_RNDN);
  const double r = oracle::round_ieee(sum, 0, f);
  mpfr_clears(sum, term, tr, static_cast<mpfr_ptr>(nullptr));
  return r;
}

// Deterministic test samples: small-format values (7 significant bits) or wider ones.
std::vector<double> signal_test_samples(int64_t count, uint32_t seed, bool wide) {
  std::vector<double> v;
  uint32_t s = seed;
  for (int64_t i = 0; i < count; ++i) {
    s = s * 1664525u + 1013904223u;
    const int32_t k = static_cast<int32_t>(s >> 8) % (wide ? 1000003 : 127);
    v.push_back(wide ? std::ldexp(static_cast<double>(k), -12 + static_cast<int>(s % 7)) : k / 16.0);
  }
  return v;
}

Tensor signal_tensor(T type, Shape shape, const std::vector<double>& values) {
  Tensor t = Tensor::zeros(type, shape);
  for (size_t i = 0; i < values.size(); ++i) write_real(type, t.mutable_data(), static_cast<int64_t>(i), values[i]);
  return t;
}

Format signal_format(T type) {
  switch (type) {
    case T::Float16: return Format::Float16;
    case T::BFloat16: return Format::BFloat16;
    case T::Float: return Format::Float;
    default: return Format::Double;
  }
}

}  // namespace

TEST_CASE("DFT: exact small transforms, forward and inverse") {
  Attributes a = signal_defaults("DFT", 20);
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 4, 1}, {1, 2, 3, 4});
  const Tensor y = run_signal_op("DFT", 20, {Value(x)}, a)[0].tensor();
  CHECK(y.shape() == Shape{1, 4, 2});
  CHECK(signal_values(y) == std::vector<double>{10, 0, -2, 2, -2, 0, -2, -2});
  a.set("inverse", int64_t{1});
  const Tensor back = run_signal_op("DFT", 20, {Value(y)}, a)[0].tensor();
  CHECK(signal_values(back) == std::vector<double>{1, 0, 2, 0, 3, 0, 4, 0});
  // onesided keeps bins 0 .. floor(N / 2); dft_length pads with zeros.
  Attributes o = signal_defaults("DFT", 20);
  o.set("onesided", int64_t{1});
  const Tensor h = run_signal_op("DFT", 20, {Value(x), Value(scalar64(8))}, o)[0].tensor();
  CHECK(h.shape() == Shape{1, 5, 2});
  CHECK(signal_values(h)[0] == 10);
  CHECK(signal_values(h)[8] == -2);  // bin 4 of [1, 2, 3, 4, 0, 0, 0, 0]: 1 - 2 + 3 - 4
  // DFT-17 takes the axis as an attribute (default 1).
  const Tensor y17 = run_signal_op("DFT", 17, {Value(x)}, signal_defaults("DFT", 17))[0].tensor();
  CHECK(y17.identical_to(y));
}

TEST_CASE("DFT: every output agrees with the MPFR oracle (types, axes, padding, truncation, inverse, onesided)") {
  for (T type : {T::Float, T::Double, T::Float16, T::BFloat16}) {
    const bool wide = type == T::Float || type == T::Double;
    for (int parts : {1, 2})
      for (int64_t n : {int64_t{0}, int64_t{5}, int64_t{7}, int64_t{12}})  // 0: no dft_length
        for (int inverse : {0, 1})
          for (int onesided : {0, 1}) {
            if (onesided && (parts == 2 || inverse)) continue;  // IRFFT: tests/ops/signal/dft_test.cpp
            // shape [2, 7, 3, parts], transform along axis 1
            const std::vector<double> v = signal_test_samples(2 * 7 * 3 * parts, 17u + parts + n, wide);
            const Tensor x = signal_tensor(type, {2, 7, 3, parts}, v);
            const std::vector<double> exact = signal_values(x);
            Attributes a = signal_defaults("DFT", 20);
            a.set("inverse", int64_t{inverse});
            a.set("onesided", int64_t{onesided});
            std::vector<std::optional<Value>> in = {Value(x), std::nullopt, Value(scalar64(n % 2 ? -3 : 1))};
            if (n) in[1] = Value(scalar64(n));
            const Tensor y = run_signal_op("DFT", 20, in, a)[0].tensor();
            const int64_t N = n ? n : 7;
            const int64_t bins = onesided ? N / 2 + 1 : N;
            REQUIRE(y.shape() == Shape{2, bins, 3, 2});
            const std::vector<double> got = signal_values(y);
            for (int64_t o = 0; o < 2; ++o)
              for (int64_t k = 0; k < bins; ++k)
                for (int64_t i = 0; i < 3; ++i)
                  for (int part = 0; part < 2; ++part) {
                    std::vector<double> line(exact.begin() + (o * 7 * 3 + i) * parts, exact.end());
                    const double want = dft_oracle(line, parts == 2, nullptr, 3 * parts, 7, N, k, inverse, part == 1,
                                                   signal_format(type));
                    CAPTURE(name_of(type));
                    CAPTURE(parts);
                    CAPTURE(N);
                    CAPTURE(inverse);
                    CAPTURE(k);
                    CHECK(got[((o * bins + k) * 3 + i) * 2 + part] == want);
                  }
          }
  }
}

TEST_CASE("DFT: bad inputs are one-line errors") {
  Attributes a = signal_defaults("DFT", 20);
  const Tensor x = Tensor::zeros(T::Float, {1, 4, 1});
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(x), Value(scalar64(0))}, a), "dft_length = 0 must be at least 1",
                       Error);
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(x), std::nullopt, Value(scalar64(-1))}, a),
                       doctest::Contains("axis = -1 is out of range"), Error);
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(x), std::nullopt, Value(scalar64(2))}, a),
                       doctest::Contains("axis = 2 is out of range"), Error);
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(Tensor::zeros(T::Float, {4, 3}))}, a),
                       doctest::Contains("last dimension must be 1 (real) or 2 (complex)"), Error);
  CHECK_THROWS_AS(run_signal_op("DFT", 20, {Value(Tensor::zeros(T::Float, {4}))}, a), Error);
  a.set("onesided", int64_t{1});
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(Tensor::zeros(T::Float, {1, 4, 2}))}, a),
                       doctest::Contains("onesided = 1 needs a real input"), Error);
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(x), Value(scalar64(int64_t{1} << 40))}, a),
                       doctest::Contains("beyond 2^31 - 1"), Error);
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(Tensor::zeros(T::Float, {1 << 12, 1 << 10, 1})), Value(scalar64(1 << 11))}, a),
                       doctest::Contains("beyond the 2^32 this direct"), Error);
}

TEST_CASE("STFT: frames, window and onesided agree with the MPFR oracle") {
  for (T type : {T::Float, T::Double, T::Float16}) {
    const bool wide = type != T::Float16;
    for (int parts : {1, 2}) {
      const std::vector<double> v = signal_test_samples(2 * 40 * parts, 5u + parts, wide);
      const std::vector<double> wv = signal_test_samples(8, 99u, false);
      const Tensor x = signal_tensor(type, {2, 40, parts}, v);
      const Tensor w = signal_tensor(type, {8}, wv);
      const std::vector<double> exact = signal_values(x), window = signal_values(w);
      Attributes a = signal_defaults("STFT", 17);
      a.set("onesided", int64_t{parts == 1 ? 1 : 0});
      const Tensor y = run_signal_op("STFT", 17, {Value(x), Value(scalar64(6)), Value(w), Value(scalar64(8))}, a)[0].tensor();
      const int64_t bins = parts == 1 ? 5 : 8;
      REQUIRE(y.shape() == Shape{2, 6, bins, 2});
      const std::vector<double> got = signal_values(y);
      for (int64_t b = 0; b < 2; ++b)
        for (int64_t f = 0; f < 6; ++f)
          for (int64_t k = 0; k < bins; ++k)
            for (int part = 0; part < 2; ++part) {
              std::vector<double> line(exact.begin() + (b * 40 + f * 6) * parts, exact.end());
              CAPTURE(name_of(type));
              CAPTURE(parts);
              CHECK(got[((b * 6 + f) * bins + k) * 2 + part] ==
                    dft_oracle(line, parts == 2, &window, parts, 8, 8, k, false, part == 1, signal_format(type)));
            }
    }
  }
  // Without a window: frame_length frames of weight 1; without both: one frame of the whole signal.
  Attributes a = signal_defaults("STFT", 17);
  const Tensor ramp = Tensor::from_values<float>(T::Float, {1, 4, 1}, {1, 2, 3, 4});
  const Tensor y = run_signal_op("STFT", 17, {Value(ramp), Value(scalar64(1))}, a)[0].tensor();
  CHECK(y.shape() == Shape{1, 1, 3, 2});
  CHECK(signal_values(y) == std::vector<double>{10, 0, -2, 2, -2, 0});
  const Tensor z = run_signal_op("STFT", 17, {Value(ramp), Value(scalar64(2)), std::nullopt, Value(scalar64(2))}, a)[0].tensor();
  CHECK(signal_values(z) == std::vector<double>{3, 0, -1, 0, 7, 0, -1, 0});
  CHECK_THROWS_WITH_AS(run_signal_op("STFT", 17, {Value(ramp), Value(scalar64(0))}, a), "frame_step = 0 must be at least 1", Error);
  CHECK_THROWS_WITH_AS(run_signal_op("STFT", 17, {Value(ramp), Value(scalar64(1)), std::nullopt, Value(scalar64(5))}, a),
                       "the signal's length 4 is shorter than one frame of 5", Error);
  CHECK_THROWS_WITH_AS(run_signal_op("STFT", 17, {Value(ramp), Value(scalar64(1)), Value(Tensor::zeros(T::Float, {3})), Value(scalar64(2))}, a),
                       "the window's length 3 differs from frame_length = 2", Error);
  CHECK_THROWS_WITH_AS(run_signal_op("STFT", 17, {Value(Tensor::zeros(T::Float, {1, 4, 2})), Value(scalar64(1))}, a),
                       doctest::Contains("onesided = 1 needs a real signal"), Error);
  CHECK_THROWS_AS(run_signal_op("STFT", 17, {Value(Tensor::zeros(T::Float, {4, 1})), Value(scalar64(1))}, a), Error);
}
