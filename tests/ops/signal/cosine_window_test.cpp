// Unit tests of ops/signal/cosine_window.cpp.
#include "helpers/signal.h"

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
                       {kHammingCoefficients, "0.543478260869565217391304347826086956521739130434782608695652173913",
                        "0.456521739130434782608695652173913043478260869565217391304347826087", "0"},
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
  CHECK_THROWS_WITH_AS(run_signal_op("BlackmanWindow", 17, {Value(scalar64(0))}, a), "size = 0 must be at least 1",
                       Error);
  CHECK_THROWS_WITH_AS(run_signal_op("BlackmanWindow", 17, {Value(scalar64(-3))}, a), "size = -3 must be at least 1",
                       Error);
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
