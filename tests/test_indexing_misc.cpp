// ReverseSequence, Scatter, Unique and NonMaxSuppression: kernels on small tensors whose expected
// values are worked out by hand (the spec's own examples among them), and the refusals.
#include <doctest/doctest.h>

#include <climits>
#include <cmath>
#include <complex>

#include "ops/registry.h"
#include "rational_oracle.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

std::vector<Value> misc_run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs,
                            std::map<std::string, AttrValue> attrs = {}, size_t outputs = 1) {
  const OpVersion* v = Registry::builtin().resolve("", op, opset);
  REQUIRE(v);
  Attributes a;
  for (const auto& spec : v->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  for (const auto& entry : attrs) a.set(entry.first, entry.second);
  if (v->check_attributes) v->check_attributes(a);
  return v->kernel(KernelContext(a, inputs, outputs));
}

Tensor misc_i64(Shape shape, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(shape), v); }
Tensor misc_f32(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }
std::vector<int64_t> misc_ints(const Value& v) {
  const Tensor& t = v.tensor();
  return std::vector<int64_t>(t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count());
}
std::vector<float> misc_floats(const Value& v) {
  const Tensor& t = v.tensor();
  return std::vector<float>(t.data_as<float>(), t.data_as<float>() + t.element_count());
}

}  // namespace

TEST_CASE("ReverseSequence: the spec's two examples, strings, lengths checked") {
  std::vector<float> x(16);
  for (size_t i = 0; i < 16; ++i) x[i] = static_cast<float>(i);
  // Example 1 (time_axis 0, batch_axis 1): input[t][b] = 4 b + t.
  std::vector<float> ex1(16);
  for (size_t t = 0; t < 4; ++t)
    for (size_t b = 0; b < 4; ++b) ex1[t * 4 + b] = static_cast<float>(4 * b + t);
  CHECK(misc_floats(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, ex1), misc_i64({4}, {4, 3, 2, 1})})[0]) ==
        std::vector<float>{3, 6, 9, 12, 2, 5, 8, 13, 1, 4, 10, 14, 0, 7, 11, 15});
  CHECK(misc_floats(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, x), misc_i64({4}, {1, 2, 3, 4})},
                             {{"batch_axis", int64_t{0}}, {"time_axis", int64_t{1}}})[0]) ==
        std::vector<float>{0, 1, 2, 3, 5, 4, 6, 7, 10, 9, 8, 11, 15, 14, 13, 12});
  // Rank 3: the trailing axis moves whole.
  const auto s = misc_run("ReverseSequence", 10, {Tensor::from_strings({3, 1, 2}, {"a", "b", "c", "d", "e", "f"}), misc_i64({1}, {3})});
  CHECK(s[0].tensor().strings() == std::vector<std::string>{"e", "f", "c", "d", "a", "b"});
  CHECK_THROWS_WITH_AS(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, x), misc_i64({4}, {1, 5, 0, 0})}),
                       "sequence_lens[1] = 5 is out of range for a time axis of 4 (valid: 0 to 4)", Error);
  CHECK_THROWS_WITH_AS(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, x), misc_i64({4}, {0, 0, INT64_MIN, 0})}),
                       doctest::Contains("sequence_lens[2] = -9223372036854775808 is out of range"), Error);
  CHECK_THROWS_WITH_AS(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, x), misc_i64({3}, {1, 1, 1})}),
                       doctest::Contains("it must be int64[4]"), Error);
  CHECK_THROWS_WITH_AS(misc_run("ReverseSequence", 10, {misc_f32({4}, {0, 1, 2, 3}), misc_i64({4}, {1, 1, 1, 1})}),
                       doctest::Contains("rank 2 or more"), Error);
  CHECK_THROWS_WITH_AS(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, x), misc_i64({4}, {1, 1, 1, 1})}, {{"time_axis", int64_t{1}}}),
                       "batch_axis and time_axis are both 1; they must differ", Error);
}

