// Map values and sequences of maps: the rules of a map, MapProto and JSON files, model declarations,
// and the ai.onnx.ml operators that take or give maps (ZipMap, CastMap, DictVectorizer). Expected
// values are computed by hand.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>

#include "model_builder.h"
#include "runtime/error.h"
#include "runtime/value_json.h"
#include "runtime/value_proto.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;
using nlohmann::json;

namespace {

Tensor keys_i64(const std::vector<int64_t>& k) { return int64_tensor(k); }
Tensor floats(const std::vector<float>& v) { return Tensor::from_values<float>(T::Float, {static_cast<int64_t>(v.size())}, v); }
Tensor doubles(const std::vector<double>& v) { return Tensor::from_values<double>(T::Double, {static_cast<int64_t>(v.size())}, v); }
Tensor strings(const std::vector<std::string>& v) { return Tensor::from_strings({static_cast<int64_t>(v.size())}, v); }

// A graph input or output of type map(key, value), or seq(map(key, value)).
void declare_map(onnx::ValueInfoProto* v, const std::string& name, T key, T value, bool in_sequence) {
  v->set_name(name);
  onnx::TypeProto* t = v->mutable_type();
  if (in_sequence) t = t->mutable_sequence_type()->mutable_elem_type();
  auto* m = t->mutable_map_type();
  m->set_key_type(code_of(key));
  m->mutable_value_type()->mutable_tensor_type()->set_elem_type(code_of(value));
}

void set_strings(onnx::NodeProto& node, const std::string& name, const std::vector<std::string>& values) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRINGS);
  for (const auto& s : values) a->add_strings(s);
}

void set_string(onnx::NodeProto& node, const std::string& name, const std::string& value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(value);
}

// A one-node ai.onnx.ml model: input x of `in_type` (a map or a float tensor), output y.
struct MlNode {
  ModelBuilder b{17};
  onnx::NodeProto* node;
  MlNode(const std::string& op, std::optional<std::pair<T, T>> map_input) {
    b.opset_import("ai.onnx.ml", 1);
    if (map_input)
      declare_map(b.proto().mutable_graph()->add_input(), "x", map_input->first, map_input->second, false);
    else
      b.input("x", T::Float, {}, false);
    b.output("y");
    node = &b.node(op, {"x"}, {"y"}, "ai.onnx.ml");
  }
  Value run(const Value& x) { return b.build().run({{"x", x}}).front().second; }
};

Value float_map(const std::vector<int64_t>& k, const std::vector<float>& v) { return Value::map(MapEntries::make(keys_i64(k), floats(v))); }

}  // namespace

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

  CHECK_THROWS_WITH_AS(MapEntries::make(keys_i64({1, 2, 1}), floats({0, 0, 0})), "a map has the key at entry 2 twice (first at entry 0)",
                       Error);
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
      Value::map_sequence(T::String, T::Float, {MapEntries::make(strings({"a", "b"}), floats({1, 2})), MapEntries::make(strings({}), floats({}))}),
      Value::map_sequence(T::Int64, T::Float, {}),
  };
  for (const Value& v : values) {
    CAPTURE(v.describe());
    const auto file = dir / "v.pb";
    write_value_file(file, v, "name");
    std::string name;
    const Value back = read_value_file(file, v.type(), &name);
    CHECK(name == "name");
    CHECK(back.type() == v.type());
    CHECK(back.identical_to(v));
    // The order of the entries survives too.
    if (v.is_map()) CHECK(back.map_entries().keys.identical_to(v.map_entries().keys));
  }
  // A map read where the model declares other key or value types is refused.
  write_value_file(dir / "m.pb", values[0], "m");
  CHECK_THROWS_WITH_AS(read_value_file(dir / "m.pb", ValueType::map(T::String, T::Float)),
                       ((dir / "m.pb").string() + ": the map's keys are int64 but the model declares string keys").c_str(), Error);
  CHECK_THROWS_WITH_AS(read_value_file(dir / "m.pb", ValueType::map(T::Int64, T::Double)),
                       ((dir / "m.pb").string() + ": map value 0: is float but the map's values are double").c_str(), Error);
  std::filesystem::remove_all(dir);
}

