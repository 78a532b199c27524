// ONNX Cast, every version (1, 6, 9, 13, 19, 21, 23, 24, 25).
// The conversions themselves are runtime/cast.cpp (cast_tensor); this file reads the attributes:
//  - 1: `to` is a string naming a TensorProto.DataType ("FLOAT"); 6 onward an int code;
//  - 9: adds string; 13 bfloat16; 19 the float8 types and `saturate`; 21 uint4, int4; 23 float4e2m1;
//    24 float8e8m0 and `round_mode`; 25 uint2, int2.
// Every version rounds to bfloat16 to nearest, ties to even, as the spec's text, ONNX 1.22's
// reference and onnxruntime do. ONNX's test generator before 1.19 truncated instead, so the
// official tests of Cast-13 to 23 to bfloat16 that encode truncation are listed in
// conformance/official_defects.expect.
// The output type is `to`, known when the model is loaded (attribute_type): a `to` that is not a
// data type is an error there, and one the version does not allow too (the loader checks T2).
#include "ops/cast/cast.h"

#include "ops/cast/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace cast_ops {

std::optional<ElementType> element_type_from_enum_name(const std::string& name) {
  std::string lower;
  for (char c : name) {
    if (c >= 'a' && c <= 'z') return std::nullopt;  // the enum's names are upper case
    lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  const auto type = element_type_from_name(lower);
  // element_type_from_name also takes NumPy aliases ("float32"); the enum has only the spec names.
  if (!type || name_of(*type) != lower) return std::nullopt;
  return type;
}

void check_saturate_and_round_mode(const Attributes& attrs) {
  if (attrs.has("saturate")) {
    const int64_t saturate = attrs.get_int("saturate");
    if (saturate != 0 && saturate != 1)
      throw Error("attribute 'saturate' must be 0 or 1, got " + std::to_string(saturate));
  }
  if (attrs.has("round_mode")) {
    const auto& mode = std::get<std::string>(attrs.get("round_mode"));
    if (mode != "up" && mode != "down" && mode != "nearest")
      throw Error("attribute 'round_mode' must be \"up\", \"down\" or \"nearest\", got \"" +
                  escape_for_message(mode, true) + "\"");
  }
}

CastOptions cast_options(const Attributes& attrs, int since_version) {
  CastOptions options;
  options.legacy_4bit_rules = since_version == 21 || since_version == 23;
  if (attrs.has("saturate")) options.saturate = attrs.get_int("saturate") != 0;
  if (attrs.has("round_mode")) {
    const auto& mode = std::get<std::string>(attrs.get("round_mode"));
    options.round_mode = mode == "down"      ? E8M0Rounding::Down
                         : mode == "nearest" ? E8M0Rounding::Nearest
                                             : E8M0Rounding::Up;
  }
  return options;
}

}  // namespace cast_ops

namespace {

using namespace cast_ops;

// The element type `to` names; Error when it names none.
ElementType target_type(const Attributes& attrs) {
  const AttrValue& to = attrs.get("to");
  if (const auto* name = std::get_if<std::string>(&to)) {
    const auto type = element_type_from_enum_name(*name);
    if (!type)
      throw Error("attribute 'to' = \"" + escape_for_message(*name, true) +
                  "\" is not a TensorProto.DataType name (FLOAT, INT64, FLOAT16, ...)");
    return *type;
  }
  const int64_t code = std::get<int64_t>(to);
  const auto type =
      code >= INT32_MIN && code <= INT32_MAX ? element_type_from_code(static_cast<int32_t>(code)) : std::nullopt;
  if (!type) throw Error("attribute 'to' = " + std::to_string(code) + " is not a TensorProto.DataType code (1 to 26)");
  return *type;
}

OpVersion cast_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Cast";
  v.since_version = since_version;
  v.inputs = {{"input", "T1"}};
  v.outputs = {{"output", "T2"}};
  v.attributes = {{"to", since_version == 1 ? AttrType::String : AttrType::Int, true}};
  if (since_version >= 19) v.attributes.push_back({"saturate", AttrType::Int, false, int64_t{1}});
  if (since_version >= 24) v.attributes.push_back({"round_mode", AttrType::String, false, std::string("up")});
  v.type_constraints = {{"T1", types}, {"T2", types}};
  v.attribute_type = [](const Attributes& attrs, const std::string& type_var) -> std::optional<ElementType> {
    if (type_var != "T2") return std::nullopt;
    return target_type(attrs);
  };
  // `to`, saturate and round_mode, parsed and checked at load.
  using CastParams = std::pair<ElementType, CastOptions>;
  v.set_kernel(
      [since_version](const Attributes& attrs) {
        const ElementType to = target_type(attrs);
        check_saturate_and_round_mode(attrs);
        return CastParams{to, cast_options(attrs, since_version)};
      },
      [](const KernelContext& ctx, const CastParams& params) -> std::vector<Value> {
        return {cast_tensor(ctx.input(0), params.first, params.second)};
      });
  return v;
}

}  // namespace

void register_cast(Registry& registry) {
  const std::pair<int, TypeSet> versions[] = {
      {1, kCastTypes},       // `to` is a string
      {6, kCastTypes},       // `to` is an int
      {9, kCastTypesIR3},    // + string
      {13, kCastTypesIR4},   // + bfloat16
      {19, kCastTypesIR9},   // + the float8 types, `saturate`
      {21, kCastTypesIR10},  // + uint4, int4
      {23, kCastTypesIR11},  // + float4e2m1
      {24, kCastTypesIR12},  // + float8e8m0, `round_mode`
      {25, kCastTypesIR13},  // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(cast_version(since, types));
  registry.declare_accuracy("Cast", {AccuracyKind::CorrectlyRounded,
                                     "the exact value rounded once to the target type (nearest, ties to even, or "
                                     "round_mode); floats to integers truncate toward zero"});
  registry.declare_accuracy("Cast",
                            {AccuracyKind::CorrectlyRounded,
                             "the exact value rounded once to the target type (nearest, ties to even); floats to "
                             "int4/uint4 round to nearest even and clamp, to other integers truncate toward zero"},
                            {21, 23});
}

}  // namespace onnx_ref