TEST_CASE("Scatter: ScatterElements' kernel; 9 refuses negative indices, 11 counts them from the back") {
  // The spec's example 2.
  const Tensor data = misc_f32({1, 5}, {1, 2, 3, 4, 5});
  CHECK(misc_floats(misc_run("Scatter", 9, {data, misc_i64({1, 2}, {1, 3}), misc_f32({1, 2}, {1.1f, 2.1f})}, {{"axis", int64_t{1}}})[0]) ==
        std::vector<float>{1, 1.1f, 3, 2.1f, 5});
  CHECK(misc_floats(misc_run("Scatter", 11, {data, misc_i64({1, 2}, {1, -1}), misc_f32({1, 2}, {1.1f, 2.1f})}, {{"axis", int64_t{-1}}})[0]) ==
        std::vector<float>{1, 1.1f, 3, 4, 2.1f});
  CHECK_THROWS_WITH_AS(misc_run("Scatter", 9, {data, misc_i64({1, 2}, {1, -1}), misc_f32({1, 2}, {1.1f, 2.1f})}, {{"axis", int64_t{1}}}),
                       "indices[1] = -1 is out of range for a dimension of 5 (valid: 0 to 4)", Error);
  CHECK(Registry::builtin().resolve("", "Scatter", 11)->deprecated);
  CHECK(!Registry::builtin().resolve("", "Scatter", 10)->deprecated);
}

TEST_CASE("Unique: the spec's four examples") {
  // Example 1: unsorted, flattened.
  auto r = misc_run("Unique", 11, {misc_i64({6}, {2, 1, 1, 3, 4, 3})}, {{"sorted", int64_t{0}}}, 4);
  REQUIRE(r.size() == 4);
  CHECK(misc_ints(r[0]) == std::vector<int64_t>{2, 1, 3, 4});
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{0, 1, 3, 4});
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{0, 1, 1, 2, 3, 2});
  CHECK(misc_ints(r[3]) == std::vector<int64_t>{1, 2, 2, 1});
  // Example 2: sorted, a 2-D input flattened.
  r = misc_run("Unique", 11, {misc_i64({2, 2}, {1, 3, 2, 3})}, {}, 4);
  CHECK(misc_ints(r[0]) == std::vector<int64_t>{1, 2, 3});
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{0, 2, 1});
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{0, 2, 1, 2});
  CHECK(misc_ints(r[3]) == std::vector<int64_t>{1, 1, 2});
  // Example 3: rows.
  r = misc_run("Unique", 11, {misc_i64({3, 3}, {1, 0, 0, 1, 0, 0, 2, 3, 4})}, {{"axis", int64_t{0}}}, 4);
  CHECK(r[0].tensor().shape() == Shape{2, 3});
  CHECK(misc_ints(r[0]) == std::vector<int64_t>{1, 0, 0, 2, 3, 4});
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{0, 2});
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{0, 0, 1});
  CHECK(misc_ints(r[3]) == std::vector<int64_t>{2, 1});
  // Example 4: slices along axis 1 of a [2, 4, 2] tensor.
  r = misc_run("Unique", 11, {misc_f32({2, 4, 2}, {1, 1, 0, 1, 2, 1, 0, 1, 1, 1, 0, 1, 2, 1, 0, 1})}, {{"axis", int64_t{-2}}}, 4);
  CHECK(r[0].tensor().shape() == Shape{2, 3, 2});
  CHECK(misc_floats(r[0]) == std::vector<float>{0, 1, 1, 1, 2, 1, 0, 1, 1, 1, 2, 1});
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{1, 0, 2});
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{1, 0, 2, 0});
  CHECK(misc_ints(r[3]) == std::vector<int64_t>{2, 1, 1});
}

