// ONNX ConstantOfShape, every version (9, 20, 21, 23, 24, 25).
// The output has the shape given by the int64 input, every element the one element of the `value`
// attribute (default: float 0). The value's type is the output type, known at load through
// attribute_type. The shape is checked (non-negative, no overflow) and the tensor refused when it
// exceeds memory before anything is allocated.
#include "ops/generators/generator_rules.h"
#include "ops/generators/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

Tensor fill_value(const Attributes& attrs) {
  if (attrs.has("value")) return std::get<Tensor>(attrs.get("value"));
  return Tensor::from_values<float>(ElementType::Float, {}, {0.0f});
}

// The one-element value, checked at load.
Tensor parse_fill_value(const Attributes& attrs) {
  Tensor value = fill_value(attrs);
  check_one_element_value(value);
  return value;
}

std::vector<Value> constant_of_shape(const KernelContext& ctx, const Tensor& value) {
  const Tensor& shape_in = ctx.input(0);
  if (shape_in.rank() != 1) throw Error("the shape input must be 1-D, but it is " + shape_in.describe());
  const int64_t* dims = shape_in.data_as<int64_t>();
  const Shape shape = constant_of_shape_output_shape({dims, static_cast<size_t>(shape_in.element_count())});
  return {filled_tensor(value, 0, shape)};
}

OpVersion constant_of_shape_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "ConstantOfShape";
  v.since_version = since_version;
  v.inputs = {{"input", "T1"}};
  v.outputs = {{"output", "T2"}};
  v.attributes = {{"value", AttrType::Tensor}};
  v.type_constraints = {{"T1", type_sets::kInt64}, {"T2", types}};
  v.attribute_type = [](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != "T2") return std::nullopt;
    return fill_value(attrs).type();
  };
  v.set_kernel(parse_fill_value, constant_of_shape);
  return v;
}

}  // namespace

void register_constant_of_shape(Registry& registry) {
  using namespace type_sets;
  using T = ElementType;
  // The spec lists these types in place: numbers and bool, no string or complex.
  const TypeSet v9 = kAllNumericTypes.with({T::Bool});
  const TypeSet v20 = v9.with({T::BFloat16, T::Float8E4M3FN, T::Float8E4M3FNUZ, T::Float8E5M2, T::Float8E5M2FNUZ});
  const TypeSet v21 = v20.with({T::UInt4, T::Int4});
  const TypeSet v23 = v21.with({T::Float4E2M1});
  const TypeSet v24 = v23.with({T::Float8E8M0});
  const TypeSet v25 = v24.with({T::UInt2, T::Int2});
  // since_version, and the types of T2 it allows.
  const std::pair<int, TypeSet> versions[] = {{9, v9}, {20, v20}, {21, v21}, {23, v23}, {24, v24}, {25, v25}};
  for (const auto& [since, types] : versions) registry.add(constant_of_shape_version(since, types));
  registry.declare_accuracy("ConstantOfShape", {AccuracyKind::Exact, "the attribute's value in every element"});
}

}  // namespace onnx_ref
