// Unit tests: runtime maps.
#include "helpers/maps.h"
#include "helpers/value_file_round_trip.h"

TEST_CASE("maps: the rules of a map") {
  const MapEntries m = MapEntries::make(keys_i64({7, -2, 3}), floats({0.5f, 1.f, 2.f}));
  CHECK(m.size() == 3);
  CHECK(m.key_order() == std::vector<int64_t>{1, 2, 0});
  const MapEntries sorted = m.sorted_by_key();
  CHECK(sorted.keys.identical_to(keys_i64({-2, 3, 7})));
  CHECK(sorted.values.identical_to(floats({1.f, 2.f, 0.5f})));
  // The same entries in another order are the same map; another value is not.
  CHECK(Value::map(m).identical_to(Value::map(sorted)));
  CHECK_FALSE(Value::map(m).identical_to(float_map({7, -2, 3}, {0.5f, 1.f, 3.f})));
  CHECK_FALSE(Value::map(m).identical_to(Value::map(MapEntries::make(keys_i64({7, -2, 3}), doubles({0.5, 1, 2})))));
  CHECK(Value::map(m).type() == ValueType::map(T::Int64, T::Float));
  CHECK(Value::map(m).type().to_string() == "map(int64, float)");
  CHECK(ValueType::map_sequence(T::String, T::Double).to_string() == "seq(map(string, double))");
  CHECK(Value::map(m).describe() == "map(int64, float) of 3");

  CHECK_THROWS_WITH_AS(MapEntries::make(keys_i64({1, 2, 1}), floats({0, 0, 0})),
                       "a map has the key at entry 2 twice (first at entry 0)", Error);
  CHECK_THROWS_WITH_AS(MapEntries::make(strings({"a", "b", "b"}), floats({0, 0, 0})),
                       "a map has the key at entry 2 twice (first at entry 1)", Error);
  CHECK_THROWS_WITH_AS(MapEntries::make(keys_i64({1, 2}), floats({0})), "a map has 2 keys but 1 values", Error);
  CHECK_THROWS_WITH_AS(MapEntries::make(floats({1}), floats({0})),
                       "a map's keys are tensor(float); a map key is an integer type or string", Error);
  CHECK_THROWS_AS(Value::map_sequence(T::Int64, T::Float, {MapEntries::make(strings({"a"}), floats({0}))}), Error);
  CHECK_THROWS_AS(Value::map(m).tensor(), Error);
  CHECK_THROWS_AS(Value::map(m).maps(), Error);
  // uint64 keys order by their unsigned value.
  const Tensor big = Tensor::from_values<uint64_t>(T::UInt64, {2}, {uint64_t{1} << 63, 1});
  CHECK(MapEntries::make(big, floats({0, 0})).key_order() == std::vector<int64_t>{1, 0});
}

TEST_CASE("maps: MapProto and SequenceProto of maps round-trip") {
  const auto dir = std::filesystem::temp_directory_path() / ("onnx_ref_maps_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const Value values[] = {
      float_map({3, 1}, {0.25f, -0.f}),
      Value::map(MapEntries::make(strings({"x", ""}), doubles({1e300, 2}))),
      Value::map(MapEntries::make(Tensor::from_values<int32_t>(T::Int32, {2}, {-5, 9}), strings({"a", "b\n"}))),
      Value::map(MapEntries::make(Tensor::from_values<uint64_t>(T::UInt64, {1}, {~uint64_t{0}}), keys_i64({-1}))),
      Value::map(MapEntries::make(keys_i64({}), floats({}))),
      Value::map_sequence(
          T::String, T::Float,
          {MapEntries::make(strings({"a", "b"}), floats({1, 2})), MapEntries::make(strings({}), floats({}))}),
      Value::map_sequence(T::Int64, T::Float, {}),
  };
  for (const Value& v : values) {
    CAPTURE(v.describe());
    const Value back = round_trip_value_file(dir, v);
    CHECK(back.type() == v.type());
    CHECK(back.identical_to(v));
    // The order of the entries survives too.
    if (v.is_map()) CHECK(back.map_entries().keys.identical_to(v.map_entries().keys));
  }
  // A map read where the model declares other key or value types is refused.
  write_value_file(dir / "m.pb", values[0], "m");
  CHECK_THROWS_WITH_AS(
      read_value_file(dir / "m.pb", ValueType::map(T::String, T::Float)),
      ((dir / "m.pb").string() + ": the map's keys are int64 but the model declares string keys").c_str(), Error);
  CHECK_THROWS_WITH_AS(read_value_file(dir / "m.pb", ValueType::map(T::Int64, T::Double)),
                       ((dir / "m.pb").string() + ": map value 0: is float but the map's values are double").c_str(),
                       Error);
  std::filesystem::remove_all(dir);
}