TEST_CASE("Unique: NaN is one value above +inf, -0 equals +0, strings and complex, empty input") {
  const float nan1 = std::nanf("1"), nan2 = -std::nanf("2");
  auto r = misc_run("Unique", 11, {misc_f32({6}, {nan1, 0.0f, INFINITY, -0.0f, nan2, -1.0f})}, {}, 4);
  const auto y = misc_floats(r[0]);
  REQUIRE(y.size() == 4);
  CHECK(y[0] == -1.0f);
  CHECK(!std::signbit(y[1]));  // the first occurrence of zero is +0
  CHECK(y[2] == INFINITY);
  CHECK(std::isnan(y[3]));
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{5, 1, 2, 0});
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{3, 1, 2, 1, 3, 0});
  CHECK(misc_ints(r[3]) == std::vector<int64_t>{1, 2, 1, 2});
  r = misc_run("Unique", 11, {Tensor::from_strings({4}, {"b", "", "ab", "b"})}, {}, 2);
  CHECK(r[0].tensor().strings() == std::vector<std::string>{"", "ab", "b"});
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{1, 2, 0});
  const auto c = misc_run("Unique", 11, {Tensor::from_values<std::complex<double>>(T::Complex128, {3}, {{1, 2}, {1, -1}, {1, 2}})});
  CHECK(c[0].tensor().element_count() == 2);
  CHECK(c[0].tensor().data_as<std::complex<double>>()[0] == std::complex<double>(1, -1));
  r = misc_run("Unique", 11, {misc_f32({0, 3}, {})}, {{"axis", int64_t{1}}}, 4);
  CHECK(r[0].tensor().shape() == Shape{0, 1});  // three empty columns are equal
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{0, 0, 0});
  CHECK_THROWS_WITH_AS(misc_run("Unique", 11, {misc_f32({2}, {1, 2})}, {{"axis", int64_t{1}}}), "axis = 1 is out of range for rank 1 (valid: -1 to 0)", Error);
  CHECK_THROWS_AS(misc_run("Unique", 11, {misc_f32({2}, {1, 2})}, {{"sorted", int64_t{2}}}), Error);
}

TEST_CASE("NonMaxSuppression: selection order, thresholds, exact IoU at the boundary") {
  // Three unit squares: box 1 is box 0 moved by 0.5 (IoU 1/3), box 2 far away.
  const Tensor boxes = misc_f32({1, 3, 4}, {0, 0, 1, 1, 0, 0.5f, 1, 1.5f, 5, 5, 6, 6});
  const Tensor scores = misc_f32({1, 2, 3}, {0.5f, 0.9f, 0.7f, 0.1f, 0.2f, 0.3f});
  auto sel = [&](float iou, std::optional<float> score, int64_t max_boxes) {
    std::vector<std::optional<Value>> in{boxes, scores, misc_i64({1}, {max_boxes}), misc_f32({1}, {iou})};
    if (score) in.push_back(Value(misc_f32({}, {*score})));
    return misc_ints(misc_run("NonMaxSuppression", 11, in)[0]);
  };
  // IoU 1/3 > 0.3: box 0 is suppressed by box 1 in class 0; in class 1 box 2 leads, then box 1.
  CHECK(sel(0.3f, std::nullopt, 3) == std::vector<int64_t>{0, 0, 1, 0, 0, 2, 0, 1, 2, 0, 1, 1});
  CHECK(sel(0.4f, std::nullopt, 3) == std::vector<int64_t>{0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 1, 2, 0, 1, 1, 0, 1, 0});
  CHECK(sel(0.4f, std::nullopt, 1) == std::vector<int64_t>{0, 0, 1, 0, 1, 2});
  // A score equal to score_threshold is kept ("less than" is removed).
  CHECK(sel(0.4f, 0.3f, 3) == std::vector<int64_t>{0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 1, 2});
  CHECK(sel(0.4f, std::nullopt, 0).empty());
  // IoU exactly 1/2 does not exceed 0.5; 1/2 + 2^-24 does.
  const Tensor two = misc_f32({1, 2}, {0.9f, 0.8f});
  auto pair = [&](float top) {
    const Tensor b = misc_f32({1, 2, 4}, {0, 0, 1, 1, 0, 0, top, 1});
    return misc_ints(misc_run("NonMaxSuppression", 10, {b, two.reshaped({1, 1, 2}), misc_i64({}, {2}), misc_f32({}, {0.5f})})[0]);
  };
  CHECK(pair(0.5f).size() == 6);
  CHECK(pair(0.5f + 0x1p-24f).size() == 3);
  // Two identical unit boxes centred at 2^24: each spans [2^24 - 0.5, 2^24 + 0.5], which float
  // arithmetic rounds to nothing; exactly, IoU = 1 and the second is suppressed.
  const Tensor far = misc_f32({1, 2, 4}, {16777216.0f, 0, 1, 1, 16777216.0f, 0, 1, 1});
  CHECK(misc_ints(misc_run("NonMaxSuppression", 11, {far, two.reshaped({1, 1, 2}), misc_i64({}, {5}), misc_f32({}, {0.5f})},
                           {{"center_point_box", int64_t{1}}})[0]) == std::vector<int64_t>{0, 0, 0});
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores, misc_i64({}, {1}), misc_f32({}, {1.5f})}),
                       "iou_threshold = 1.5 is outside [0, 1]", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores, misc_i64({}, {-1})}), "max_output_boxes_per_class = -1 is negative", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores, misc_i64({2}, {1, 1})}),
                       "max_output_boxes_per_class must hold one value, but it is int64[2]", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, misc_f32({1, 1, 2}, {0, 0})}), doctest::Contains("it must be [1, num_classes, 3]"), Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {misc_f32({1, 1, 4}, {0, 0, NAN, 1}), misc_f32({1, 1, 1}, {1})}),
                       "boxes[0, 0, 2] = nan is not finite", Error);
  CHECK_THROWS_WITH_AS(misc_run("NonMaxSuppression", 11, {boxes, scores}, {{"center_point_box", int64_t{2}}}), "center_point_box = 2 must be 0 or 1", Error);
}

