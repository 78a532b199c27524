// ONNX CastLike, every version (15, 19, 21, 23, 24, 25): Cast to the element type of the second
// input (`target_type`, whose values are not read). It binds T2, so the output type is known at load.
// 19 adds the float8 types and `saturate`; 21 uint4, int4; 23 float4e2m1; 24 float8e8m0 and
// `round_mode`; 25 uint2, int2. The conversions are runtime/cast.cpp's, as for Cast.
#include "ops/cast/cast.h"
#include "ops/cast/register.h"

namespace onnx_ref {

namespace {

using namespace cast_ops;

OpVersion cast_like_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "CastLike";
  v.since_version = since_version;
  v.inputs = {{"input", "T1"}, {"target_type", "T2"}};
  v.outputs = {{"output", "T2"}};
  if (since_version >= 19) v.attributes.push_back({"saturate", AttrType::Int, false, int64_t{1}});
  if (since_version >= 24) v.attributes.push_back({"round_mode", AttrType::String, false, std::string("up")});
  v.type_constraints = {{"T1", types}, {"T2", types}};
  // saturate and round_mode, parsed and checked at load.
  v.set_kernel(
      [since_version](const Attributes& attrs) {
        check_saturate_and_round_mode(attrs);
        return cast_options(attrs, since_version);
      },
      [](const KernelContext& ctx, const CastOptions& options) -> std::vector<Value> {
        return {cast_tensor(ctx.input(0), ctx.input(1).type(), options)};
      });
  return v;
}

}  // namespace

void register_cast_like(Registry& registry) {
  const std::pair<int, TypeSet> versions[] = {
      {15, kCastTypesIR4},   // bfloat16 and string included
      {19, kCastTypesIR9},   // + the float8 types, `saturate`
      {21, kCastTypesIR10},  // + uint4, int4
      {23, kCastTypesIR11},  // + float4e2m1
      {24, kCastTypesIR12},  // + float8e8m0, `round_mode`
      {25, kCastTypesIR13},  // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(cast_like_version(since, types));
  registry.declare_accuracy("CastLike", {AccuracyKind::CorrectlyRounded,
                                         "the exact value rounded once to the target type (nearest, ties to even, or "
                                         "round_mode); floats to integers truncate toward zero"});
}

}  // namespace onnx_ref
