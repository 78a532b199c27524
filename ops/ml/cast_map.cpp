// ai.onnx.ml CastMap, every version (1).
// Y holds the values of the map X (int64 keys) in ascending key order, converted to cast_to's type:
//  - map_form DENSE: Y is 1-D with one element per entry;
//  - map_form SPARSE: Y is 1-D of length max_map, the value of key k at position k; a key outside
//    [0, max_map) is an error, and a position no key names holds the conversion of 0.0 (0 for
//    TO_INT64 and TO_FLOAT, "0.0" for TO_STRING).
// The spec calls Y "a 1-D tensor" (its type constraint), so Y is 1-D ([N] or [max_map]).
// Contract: conversions as Cast does them (runtime/cast.h): exact, or rounded once from the exact
// value (string to float), floats to string as the shortest text that reads back; a string that is
// no number, or a float with no int64 value (NaN, infinities, out of range), is an error.
#include <cstring>

#include "ops/ml/map_rules.h"
#include "ops/ml/register.h"
#include "runtime/cast.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

ElementType cast_map_target(const Attributes& attrs) {
  const auto& to = std::get<std::string>(attrs.get("cast_to"));
  if (to == "TO_FLOAT") return ElementType::Float;
  if (to == "TO_STRING") return ElementType::String;
  if (to == "TO_INT64") return ElementType::Int64;
  throw Error("attribute 'cast_to' is " + quote_text(to) + "; it is one of 'TO_FLOAT', 'TO_STRING', 'TO_INT64'");
}

bool cast_map_is_sparse(const Attributes& attrs) {
  const auto& form = std::get<std::string>(attrs.get("map_form"));
  if (form == "DENSE") return false;
  if (form == "SPARSE") return true;
  throw Error("attribute 'map_form' is " + quote_text(form) + "; it is one of 'DENSE', 'SPARSE'");
}

void check_cast_map_attributes(const Attributes& attrs) {
  cast_map_target(attrs);
  if (cast_map_is_sparse(attrs) && attrs.get_int("max_map") < 1)
    throw Error("attribute 'max_map' is " + std::to_string(attrs.get_int("max_map")) +
                "; with map_form 'SPARSE' it is the output length and must be at least 1");
}

// The attributes, parsed and checked at load.
struct CastMapParams {
  ElementType to;
  bool sparse;
  int64_t max_map;
};

CastMapParams parse_cast_map_params(const Attributes& attrs) {
  check_cast_map_attributes(attrs);
  return {cast_map_target(attrs), cast_map_is_sparse(attrs), attrs.get_int("max_map")};
}

std::vector<Value> cast_map(const KernelContext& ctx, const CastMapParams& params) {
  const MapEntries sorted = ctx.value(0).map_entries().sorted_by_key();
  const ElementType to = params.to;
  Tensor converted = cast_tensor(sorted.values, to);
  if (!params.sparse) return {converted};

  const int64_t length = params.max_map;
  const int64_t* keys = sorted.keys.data_as<int64_t>();
  for (int64_t i = 0; i < sorted.size(); ++i)
    if (keys[i] < 0 || keys[i] >= length)
      throw Error("map key " + std::to_string(keys[i]) + " lies outside [0, max_map) = [0, " + std::to_string(length) +
                  ") of the SPARSE form");
  // Sized against the memory limit before anything is allocated (a string element is at least its
  // std::string object).
  const uint64_t element_bytes =
      to == ElementType::String ? sizeof(std::string) : static_cast<uint64_t>(bits_of(to) / 8);
  if (static_cast<uint64_t>(length) > tensor_memory_limit() / element_bytes)
    throw Error("max_map " + std::to_string(length) + " asks for an output larger than the memory limit");
  const Tensor zero = cast_tensor(Tensor::from_values<float>(ElementType::Float, {1}, {0.0f}), to);
  if (to == ElementType::String) {
    std::vector<std::string> out(static_cast<size_t>(length), zero.strings()[0]);
    for (int64_t i = 0; i < sorted.size(); ++i)
      out[static_cast<size_t>(keys[i])] = converted.strings()[static_cast<size_t>(i)];
    return {Tensor::from_strings({length}, std::move(out))};
  }
  Tensor out = Tensor::zeros(to, {length});  // 0 and 0.0 are all-zero bits
  const size_t bytes = static_cast<size_t>(bits_of(to) / 8);
  for (int64_t i = 0; i < sorted.size(); ++i)
    std::memcpy(out.mutable_data() + static_cast<size_t>(keys[i]) * bytes,
                converted.data() + static_cast<size_t>(i) * bytes, bytes);
  return {out};
}

}  // namespace

void register_cast_map(Registry& registry) {
  OpVersion v;
  v.domain = ml_maps::kMlDomain;
  v.op_type = "CastMap";
  v.since_version = 1;
  v.inputs = {{"X", "T1"}};
  v.outputs = {{"Y", "T2"}};
  v.attributes = {{"cast_to", AttrType::String, false, std::string("TO_FLOAT")},
                  {"map_form", AttrType::String, false, std::string("DENSE")},
                  {"max_map", AttrType::Int, false, int64_t{1}}};
  TypeConstraint t1{"T1"};
  t1.maps = {ValueType::map(ElementType::Int64, ElementType::String),
             ValueType::map(ElementType::Int64, ElementType::Float)};
  v.type_constraints = {t1, {"T2", TypeSet{ElementType::String, ElementType::Float, ElementType::Int64}}};
  v.attribute_type = [](const Attributes& attrs, const std::string& type_var) -> std::optional<ElementType> {
    if (type_var != "T2") return std::nullopt;
    return cast_map_target(attrs);
  };
  v.set_kernel(parse_cast_map_params, cast_map);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "CastMap", {AccuracyKind::CorrectlyRounded, "each value converted as Cast does (exact, or rounded once)"}, {},
      "ai.onnx.ml");
}

}  // namespace onnx_ref