TEST_CASE("CenterCropPad: crop starts at floor((d - s) / 2), padding puts the odd element behind") {
  std::vector<int64_t> v(20);
  for (size_t i = 0; i < 20; ++i) v[i] = static_cast<int64_t>(i);
  const Tensor x = misc_i64({4, 5}, v);
  // Rows 4 -> 3 (crop from row 0), columns 5 -> 8 (one zero in front, two behind).
  const auto r = misc_run("CenterCropPad", 18, {x, misc_i64({2}, {3, 8})});
  CHECK(r[0].tensor().shape() == Shape{3, 8});
  CHECK(misc_ints(r[0]) == std::vector<int64_t>{0, 0, 1, 2, 3, 4, 0, 0, 0, 5, 6, 7, 8, 9, 0, 0, 0, 10, 11, 12, 13, 14, 0, 0});
  // Only the last axis, 5 -> 2: the window starts at column 1.
  CHECK(misc_ints(misc_run("CenterCropPad", 18, {x, Tensor::from_values<int32_t>(T::Int32, {1}, {2})}, {{"axes", std::vector<int64_t>{-1}}})[0]) ==
        std::vector<int64_t>{1, 2, 6, 7, 11, 12, 16, 17});
  const auto s = misc_run("CenterCropPad", 18, {Tensor::from_strings({1}, {"a"}), misc_i64({1}, {3})});
  CHECK(s[0].tensor().strings() == std::vector<std::string>{"", "a", ""});
  CHECK(misc_run("CenterCropPad", 18, {x, misc_i64({2}, {0, 3})})[0].tensor().shape() == Shape{0, 3});
  CHECK_THROWS_WITH_AS(misc_run("CenterCropPad", 18, {x, misc_i64({1}, {3})}), "shape is int64[1] but 2 axes are cropped or padded; it must be 1-D with 2 entries", Error);
  CHECK_THROWS_WITH_AS(misc_run("CenterCropPad", 18, {x, misc_i64({2}, {3, -1})}), "shape[1] = -1 is negative", Error);
  CHECK_THROWS_WITH_AS(misc_run("CenterCropPad", 18, {x, misc_i64({2}, {3, 3})}, {{"axes", std::vector<int64_t>{1, -1}}}), "axes[1] repeats axis 1", Error);
}

