// Unit tests of ops/activation/clip.cpp.
#include <doctest/doctest.h>
#include <cmath>
#include <limits>
#include "helpers/activation_defaults.h"
#include "helpers/activation_ops.h"
#include "node_runner.h"
#include "runtime/numeric_dispatch.h"

TEST_CASE("Clip: attributes (1, 6), optional inputs (11+), min > max, absent bounds, NaN") {
  const Tensor x = vec<float>(T::Float, {-5, -1, 0, 1, 5, NAN});
  // Clip-1 without attributes does not bound.
  const auto c1 = values<float>(run("Clip", 1, {x}));
  CHECK(c1[0] == -5);
  CHECK(c1[4] == 5);
  CHECK(std::isnan(c1[5]));
  CHECK(values<float>(run("Clip", 6, {x}, {{}, {{"min", -2.0f}, {"max", 2.0f}}}))[4] == 2);
  // Clip-6's default bounds are -FLT_MAX and FLT_MAX, so a double beyond them is clamped.
  const auto d = values<double>(run("Clip", 6, {vec<double>(T::Double, {1e300, -1e300})}));
  CHECK(d[0] == static_cast<double>(std::numeric_limits<float>::max()));
  CHECK(d[1] == -static_cast<double>(std::numeric_limits<float>::max()));
  const Tensor lo = Tensor::from_values<float>(T::Float, {}, {-2});
  const Tensor hi = Tensor::from_values<float>(T::Float, {}, {2});
  auto c11 = values<float>(run("Clip", 11, {x, std::nullopt, hi}));
  CHECK(c11[0] == -5);
  CHECK(c11[4] == 2);
  c11 = values<float>(run("Clip", 13, {x, lo, std::nullopt}));
  CHECK(c11[0] == -2);
  CHECK(c11[4] == 5);
  // min > max: every element becomes max.
  const auto swapped = values<float>(run("Clip", 13, {x, hi, lo}));
  for (size_t i = 0; i < 5; ++i) CHECK(swapped[i] == -2);
  const auto ints =
      values<int8_t>(run("Clip", 12,
                         {vec<int8_t>(T::Int8, {-128, 0, 127}), Tensor::from_values<int8_t>(T::Int8, {}, {-3}),
                          Tensor::from_values<int8_t>(T::Int8, {1}, {4})}));
  CHECK(ints == std::vector<int8_t>{-3, 0, 4});
  CHECK_THROWS_WITH_AS(run("Clip", 13, {x, vec<float>(T::Float, {1, 2})}),
                       doctest::Contains("a bound must be a scalar"), Error);
}

// spec: Clip-11: "They default to numeric_limits::lowest() and numeric_limits::max(), respectively."
// spec: Clip-12: "They default to numeric_limits::lowest() and numeric_limits::max(), respectively."
// spec: Clip-13: "They default to numeric_limits::lowest() and numeric_limits::max(), respectively."
TEST_CASE("Clip-11, -12, -13: absent bounds clamp infinities to the type's finite limits") {
  constexpr float inf = std::numeric_limits<float>::infinity();
  constexpr float fmax = std::numeric_limits<float>::max();
  const Tensor x = Tensor::from_values<float>(T::Float, {4}, {inf, -inf, 1.5f, std::nanf("")});
  for (int opset : {11, 12, 13}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("Clip", opset, {x});
    CHECK(y.data_as<float>()[0] == fmax);
    CHECK(y.data_as<float>()[1] == -fmax);
    CHECK(y.data_as<float>()[2] == 1.5f);
    CHECK(std::isnan(y.data_as<float>()[3]));
    // Only max absent: -inf is clamped to the given min, +inf to the largest float.
    const Tensor lo = Tensor::from_values<float>(T::Float, {}, {-1});
    const Tensor z = run_single_node("Clip", opset, {x, lo});
    CHECK(z.data_as<float>()[0] == fmax);
    CHECK(z.data_as<float>()[1] == -1.0f);
    // Only min absent.
    const Tensor hi = Tensor::from_values<float>(T::Float, {}, {2});
    const Tensor w = run_single_node("Clip", opset, {x, std::nullopt, hi});
    CHECK(w.data_as<float>()[0] == 2.0f);
    CHECK(w.data_as<float>()[1] == -fmax);
  }
  const double dinf = std::numeric_limits<double>::infinity();
  const Tensor d = run_single_node("Clip", 13, {Tensor::from_values<double>(T::Double, {2}, {dinf, -dinf})});
  CHECK(d.data_as<double>()[0] == std::numeric_limits<double>::max());
  CHECK(d.data_as<double>()[1] == std::numeric_limits<double>::lowest());
  // float16: 0x7C00 is +inf, 0x7BFF is 65504, its largest finite value.
  const Tensor h = run_single_node("Clip", 13, {Tensor::from_values<uint16_t>(T::Float16, {2}, {0x7C00, 0xFC00})});
  CHECK(h.data_as<uint16_t>()[0] == 0x7BFF);
  CHECK(h.data_as<uint16_t>()[1] == 0xFBFF);
  CHECK(widen(Float16Bits{h.data_as<uint16_t>()[0]}) == 65504.0);
}