TEST_CASE("maps: a MapProto that breaks the rules is refused") {
  onnx::MapProto p;
  p.set_key_type(code_of(T::Int64));
  p.add_keys(4);
  p.add_keys(4);
  p.mutable_values()->set_elem_type(onnx::SequenceProto::TENSOR);
  for (float f : {1.f, 2.f}) *p.mutable_values()->add_tensor_values() = tensor_to_proto(Tensor::from_values<float>(T::Float, {}, {f}));
  CHECK_THROWS_WITH_AS(map_from_proto(p, T::Int64, T::Float), "a map has the key at entry 1 twice (first at entry 0)", Error);
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
  CHECK_THROWS_WITH_AS(map_from_proto(r, T::Int64, T::Float), "map value 0: holds float[2]; a map value is one element", Error);
  // Values that are not tensors.
  r.mutable_values()->set_elem_type(onnx::SequenceProto::MAP);
  CHECK_THROWS_AS(map_from_proto(r, T::Int64, T::Float), UnsupportedError);
}

TEST_CASE("maps: JSON in and out") {
  const JsonTensorContext c{"input 'x'", {}, T::Float};
  const Value m = value_from_json(json::parse(R"({"map": {"keys": [3, 1], "values": [0.5, "nan"]}})"), c, ValueKind::Map, T::Int64);
  CHECK(m.type() == ValueType::map(T::Int64, T::Float));
  CHECK(m.map_entries().keys.identical_to(keys_i64({3, 1})));
  CHECK(value_from_json(map_to_json(m.map_entries()), c, ValueKind::Map, T::Int64).identical_to(m));
  // Undeclared: the JSON names its types.
  const Value s = value_from_json(
      json::parse(R"({"sequence": [{"map": {"keys": ["a"], "values": [1.5]}}], "key_type": "string", "value_type": "double"})"),
      {"input 'x'", {}, std::nullopt}, std::nullopt);
  CHECK(s.type() == ValueType::map_sequence(T::String, T::Double));
  CHECK(s.maps().at(0).values.identical_to(doubles({1.5})));
  CHECK_THROWS_WITH_AS(value_from_json(json::parse(R"({"map": {"keys": [1, 1], "values": [0, 0]}})"), c, ValueKind::Map, T::Int64),
                       "input 'x': a map has the key at entry 1 twice (first at entry 0)", Error);
  CHECK_THROWS_WITH_AS(value_from_json(json::parse(R"({"map": {"keys": [1], "values": [0, 0]}})"), c, ValueKind::Map, T::Int64),
                       "input 'x': a map has 1 keys but 2 values", Error);
  CHECK_THROWS_WITH_AS(value_from_json(json::parse(R"({"map": {"keys": ["a"], "values": [0]}})"), c, ValueKind::Map, T::Int64),
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
  CHECK_THROWS_WITH_AS(model.run({{"x", float_map({1}, {1})}}), doctest::Contains("is map(int64, float) of 1 but the model declares map(string, int64)"),
                       Error);
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
  CHECK_THROWS_WITH_AS(c.build(), doctest::Contains("declares map keys of tensor(float); a map key is an integer type or string"), Error);
}

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
  CHECK_THROWS_WITH_AS(n.run(floats({1, 2, 3})), doctest::Contains("X has 3 columns but the node has 2 class labels"), Error);
  CHECK_THROWS_WITH_AS(n.run(Tensor::from_values<float>(T::Float, {1, 1, 2}, {1, 2})), doctest::Contains("ZipMap takes [N, C] or [C]"),
                       Error);

  MlNode i("ZipMap", std::nullopt);
  set_ints(*i.node, "classlabels_int64s", {10, -3});
  const Value zi = i.run(Tensor::from_values<float>(T::Float, {1, 2}, {2.f, 3.f}));
  CHECK(zi.type() == ValueType::map_sequence(T::Int64, T::Float));
  CHECK(zi.maps()[0].identical_to(MapEntries::make(keys_i64({-3, 10}), floats({3.f, 2.f}))));

  MlNode both("ZipMap", std::nullopt);
  set_ints(*both.node, "classlabels_int64s", {1});
  set_strings(*both.node, "classlabels_strings", {"a"});
  CHECK_THROWS_WITH_AS(both.b.build(), doctest::Contains("one and only one of the attributes 'classlabels_int64s' and 'classlabels_strings' must be set (both are)"),
                       Error);
  MlNode twice("ZipMap", std::nullopt);
  set_ints(*twice.node, "classlabels_int64s", {4, 4});
  CHECK_THROWS_WITH_AS(twice.b.build(), doctest::Contains("attribute 'classlabels_int64s' holds 4 twice (entries 0 and 1)"), Error);
}

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
  CHECK(cast("TO_FLOAT", "DENSE", 1, x).identical_to(floats({2.75f, 1.5f})));
  CHECK(cast("TO_STRING", "DENSE", 1, x).identical_to(strings({"2.75", "1.5"})));
  CHECK(cast("TO_INT64", "DENSE", 1, x).identical_to(keys_i64({2, 1})));  // truncated toward zero, as Cast
  CHECK(cast("TO_FLOAT", "SPARSE", 5, x).identical_to(floats({0, 2.75f, 0, 1.5f, 0})));
  CHECK(cast("TO_STRING", "SPARSE", 4, x).identical_to(strings({"0.0", "2.75", "0.0", "1.5"})));
  const Value s = Value::map(MapEntries::make(keys_i64({0, 2}), strings({"7", "-1e1"})));
  CHECK(cast("TO_INT64", "DENSE", 1, s).identical_to(keys_i64({7, -10})));
  CHECK(cast("TO_FLOAT", "SPARSE", 3, s).identical_to(floats({7, 0, -10})));
  CHECK_THROWS_WITH_AS(cast("TO_FLOAT", "SPARSE", 3, x), doctest::Contains("map key 3 lies outside [0, max_map) = [0, 3) of the SPARSE form"),
                       Error);
  CHECK_THROWS_WITH_AS(cast("TO_FLOAT", "DENSE", 1, Value::map(MapEntries::make(keys_i64({0}), strings({"one"})))),
                       doctest::Contains("one"), Error);
  CHECK_THROWS_WITH_AS(cast("TO_DOUBLE", "DENSE", 1, x),
                       doctest::Contains("attribute 'cast_to' is 'TO_DOUBLE'; it is one of 'TO_FLOAT', 'TO_STRING', 'TO_INT64'"), Error);
  CHECK_THROWS_WITH_AS(cast("TO_FLOAT", "SPARSE", 0, x), doctest::Contains("attribute 'max_map' is 0"), Error);
  CHECK_THROWS_WITH_AS(cast("TO_FLOAT", "SPARSE", INT64_MAX, x), doctest::Contains("larger than the memory limit"), Error);
}