TEST_CASE("AffineGrid: base positions as exact fractions, each coordinate rounded once") {
  const Tensor identity = misc_f32({1, 2, 3}, {1, 0, 0, 0, 1, 0});
  // align_corners 0: pixel centres (2 i + 1 - n) / n; align_corners 1: corners (2 i - (n - 1)) / (n - 1).
  auto g = misc_run("AffineGrid", 20, {identity, misc_i64({4}, {1, 1, 2, 3})});
  CHECK(g[0].tensor().shape() == Shape{1, 2, 3, 2});
  CHECK(misc_floats(g[0]) == std::vector<float>{-2.0f / 3, -0.5f, 0, -0.5f, 2.0f / 3, -0.5f, -2.0f / 3, 0.5f, 0, 0.5f, 2.0f / 3, 0.5f});
  g = misc_run("AffineGrid", 20, {identity, misc_i64({4}, {1, 1, 2, 3})}, {{"align_corners", int64_t{1}}});
  CHECK(misc_floats(g[0]) == std::vector<float>{-1, -1, 0, -1, 1, -1, -1, 1, 0, 1, 1, 1});
  // x' = 0.1f * x + 2^-30 y + 0.25 at x = 2/3, y = -1/2 (align_corners 0, W = 3, H = 2): the exact
  // value 0.1f * 2/3 - 2^-31 + 1/4 with 0.1f = 13421773 / 2^27, over the common denominator 3 * 2^31.
  const Tensor theta = misc_f32({1, 2, 3}, {0.1f, 0x1p-30f, 0.25f, 0, 0, 0});
  g = misc_run("AffineGrid", 20, {theta, misc_i64({4}, {1, 1, 2, 3})});
  const __int128 num = __int128{13421773} * 2 * 16 - 3 + __int128{3} * (int64_t{1} << 29);
  CHECK(misc_floats(g[0])[4] == static_cast<float>(testing::round_rational(num, __int128{3} << 31, 24)));
  // 3-D: (x', y', z') = theta (x, y, z, 1); a one-point axis sits at 0.
  const Tensor theta3 = misc_f32({1, 3, 4}, {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 5});
  g = misc_run("AffineGrid", 20, {theta3, misc_i64({5}, {1, 1, 2, 1, 1})}, {{"align_corners", int64_t{1}}});
  CHECK(g[0].tensor().shape() == Shape{1, 2, 1, 1, 3});
  CHECK(misc_floats(g[0]) == std::vector<float>{-1, 0, 5, 1, 0, 5});
  CHECK_THROWS_WITH_AS(misc_run("AffineGrid", 20, {identity, misc_i64({5}, {1, 1, 2, 2, 2})}),
                       "theta is float[1, 2, 3] but size [1, 1, 2, 2, 2] calls for [1, 3, 4]", Error);
  CHECK_THROWS_WITH_AS(misc_run("AffineGrid", 20, {identity, misc_i64({4}, {1, 1, -2, 2})}), "size[2] = -2 is negative", Error);
}

