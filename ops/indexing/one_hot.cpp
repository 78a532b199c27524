// ONNX OneHot (9; 11 lets indices be negative, counting from the back). The output has the indices'
// shape with a new dimension of size `depth` inserted at `axis` (default -1: last; range [-r-1, r]
// for indices of rank r); it holds values[0] (off) everywhere but at the position of each index,
// which holds values[1] (on). An index outside [0, depth) (9) or [-depth, depth) (11) gives an
// all-off row, as the spec says.
// indices and depth may be of any numeric type: a float index is truncated toward zero (the
// reference's cast to int64); a NaN index and a depth that is not a whole number of at least 1 are
// errors, since the spec gives them no meaning.
#include <cmath>

#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// The exact integer value of element i of a numeric tensor, truncated toward zero for floats.
std::optional<int64_t> integer_at(const Tensor& t, int64_t i) {
  const ElementKind kind = info(t.type()).kind;
  if (kind == ElementKind::SignedInt || kind == ElementKind::Boolean) return read_int64(t.type(), t.data(), i);
  if (kind == ElementKind::UnsignedInt) {
    const uint64_t u = read_uint64(t.type(), t.data(), i);
    return u > static_cast<uint64_t>(INT64_MAX) ? std::optional<int64_t>(INT64_MAX)
                                                : std::optional<int64_t>(static_cast<int64_t>(u));
  }
  const double v = read_real(t.type(), t.data(), i);
  if (std::isnan(v)) return std::nullopt;
  if (v >= 9223372036854775807.0) return INT64_MAX;
  if (v <= -9223372036854775808.0) return INT64_MIN;
  return static_cast<int64_t>(std::trunc(v));
}

// The kernel takes `axis`, parsed at load; its range depends on the indices' rank.
auto one_hot_kernel(bool negative_indices) {
  return [negative_indices](const KernelContext& ctx, int64_t axis_attr) -> std::vector<Value> {
    const Tensor& indices = ctx.input(0);
    const Tensor& depth_t = ctx.input(1);
    const Tensor& values = ctx.input(2);
    if (depth_t.element_count() != 1 || depth_t.rank() > 1)
      throw Error("depth must be a scalar or hold one element, but it is " + depth_t.describe());
    if (values.rank() != 1 || values.element_count() != 2)
      throw Error("values must be 1-D with two elements [off, on], but it is " + values.describe());
    int64_t depth = 0;
    if (info(depth_t.type()).kind == ElementKind::Float) {
      const double d = read_real(depth_t.type(), depth_t.data(), 0);
      if (!(d == std::trunc(d)) || d < 1 || d >= 9.2e18)
        throw Error("depth = " + std::to_string(d) + " is not a whole number of at least 1");
      depth = static_cast<int64_t>(d);
    } else {
      depth = *integer_at(depth_t, 0);
      if (depth < 1) throw Error("depth = " + std::to_string(depth) + " must be at least 1");
    }
    const int64_t r = indices.rank();
    if (axis_attr < -r - 1 || axis_attr > r)
      throw Error("axis = " + std::to_string(axis_attr) + " is out of range for indices of rank " + std::to_string(r) +
                  " (valid: " + std::to_string(-r - 1) + " to " + std::to_string(r) + ")");
    const auto axis = static_cast<size_t>(axis_attr < 0 ? axis_attr + r + 1 : axis_attr);
    Shape out_shape = indices.shape();
    out_shape.insert(out_shape.begin() + static_cast<std::ptrdiff_t>(axis), depth);
    if (!checked_element_count(out_shape))
      throw Error("the output shape " + shape_to_string(out_shape) + " overflows int64");
    Tensor out = filled_tensor(values, 0, out_shape);  // refuses sizes beyond memory before allocating
    int64_t inner = 1;
    for (size_t d = axis; d < indices.shape().size(); ++d) inner *= indices.shape()[d];
    for (int64_t i = 0; i < indices.element_count(); ++i) {
      const auto v = integer_at(indices, i);
      if (!v) throw Error("indices[" + std::to_string(i) + "] is NaN");
      int64_t k = *v;
      if (negative_indices && k < 0 && k >= -depth) k += depth;
      if (k < 0 || k >= depth) continue;  // all off
      const int64_t outer_index = i / inner, inner_index = i % inner;
      copy_elements(values, 1, out, (outer_index * depth + k) * inner + inner_index, 1);
    }
    return {out};
  };
}

OpVersion one_hot_version(int since) {
  using namespace type_sets;
  OpVersion v;
  v.op_type = "OneHot";
  v.since_version = since;
  v.inputs = {{"indices", "T1"}, {"depth", "T2"}, {"values", "T3"}};
  v.outputs = {{"output", "T3"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{-1}}};
  v.type_constraints = {{"T1", kAllNumericTypes}, {"T2", kAllNumericTypes}, {"T3", kClassic}};
  v.set_kernel([](const Attributes& attrs) { return attrs.get_int("axis"); }, one_hot_kernel(since >= 11));
  return v;
}

}  // namespace

void register_one_hot(Registry& registry) {
  registry.add(one_hot_version(9));
  registry.add(one_hot_version(11));  // + negative indices
  registry.declare_accuracy("OneHot", {AccuracyKind::Exact, "the off and on values copied"});
}

}  // namespace onnx_ref
