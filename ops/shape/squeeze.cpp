// ONNX Squeeze, every version (1, 11, 13, 21, 23, 24, 25).
// The axes are an attribute until 11 (only non-negative in 1, [-r, r-1] from 11) and an optional
// int64 input from 13. The output shares the input's storage (squeeze_output_shape in
// ops/shape/shape_ops.cpp does the arithmetic).
//
// Axes given but empty (an `axes` attribute with no values, or an empty `axes` tensor) remove
// nothing: the spec removes every dimension of size 1 only when axes are "not provided", and ONNX's
// own shape inference treats an empty list the same way (the Python reference and onnxruntime
// read an empty attribute as absent instead).
#include "ops/shape/register.h"
#include "ops/shape/shape_ops.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

// axes, read at load (nullopt: every axis of size 1).
std::optional<std::vector<int64_t>> parse_squeeze_axes(const Attributes& attrs) {
  if (!attrs.has("axes")) return std::nullopt;
  return attrs.get_ints("axes");
}

auto squeeze_from_attribute(NegativeAxes negative) {
  return [negative](const KernelContext& ctx, const std::optional<std::vector<int64_t>>& axes) -> std::vector<Value> {
    const Tensor& in = ctx.input(0);
    return {in.reshaped(squeeze_output_shape(in.shape(), axes, negative))};
  };
}

std::vector<Value> squeeze_from_input(const KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  std::optional<std::vector<int64_t>> axes;
  if (ctx.has_input(1)) axes = read_axes_input(ctx.input(1));
  return {in.reshaped(squeeze_output_shape(in.shape(), axes, NegativeAxes::FromBack))};
}

OpVersion squeeze_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Squeeze";
  v.since_version = since_version;
  v.outputs = {{"squeezed", "T"}};
  if (since_version >= 13) {
    v.inputs = {{"data", "T"}, {"axes", "tensor(int64)", ParamOption::Optional}};
    v.type_constraints = {{"T", types}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
    v.kernel = squeeze_from_input;
  } else {
    v.inputs = {{"data", "T"}};
    v.attributes = {{"axes", AttrType::Ints}};
    v.type_constraints = {{"T", types}};
    v.set_kernel(parse_squeeze_axes,
                 squeeze_from_attribute(since_version >= 11 ? NegativeAxes::FromBack : NegativeAxes::Refused));
  }
  return v;
}

}  // namespace

void register_squeeze(Registry& registry) {
  using namespace type_sets;
  // since_version, and the types of T it allows.
  const std::pair<int, TypeSet> versions[] = {
      {1, kClassic},         {11, kClassic},  // + negative axes
      {13, kWithBFloat16},                    // + bfloat16; axes become an optional input
      {21, kWithInt4},                        // + the four float8 types, uint4, int4
      {23, kWithFloat4},                      // + float4e2m1
      {24, kWithFloat8E8M0},                  // + float8e8m0
      {25, kWithInt2},                        // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(squeeze_version(since, types));
  registry.declare_accuracy("Squeeze", {AccuracyKind::Exact, "the input's elements, shared storage"});
}

}  // namespace onnx_ref