TEST_CASE("maps: a MapProto that breaks the rules is refused") {
  onnx::MapProto p;
  p.set_key_type(code_of(T::Int64));
  p.add_keys(4);
  p.add_keys(4);
  p.mutable_values()->set_elem_type(onnx::SequenceProto::TENSOR);
  for (float f : {1.f, 2.f})
    *p.mutable_values()->add_tensor_values() = tensor_to_proto(Tensor::from_values<float>(T::Float, {}, {f}));
  CHECK_THROWS_WITH_AS(map_from_proto(p, T::Int64, T::Float), "a map has the key at entry 1 twice (first at entry 0)",
                       Error);
  p.set_keys(1, 5);
  CHECK(map_from_proto(p, T::Int64, T::Float).size() == 2);
  p.add_keys(6);
  CHECK_THROWS_WITH_AS(map_from_proto(p, T::Int64, T::Float), "the MapProto has 3 keys but 2 values", Error);
  p.clear_keys();
  p.add_string_keys("a");
  p.add_string_keys("b");
  CHECK_THROWS_WITH_AS(map_from_proto(p, T::Int64, T::Float), "a map with int64 keys also has 2 string keys", Error);
  p.set_key_type(code_of(T::Float));
  CHECK_THROWS_WITH_AS(map_from_proto(p, T::Undefined, T::Float),
                       "the MapProto has key_type float; a map key is an integer type or string", Error);
  p.set_key_type(code_of(T::String));
  CHECK(map_from_proto(p, T::String, T::Float).size() == 2);
  // An int8 key outside int8.
  onnx::MapProto q;
  q.set_key_type(code_of(T::Int8));
  q.add_keys(300);
  *q.mutable_values()->add_tensor_values() = tensor_to_proto(Tensor::from_values<float>(T::Float, {}, {1.f}));
  CHECK_THROWS_WITH_AS(map_from_proto(q, T::Int8, T::Float), "map key 0 is 300, outside the key type int8", Error);
  // A value that is not one element.
  onnx::MapProto r;
  r.set_key_type(code_of(T::Int64));
  r.add_keys(1);
  r.mutable_values()->set_elem_type(onnx::SequenceProto::TENSOR);
  *r.mutable_values()->add_tensor_values() = tensor_to_proto(floats({1, 2}));
  CHECK_THROWS_WITH_AS(map_from_proto(r, T::Int64, T::Float), "map value 0: holds float[2]; a map value is one element",
                       Error);
  // Values that are not tensors.
  r.mutable_values()->set_elem_type(onnx::SequenceProto::MAP);
  CHECK_THROWS_AS(map_from_proto(r, T::Int64, T::Float), UnsupportedError);
}

TEST_CASE("maps: JSON in and out") {
  const JsonTensorContext c{"input 'x'", {}, T::Float};
  const Value m =
      value_from_json(json::parse(R"({"map": {"keys": [3, 1], "values": [0.5, "nan"]}})"), c, ValueKind::Map, T::Int64);
  CHECK(m.type() == ValueType::map(T::Int64, T::Float));
  CHECK(m.map_entries().keys.identical_to(keys_i64({3, 1})));
  CHECK(value_from_json(map_to_json(m.map_entries()), c, ValueKind::Map, T::Int64).identical_to(m));
  // Undeclared: the JSON names its types.
  const Value s = value_from_json(
      json::parse(
          R"({"sequence": [{"map": {"keys": ["a"], "values": [1.5]}}], "key_type": "string", "value_type": "double"})"),
      {"input 'x'", {}, std::nullopt}, std::nullopt);
  CHECK(s.type() == ValueType::map_sequence(T::String, T::Double));
  CHECK(s.maps().at(0).values.identical_to(doubles({1.5})));
  CHECK_THROWS_WITH_AS(
      value_from_json(json::parse(R"({"map": {"keys": [1, 1], "values": [0, 0]}})"), c, ValueKind::Map, T::Int64),
      "input 'x': a map has the key at entry 1 twice (first at entry 0)", Error);
  CHECK_THROWS_WITH_AS(
      value_from_json(json::parse(R"({"map": {"keys": [1], "values": [0, 0]}})"), c, ValueKind::Map, T::Int64),
      "input 'x': a map has 1 keys but 2 values", Error);
  CHECK_THROWS_WITH_AS(
      value_from_json(json::parse(R"({"map": {"keys": ["a"], "values": [0]}})"), c, ValueKind::Map, T::Int64),
      doctest::Contains("input 'x' keys"), Error);
  CHECK_THROWS_WITH_AS(value_from_json(json::parse(R"({"map": {"keys": [], "values": []}, "key_type": "float"})"),
                                       {"input 'x'", {}, T::Float}, std::nullopt),
                       "input 'x': key_type float is not a map key type (an integer type or string)", Error);
}

TEST_CASE("maps: models declare maps and sequences of maps") {
  // A map input the model declares is checked against the feed.
  MlNode n("DictVectorizer", std::pair{T::String, T::Int64});
  set_strings(*n.node, "string_vocabulary", {"a", "c", "b", "z"});
  const Model model = n.b.build();
  REQUIRE(model.required_inputs().size() == 1);
  CHECK(model.required_inputs()[0].describe() == "map(string, int64)");
  CHECK_THROWS_WITH_AS(model.run({{"x", float_map({1}, {1})}}),
                       doctest::Contains("is map(int64, float) of 1 but the model declares map(string, int64)"), Error);
  // Other nestings are refused when loading.
  ModelBuilder b(17);
  auto* in = b.proto().mutable_graph()->add_input();
  in->set_name("x");
  auto* seq = in->mutable_type()->mutable_sequence_type()->mutable_elem_type()->mutable_sequence_type();
  seq->mutable_elem_type()->mutable_tensor_type()->set_elem_type(code_of(T::Float));
  b.output("x");
  CHECK_THROWS_AS(b.build(), UnsupportedError);
  ModelBuilder c(17);
  declare_map(c.proto().mutable_graph()->add_input(), "x", T::Float, T::Float, false);
  c.output("x");
  CHECK_THROWS_WITH_AS(c.build(),
                       doctest::Contains("declares map keys of tensor(float); a map key is an integer type or string"),
                       Error);
}
