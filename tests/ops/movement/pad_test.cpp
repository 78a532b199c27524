// Unit tests of ops/movement/pad.cpp.
#include "helpers/movement_indexing.h"

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
