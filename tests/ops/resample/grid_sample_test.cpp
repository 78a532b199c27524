// Unit tests of ops/resample/grid_sample.cpp.
#include "helpers/grid_sample_rules.h"
#include "helpers/indexing_misc.h"

TEST_CASE("GridSample: coordinates, modes and padding, worked out by hand") {
  const Tensor square = misc_f32({1, 1, 2, 2}, {1, 2, 3, 4});
  // The centre of a 2 x 2 image without align_corners is x = y = 0.5: the mean of the four pixels.
  CHECK(misc_floats(misc_run("GridSample", 16, {square, misc_f32({1, 1, 1, 2}, {0, 0})})[0]) ==
        std::vector<float>{2.5f});
  const Tensor row = misc_f32({1, 1, 1, 4}, {10, 20, 30, 40});
  auto at = [&](int opset, float g, const std::string& mode, const std::string& padding) {
    return misc_floats(misc_run("GridSample", opset, {row, misc_f32({1, 1, 1, 2}, {g, 0})},
                                {{"mode", mode}, {"padding_mode", padding}})[0])[0];
  };
  // W = 4: x = ((g + 1) 4 - 1) / 2. g = -0.5 gives x = 0.5, a tie rounded to the even pixel 0.
  CHECK(at(20, -0.5f, "nearest", "zeros") == 10);
  CHECK(at(20, -0.25f, "nearest", "zeros") == 20);
  // g = 1.5 gives x = 4.5: outside; zeros reads nothing, border pixel 3, reflection x = 2.5.
  CHECK(at(16, 1.5f, "bilinear", "zeros") == 0);
  CHECK(at(16, 1.5f, "bilinear", "border") == 40);
  CHECK(at(16, 1.5f, "bilinear", "reflection") == 35);
  CHECK(at(22, 0.125f, "linear", "zeros") == 27.5f);  // x = 1.75: 20 / 4 + 30 * 3 / 4
  // Keys' kernel reproduces a linear ramp: at x = 1.5 the weights are -3/32, 19/32, 19/32, -3/32.
  CHECK(misc_floats(misc_run("GridSample", 20, {misc_f32({1, 1, 1, 4}, {0, 1, 2, 3}), misc_f32({1, 1, 1, 2}, {0, 0})},
                             {{"mode", std::string("cubic")}})[0]) == std::vector<float>{1.5f});
  // The same ramp as a 3-D volume (1 x 1 x 4): tricubic, the two unit axes at their only pixel.
  // spec: GridSample-20,22: "The "cubic" mode also includes N-cubic interpolation modes following the same rules."
  for (int opset : {20, 22})
    CHECK(misc_floats(misc_run("GridSample", opset,
                               {misc_f32({1, 1, 1, 1, 4}, {0, 1, 2, 3}), misc_f32({1, 1, 1, 1, 3}, {0, 0, 0})},
                               {{"mode", std::string("cubic")}})[0]) == std::vector<float>{1.5f});
  // Integers: truncated toward zero, saturated: 200 (-3/16) + 255 (19/16) = 265.3125 -> 255.
  const auto u8 = misc_run(
      "GridSample", 20,
      {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 1, 4}, {200, 255, 255, 200}), misc_f32({1, 1, 1, 2}, {0, 0})},
      {{"mode", std::string("cubic")}});
  CHECK(u8[0].tensor().data_as<uint8_t>()[0] == 255);
  const auto i8 = misc_run(
      "GridSample", 20,
      {Tensor::from_values<int8_t>(T::Int8, {1, 1, 1, 4}, {-100, 100, 100, -100}), misc_f32({1, 1, 1, 2}, {0, 0})},
      {{"mode", std::string("cubic")}});
  CHECK(i8[0].tensor().data_as<int8_t>()[0] == 127);  // 137.5
  // W = 2, g = -0.25 and 0.25: x = 0.25 and 0.75 between 0 and -1: -0.25 and -0.75 truncate to 0.
  const auto i32 = misc_run(
      "GridSample", 16,
      {Tensor::from_values<int32_t>(T::Int32, {1, 1, 1, 2}, {0, -1}), misc_f32({1, 1, 2, 2}, {-0.25f, 0, 0.25f, 0})});
  CHECK(i32[0].tensor().data_as<int32_t>()[0] == 0);
  CHECK(i32[0].tensor().data_as<int32_t>()[1] == 0);
  // 1-D from version 20, align_corners: g = -1 and 1 are the end pixels.
  CHECK(misc_floats(misc_run("GridSample", 20, {misc_f32({1, 1, 3}, {0, 10, 20}), misc_f32({1, 2, 1}, {-1, 1})},
                             {{"align_corners", int64_t{1}}})[0]) == std::vector<float>{0, 20});
  // The exact weighted sum rounded once: 0.75 (1 + 2^-23) + 0.25 (1 + 2^-22) = 1 + 5 * 2^-25, nearest float 1 + 2^-23.
  CHECK(misc_floats(misc_run("GridSample", 16,
                             {misc_f32({1, 1, 1, 2}, {1 + 0x1p-23f, 1 + 0x1p-22f}),
                              misc_f32({1, 1, 1, 2}, {-0.25f, 0})})[0]) == std::vector<float>{1 + 0x1p-23f});
  const auto s = misc_run("GridSample", 20,
                          {Tensor::from_strings({1, 1, 1, 2}, {"a", "b"}), misc_f32({1, 1, 2, 2}, {0.5f, 0, 3, 0})},
                          {{"mode", std::string("nearest")}});
  CHECK(s[0].tensor().strings() == std::vector<std::string>{"b", ""});
  CHECK_THROWS_WITH_AS(
      misc_run("GridSample", 16, {row, misc_f32({1, 1, 1, 2}, {0, 0})}, {{"mode", std::string("linear")}}),
      "mode 'linear' is not one of bilinear, nearest, bicubic", Error);
  CHECK_THROWS_WITH_AS(
      misc_run("GridSample", 20, {row, misc_f32({1, 1, 1, 2}, {0, 0})}, {{"mode", std::string("bicubic")}}),
      "mode 'bicubic' is not one of linear, nearest, cubic", Error);
  CHECK_THROWS_WITH_AS(misc_run("GridSample", 16, {misc_f32({1, 1, 3}, {0, 10, 20}), misc_f32({1, 2, 1}, {-1, 1})}),
                       doctest::Contains("X must be 4-D"), Error);
  CHECK_THROWS_WITH_AS(misc_run("GridSample", 20, {row, misc_f32({1, 1, 1, 2}, {NAN, 0})}),
                       "grid position 0 (flat) is not finite", Error);
  CHECK_THROWS_WITH_AS(misc_run("GridSample", 20, {row, misc_f32({1, 1, 1, 3}, {0, 0, 0})}),
                       doctest::Contains("grid is float[1, 1, 1, 3]"), Error);
}

namespace grid_sample_rules_tests {

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
    CHECK(
        sample(v, {-2}, [](OpTester& t) {
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
