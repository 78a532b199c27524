// Unit tests of ops/signal/dft.cpp.
#include "helpers/signal.h"

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
            if (onesided && parts == 2) continue;
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