TEST_CASE("DictVectorizer: values at their vocabulary positions") {
  // The spec's example: string_vocabulary ["a", "c", "b", "z"], {"a": 4, "c": 8} -> [4, 8, 0, 0].
  MlNode n("DictVectorizer", std::pair{T::String, T::Int64});
  set_strings(*n.node, "string_vocabulary", {"a", "c", "b", "z"});
  const Value x = Value::map(MapEntries::make(strings({"c", "a"}), keys_i64({8, 4})));
  CHECK(n.run(x).tensor().identical_to(Tensor::from_values<int64_t>(T::Int64, {1, 4}, {4, 8, 0, 0})));
  CHECK_THROWS_WITH_AS(n.run(Value::map(MapEntries::make(strings({"q"}), keys_i64({1})))),
                       doctest::Contains("the map's key 'q' is not in the vocabulary"), Error);

  MlNode d("DictVectorizer", std::pair{T::Int64, T::Double});
  set_ints(*d.node, "int64_vocabulary", {5, -1, 7});
  const Value y = d.run(Value::map(MapEntries::make(keys_i64({7}), doubles({0.1}))));
  CHECK(y.tensor().identical_to(Tensor::from_values<double>(T::Double, {1, 3}, {0, 0, 0.1})));

  MlNode s("DictVectorizer", std::pair{T::Int64, T::String});
  set_ints(*s.node, "int64_vocabulary", {1, 2});
  CHECK(s.run(Value::map(MapEntries::make(keys_i64({2}), strings({"v"})))).tensor().identical_to(
      Tensor::from_strings({1, 2}, {"", "v"})));

  // The vocabulary must be of the map's key type, and hold each key once.
  MlNode wrong("DictVectorizer", std::pair{T::Int64, T::Float});
  set_strings(*wrong.node, "string_vocabulary", {"a"});
  CHECK_THROWS_WITH_AS(wrong.b.build(), doctest::Contains("X is map(int64, float) but the node sets string_vocabulary"), Error);
  MlNode dup("DictVectorizer", std::pair{T::String, T::Float});
  set_strings(*dup.node, "string_vocabulary", {"a", "b", "a"});
  CHECK_THROWS_WITH_AS(dup.b.build(), doctest::Contains("attribute 'string_vocabulary' holds 'a' twice (entries 0 and 2)"), Error);
  MlNode none("DictVectorizer", std::pair{T::String, T::Float});
  CHECK_THROWS_WITH_AS(none.b.build(), doctest::Contains("(neither is)"), Error);
}
