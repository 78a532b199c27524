// Unit tests of ops/movement/tile.cpp.
#include <doctest/doctest.h>
#include "helpers/layout_ops.h"
#include "node_runner.h"
#include "runtime/error.h"

TEST_CASE("Tile: output shapes") {
  CHECK(tile_output_shape({2, 3}, std::vector<int64_t>{1, 2}) == Shape{2, 6});
  CHECK(tile_output_shape({2, 3}, std::vector<int64_t>{0, 2}) == Shape{0, 6});
  CHECK(tile_output_shape({}, std::vector<int64_t>{}) == Shape{});
  CHECK(tile_output_shape({0, 3}, std::vector<int64_t>{kMax, 1}) == Shape{0, 3});
  CHECK(tile_output_shape({1}, std::vector<int64_t>{kMax}) == Shape{kMax});
}

TEST_CASE("Tile: errors") {
  CHECK_THROWS_WITH_AS(tile_output_shape({2, 3}, std::vector<int64_t>{2}),
                       "repeats has 1 entries but the input has rank 2; it needs one per input dimension", Error);
  CHECK_THROWS_WITH_AS(tile_output_shape({}, std::vector<int64_t>{2}),
                       "repeats has 1 entries but the input has rank 0; it needs one per input dimension", Error);
  CHECK_THROWS_WITH_AS(tile_output_shape({2, 3}, std::vector<int64_t>{1, -1}), "repeats[1] = -1 is negative", Error);
  CHECK_THROWS_WITH_AS(tile_output_shape({2, 3}, std::vector<int64_t>{kMin, 1}),
                       "repeats[0] = -9223372036854775808 is negative", Error);
  CHECK_THROWS_WITH_AS(tile_output_shape({2, 3}, std::vector<int64_t>{kMax, 1}),
                       "repeats[0] = 9223372036854775807 times input dimension 0 (2) overflows int64", Error);
  CHECK_THROWS_WITH_AS(tile_output_shape({4, 4}, std::vector<int64_t>{1LL << 31, 1LL << 31}),
                       "tiling [4, 4] gives the shape [8589934592, 8589934592], whose element count overflows int64",
                       Error);
  // Countable but far beyond memory: refused before allocating.
  CHECK_THROWS_AS(tile(Tensor::zeros(T::Float, {2, 2}), std::vector<int64_t>{1000000, 1000000}), Error);
}

TEST_CASE("Tile-1: tiles and axis") {
  CHECK(tile1_repeats({2, 3}, 3, 0) == std::vector<int64_t>{3, 1});
  CHECK(tile1_repeats({2, 3}, 0, 1) == std::vector<int64_t>{1, 0});
  CHECK_THROWS_WITH_AS(tile1_repeats({2, 3}, 2, 2), "axis = 2 is out of range for rank 2 (valid: 0 to 1)", Error);
  CHECK_THROWS_WITH_AS(tile1_repeats({2, 3}, 2, -1), "axis = -1 is out of range for rank 2 (valid: 0 to 1)", Error);
  CHECK_THROWS_WITH_AS(tile1_repeats({}, 2, 0), "axis = 0 is out of range for rank 0 (a scalar has no axis)", Error);
  CHECK_THROWS_WITH_AS(tile1_repeats({2}, -3, 0), "tiles = -3 is negative", Error);
  CHECK(integer_from_float_tensor(floats({}, {3}), "tiles") == 3);
  CHECK(integer_from_float_tensor(floats({1}, {-0.0f}), "tiles") == 0);
  CHECK(integer_from_float_tensor(Tensor::from_values<double>(T::Double, {}, {-9223372036854775808.0}), "axis") ==
        kMin);
  CHECK(integer_from_float_tensor(Tensor::from_values<uint16_t>(T::Float16, {1, 1}, {0x4200}), "tiles") == 3);  // 3.0
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(floats({}, {2.5f}), "tiles"),
                       "tiles = 2.5 is not an integer that fits int64", Error);
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(floats({}, {NAN}), "axis"),
                       "axis = nan is not an integer that fits int64", Error);
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(floats({}, {INFINITY}), "tiles"),
                       "tiles = inf is not an integer that fits int64", Error);
  CHECK_THROWS_WITH_AS(
      integer_from_float_tensor(Tensor::from_values<double>(T::Double, {}, {9223372036854775808.0}), "tiles"),
      "tiles = 9.2233720368547758e+18 is not an integer that fits int64", Error);
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(floats({2}, {1, 2}), "tiles"),
                       "tiles must hold one value, but it is float[2]", Error);
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(floats({0}, {}), "axis"),
                       "axis must hold one value, but it is float[0]", Error);
}

