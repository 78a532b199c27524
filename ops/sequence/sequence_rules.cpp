#include "ops/sequence/sequence_rules.h"

#include "ops/axis.h"
#include "ops/movement/concat_split.h"
#include "ops/slices.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref::sequence {

TypeConstraint sequences(const TypeSet& elems, const std::string& var) {
  TypeConstraint c{var};
  c.sequences = elems;
  return c;
}

TypeConstraint positions() { return {"I", type_sets::kInt32Int64}; }

TypeConstraint optional_inputs(int since) {
  TypeConstraint optionals{"O"};
  optionals.optional_tensors = type_sets::kClassic;
  optionals.optional_sequences = type_sets::kClassic;
  if (since >= 18) {
    optionals.allowed = type_sets::kClassic;
    optionals.sequences = type_sets::kClassic;
  }
  return optionals;
}

size_t checked_position(const Tensor& t, size_t size, bool end_allowed) {
  if (t.element_count() != 1) throw Error("position must be a scalar, it is " + t.describe());
  const int64_t p = read_int64(t.type(), t.data(), 0);
  const auto n = static_cast<int64_t>(size);
  const int64_t high = end_allowed ? n : n - 1;
  if (p < -n || p > high)
    throw Error("position " + std::to_string(p) + " is out of range for a sequence of " + std::to_string(n) +
                " tensor(s) (valid: " + std::to_string(-n) + " to " + std::to_string(high) + ")");
  return static_cast<size_t>(p < 0 ? p + n : p);
}

std::optional<ValueType> sequence_of(const std::optional<ValueType>& tensor) {
  if (!tensor) return std::nullopt;
  return ValueType{ValueKind::Sequence, tensor->elem};
}

std::optional<ValueType> item_of(const std::optional<ValueType>& seq) {
  if (!seq) return std::nullopt;
  return ValueType::tensor(seq->elem);
}

Tensor concat_items(const std::vector<Tensor>& items, int64_t axis, bool new_axis) {
  if (items.empty()) throw Error("the sequence is empty: there is nothing to concatenate and no shape to give");
  if (new_axis) {
    const Shape& shape = items.front().shape();
    for (size_t i = 1; i < items.size(); ++i)
      if (items[i].shape() != shape)
        throw Error("item " + std::to_string(i) + " is " + items[i].describe() + " but item 0 is " +
                    items[0].describe() + " (stacking needs one shape)");
    const int64_t a = normalize_axis(axis, static_cast<int64_t>(shape.size()) + 1, AxisRange::Signed);
    return stack_along(items, a, items.front().type(), shape);
  }
  std::vector<Shape> shapes;
  for (const auto& t : items) shapes.push_back(t.shape());
  const Shape out_shape = concat_output_shape(shapes, axis, AxisRange::Signed);
  const auto a = static_cast<size_t>(normalize_axis(axis, static_cast<int64_t>(out_shape.size()), AxisRange::Signed));
  Tensor out = Tensor::uninitialized(items.front().type(), out_shape);
  int64_t outer = 1, inner = 1;
  for (size_t d = 0; d < a; ++d) outer *= out_shape[d];
  for (size_t d = a + 1; d < out_shape.size(); ++d) inner *= out_shape[d];
  const int64_t out_row = out_shape[a] * inner;
  int64_t offset = 0;
  for (const Tensor& in : items) {
    const int64_t run = in.shape()[a] * inner;
    for (int64_t o = 0; o < outer && run > 0; ++o) copy_elements(in, o * run, out, o * out_row + offset, run);
    offset += run;
  }
  return out;
}

}  // namespace onnx_ref::sequence
