// Sequences and optionals in the JSON input format, and in SequenceProto/OptionalProto files.
#include <doctest/doctest.h>

#include <filesystem>

#include "helpers/value_file_round_trip.h"
#include "runtime/error.h"
#include "runtime/value_json.h"
#include "runtime/value_proto.h"

using namespace onnx_ref;
using T = ElementType;
using nlohmann::json;

namespace {
JsonTensorContext ctx(std::optional<ElementType> type = std::nullopt) { return {"input 'x'", {}, type}; }
}  // namespace

TEST_CASE("value json: sequences") {
  const Value s = value_from_json(json::parse(R"({"sequence": [[1, 2], {"shape": [1], "data": [3]}]})"), ctx(T::Int32),
                                  ValueKind::Sequence);
  CHECK(s.describe() == "seq(tensor(int32)) of 2: [int32[2], int32[1]]");
  CHECK(s.items()[1].data_as<int32_t>()[0] == 3);
  // Undeclared: the keys say it is a sequence, dtype gives the element type.
  const Value u = value_from_json(json::parse(R"({"sequence": [[1.5]], "dtype": "float"})"), ctx(), std::nullopt);
  CHECK(u.type().to_string() == "seq(tensor(float))");
  CHECK(value_from_json(json::parse(R"({"sequence": [], "dtype": "int8"})"), ctx(), std::nullopt).type().to_string() ==
        "seq(tensor(int8))");
  CHECK_THROWS_WITH_AS(value_from_json(json::parse(R"({"sequence": []})"), ctx(), ValueKind::Sequence),
                       "input 'x': an empty sequence needs \"dtype\" when the model does not declare the element type",
                       Error);
  CHECK_THROWS_WITH_AS(
      value_from_json(json::parse(R"({"sequence": [], "dtype": "float"})"), ctx(T::Int64), ValueKind::Sequence),
      "input 'x': dtype float but the model declares int64", Error);
  CHECK_THROWS_WITH_AS(
      value_from_json(json::parse(R"({"sequence": [], "dtipe": "float"})"), ctx(T::Int64), ValueKind::Sequence),
      "input 'x': unknown key 'dtipe' in a sequence", Error);
  CHECK_THROWS_WITH_AS(value_from_json(json::parse(R"([1, 2])"), ctx(T::Int64), ValueKind::Sequence),
                       "input 'x': a sequence is {\"sequence\": [...]}", Error);
  CHECK_THROWS_WITH_AS(value_from_json(json::parse(R"({"sequence": [[300]]})"), ctx(T::UInt8), ValueKind::Sequence),
                       doctest::Contains("input 'x' item 0 [0]: 300 does not fit uint8"), Error);
}

TEST_CASE("value json: optionals") {
  const Value none = value_from_json(json::parse(R"({"optional": null})"), ctx(T::Float), ValueKind::OptionalTensor);
  CHECK(none.describe() == "optional(tensor(float)): empty");
  const Value some = value_from_json(json::parse(R"({"optional": [1, 2]})"), ctx(T::Float), ValueKind::OptionalTensor);
  CHECK(some.element().tensor().describe() == "float[2]");
  const Value seq =
      value_from_json(json::parse(R"({"optional": {"sequence": [[1]]}})"), ctx(T::Int64), ValueKind::OptionalSequence);
  CHECK(seq.type().to_string() == "optional(seq(tensor(int64)))");
  CHECK_THROWS_WITH_AS(value_from_json(json::parse(R"({"optional": null})"), ctx(), std::nullopt),
                       "input 'x': an empty optional needs the model to declare its type", Error);
  CHECK_THROWS_WITH_AS(value_from_json(json::parse(R"([1])"), ctx(T::Float), ValueKind::OptionalTensor),
                       "input 'x': an optional is {\"optional\": null} or {\"optional\": VALUE}", Error);
}

TEST_CASE("value files: SequenceProto and OptionalProto round-trip") {
  const auto dir = std::filesystem::temp_directory_path() / ("onnx_ref_value_files_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const Tensor a = Tensor::from_values<float>(T::Float, {2}, {1.f, -0.f});
  const Tensor b = Tensor::from_strings({1}, {"x"});
  const Value values[] = {Value::sequence(T::Float, {a, a}),
                          Value::sequence(T::Float, {}),
                          Value::some(a),
                          Value::none({ValueKind::OptionalTensor, T::Float}),
                          Value::some(Value::sequence(T::String, {b})),
                          Value::none({ValueKind::OptionalSequence, T::String})};
  for (const Value& v : values) {
    CAPTURE(v.describe());
    const Value back = round_trip_value_file(dir, v);
    CHECK(back.identical_to(v));
  }
  // A sequence file read where the model declares a tensor is refused as not a TensorProto.
  write_value_file(dir / "s.pb", values[0], "s");
  CHECK_THROWS_AS(read_value_file(dir / "s.pb", ValueType::tensor(T::Float)), Error);
  std::filesystem::remove_all(dir);
}
