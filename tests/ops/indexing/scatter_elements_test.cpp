// Unit tests of ops/indexing/scatter_elements.cpp.
#include "helpers/indexing_rules.h"
#include "helpers/movement_indexing.h"

TEST_CASE("Scatter reductions in the element type: wrap, round once, NaN, bool") {
  const Tensor data = Tensor::from_values<int8_t>(T::Int8, {2}, {120, -128});
  const Tensor upd = Tensor::from_values<int8_t>(T::Int8, {2}, {10, -1});
  auto out =
      run_op("ScatterElements", 18, {data, i64({2}, {0, 1}), upd}, {{"reduction", std::string("add")}})[0].tensor();
  CHECK(out.data_as<int8_t>()[0] == -126);  // 130 wraps
  CHECK(out.data_as<int8_t>()[1] == 127);
  out = run_op("ScatterND", 18, {f32({2}, {1, 2}), i64({2, 1}, {0, 0}), f32({2}, {NAN, 5})},
               {{"reduction", std::string("max")}})[0]
            .tensor();
  CHECK(std::isnan(out.data_as<float>()[0]));
  const Tensor b = Tensor::from_values<uint8_t>(T::Bool, {2}, {0, 1});
  out = run_op("ScatterND", 16, {b, i64({2, 1}, {0, 1}), Tensor::from_values<uint8_t>(T::Bool, {2}, {1, 0})},
               {{"reduction", std::string("mul")}})[0]
            .tensor();
  CHECK(out.data_as<uint8_t>()[0] == 0);
  CHECK(out.data_as<uint8_t>()[1] == 0);
  CHECK_THROWS_WITH_AS(
      run_op("ScatterND", 16, {Tensor::from_strings({1}, {"a"}), i64({1, 1}, {0}), Tensor::from_strings({1}, {"b"})},
             {{"reduction", std::string("add")}}),
      "a reduction other than 'none' is not defined for string", Error);
  CHECK_THROWS_WITH_AS(
      run_op("ScatterND", 13, {data, i64({1, 1}, {2}), Tensor::from_values<int8_t>(T::Int8, {1}, {1})}),
      doctest::Contains("indices[0] = 2 is out of range"), Error);
  // Repeated indices with reduction none: the last update wins.
  CHECK(ints(run_op("ScatterND", 13, {i64({2}, {0, 0}), i64({3, 1}, {1, 1, 1}), i64({3}, {7, 8, 9})})[0]) ==
        std::vector<int64_t>{0, 9});
}

// Repeated indices with reduction none: the text says they "should not" occur and leaves the result
// undefined; onnx-ref applies the updates in index order, so the last one wins, as ONNX's reference
// implementation does (docs/DEPARTURES.md, ScatterND and ScatterElements).
// spec: ScatterND-11,13,16,18: "In particular, indices should not have duplicate entries: that is, if idx1 != idx2, then indices[idx1] != indices[idx2]."
// spec: ScatterND-11,13: "Note that `indices` should not have duplicate entries."
// spec: ScatterND-11,13: "That is, two or more `updates` for the same index-location is not supported."
// spec: ScatterND-16,18: "In cases where `reduction` is set to "none", indices should not have duplicate entries: that is, if idx1 != idx2, then indices[idx1] != indices[idx2]."
// spec: ScatterElements-16,18: "In cases where `reduction` is set to "none", indices should not have duplicate entries: that is, if idx1 != idx2, then indices[idx1] != indices[idx2]."
TEST_CASE("ScatterND and ScatterElements: repeated indices with reduction none, the last update wins") {
  for (int v : {11, 13, 16, 18}) {
    CAPTURE(v);
    const Tensor nd = run_op("ScatterND", v, {f32({2}, {1, 2}), i64({2, 1}, {0, 0}), f32({2}, {7, 8})})[0].tensor();
    CHECK(nd.data_as<float>()[0] == 8);
    CHECK(nd.data_as<float>()[1] == 2);
    const Tensor el = run_op("ScatterElements", v, {f32({2}, {1, 2}), i64({2}, {1, 1}), f32({2}, {7, 8})})[0].tensor();
    CHECK(el.data_as<float>()[0] == 1);
    CHECK(el.data_as<float>()[1] == 8);
  }
}

namespace indexing_rules_tests {

// spec: ScatterElements-*: "ScatterElements takes three inputs `data`, `updates`, and `indices` of the same rank r >= 1 and an optional attribute axis that identifies an axis of `data` (by default, the outer-most axis, that is axis 0)."
// spec: ScatterElements-*: "Its output shape is the same as the shape of `data`."
// spec: ScatterElements-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ScatterElements-*: "All index values are expected to be within bounds [-s, s-1] along axis of size s."
// spec: ScatterElements-*: "It is an error if any of the index values are out of bounds."
// spec: ScatterElements-16: "Type of reduction to apply: none (default), add, mul."
// spec: ScatterElements-18: "Type of reduction to apply: none (default), add, mul, max, min."
TEST_CASE("ScatterElements, every version: axis 0 by default, data's shape, bounds; reduction none by default") {
  for (int64_t v : {11, 13, 16, 18}) {
    INFO("ScatterElements-", v);
    // data[idx[0][j]][j] = u[0][j]: data[1][0] = 10, data[0][1] = 20.
    const Tensor y = run("ScatterElements", v, {kData(), i64({1, 2}, {1, 0}), f32({1, 2}, {10, 20})});
    CHECK(y.shape() == Shape{2, 3});
    CHECK(floats(y) == std::vector<float>{1, 20, 3, 10, 5, 6});
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {-1}), f32({1, 1}, {9})}, axis(-1))) ==
          std::vector<float>{1, 2, 9, 4, 5, 6});
    CHECK_THROWS_AS(run("ScatterElements", v, {kData(), i64({1, 1}, {0}), f32({1, 1}, {9})}, axis(2)), Error);
    CHECK_THROWS_AS(run("ScatterElements", v, {kData(), i64({1, 1}, {2}), f32({1, 1}, {9})}), Error);
    CHECK_THROWS_AS(run("ScatterElements", v, {kData(), i64({1, 1}, {-3}), f32({1, 1}, {9})}), Error);
    if (v < 16) continue;
    const auto reduction = [](const char* r) { return [r](OpTester& t) { t.attribute("reduction", r); }; };
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {1}), f32({1, 1}, {10})}, reduction("none")))[3] ==
          10);
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {1}), f32({1, 1}, {10})}, reduction("add")))[3] == 14);
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {1}), f32({1, 1}, {10})}, reduction("mul")))[3] == 40);
    if (v < 18) continue;
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {1}), f32({1, 1}, {10})}, reduction("max")))[3] == 10);
    CHECK(floats(run("ScatterElements", v, {kData(), i64({1, 1}, {1}), f32({1, 1}, {10})}, reduction("min")))[3] == 4);
  }
}

}  // namespace indexing_rules_tests
