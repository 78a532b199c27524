// OpenVINO's Reshape-1 (domain org.openvinotoolkit), from its opset1 specification:
// a required boolean `special_zero` (true: a 0 copies the input dimension; false: a 0 is a literal
// zero) and a 1-D shape input of any integer type. Same shape function as ONNX Reshape.
#include "ops/shape/register.h"
#include "ops/shape_input.h"
#include "ops/shape_rules.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

constexpr const char* kOpenVinoDomain = "org.openvinotoolkit";

std::vector<Value> openvino_reshape(const KernelContext& ctx, ZeroMeans zero) {
  return {ctx.input(0).reshaped(reshape_output_shape(ctx.input(0).shape(), read_shape_input(ctx.input(1)), zero))};
}

ZeroMeans parse_special_zero(const Attributes& attrs) {
  const int64_t v = attrs.get_int("special_zero");
  if (v != 0 && v != 1)
    throw Error("attribute 'special_zero' is a boolean and must be 0 or 1, got " + std::to_string(v));
  return v ? ZeroMeans::CopyInputDim : ZeroMeans::LiteralZero;
}

// "T: any numeric type": every element type but string.
TypeSet non_string_types() {
  TypeSet all;
  for (const auto& t : all_element_types())
    if (t.type != ElementType::String) all = all.with({t.type});
  return all;
}

}  // namespace

void register_openvino_reshape(Registry& registry) {
  OpVersion v;
  v.domain = kOpenVinoDomain;
  v.op_type = "Reshape";
  v.since_version = 1;
  v.inputs = {{"data", "T"}, {"shape", "T_SHAPE"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"special_zero", AttrType::Int, true}};
  v.type_constraints = {{"T", non_string_types()}, {"T_SHAPE", type_sets::kIntegers}};
  v.set_kernel(parse_special_zero, openvino_reshape);
  registry.add(std::move(v));
  registry.declare_accuracy("Reshape", {AccuracyKind::Exact, "the input's elements, shared storage"}, {},
                            "org.openvinotoolkit");
}

}  // namespace onnx_ref
