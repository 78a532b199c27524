// Unit tests of ops/broadcast.cpp.
#include "helpers/framework.h"

TEST_CASE("broadcast shapes follow NumPy and name both shapes when they cannot") {
  CHECK(broadcast_shapes(Shape{2, 3}, Shape{3}) == Shape{2, 3});
  CHECK(broadcast_shapes(Shape{2, 1, 4}, Shape{3, 1}) == Shape{2, 3, 4});
  CHECK(broadcast_shapes(Shape{}, Shape{5}) == Shape{5});
  CHECK(broadcast_shapes(Shape{0, 1}, Shape{1, 7}) == Shape{0, 7});
  CHECK(broadcast_shapes(Shape{1}, Shape{0}) == Shape{0});
  const Shape three[] = {{2, 1, 1}, {1, 3, 1}, {1, 1, 4}};
  CHECK(broadcast_shapes(three) == Shape{2, 3, 4});
  CHECK_THROWS_WITH_AS(broadcast_shapes(Shape{2, 3}, Shape{4}),
                       "shapes [2, 3] and [4] cannot be broadcast (dimension 3 vs 4)", Error);
  CHECK_THROWS_WITH_AS(broadcast_shapes(Shape{2, 0}, Shape{2, 3}),
                       "shapes [2, 0] and [2, 3] cannot be broadcast (dimension 0 vs 3)", Error);
  const Shape bad[] = {{5, 1}, {1, 6}, {4, 6}};
  CHECK_THROWS_WITH_AS(broadcast_shapes(bad), "shapes [5, 1] and [4, 6] cannot be broadcast (dimension 5 vs 4)", Error);
}

TEST_CASE("broadcast rows visit every output element with the right input offsets") {
  // Brute force: for each output coordinate, the input coordinate is the output's with stretched
  // dimensions at 0.
  const std::vector<std::pair<Shape, Shape>> cases = {{{2, 3, 4}, {3, 1}}, {{2, 3, 4}, {}},     {{2, 1, 4}, {2, 3, 1}},
                                                      {{5}, {5}},          {{1, 1}, {3, 1, 1}}, {{2, 0}, {2, 1}}};
  for (const auto& shapes : cases) {
    const Shape& a = shapes.first;  // not a structured binding: the lambdas below capture it
    const Shape& b = shapes.second;
    CAPTURE(shape_to_string(a));
    CAPTURE(shape_to_string(b));
    const Shape out = broadcast_shapes(a, b);
    const int64_t total = *checked_element_count(out);
    std::vector<int> seen(static_cast<size_t>(total), 0);
    auto flat_in = [&](const Shape& in, int64_t out_flat) {
      int64_t rest = out_flat, flat = 0, stride = 1;
      for (size_t d = out.size(); d-- > 0;) {
        const int64_t coord = rest % out[d];
        rest /= out[d];
        const int64_t k = static_cast<int64_t>(d) - static_cast<int64_t>(out.size() - in.size());
        if (k >= 0) {
          flat += (in[static_cast<size_t>(k)] == 1 ? 0 : coord) * stride;
          stride *= in[static_cast<size_t>(k)];
        }
      }
      return flat;
    };
    for_each_broadcast_row<2>(
        out, {&a, &b},
        [&](int64_t o, const std::array<int64_t, 2>& off, const std::array<int64_t, 2>& step, int64_t n) {
          for (int64_t i = 0; i < n; ++i) {
            ++seen[static_cast<size_t>(o + i)];
            REQUIRE(off[0] + i * step[0] == flat_in(a, o + i));
            REQUIRE(off[1] + i * step[1] == flat_in(b, o + i));
          }
        });
    for (int s : seen) CHECK(s == 1);
  }
}
