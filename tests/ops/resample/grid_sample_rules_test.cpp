// GridSample-16, -20 and -22: the mode and padding defaults, out-of-range grids and the reflection
// rule of the ONNX 1.22.0 text, each check citing its sentence. X is one row [1, 2, 3]; a default is
// checked by comparing the node without it with the node given the text's value, and another value.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace grid_sample_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

std::vector<float> sample(int64_t v, std::vector<float> xs, const std::function<void(OpTester&)>& attrs = {}) {
  const auto n = static_cast<int64_t>(xs.size());
  std::vector<float> grid;
  for (float x : xs) grid.insert(grid.end(), {x, 0.0f});
  OpTester t("GridSample", v);
  t.input(Value(Tensor::from_values<float>(T::Float, {1, 1, 1, 3}, {1, 2, 3})));
  t.input(Value(Tensor::from_values<float>(T::Float, {1, 1, n, 2}, grid)));
  if (attrs) attrs(t);
  return floats(t.run_tensor());
}
auto mode(const char* m) {
  return [m](OpTester& t) { t.attribute("mode", m); };
}
auto padding(const char* p) {
  return [p](OpTester& t) { t.attribute("padding_mode", p); };
}

// spec: GridSample-16: "Three interpolation modes: bilinear (default), nearest and bicubic."
// spec: GridSample-20,22: "Three interpolation modes: linear (default), nearest and cubic."
TEST_CASE("GridSample, every version: (bi)linear by default") {
  for (int64_t v : {16, 20, 22}) {
    INFO("GridSample-", v);
    const std::vector<float> plain = sample(v, {-0.2f});
    CHECK(plain == sample(v, {-0.2f}, mode(v == 16 ? "bilinear" : "linear")));
    CHECK(plain != sample(v, {-0.2f}, mode("nearest")));
  }
}

// x = 3 lies far right of the row: zeros gives 0, border the edge value 3.
// spec: GridSample-16,20,22: "Support padding modes for outside grid values: `zeros`(default), `border`, `reflection`."
// spec: GridSample-16: "If grid has values outside the range of [-1, 1], the corresponding outputs will be handled as defined by padding_mode."
// spec: GridSample-20,22: "If the grid has values outside the range of [-1, 1], the corresponding outputs will be handled as defined by padding_mode."
// spec: GridSample-16,20,22: "Therefore, it should have most values in the range of [-1, 1]."
TEST_CASE("GridSample, every version: zeros padding by default; border takes the edge") {
  for (int64_t v : {16, 20, 22}) {
    INFO("GridSample-", v);
    CHECK(sample(v, {3}) == std::vector<float>{0});
    CHECK(sample(v, {3}, padding("zeros")) == std::vector<float>{0});
    CHECK(sample(v, {3}, padding("border")) == std::vector<float>{3});
  }
}

// align_corners = 1: x = -2 is pixel -1, reflected to pixel 1 (value 2).
// spec: GridSample-16,20,22: "If index 0 represents the margin pixel, the reflected value at index -1 will be the same as the value at index 1."
TEST_CASE("GridSample, every version: reflection about the margin pixel") {
  for (int64_t v : {16, 20, 22}) {
    INFO("GridSample-", v);
    CHECK(sample(v, {-2}, [](OpTester& t) {
            t.attribute("padding_mode", "reflection").attribute("align_corners", int64_t{1}).attribute("mode", "nearest");
          }) == std::vector<float>{2});
  }
}

// spec: GridSample-16: "Currently, only spatial (4-D) inputs are supported."
TEST_CASE("GridSample-16: a 5-D input is refused") {
  OpTester t("GridSample", 16);
  t.input(Value(Tensor::zeros(T::Float, {1, 1, 1, 1, 3}))).input(Value(Tensor::zeros(T::Float, {1, 1, 1, 1, 3})));
  CHECK_THROWS_AS(t.run(), Error);
}

}  // namespace grid_sample_rules_tests
