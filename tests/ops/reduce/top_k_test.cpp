// Unit tests of ops/reduce/top_k.cpp.
#include "helpers/reduce_common_rules.h"
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
  const Value u(
      Tensor::from_values<uint64_t>(ElementType::UInt64, {3}, std::vector<uint64_t>{UINT64_MAX, 1, UINT64_MAX - 1}));
  CHECK(scan_values<uint64_t>(scan_topk_run("TopK", 11, {u, int64_vector({2})}, {}, 2).at(0)) ==
        std::vector<uint64_t>{UINT64_MAX, UINT64_MAX - 1});
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 11, {x, int64_vector({5})}, {}, 2),
                       "k = 5 is out of range: it must lie in [0, 4] (the length of axis 1)", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 10, {x, int64_vector({0})}, {}, 2),
                       "k = 0 is out of range: it must lie in [1, 4] (the length of axis 1)", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 11, {x, int64_vector({-1})}, {}, 2),
                       "k = -1 is out of range: it must lie in [0, 4] (the length of axis 1)", Error);
  // K = 0 is accepted from 11 (docs/DEPARTURES.md, TopK-11, TopK-24); a negative K, or K not 1-D of one element, is refused.
  // spec: TopK-11,24: "A 1-D tensor containing a single positive value corresponding to the number of top elements to retrieve"
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 11, {x, int64_scalar(1)}, {}, 2),
                       "input K must be a 1-D tensor of one element, but it is int64[]", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 24, {x, int64_scalar(1)}, {}, 2),
                       "input K must be a 1-D tensor of one element, but it is int64[]", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 24, {x, int64_vector({-1})}, {}, 2),
                       "k = -1 is out of range: it must lie in [0, 4] (the length of axis 1)", Error);
}

namespace reduce_common_rules_tests {

// spec: TopK-10: "A 1-D tensor containing a single positive value corresponding to the number of top elements to retrieve"
// spec: TopK-11,24: "Accepted range is [-r, r-1] where r = rank(input)."
TEST_CASE("TopK-10/11/24: K is a 1-D tensor of one value (positive at 10); the axis lies in [-r, r-1]") {
  const Tensor x = floats({2, 3}, {1, 7, 3, 9, 5, 6});
  const auto top = [&](int64_t v, const Tensor& k, int64_t axis) {
    OpTester t("TopK", v);
    t.input(Value(x)).input(Value(k)).attribute("axis", axis).outputs(2);
    return t;
  };
  const Tensor one = Tensor::from_values<int64_t>(ElementType::Int64, {1}, {1});
  const Tensor scalar = Tensor::from_values<int64_t>(ElementType::Int64, {}, {1});
  const Tensor two = Tensor::from_values<int64_t>(ElementType::Int64, {2}, {1, 1});
  const Tensor zero = Tensor::from_values<int64_t>(ElementType::Int64, {1}, {0});
  for (int64_t v : {10, 11, 24}) {
    INFO("TopK-", v);
    const auto out = top(v, one, -2).run();
    REQUIRE(out.at(0).tensor().shape() == Shape{1, 3});
    CHECK(out.at(0).tensor().data_as<float>()[0] == 9.0f);
    CHECK(out.at(1).tensor().data_as<int64_t>()[1] == 0);  // 7 above 5
    CHECK_THROWS_AS(top(v, scalar, 1).run(), Error);
    CHECK_THROWS_AS(top(v, two, 1).run(), Error);
    if (v >= 11) {
      CHECK_THROWS_AS(top(v, one, 2).run(), Error);
      CHECK_THROWS_AS(top(v, one, -3).run(), Error);
    }
  }
  CHECK_THROWS_AS(top(10, zero, 1).run(), Error);
}

// spec: TopK-11,24: "If largest is 1 (the default value) then the k largest elements are returned."
TEST_CASE("TopK-11/24: by default the k largest, sorted from the largest; sorted = 0 returns the same set") {
  const Tensor x = floats({5}, {4, -1, 8, 2, 6});
  const Tensor k = Tensor::from_values<int64_t>(ElementType::Int64, {1}, {3});
  for (int64_t v : {11, 24}) {
    INFO("TopK-", v);
    OpTester t("TopK", v);
    t.input(Value(x)).input(Value(k)).outputs(2);
    const auto out = t.run();
    const float* values = out.at(0).tensor().data_as<float>();
    const int64_t* indices = out.at(1).tensor().data_as<int64_t>();
    CHECK(std::vector<float>(values, values + 3) == std::vector<float>{8, 6, 4});
    CHECK(std::vector<int64_t>(indices, indices + 3) == std::vector<int64_t>{2, 4, 0});
    OpTester unsorted("TopK", v);
    unsorted.input(Value(x)).input(Value(k)).attribute("sorted", int64_t{0}).outputs(2);
    const auto u = unsorted.run();
    std::vector<float> set(u.at(0).tensor().data_as<float>(), u.at(0).tensor().data_as<float>() + 3);
    std::sort(set.begin(), set.end());
    CHECK(set == std::vector<float>{4, 6, 8});
  }
}

}  // namespace reduce_common_rules_tests
