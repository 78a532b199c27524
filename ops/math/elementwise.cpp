// Shapes and version tables of the element-wise engine (ops/math/elementwise.h).
#include "ops/math/elementwise.h"

#include <optional>

#include "ops/unary_signature.h"

namespace onnx_ref::math {

Shape broadcast_output_shape(std::span<const Shape> shapes) {
  Shape out = broadcast_shapes(shapes);
  if (!checked_element_count(out))
    throw Error("the broadcast output shape " + shape_to_string(out) + " has more elements than int64 can count");
  return out;
}

Shape legacy_broadcast_shape(const Shape& a, const Shape& b, bool broadcast, std::optional<int64_t> axis) {
  const int64_t ra = static_cast<int64_t>(a.size());
  const int64_t rb = static_cast<int64_t>(b.size());
  if (!broadcast) {
    if (a != b)
      throw Error("shapes " + shape_to_string(a) + " and " + shape_to_string(b) +
                  " differ and attribute 'broadcast' is 0 (this version stretches B to A only with broadcast = 1)");
    return b;
  }
  if (rb > ra)
    throw Error("B " + shape_to_string(b) + " has a higher rank than A " + shape_to_string(a) +
                "; legacy broadcasting (broadcast = 1) stretches B to A's shape only");
  Shape padded(static_cast<size_t>(ra), 1);
  if (checked_element_count(b) == 1) return padded;  // one element: stretched everywhere, axis unused
  int64_t start = ra - rb;
  if (axis) {
    // axis + ra cannot overflow: a negative axis is at least INT64_MIN and ra is small.
    const int64_t normalized = *axis < 0 ? *axis + ra : *axis;
    if (normalized < 0 || normalized > ra - rb)
      throw Error("attribute 'axis' = " + std::to_string(*axis) + " does not place B " + shape_to_string(b) +
                  " inside A " + shape_to_string(a) + " (valid: 0 to " + std::to_string(ra - rb) + ", or " +
                  std::to_string(-ra) + " to " + std::to_string(-rb) + " counting from the back)");
    start = normalized;
  }
  for (int64_t i = 0; i < rb; ++i) {
    if (b[i] != a[start + i] && b[i] != 1)
      throw Error("B " + shape_to_string(b) + " does not match A " + shape_to_string(a) + " from axis " +
                  std::to_string(start) + " (dimension " + std::to_string(a[start + i]) + " vs " +
                  std::to_string(b[i]) + "); legacy broadcasting needs each of B's dimensions to equal A's or be 1");
    padded[start + i] = b[i];
  }
  return padded;
}

void collapse_broadcast_dims(Shape& out, std::vector<Shape>& ins) {
  const size_t rank = out.size();
  const size_t n = ins.size();
  for (auto& s : ins) s.insert(s.begin(), rank - s.size(), 1);
  Shape new_out;
  std::vector<Shape> new_ins(n);
  std::vector<bool> last_full(n);
  for (size_t d = 0; d < rank; ++d) {
    if (out[d] == 1) continue;  // every operand is 1 here too: the dimension does not move anything
    bool same = !new_out.empty();
    for (size_t k = 0; k < n && same; ++k) same = (ins[k][d] != 1) == last_full[k];
    if (same) {
      new_out.back() *= out[d];
      for (size_t k = 0; k < n; ++k)
        if (last_full[k]) new_ins[k].back() *= out[d];
    } else {
      new_out.push_back(out[d]);
      for (size_t k = 0; k < n; ++k) {
        last_full[k] = ins[k][d] != 1;
        new_ins[k].push_back(last_full[k] ? out[d] : 1);
      }
    }
  }
  out = std::move(new_out);
  ins = std::move(new_ins);
}

BinaryShapes binary_shapes(const KernelContext& ctx, bool legacy) {
  const Shape& a = ctx.input(0).shape();
  const Shape& b = ctx.input(1).shape();
  if (legacy) {
    std::optional<int64_t> axis;
    if (ctx.attrs.has("axis")) axis = ctx.attrs.get_int("axis");
    return {a, legacy_broadcast_shape(a, b, ctx.attrs.get_int("broadcast") != 0, axis), a};
  }
  const Shape both[] = {a, b};
  return {a, b, broadcast_output_shape(both)};
}

namespace {

void check_legacy_attributes(const Attributes& attrs) {
  const int64_t broadcast = attrs.get_int("broadcast");
  if (broadcast != 0 && broadcast != 1)
    throw Error("attribute 'broadcast' must be 0 or 1, got " + std::to_string(broadcast));
  // The spec gives axis a meaning only when B is broadcast; set without it, it is a mistake.
  if (broadcast == 0 && attrs.has("axis"))
    throw Error("attribute 'axis' = " + std::to_string(attrs.get_int("axis")) +
                " is set but 'broadcast' is 0; axis only applies with broadcast = 1");
}

AttributeSpec consumed_inputs() { return {"consumed_inputs", AttrType::Ints, false, std::nullopt, /*ignored=*/true}; }

}  // namespace

OpVersion binary_version(const std::string& op_type, int since, const TypeSet& types, bool to_bool, bool legacy,
                         bool consumed, Kernel kernel) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since;
  v.inputs = {{"A", "T"}, {"B", "T"}};
  v.outputs = {{"C", to_bool ? "T1" : "T"}};
  v.type_constraints = {{"T", types}};
  if (to_bool) v.type_constraints.push_back({"T1", TypeSet{ET::Bool}});
  if (legacy) {
    v.attributes = {{"axis", AttrType::Int, false, std::nullopt}, {"broadcast", AttrType::Int, false, int64_t{0}}};
    if (consumed) v.attributes.push_back(consumed_inputs());
    v.check_attributes = check_legacy_attributes;
  }
  v.kernel = std::move(kernel);
  return v;
}

OpVersion unary_version(const std::string& op_type, int since, const TypeSet& types, bool consumed, Kernel kernel) {
  OpVersion v = x_to_y_version(op_type, since, types);
  if (consumed) v.attributes = {consumed_inputs()};
  v.kernel = std::move(kernel);
  return v;
}

OpVersion variadic_version(const std::string& op_type, const std::string& output, int since, const TypeSet& types,
                           bool consumed, Kernel kernel) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since;
  v.inputs = {{"data_0", "T", ParamOption::Variadic, 1, true}};
  v.outputs = {{output, "T"}};
  v.type_constraints = {{"T", types}};
  if (consumed) v.attributes = {consumed_inputs()};
  v.kernel = std::move(kernel);
  return v;
}

void register_arithmetic_versions(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                                  Kernel legacy, Kernel modern) {
  const TypeSet floats{ET::Float16, ET::Float, ET::Double};
  registry.add(binary_version(op_type, 1, floats, false, true, true, legacy));
  registry.add(binary_version(op_type, 6, kArith6, false, true, false, legacy));
  registry.add(binary_version(op_type, 7, kArith6, false, false, false, modern));
  registry.add(binary_version(op_type, 13, kArith13, false, false, false, modern));
  registry.add(binary_version(op_type, 14, kArith13.with({ET::Int8, ET::Int16, ET::UInt8, ET::UInt16}), false, false,
                              false, modern));
  registry.declare_accuracy(op_type, accuracy);
}

}  // namespace onnx_ref::math
