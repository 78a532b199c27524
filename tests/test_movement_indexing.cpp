// Concat, Split, Slice, Pad, Gather, Scatter, Trilu, OneHot, DepthToSpace: the pure rules against
// brute force, and the kernels on small tensors of every storage width.
#include <doctest/doctest.h>

#include <climits>

#include "ops/axis.h"
#include "ops/movement/concat_split.h"
#include "ops/movement/pad.h"
#include "ops/movement/slice.h"
#include "ops/registry.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

// One node's kernel on the given inputs, attributes defaulted as the loader does.
std::vector<Value> run_op(const std::string& op, int opset, std::vector<std::optional<Value>> inputs,
                          std::map<std::string, AttrValue> attrs = {}, size_t outputs = 1) {
  const OpVersion* v = Registry::builtin().resolve("", op, opset);
  REQUIRE(v);
  Attributes a;
  for (const auto& spec : v->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  for (auto& [name, value] : attrs) a.set(name, value);
  return v->kernel(KernelContext(a, inputs, outputs));
}

Tensor i64(Shape shape, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(shape), v); }
Tensor f32(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }
std::vector<int64_t> ints(const Value& v) {
  const Tensor& t = v.tensor();
  return std::vector<int64_t>(t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count());
}

}  // namespace

TEST_CASE("axis: normalized or refused, extremes included") {
  CHECK(normalize_axis(-1, 3, AxisRange::Signed) == 2);
  CHECK(normalize_axis(2, 3, AxisRange::NonNegative) == 2);
  CHECK_THROWS_WITH_AS(normalize_axis(-1, 3, AxisRange::NonNegative), "axis = -1 is out of range for rank 3 (valid: 0 to 2)", Error);
  CHECK_THROWS_WITH_AS(normalize_axis(INT64_MIN, 3, AxisRange::Signed), "axis = -9223372036854775808 is out of range for rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_WITH_AS(normalize_axis(INT64_MAX, 3, AxisRange::Signed), doctest::Contains("is out of range for rank 3"), Error);
  CHECK_THROWS_WITH_AS(normalize_axis(0, 0, AxisRange::Signed), "axis = 0 is out of range: a scalar has no axis", Error);
}

// spec: Slice-10,11,13: "'steps' cannot be 0."
// spec: Slice-11,13: "is clamped into the range `[0, dims[axes[i]]]` for positive stepping and `[0, dims[axes[i]]-1]` for negative stepping"
TEST_CASE("slice_range agrees with brute force over every small case and the int64 extremes") {
  const std::vector<int64_t> bounds = {INT64_MIN, -9, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 9, INT64_MAX};
  const std::vector<int64_t> steps = {INT64_MIN, -5, -3, -2, -1, 1, 2, 3, 5, INT64_MAX};
  int checked = 0;
  for (int64_t dim = 0; dim <= 5; ++dim)
    for (int64_t start : bounds)
      for (int64_t end : bounds)
        for (int64_t step : steps) {
          // Brute force: enumerate the indices from the clamped start and end. The clamping is the
          // spec's: for a negative step the start is clamped to [0, dim - 1] (NumPy would take -1 and
          // give nothing for a start before the beginning; the spec's text takes element 0).
          __int128 s = start, e = end;
          if (s < 0) s += dim;
          if (e < 0) e += dim;
          std::vector<int64_t> taken;
          if (step > 0) {
            s = std::max<__int128>(0, std::min<__int128>(s, dim));
            e = std::max<__int128>(0, std::min<__int128>(e, dim));
            for (__int128 i = s; i < e; i += step) taken.push_back(static_cast<int64_t>(i));
          } else {
            s = std::max<__int128>(0, std::min<__int128>(s, dim - 1));
            e = std::max<__int128>(-1, std::min<__int128>(e, dim - 1));
            if (dim > 0)
              for (__int128 i = s; i > e; i += step) taken.push_back(static_cast<int64_t>(i));
          }
          const SliceRange r = slice_range(dim, start, end, step);
          CAPTURE(dim);
          CAPTURE(start);
          CAPTURE(end);
          CAPTURE(step);
          REQUIRE(r.count == static_cast<int64_t>(taken.size()));
          if (!taken.empty()) REQUIRE(r.start == taken.front());
          ++checked;
        }
  CHECK(checked == 6 * 17 * 17 * 10);
  CHECK_THROWS_WITH_AS(slice_range(5, 0, 5, 0), "steps cannot be 0", Error);
}

TEST_CASE("Slice kernels: steps, negative steps, strings, packed and 16-byte elements") {
  const Tensor x = i64({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  auto out = run_op("Slice", 13, {x, i64({2}, {2, -1}), i64({2}, {INT64_MIN, INT64_MIN}), i64({2}, {0, 1}), i64({2}, {-1, -2})});
  CHECK(out[0].tensor().shape() == Shape{3, 2});
  CHECK(ints(out[0]) == std::vector<int64_t>{11, 9, 7, 5, 3, 1});
  const Tensor s = Tensor::from_strings({5}, {"a", "b", "c", "d", "e"});
  CHECK(run_op("Slice", 13, {s, i64({1}, {1}), i64({1}, {100}), std::nullopt, i64({1}, {2})})[0].tensor().strings() ==
        std::vector<std::string>{"b", "d"});
  Tensor i4 = Tensor::zeros(T::Int4, {6});
  for (int64_t i = 0; i < 6; ++i) write_int64(T::Int4, i4.mutable_data(), i, i - 3);
  const Tensor r4 = run_op("Slice", 13, {i4, i64({1}, {-1}), i64({1}, {-7}), std::nullopt, i64({1}, {-2})})[0].tensor();
  REQUIRE(r4.element_count() == 3);
  for (int64_t i = 0; i < 3; ++i) CHECK(read_int64(T::Int4, r4.data(), i) == 2 - 2 * i);
  CHECK_THROWS_WITH_AS(run_op("Slice", 13, {x, i64({1}, {0}), i64({1}, {1}), i64({1}, {0}), i64({1}, {0})}), "steps[0] is 0", Error);
  CHECK_THROWS_WITH_AS(run_op("Slice", 13, {x, i64({2}, {0, 0}), i64({2}, {1, 1}), i64({2}, {1, -1})}), "axes[1] repeats axis 1", Error);
  CHECK_THROWS_WITH_AS(run_op("Slice", 10, {x, i64({1}, {0}), i64({1}, {1}), i64({1}, {-1})}), doctest::Contains("axes[0] = -1 is out of range"), Error);
}

// spec: Concat-*: "All input tensors must have the same shape, except for the dimension size of the axis to concatenate on."
// spec: Split-13,18: "Sum of the values must be equal to the dim value at 'axis' specified."
TEST_CASE("Concat and Split: shapes, sizes and their errors") {
  CHECK(concat_output_shape({{2, 3}, {2, 5}}, 1, AxisRange::NonNegative) == Shape{2, 8});
  CHECK(concat_output_shape({{0, 3}, {2, 3}}, -2, AxisRange::Signed) == Shape{2, 3});
  CHECK_THROWS_WITH_AS(concat_output_shape({{2, 3}, {3, 3}}, 1, AxisRange::Signed),
                       "input 1 is [3, 3] and input 0 is [2, 3]: they differ in dimension 0, which is not the axis 1", Error);
  CHECK_THROWS_WITH_AS(concat_output_shape({{2, 3}, {3}}, 0, AxisRange::Signed), "input 1 is [3], whose rank differs from input 0's [2, 3]", Error);
  CHECK_THROWS_WITH_AS(concat_output_shape({{INT64_MAX}, {1}}, 0, AxisRange::Signed), "the sizes along axis 0 add up beyond int64", Error);
  CHECK(split_sizes(6, std::nullopt, std::nullopt, 3) == std::vector<int64_t>{2, 2, 2});
  CHECK(split_sizes(7, std::nullopt, 3, 3) == std::vector<int64_t>{3, 3, 1});
  CHECK(split_sizes(5, std::vector<int64_t>{0, 5}, std::nullopt, 2) == std::vector<int64_t>{0, 5});
  CHECK_THROWS_WITH_AS(split_sizes(7, std::nullopt, std::nullopt, 3), "an axis of 7 elements cannot be cut into 3 equal parts (give `split`)", Error);
  CHECK_THROWS_WITH_AS(split_sizes(5, std::vector<int64_t>{2, 2}, std::nullopt, 2), "the split sizes add up to 4 but the axis has 5 elements", Error);
  CHECK_THROWS_WITH_AS(split_sizes(5, std::vector<int64_t>{6, -1}, std::nullopt, 2), "split[1] = -1 is negative", Error);
  CHECK_THROWS_WITH_AS(split_sizes(5, std::vector<int64_t>{5}, std::nullopt, 2), "split has 1 entries but the node has 2 outputs", Error);
  CHECK_THROWS_WITH_AS(split_sizes(2, std::nullopt, 4, 4), doctest::Contains("cannot be cut into 4 chunks"), Error);
  CHECK_THROWS_WITH_AS(split_sizes(4, std::nullopt, 3, 2), "num_outputs = 3 but the node has 2 outputs", Error);

  const Tensor c = Tensor::from_values<std::complex<double>>(T::Complex128, {1, 2}, {{1, 2}, {3, 4}});
  const Tensor joined = run_op("Concat", 13, {c, c}, {{"axis", int64_t{0}}})[0].tensor();
  CHECK(joined.shape() == Shape{2, 2});
  CHECK(joined.data_as<std::complex<double>>()[3] == std::complex<double>(3, 4));
  const auto parts = run_op("Split", 13, {joined, i64({2}, {1, 1})}, {{"axis", int64_t{0}}}, 2);
  CHECK(parts[1].tensor().identical_to(c));
}

TEST_CASE("pad_source: every mode against brute force") {
  for (int64_t d = 1; d <= 4; ++d)
    for (int64_t begin = -3; begin <= 9; ++begin)
      for (int64_t o = 0; o < 16; ++o) {
        CAPTURE(d);
        CAPTURE(begin);
        CAPTURE(o);
        const int64_t c = o - begin;
        // Reflect by walking: bounce between 0 and d - 1 without repeating the edge.
        int64_t r = 0, dir = 1, pos = 0;
        const int64_t steps = c < 0 ? -c : c;
        if (d > 1) {
          dir = c < 0 ? -1 : 1;
          for (int64_t k = 0; k < steps; ++k) {
            if (pos + dir < 0 || pos + dir > d - 1) dir = -dir;
            pos += dir;
          }
          r = pos;
        }
        CHECK(pad_source(o, begin, d, PadMode::Reflect) == r);
        CHECK(pad_source(o, begin, d, PadMode::Edge) == std::clamp<int64_t>(c, 0, d - 1));
        CHECK(pad_source(o, begin, d, PadMode::Wrap) == ((c % d) + d) % d);
        CHECK(pad_source(o, begin, d, PadMode::Constant) == (c >= 0 && c < d ? c : -1));
      }
  CHECK_THROWS_WITH_AS(parse_pad_mode("wrap", 18), "mode 'wrap' is not one of constant, reflect, edge", Error);
  CHECK(parse_pad_mode("wrap", 19) == PadMode::Wrap);
  CHECK(pad_source(0, INT64_MAX, 3, PadMode::Wrap) >= 0);
}

// spec: Pad-13: "`pads` should be a 1D tensor of shape [2 * input_rank]."
TEST_CASE("Pad kernels: negative pads crop, strings, empty dimensions") {
  const Tensor x = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor y = run_op("Pad", 19, {x, i64({4}, {0, -1, 1, 2}), std::nullopt, std::nullopt}, {{"mode", std::string("wrap")}})[0].tensor();
  CHECK(y.shape() == Shape{3, 4});
  const std::vector<float> want = {2, 3, 1, 2, 5, 6, 4, 5, 2, 3, 1, 2};
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 12) == want);
  const Tensor s = Tensor::from_strings({2}, {"a", "b"});
  CHECK(run_op("Pad", 13, {s, i64({2}, {1, 1}), Tensor::from_strings({}, {"z"})})[0].tensor().strings() ==
        std::vector<std::string>{"z", "a", "b", "z"});
  CHECK_THROWS_WITH_AS(run_op("Pad", 13, {f32({0}, {}), i64({2}, {1, 0}), std::nullopt}, {{"mode", std::string("edge")}}),
                       "dimension 0 is empty, so there is nothing to pad it with in this mode", Error);
  CHECK_THROWS_WITH_AS(run_op("Pad", 13, {x, i64({4}, {0, -4, 0, 0}), std::nullopt}), "dimension 1 of 3 padded by -4 and 0 would be negative", Error);
  CHECK_THROWS_WITH_AS(run_op("Pad", 13, {x, i64({2}, {0, 0}), std::nullopt}), "pads has 2 entries; 2 padded axes need 4", Error);
  CHECK_THROWS_WITH_AS(run_op("Pad", 13, {x, i64({4}, {0, 0, int64_t{1} << 30, int64_t{1} << 30}), std::nullopt}), doctest::Contains("bytes"), Error);
}

// spec: Gather-13: "All index values are expected to be within bounds [-s, s-1] along axis of size s."
// spec: GatherND-13: "The `indices_shape[-1]` should have a value between 1 (inclusive) and rank `r-b` (inclusive)"
// spec: Gather-13: "It is an error if any of the index values are out of bounds."
TEST_CASE("Gather family: indices checked before use, rows copied whole") {
  const Tensor data = i64({3, 2}, {0, 1, 2, 3, 4, 5});
  CHECK(ints(run_op("Gather", 13, {data, i64({2}, {-1, 0})})[0]) == std::vector<int64_t>{4, 5, 0, 1});
  CHECK_THROWS_WITH_AS(run_op("Gather", 1, {data, i64({1}, {-1})}), "indices[0] = -1 is out of range for a dimension of 3 (valid: 0 to 2)", Error);
  CHECK_THROWS_WITH_AS(run_op("Gather", 13, {data, i64({2}, {0, INT64_MIN})}), doctest::Contains("indices[1] = -9223372036854775808 is out of range"), Error);
  CHECK_THROWS_WITH_AS(run_op("Gather", 13, {data, i64({1}, {INT64_MAX})}, {{"axis", int64_t{1}}}), doctest::Contains("(valid: -2 to 1)"), Error);
  CHECK(ints(run_op("GatherElements", 13, {data, i64({3, 1}, {1, 0, 1})}, {{"axis", int64_t{1}}})[0]) == std::vector<int64_t>{1, 2, 5});
  CHECK(ints(run_op("GatherND", 13, {data, i64({2, 2}, {2, 1, 0, -1})})[0]) == std::vector<int64_t>{5, 1});
  CHECK_THROWS_WITH_AS(run_op("GatherND", 13, {data, i64({1, 3}, {0, 0, 0})}), doctest::Contains("it must lie in [1, 2]"), Error);
  const Tensor strings = Tensor::from_strings({3}, {"x", "y", "z"});
  CHECK(run_op("Gather", 13, {strings, i64({4}, {2, 2, 0, 1})})[0].tensor().strings() == std::vector<std::string>{"z", "z", "x", "y"});
}

TEST_CASE("Scatter reductions in the element type: wrap, round once, NaN, bool") {
  const Tensor data = Tensor::from_values<int8_t>(T::Int8, {2}, {120, -128});
  const Tensor upd = Tensor::from_values<int8_t>(T::Int8, {2}, {10, -1});
  auto out = run_op("ScatterElements", 18, {data, i64({2}, {0, 1}), upd}, {{"reduction", std::string("add")}})[0].tensor();
  CHECK(out.data_as<int8_t>()[0] == -126);  // 130 wraps
  CHECK(out.data_as<int8_t>()[1] == 127);
  out = run_op("ScatterND", 18, {f32({2}, {1, 2}), i64({2, 1}, {0, 0}), f32({2}, {NAN, 5})}, {{"reduction", std::string("max")}})[0].tensor();
  CHECK(std::isnan(out.data_as<float>()[0]));
  const Tensor b = Tensor::from_values<uint8_t>(T::Bool, {2}, {0, 1});
  out = run_op("ScatterND", 16, {b, i64({2, 1}, {0, 1}), Tensor::from_values<uint8_t>(T::Bool, {2}, {1, 0})}, {{"reduction", std::string("mul")}})[0].tensor();
  CHECK(out.data_as<uint8_t>()[0] == 0);
  CHECK(out.data_as<uint8_t>()[1] == 0);
  CHECK_THROWS_WITH_AS(run_op("ScatterND", 16, {Tensor::from_strings({1}, {"a"}), i64({1, 1}, {0}), Tensor::from_strings({1}, {"b"})},
                              {{"reduction", std::string("add")}}),
                       "a reduction other than 'none' is not defined for string", Error);
  CHECK_THROWS_WITH_AS(run_op("ScatterND", 13, {data, i64({1, 1}, {2}), Tensor::from_values<int8_t>(T::Int8, {1}, {1})}),
                       doctest::Contains("indices[0] = 2 is out of range"), Error);
  // Repeated indices with reduction none: the last update wins.
  CHECK(ints(run_op("ScatterND", 13, {i64({2}, {0, 0}), i64({3, 1}, {1, 1, 1}), i64({3}, {7, 8, 9})})[0]) == std::vector<int64_t>{0, 9});
}

TEST_CASE("Trilu, OneHot, DepthToSpace and SpaceToDepth") {
  const Tensor m = i64({3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  CHECK(ints(run_op("Trilu", 14, {m, i64({}, {1})})[0]) == std::vector<int64_t>{0, 2, 3, 0, 0, 6, 0, 0, 0});
  CHECK(ints(run_op("Trilu", 14, {m, i64({}, {-1})}, {{"upper", int64_t{0}}})[0]) == std::vector<int64_t>{0, 0, 0, 4, 0, 0, 7, 8, 0});
  CHECK(ints(run_op("Trilu", 14, {m, i64({}, {INT64_MIN})})[0]) == ints(m));
  CHECK(ints(run_op("Trilu", 14, {m, i64({}, {INT64_MAX})})[0]) == std::vector<int64_t>(9, 0));
  const auto hot = run_op("OneHot", 11, {i64({3}, {0, -1, 7}), i64({}, {3}), i64({2}, {5, 6})});
  CHECK(hot[0].tensor().shape() == Shape{3, 3});
  CHECK(ints(hot[0]) == std::vector<int64_t>{6, 5, 5, 5, 5, 6, 5, 5, 5});
  CHECK_THROWS_WITH_AS(run_op("OneHot", 11, {i64({1}, {0}), i64({}, {0}), i64({2}, {0, 1})}), "depth = 0 must be at least 1", Error);
  CHECK_THROWS_WITH_AS(run_op("OneHot", 11, {i64({1}, {0}), i64({}, {int64_t{1} << 50}), i64({2}, {0, 1})}), doctest::Contains("bytes"), Error);
  std::vector<int64_t> v(16);
  for (int64_t i = 0; i < 16; ++i) v[static_cast<size_t>(i)] = i;
  const Tensor x = i64({1, 4, 2, 2}, v);
  const Tensor dcr = run_op("DepthToSpace", 13, {x}, {{"blocksize", int64_t{2}}})[0].tensor();
  CHECK(dcr.shape() == Shape{1, 1, 4, 4});
  CHECK(ints(dcr) == std::vector<int64_t>{0, 4, 1, 5, 8, 12, 9, 13, 2, 6, 3, 7, 10, 14, 11, 15});
  // SpaceToDepth inverts DepthToSpace in DCR mode.
  CHECK(run_op("SpaceToDepth", 13, {dcr}, {{"blocksize", int64_t{2}}})[0].tensor().identical_to(x));
  CHECK_THROWS_WITH_AS(run_op("DepthToSpace", 13, {i64({1, 3, 1, 1}, {0, 1, 2})}, {{"blocksize", int64_t{2}}}),
                       "the input's 3 channels do not divide by blocksize² (blocksize 2)", Error);
  CHECK_THROWS_WITH_AS(run_op("SpaceToDepth", 13, {x}, {{"blocksize", int64_t{0}}}), "blocksize = 0 must be at least 1", Error);
}