TEST_CASE("GridSample: coordinates, modes and padding, worked out by hand") {
  const Tensor square = misc_f32({1, 1, 2, 2}, {1, 2, 3, 4});
  // The centre of a 2 x 2 image without align_corners is x = y = 0.5: the mean of the four pixels.
  CHECK(misc_floats(misc_run("GridSample", 16, {square, misc_f32({1, 1, 1, 2}, {0, 0})})[0]) == std::vector<float>{2.5f});
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
  // Integers: truncated toward zero, saturated: 200 (-3/16) + 255 (19/16) = 265.3125 -> 255.
  const auto u8 = misc_run("GridSample", 20, {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 1, 4}, {200, 255, 255, 200}), misc_f32({1, 1, 1, 2}, {0, 0})},
                           {{"mode", std::string("cubic")}});
  CHECK(u8[0].tensor().data_as<uint8_t>()[0] == 255);
  const auto i8 = misc_run("GridSample", 20, {Tensor::from_values<int8_t>(T::Int8, {1, 1, 1, 4}, {-100, 100, 100, -100}), misc_f32({1, 1, 1, 2}, {0, 0})},
                           {{"mode", std::string("cubic")}});
  CHECK(i8[0].tensor().data_as<int8_t>()[0] == 127);  // 137.5
  // W = 2, g = -0.25 and 0.25: x = 0.25 and 0.75 between 0 and -1: -0.25 and -0.75 truncate to 0.
  const auto i32 = misc_run("GridSample", 16, {Tensor::from_values<int32_t>(T::Int32, {1, 1, 1, 2}, {0, -1}), misc_f32({1, 1, 2, 2}, {-0.25f, 0, 0.25f, 0})});
  CHECK(i32[0].tensor().data_as<int32_t>()[0] == 0);
  CHECK(i32[0].tensor().data_as<int32_t>()[1] == 0);
  // 1-D from version 20, align_corners: g = -1 and 1 are the end pixels.
  CHECK(misc_floats(misc_run("GridSample", 20, {misc_f32({1, 1, 3}, {0, 10, 20}), misc_f32({1, 2, 1}, {-1, 1})},
                             {{"align_corners", int64_t{1}}})[0]) == std::vector<float>{0, 20});
  // The exact weighted sum rounded once: 0.75 (1 + 2^-23) + 0.25 (1 + 2^-22) = 1 + 5 * 2^-25, nearest float 1 + 2^-23.
  CHECK(misc_floats(misc_run("GridSample", 16, {misc_f32({1, 1, 1, 2}, {1 + 0x1p-23f, 1 + 0x1p-22f}), misc_f32({1, 1, 1, 2}, {-0.25f, 0})})[0]) ==
        std::vector<float>{1 + 0x1p-23f});
  const auto s = misc_run("GridSample", 20, {Tensor::from_strings({1, 1, 1, 2}, {"a", "b"}), misc_f32({1, 1, 2, 2}, {0.5f, 0, 3, 0})},
                          {{"mode", std::string("nearest")}});
  CHECK(s[0].tensor().strings() == std::vector<std::string>{"b", ""});
  CHECK_THROWS_WITH_AS(misc_run("GridSample", 16, {row, misc_f32({1, 1, 1, 2}, {0, 0})}, {{"mode", std::string("linear")}}),
                       "mode 'linear' is not one of bilinear, nearest, bicubic", Error);
  CHECK_THROWS_WITH_AS(misc_run("GridSample", 20, {row, misc_f32({1, 1, 1, 2}, {0, 0})}, {{"mode", std::string("bicubic")}}),
                       "mode 'bicubic' is not one of linear, nearest, cubic", Error);
  CHECK_THROWS_WITH_AS(misc_run("GridSample", 16, {misc_f32({1, 1, 3}, {0, 10, 20}), misc_f32({1, 2, 1}, {-1, 1})}),
                       doctest::Contains("X must be 4-D"), Error);
  CHECK_THROWS_WITH_AS(misc_run("GridSample", 20, {row, misc_f32({1, 1, 1, 2}, {NAN, 0})}), "grid position 0 (flat) is not finite", Error);
  CHECK_THROWS_WITH_AS(misc_run("GridSample", 20, {row, misc_f32({1, 1, 1, 3}, {0, 0, 0})}), doctest::Contains("grid is float[1, 1, 1, 3]"), Error);
}

