// Unit tests of ops/movement/slice.cpp.
#include "helpers/movement_indexing.h"
#include "helpers/movement_rules.h"

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
  auto out = run_op("Slice", 13,
                    {x, i64({2}, {2, -1}), i64({2}, {INT64_MIN, INT64_MIN}), i64({2}, {0, 1}), i64({2}, {-1, -2})});
  CHECK(out[0].tensor().shape() == Shape{3, 2});
  CHECK(ints(out[0]) == std::vector<int64_t>{11, 9, 7, 5, 3, 1});
  const Tensor s = Tensor::from_strings({5}, {"a", "b", "c", "d", "e"});
  CHECK(run_op("Slice", 13, {s, i64({1}, {1}), i64({1}, {100}), std::nullopt, i64({1}, {2})})[0].tensor().strings() ==
        std::vector<std::string>{"b", "d"});
  Tensor i4 = Tensor::zeros(T::Int4, {6});
  for (int64_t i = 0; i < 6; ++i) write_int64(T::Int4, i4.mutable_data(), i, i - 3);
  // Slice-13 allows no int4: the kernel alone, for its packed copy.
  const Tensor r4 =
      run_kernel_only("Slice", 13, {i4, i64({1}, {-1}), i64({1}, {-7}), std::nullopt, i64({1}, {-2})}, {})[0].tensor();
  REQUIRE(r4.element_count() == 3);
  for (int64_t i = 0; i < 3; ++i) CHECK(read_int64(T::Int4, r4.data(), i) == 2 - 2 * i);
  CHECK_THROWS_WITH_AS(run_op("Slice", 13, {x, i64({1}, {0}), i64({1}, {1}), i64({1}, {0}), i64({1}, {0})}),
                       "steps[0] is 0", Error);
  CHECK_THROWS_WITH_AS(run_op("Slice", 13, {x, i64({2}, {0, 0}), i64({2}, {1, 1}), i64({2}, {1, -1})}),
                       "axes[1] repeats axis 1", Error);
  CHECK_THROWS_WITH_AS(run_op("Slice", 10, {x, i64({1}, {0}), i64({1}, {1}), i64({1}, {-1})}),
                       doctest::Contains("axes[0] = -1 is out of range"), Error);
}

namespace movement_rules_tests {

// x = [0, 1, 2, 3, 4, 5] as [1, 6] (or [6] at version 1 too): starts 1, ends 5 (exclusive).
// spec: Slice-10,11,13: "1-D tensor of starting indices of corresponding axis in `axes`"
// spec: Slice-10,11,13: "1-D tensor of ending indices (exclusive) of corresponding axis in `axes`"
// spec: Slice-10: "1-D tensor of axes that `starts` and `ends` apply to."
// spec: Slice-11,13: "1-D tensor of axes that `starts` and `ends` apply to."
// spec: Slice-10,11,13: "1-D tensor of slice step of corresponding axis in `axes`."
// spec: Slice-10: "Default to 1."
// spec: Slice-11: "Defaults to 1."
// spec: Slice-13: "Defaults to 1s."
// spec: Slice-11: "However step value cannot be 0."
// spec: Slice-11: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: Slice-13: "Accepted range is [-r, r-1] where r = rank(data)."
TEST_CASE("Slice 10 and later: starts, ends (exclusive), axes in [-r, r-1], steps 1 by default and never 0") {
  const Tensor x = f32({1, 6}, {0, 1, 2, 3, 4, 5});
  for (int64_t v : {10, 11, 13}) {
    INFO("Slice-", v);
    CHECK(floats(run("Slice", v, {x, i64({1}), i64({5}), i64({1})})) == std::vector<float>{1, 2, 3, 4});
    CHECK(floats(run("Slice", v, {x, i64({1}), i64({5}), i64({1}), i64({2})})) == std::vector<float>{1, 3});
    CHECK(floats(run("Slice", v, {x, i64({0, 1}), i64({1, 5})})) ==
          std::vector<float>{1, 2, 3, 4});  // axes default [0, 1]
    CHECK_THROWS_AS(run("Slice", v, {x, i64({1}), i64({5}), i64({1}), i64({0})}), Error);
    CHECK_THROWS_AS(run("Slice", v, {x, i64({1}), i64({5}), i64({2})}), Error);
    if (v >= 11) {  // negative axes arrive with Slice-11
      CHECK(floats(run("Slice", v, {x, i64({1}), i64({5}), i64({-1})})) == std::vector<float>{1, 2, 3, 4});
      CHECK_THROWS_AS(run("Slice", v, {x, i64({1}), i64({5}), i64({-3})}), Error);
    }
  }
}

}  // namespace movement_rules_tests

namespace movement_spec_tests {

// x = 0..5. Starts and ends beyond the axis are clamped: for a positive step ends to [0, 6], for a
// negative step to [-1, 5], where -1 is before the first element (not the last).
// spec: Slice-13: "An effective `starts[i]`, `ends[i]`, and `steps[i]` must be computed for each `i` in `[0, ... r-1]` where `r = rank(input)` as follows:"
// spec: Slice-13: "The clamping for the adjusted `ends[i]` depends on the sign of `steps[i]` and must accommodate copying 0 through `dims[axes[i]]` elements, so for positive stepping `ends[axes[i]]` is clamped to `[0, dims[axes[i]]]`, while for negative stepping it is clamped to `[-1, dims[axes[i]]-1]`."
TEST_CASE("Slice-13: effective starts and ends clamped by the sign of the step") {
  const Tensor x = f32({6}, {0, 1, 2, 3, 4, 5});
  CHECK(floats(run("Slice", 13, {x, i64({-100}), i64({100})})) == std::vector<float>{0, 1, 2, 3, 4, 5});
  CHECK(floats(run("Slice", 13, {x, i64({100}), i64({-100}), i64({0}), i64({-1})})) ==
        std::vector<float>{5, 4, 3, 2, 1, 0});
  CHECK(floats(run("Slice", 13, {x, i64({4}), i64({-100}), i64({0}), i64({-2})})) == std::vector<float>{4, 2, 0});
  CHECK(run("Slice", 13, {x, i64({3}), i64({-100})}).shape() == Shape{0});
  CHECK(run("Slice", 13, {x, i64({-100}), i64({100}), i64({0}), i64({-1})}).shape() == Shape{0});
  // Axes not named take the whole dimension.
  CHECK(floats(run("Slice", 13, {f32({2, 2}, {1, 2, 3, 4}), i64({1}), i64({2}), i64({1})})) ==
        std::vector<float>{2, 4});
}

}  // namespace movement_spec_tests
