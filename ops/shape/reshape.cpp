// ONNX Reshape, every version (1, 5, 13, 14, 19, 21, 23, 24, 25).
// The shape arithmetic is reshape_output_shape in ops/shape_rules.cpp; the kernels only pick what a
// 0 means and hand back the input's storage under the new shape.
#include "ops/shape/register.h"
#include "ops/shape_input.h"
#include "ops/shape_rules.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

Tensor reshape(const Tensor& data, std::span<const int64_t> requested, ZeroMeans zero) {
  return data.reshaped(reshape_output_shape(data.shape(), requested, zero));
}

// Reshape-1: the new shape is the `shape` attribute; a 0 copies the input dimension.
std::vector<Value> reshape_from_attribute(const KernelContext& ctx, const std::vector<int64_t>& shape) {
  return {reshape(ctx.input(0), shape, ZeroMeans::CopyInputDim)};
}

// Reshape-5 to 13: the new shape is the second input; a 0 copies the input dimension.
std::vector<Value> reshape_from_input(const KernelContext& ctx) {
  return {reshape(ctx.input(0), read_shape_input(ctx.input(1)), ZeroMeans::CopyInputDim)};
}

// Reshape-14 onward: allowzero = 1 makes a 0 a literal zero-sized dimension.
std::vector<Value> reshape_with_allowzero(const KernelContext& ctx, ZeroMeans zero) {
  return {reshape(ctx.input(0), read_shape_input(ctx.input(1)), zero)};
}

ZeroMeans parse_allowzero(const Attributes& attrs) {
  const int64_t v = attrs.get_int("allowzero");
  if (v != 0 && v != 1) throw Error("attribute 'allowzero' must be 0 or 1, got " + std::to_string(v));
  return v ? ZeroMeans::LiteralZero : ZeroMeans::CopyInputDim;
}

OpVersion reshape_v1() {
  OpVersion v;
  v.op_type = "Reshape";
  v.since_version = 1;
  v.inputs = {{"data", "T"}};
  v.outputs = {{"reshaped", "T"}};
  // The spec lists `shape` as optional, but defines no output without it, so a node must set it.
  v.attributes = {{"shape", AttrType::Ints, true},
                  {"consumed_inputs", AttrType::Ints, false, std::nullopt, /*ignored=*/true}};
  v.type_constraints = {{"T", type_sets::kFloats}};
  v.set_kernel([](const Attributes& attrs) { return attrs.get_ints("shape"); }, reshape_from_attribute);
  return v;
}

OpVersion reshape_with_shape_input(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Reshape";
  v.since_version = since_version;
  v.inputs = {{"data", "T"}, {"shape", "tensor(int64)"}};
  v.outputs = {{"reshaped", "T"}};
  v.type_constraints = {{"T", types}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  if (since_version >= 14) {
    v.attributes = {{"allowzero", AttrType::Int, false, int64_t{0}}};
    v.set_kernel(parse_allowzero, reshape_with_allowzero);
  } else {
    v.kernel = reshape_from_input;
  }
  return v;
}

}  // namespace

void register_reshape(Registry& registry) {
  using namespace type_sets;
  registry.add(reshape_v1());
  // since_version, and the types of T it allows.
  const std::pair<int, TypeSet> versions[] = {
      {5, kClassic},          // the shape becomes an int64 input
      {13, kWithBFloat16},    // + bfloat16
      {14, kWithBFloat16},    // + attribute allowzero
      {19, kWithFloat8},      // + the four float8 types
      {21, kWithInt4},        // + uint4, int4
      {23, kWithFloat4},      // + float4e2m1
      {24, kWithFloat8E8M0},  // + float8e8m0
      {25, kWithInt2},        // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(reshape_with_shape_input(since, types));
  registry.declare_accuracy("Reshape", {AccuracyKind::Exact, "the input's elements, shared storage"});
}

}  // namespace onnx_ref