// Departure (docs/DEPARTURES.md, Clip): the text says the bounds are scalars; a [1] bound, as
// exporters write it, is taken. A bound of two elements is refused.
// spec: Clip-11,12,13: "It must be a scalar(tensor of empty shape)."
TEST_CASE("Clip-11, -12, -13: scalar bounds; a [1] bound is taken (a listed departure), a [2] one refused") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2}, {-5, 5});
  for (int opset : {11, 12, 13}) {
    CAPTURE(opset);
    const Tensor y = run_single_node(
        "Clip", opset,
        {x, Tensor::from_values<float>(T::Float, {1}, {-1}), Tensor::from_values<float>(T::Float, {1}, {1})});
    CHECK(y.data_as<float>()[0] == -1.0f);
    CHECK(y.data_as<float>()[1] == 1.0f);
    const Tensor s = run_single_node(
        "Clip", opset,
        {x, Tensor::from_values<float>(T::Float, {}, {-2}), Tensor::from_values<float>(T::Float, {}, {3})});
    CHECK(s.data_as<float>()[0] == -2.0f);
    CHECK(s.data_as<float>()[1] == 3.0f);
    CHECK_THROWS_AS(run_single_node("Clip", opset, {x, Tensor::from_values<float>(T::Float, {2}, {-1, -1})}), Error);
    CHECK_THROWS_AS(
        run_single_node("Clip", opset, {x, std::nullopt, Tensor::from_values<float>(T::Float, {2}, {1, 1})}), Error);
  }
}

namespace activation_defaults_tests {

// spec: Clip-1,6: "They default to numeric_limits::lowest() and numeric_limits::max() respectively."
TEST_CASE("Clip-1 and -6: without bounds, -inf and +inf clamp to the float range") {
  const float inf = std::numeric_limits<float>::infinity();
  for (int64_t v : {1, 6}) {
    INFO("Clip-", v);
    OpTester t("Clip", v);
    t.input(Value(Tensor::from_values<float>(T::Float, {3}, {-inf, 1, inf})));
    if (v == 1) t.attribute("consumed_inputs", std::vector<int64_t>{0});
    CHECK(floats(t.run_tensor()) ==
          std::vector<float>{std::numeric_limits<float>::lowest(), 1, std::numeric_limits<float>::max()});
  }
}

}  // namespace activation_defaults_tests

// ---- moved from clip_lanes_test.cpp ----
// Clip on float tensors with both bounds present and not NaN (the select loop of
// ops/activation/clip.cpp), long enough to be vectorised: every element is an element of X or a
// bound, NaN stays NaN, and -0 against a +0 bound stays -0 (neither is less than the other).

TEST_CASE("Clip-13 on float: elements of X or a bound, NaN kept, signed zeros compared as equal") {
  // Clip-13: "Clip operator limits the given input within an interval."
  std::vector<float> x;
  for (int i = 0; i < 29; ++i) x.push_back(static_cast<float>(i) * 0.5f - 7.0f);  // -7 .. 7
  x[3] = NAN;
  x[10] = -0.0f;
  x[20] = INFINITY;
  x[21] = -INFINITY;
  const Tensor lo = Tensor::from_values<float>(T::Float, {}, {0.0f});
  const Tensor hi = Tensor::from_values<float>(T::Float, {}, {2.5f});
  const auto y = values<float>(run("Clip", 13, {vec<float>(T::Float, x), lo, hi}));
  REQUIRE(y.size() == x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    INFO("element " << i << " = " << x[i]);
    if (i == 3) {
      CHECK(std::isnan(y[i]));
    } else if (i == 10) {
      CHECK((y[i] == 0 && std::signbit(y[i])));
    } else {
      const float want = x[i] < 0 ? 0.0f : x[i] > 2.5f ? 2.5f : x[i];
      CHECK(y[i] == want);
      if (want == 0) CHECK(!std::signbit(y[i]));
    }
  }
  // Clip-6's attribute bounds take the same loop.
  const auto a = values<float>(run("Clip", 6, {vec<float>(T::Float, x)}, {{}, {{"min", -1.0f}, {"max", 1.0f}}, {}}));
  for (size_t i = 0; i < x.size(); ++i)
    if (i != 3) CHECK(a[i] == (x[i] < -1 ? -1.0f : x[i] > 1 ? 1.0f : x[i]));
}
