// Unit tests of ops/reduce/top_k.cpp.
#include "helpers/scan_topk_dropout.h"

TEST_CASE("TopK: order, ties to the lower index, NaN above every number, k checks, versions") {
  const Value x = float_tensor({2, 4}, {3, 1, 3, NAN, 0, -0.0f, 2, 2});
  Attributes a1;
  a1.set("k", int64_t{3});
  const auto r1 = scan_topk_run("TopK", 1, {x}, a1, 2);
  const auto v1 = scan_values<float>(r1.at(0));
  CHECK(std::isnan(v1[0]));
  CHECK(v1[1] == 3);
  CHECK(v1[2] == 3);
  CHECK(scan_values<int64_t>(r1.at(1)) == std::vector<int64_t>{3, 0, 2, 2, 3, 0});
  CHECK(r1.at(0).tensor().shape() == Shape{2, 3});
  Attributes smallest;
  smallest.set("largest", int64_t{0});
  const auto r11 = scan_topk_run("TopK", 11, {x, int64_vector({2})}, smallest, 2);
  CHECK(scan_values<int64_t>(r11.at(1)) == std::vector<int64_t>{1, 0, 0, 1});  // -0 and 0 tie: lower index first
  Attributes axis0;
  axis0.set("axis", int64_t{0});
  const auto r10 = scan_topk_run("TopK", 10, {x, int64_vector({1})}, axis0, 2);
  CHECK(scan_values<int64_t>(r10.at(1)) == std::vector<int64_t>{0, 0, 0, 0});
  const auto zero = scan_topk_run("TopK", 11, {x, int64_vector({0})}, {}, 2);
  CHECK(zero.at(0).tensor().shape() == Shape{2, 0});
  const Value u(Tensor::from_values<uint64_t>(ElementType::UInt64, {3}, std::vector<uint64_t>{UINT64_MAX, 1, UINT64_MAX - 1}));
  CHECK(scan_values<uint64_t>(scan_topk_run("TopK", 11, {u, int64_vector({2})}, {}, 2).at(0)) == std::vector<uint64_t>{UINT64_MAX, UINT64_MAX - 1});
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 11, {x, int64_vector({5})}, {}, 2), "k = 5 is out of range: it must lie in [0, 4] (the length of axis 1)", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 10, {x, int64_vector({0})}, {}, 2), "k = 0 is out of range: it must lie in [1, 4] (the length of axis 1)", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 11, {x, int64_vector({-1})}, {}, 2), "k = -1 is out of range: it must lie in [0, 4] (the length of axis 1)", Error);
  // K = 0 is accepted from 11 (docs/DEPARTURES.md, TopK-11, TopK-24); a negative K, or K not 1-D of one element, is refused.
  // spec: TopK-11,24: "A 1-D tensor containing a single positive value corresponding to the number of top elements to retrieve"
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 11, {x, int64_scalar(1)}, {}, 2), "input K must be a 1-D tensor of one element, but it is int64[]", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 24, {x, int64_scalar(1)}, {}, 2), "input K must be a 1-D tensor of one element, but it is int64[]", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 24, {x, int64_vector({-1})}, {}, 2), "k = -1 is out of range: it must lie in [0, 4] (the length of axis 1)", Error);
}
