// Unit tests of ops/ml/cast_map.cpp.
#include "helpers/maps.h"

TEST_CASE("CastMap: dense and sparse, every target") {
  const Value x = float_map({3, 1}, {1.5f, 2.75f});
  auto cast = [&](const std::string& to, const std::string& form, int64_t max_map, const Value& in) {
    MlNode n("CastMap", std::pair{T::Int64, in.type().elem});
    set_string(*n.node, "cast_to", to);
    set_string(*n.node, "map_form", form);
    set_int(*n.node, "max_map", max_map);
    return n.run(in).tensor();
  };
  // Values in ascending key order.
  // spec: CastMap-1: "A tensor representing the same data as the input map, ordered by their keys"
  // spec: CastMap-1: "The map key must be an int64 and the values will be ordered in ascending order based on this key."
  // spec: CastMap-1: "The output is a 1-D tensor of string, float, or integer."
  CHECK(cast("TO_FLOAT", "DENSE", 1, x).identical_to(floats({2.75f, 1.5f})));
  CHECK(cast("TO_STRING", "DENSE", 1, x).identical_to(strings({"2.75", "1.5"})));
  CHECK(cast("TO_INT64", "DENSE", 1, x).identical_to(keys_i64({2, 1})));  // truncated toward zero, as Cast
  // spec: CastMap-1: "Indicates whether to only output as many values as are in the input (dense), or position the input based on using the key of the map as the index of the output (sparse)."
  CHECK(cast("TO_FLOAT", "SPARSE", 5, x).identical_to(floats({0, 2.75f, 0, 1.5f, 0})));
  CHECK(cast("TO_STRING", "SPARSE", 4, x).identical_to(strings({"0.0", "2.75", "0.0", "1.5"})));
  const Value s = Value::map(MapEntries::make(keys_i64({0, 2}), strings({"7", "-1e1"})));
  CHECK(cast("TO_INT64", "DENSE", 1, s).identical_to(keys_i64({7, -10})));
  CHECK(cast("TO_FLOAT", "SPARSE", 3, s).identical_to(floats({7, 0, -10})));
  // spec: CastMap-1: "If using sparse packing, the key cannot exceed the max_map-1 value."
  CHECK_THROWS_WITH_AS(cast("TO_FLOAT", "SPARSE", 3, x),
                       doctest::Contains("map key 3 lies outside [0, max_map) = [0, 3) of the SPARSE form"), Error);
  CHECK_THROWS_WITH_AS(cast("TO_FLOAT", "DENSE", 1, Value::map(MapEntries::make(keys_i64({0}), strings({"one"})))),
                       doctest::Contains("one"), Error);
  // spec: CastMap-1: "A string indicating the desired element type of the output tensor, one of 'TO_FLOAT', 'TO_STRING', 'TO_INT64'."
  CHECK_THROWS_WITH_AS(
      cast("TO_DOUBLE", "DENSE", 1, x),
      doctest::Contains("attribute 'cast_to' is 'TO_DOUBLE'; it is one of 'TO_FLOAT', 'TO_STRING', 'TO_INT64'"), Error);
  CHECK_THROWS_WITH_AS(cast("TO_FLOAT", "SPARSE", 0, x), doctest::Contains("attribute 'max_map' is 0"), Error);
  CHECK_THROWS_WITH_AS(cast("TO_FLOAT", "SPARSE", INT64_MAX, x), doctest::Contains("larger than the memory limit"),
                       Error);
  // spec: CastMap-1: "The input must be an integer map to either string or float."
  MlNode string_keys("CastMap", std::pair{T::String, T::Float});
  CHECK_THROWS_AS(string_keys.run(Value::map(MapEntries::make(strings({"a"}), floats({1})))), Error);
  MlNode double_values("CastMap", std::pair{T::Int64, T::Double});
  CHECK_THROWS_AS(double_values.run(Value::map(MapEntries::make(keys_i64({1}), doubles({1})))), Error);
}
