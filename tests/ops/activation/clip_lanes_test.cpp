// Clip on float tensors with both bounds present and not NaN (the select loop of
// ops/activation/clip.cpp), long enough to be vectorised: every element is an element of X or a
// bound, NaN stays NaN, and -0 against a +0 bound stays -0 (neither is less than the other).
#include "helpers/activation_ops.h"

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
