// ONNX Shape, every version (1, 13, 15, 19, 21, 23, 24, 25).
// The output is a 1-D int64 tensor of the input's dimensions; from 15 the `start` and `end`
// attributes pick a slice of them (shape_slice_range in ops/shape/shape_ops.cpp).
#include "ops/shape/register.h"
#include "ops/shape/shape_ops.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

Tensor dims_tensor(const Shape& shape, int64_t first, int64_t last) {
  const std::vector<int64_t> dims(shape.begin() + first, shape.begin() + last);
  return Tensor::from_values<int64_t>(ElementType::Int64, {last - first}, dims);
}

std::vector<Value> shape_all(const KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  return {dims_tensor(in.shape(), 0, in.rank())};
}

// Shape-15 onward. `end` has no default: unset means the rank.
// start and end, parsed at load (end nullopt: the rank).
using ShapeSlice = std::pair<int64_t, std::optional<int64_t>>;

ShapeSlice parse_shape_slice(const Attributes& attrs) {
  return {attrs.get_int("start"), attrs.has("end") ? std::optional(attrs.get_int("end")) : std::nullopt};
}

std::vector<Value> shape_slice(const KernelContext& ctx, const ShapeSlice& slice) {
  const Tensor& in = ctx.input(0);
  const auto [first, last] = shape_slice_range(in.rank(), slice.first, slice.second);
  return {dims_tensor(in.shape(), first, last)};
}

OpVersion shape_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Shape";
  v.since_version = since_version;
  v.inputs = {{"data", "T"}};
  v.outputs = {{"shape", "T1"}};
  v.type_constraints = {{"T", types}, {"T1", type_sets::kInt64}};
  if (since_version >= 15) {
    v.attributes = {{"end", AttrType::Int}, {"start", AttrType::Int, false, int64_t{0}}};
    v.set_kernel(parse_shape_slice, shape_slice);
  } else {
    v.kernel = shape_all;
  }
  return v;
}

}  // namespace

void register_shape(Registry& registry) {
  using namespace type_sets;
  // since_version, and the types of T it allows.
  const std::pair<int, TypeSet> versions[] = {
      {1, kClassic},         {13, kWithBFloat16},  // + bfloat16
      {15, kWithBFloat16},                         // + attributes start, end
      {19, kWithFloat8},                           // + the four float8 types
      {21, kWithInt4},                             // + uint4, int4
      {23, kWithFloat4},                           // + float4e2m1
      {24, kWithFloat8E8M0},                       // + float8e8m0
      {25, kWithInt2},                             // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(shape_version(since, types));
  registry.declare_accuracy("Shape", {AccuracyKind::Exact, "the input's dimensions"});
}

}  // namespace onnx_ref