TEST_CASE("RotaryEmbedding: halves or interleaved pairs, position ids, each output rounded once") {
  const Tensor x = misc_f32({1, 1, 1, 4}, {1, 2, 3, 4});
  const Tensor c = misc_f32({1, 1, 2}, {0.5f, 1}), s = misc_f32({1, 1, 2}, {0.25f, 0});
  // Halves: x1 = (1, 2), x2 = (3, 4); (c x1 - s x2, s x1 + c x2).
  CHECK(misc_floats(misc_run("RotaryEmbedding", 23, {x, c, s})[0]) == std::vector<float>{-0.25f, 2, 1.75f, 4});
  // Interleaved: x1 = (1, 3), x2 = (2, 4).
  CHECK(misc_floats(misc_run("RotaryEmbedding", 23, {x, c, s}, {{"interleaved", int64_t{1}}})[0]) == std::vector<float>{0, 1.25f, 3, 4});
  // 3-D input with two heads of 2, partial rotation of 2 of each head's... all 2; position ids pick cache rows.
  const Tensor x3 = misc_f32({1, 1, 4}, {1, 2, 3, 4});
  const Tensor cache_c = misc_f32({2, 1}, {9, 0}), cache_s = misc_f32({2, 1}, {9, 1});
  CHECK(misc_floats(misc_run("RotaryEmbedding", 23, {x3, cache_c, cache_s, misc_i64({1, 1}, {1})}, {{"num_heads", int64_t{2}}})[0]) ==
        std::vector<float>{-2, 1, -4, 3});
  // rotary_embedding_dim 2 of head_size 4: the last two elements are copied.
  CHECK(misc_floats(misc_run("RotaryEmbedding", 23, {x, misc_f32({1, 1, 1}, {0}), misc_f32({1, 1, 1}, {1})},
                             {{"rotary_embedding_dim", int64_t{2}}})[0]) == std::vector<float>{-2, 1, 3, 4});
  // c x2 = (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is a tie in float; s x1 = 2^-60 breaks it upward.
  const auto r = misc_floats(misc_run("RotaryEmbedding", 23, {misc_f32({1, 1, 1, 2}, {1, 1 + 0x1p-12f}), misc_f32({1, 1, 1}, {1 + 0x1p-12f}),
                                                              misc_f32({1, 1, 1}, {0x1p-60f})})[0]);
  CHECK(r[0] == 1 + 0x1p-12f);
  CHECK(r[1] == 1 + 0x1p-11f + 0x1p-23f);
  CHECK_THROWS_WITH_AS(misc_run("RotaryEmbedding", 23, {x3, cache_c, cache_s, misc_i64({1, 1}, {2})}, {{"num_heads", int64_t{2}}}),
                       "position_ids[0] = 2 is out of range for a cache of 2 positions", Error);
  CHECK_THROWS_WITH_AS(misc_run("RotaryEmbedding", 23, {x3, cache_c, cache_s}), doctest::Contains("num_heads must be given"), Error);
  CHECK_THROWS_WITH_AS(misc_run("RotaryEmbedding", 23, {x, c, s}, {{"rotary_embedding_dim", int64_t{3}}}), doctest::Contains("must be 0 or even"), Error);
}

TEST_CASE("TensorScatter: linear and circular writes per batch entry") {
  // past (2, 4, 1) along axis 1 (= -2); update (2, 2, 1).
  const Tensor past = misc_i64({2, 4, 1}, {0, 1, 2, 3, 10, 11, 12, 13});
  const Tensor update = misc_i64({2, 2, 1}, {7, 8, 17, 18});
  CHECK(misc_ints(misc_run("TensorScatter", 24, {past, update})[0]) == std::vector<int64_t>{7, 8, 2, 3, 17, 18, 12, 13});
  CHECK(misc_ints(misc_run("TensorScatter", 24, {past, update, misc_i64({2}, {2, 1})})[0]) == std::vector<int64_t>{0, 1, 7, 8, 10, 17, 18, 13});
  CHECK(misc_ints(misc_run("TensorScatter", 24, {past, update, misc_i64({2}, {3, -1})}, {{"mode", std::string("circular")}})[0]) ==
        std::vector<int64_t>{8, 1, 2, 7, 18, 11, 12, 17});
  CHECK_THROWS_WITH_AS(misc_run("TensorScatter", 24, {past, update, misc_i64({2}, {3, 0})}),
                       "write_indices[0] = 3 leaves no room for 2 positions in a cache of 4 (mode linear; valid: 0 to 2)", Error);
  CHECK_THROWS_WITH_AS(misc_run("TensorScatter", 24, {past, update}, {{"axis", int64_t{-3}}}), "axis -3 is the batch axis; it must not be", Error);
  CHECK_THROWS_WITH_AS(misc_run("TensorScatter", 24, {past, misc_i64({2, 5, 1}, std::vector<int64_t>(10, 0))}), doctest::Contains("where it may be shorter"), Error);
}