TEST_CASE("Tile: kernels match the reference, every width") {
  const std::pair<Shape, std::vector<int64_t>> cases[] = {{{2, 3}, {1, 2}},
                                                          {{2, 3}, {3, 1}},
                                                          {{2, 3}, {2, 2}},
                                                          {{}, {}},
                                                          {{5}, {7}},
                                                          {{1, 1}, {3, 4}},
                                                          {{2, 3}, {0, 2}},
                                                          {{2, 1, 3}, {1, 5, 1}},
                                                          {{3, 2, 2}, {2, 1, 3}},
                                                          {{2, 3}, {1, 1}},
                                                          {{1, 4, 1}, {3, 1, 2}},
                                                          {{3}, {1}}};
  for (ElementType type : kEveryWidth) {
    CAPTURE(name_of(type));
    for (const auto& entry : cases) {  // no structured binding: clang 14 cannot capture one
      const auto& in = std::get<0>(entry);
      const auto& reps = std::get<1>(entry);
      CAPTURE(shape_to_string(in));
      CAPTURE(shape_to_string(reps));
      const Tensor x = patterned(type, in);
      CHECK(tile(x, reps).identical_to(naive_tile(x, reps)));
    }
  }
}

TEST_CASE("Tile: a float example by hand") {
  const Tensor y = tile(floats({2, 2}, {1, 2, 3, 4}), std::vector<int64_t>{2, 2});
  CHECK(y.shape() == Shape{4, 4});
  CHECK(float_values(y) == std::vector<float>{1, 2, 1, 2, 3, 4, 3, 4, 1, 2, 1, 2, 3, 4, 3, 4});
}

TEST_CASE("Tile-1: through a model, tiles and axis of the data's float type") {
  ModelBuilder b(1);
  b.ir_version(3);
  b.input("x", T::Float, {2, 2}).input("tiles", T::Float, {}).input("axis", T::Float, {}).output("y");
  b.node("Tile", {"x", "tiles", "axis"}, {"y"}).set_name("t");
  const Model m = b.build();
  const Tensor x = floats({2, 2}, {1, 2, 3, 4});
  auto out = m.run({{"x", x}, {"tiles", floats({}, {3})}, {"axis", floats({}, {1})}});
  CHECK(out[0].second.tensor().shape() == Shape{2, 6});
  CHECK(float_values(out[0].second.tensor()) == std::vector<float>{1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4});
  out = m.run({{"x", x}, {"tiles", floats({}, {2})}, {"axis", floats({}, {0})}});
  CHECK(float_values(out[0].second.tensor()) == std::vector<float>{1, 2, 3, 4, 1, 2, 3, 4});
  CHECK_THROWS_WITH_AS(m.run({{"x", x}, {"tiles", floats({}, {1.5f})}, {"axis", floats({}, {0})}}),
                       "test.onnx: node 't' (#0, Tile-1): tiles = 1.5 is not an integer that fits int64", Error);
  CHECK_THROWS_WITH_AS(m.run({{"x", x}, {"tiles", floats({}, {2})}, {"axis", floats({}, {2})}}),
                       "test.onnx: node 't' (#0, Tile-1): axis = 2 is out of range for rank 2 (valid: 0 to 1)", Error);
}

// spec: Tile-6,13: "1D int64 tensor of the same length as input's dimension number, includes numbers of repeated copies along input's dimensions."
// spec: Tile-6,13: "Output tensor of the same dimensions and type as tensor input. output_dim[i] = input_dim[i] * repeats[i]"
TEST_CASE("Tile-6 and -13: output_dim[i] = input_dim[i] * repeats[i]; repeats of another length is refused") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 2}, {1, 2});
  for (int opset : {6, 13}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("Tile", opset, {x, int64_tensor({2, 2})});
    REQUIRE(y.shape() == Shape{2, 4});
    const std::vector<float> expected{1, 2, 1, 2, 1, 2, 1, 2};
    for (size_t i = 0; i < expected.size(); ++i) CHECK(y.data_as<float>()[i] == expected[i]);
    // numpy.tile would broadcast a shorter or longer reps; Tile refuses it.
    // spec: Tile-6,13: "This is the same as function `tile` in Numpy, but no broadcast."
    CHECK_THROWS_AS(run_single_node("Tile", opset, {x, int64_tensor({2})}), Error);
    CHECK_THROWS_AS(run_single_node("Tile", opset, {x, int64_tensor({1, 1, 2})}), Error);
  }
}
