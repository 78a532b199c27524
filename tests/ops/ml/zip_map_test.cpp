// Unit tests of ops/ml/zip_map.cpp.
#include "helpers/maps.h"
#include "helpers/ml_rules.h"

TEST_CASE("ZipMap: one map per row, keys from the class labels") {
  MlNode n("ZipMap", std::nullopt);
  set_strings(*n.node, "classlabels_strings", {"cat", "dog"});
  const Value z = n.run(Tensor::from_values<float>(T::Float, {2, 2}, {0.25f, 0.75f, 1.f, -0.f}));
  REQUIRE(z.type() == ValueType::map_sequence(T::String, T::Float));
  REQUIRE(z.maps().size() == 2);
  CHECK(z.maps()[0].keys.identical_to(strings({"cat", "dog"})));
  CHECK(z.maps()[0].values.identical_to(floats({0.25f, 0.75f})));
  CHECK(z.maps()[1].values.identical_to(floats({1.f, -0.f})));
  // A 1-D X is one row; no rows give an empty sequence.
  CHECK(n.run(floats({0.5f, 0.5f})).maps().size() == 1);
  CHECK(n.run(Tensor::from_values<float>(T::Float, {0, 2}, {})).maps().empty());
  CHECK_THROWS_WITH_AS(n.run(floats({1, 2, 3})), doctest::Contains("X has 3 columns but the node has 2 class labels"),
                       Error);
  CHECK_THROWS_WITH_AS(n.run(Tensor::from_values<float>(T::Float, {1, 1, 2}, {1, 2})),
                       doctest::Contains("ZipMap takes [N, C] or [C]"), Error);

  MlNode i("ZipMap", std::nullopt);
  set_ints(*i.node, "classlabels_int64s", {10, -3});
  const Value zi = i.run(Tensor::from_values<float>(T::Float, {1, 2}, {2.f, 3.f}));
  CHECK(zi.type() == ValueType::map_sequence(T::Int64, T::Float));
  CHECK(zi.maps()[0].identical_to(MapEntries::make(keys_i64({-3, 10}), floats({3.f, 2.f}))));

  MlNode both("ZipMap", std::nullopt);
  set_ints(*both.node, "classlabels_int64s", {1});
  set_strings(*both.node, "classlabels_strings", {"a"});
  CHECK_THROWS_WITH_AS(
      both.b.build(),
      doctest::Contains(
          "one and only one of the attributes 'classlabels_int64s' and 'classlabels_strings' must be set (both are)"),
      Error);
  MlNode twice("ZipMap", std::nullopt);
  set_ints(*twice.node, "classlabels_int64s", {4, 4});
  CHECK_THROWS_WITH_AS(twice.b.build(),
                       doctest::Contains("attribute 'classlabels_int64s' holds 4 twice (entries 0 and 1)"), Error);
}

namespace ml_rules_tests {

// spec: ZipMap-1: "The keys when using int keys.<br>One and only one of the 'classlabels_*' attributes must be defined."
// spec: ZipMap-1: "The keys when using string keys.<br>One and only one of the 'classlabels_*' attributes must be defined."
// spec: ZipMap-1: "Must provide keys in either classlabels_strings or classlabels_int64s (but not both)."
// spec: ZipMap-1: "There must be as many columns as keys."
TEST_CASE("ZipMap-1: one classlabels_* list, as many as the columns") {
  const Tensor x = ml_floats({1, 2}, {0.25f, 0.75f});
  Attributes ints;
  ints.set("classlabels_int64s", std::vector<int64_t>{3, 5});
  CHECK(ml_op_error("ZipMap", 1, {x}, ints).empty());
  Attributes both = ints;
  both.set("classlabels_strings", std::vector<std::string>{"a", "b"});
  CHECK(refused("ZipMap", 1, {x}, both));
  CHECK(refused("ZipMap", 1, {x}, Attributes{}));
  Attributes three;
  three.set("classlabels_int64s", std::vector<int64_t>{1, 2, 3});
  CHECK(refused("ZipMap", 1, {x}, three));
}

}  // namespace ml_rules_tests
