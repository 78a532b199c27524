#include "ops/control/control_flow.h"

#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"

namespace onnx_ref::control {

namespace {
const TypeSet& tensors_at(int since_version) {
  using namespace type_sets;
  if (since_version >= 25) return kWithInt2;
  if (since_version >= 24) return kWithFloat8E8M0;
  if (since_version >= 23) return kWithFloat4;
  if (since_version >= 21) return kWithInt4;
  if (since_version >= 19) return kWithFloat8;
  if (since_version >= 16) return kWithBFloat16;
  return kClassic;
}
}  // namespace

TypeConstraint if_loop_values(int since_version) {
  TypeConstraint c{"V", tensors_at(since_version)};
  if (since_version >= 13) c.sequences = tensors_at(since_version);
  if (since_version >= 16) {
    c.optional_tensors = tensors_at(since_version);
    c.optional_sequences = type_sets::kWithBFloat16;
  }
  return c;
}

TypeConstraint scan_values(int since_version) { return {"V", tensors_at(since_version)}; }

void check_signature(const Subgraph& graph, const std::string& name, size_t inputs, size_t outputs,
                     const std::string& why) {
  if (graph.input_types().size() != inputs || graph.output_types().size() != outputs)
    throw Error("graph '" + name + "' has " + std::to_string(graph.input_types().size()) + " input(s) and " +
                std::to_string(graph.output_types().size()) + " output(s), but the node needs " + std::to_string(inputs) +
                " and " + std::to_string(outputs) + " (" + why + ")");
}

void check_input_type(const std::optional<ValueType>& declared, const std::optional<ValueType>& actual,
                      const std::string& graph, size_t index) {
  if (declared && actual && !(*declared == *actual))
    throw Error("graph '" + graph + "' declares input " + std::to_string(index) + " as " + declared->to_string() +
                " but the node passes " + actual->to_string());
}

Tensor slice_along(const Tensor& t, int64_t axis, int64_t index) {
  const Shape& shape = t.shape();
  Shape out_shape = shape;
  out_shape.erase(out_shape.begin() + axis);
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= shape[static_cast<size_t>(i)];
  for (size_t i = static_cast<size_t>(axis) + 1; i < shape.size(); ++i) inner *= shape[i];
  const int64_t len = shape[static_cast<size_t>(axis)];
  Tensor out = Tensor::uninitialized(t.type(), out_shape);
  for (int64_t o = 0; o < outer && inner > 0; ++o) copy_elements(t, (o * len + index) * inner, out, o * inner, inner);
  return out;
}

Tensor stack_along(const std::vector<Tensor>& slices, int64_t axis, ElementType type, const Shape& empty_shape) {
  const Shape& slice_shape = slices.empty() ? empty_shape : slices.front().shape();
  const auto len = static_cast<int64_t>(slices.size());
  for (size_t t = 1; t < slices.size(); ++t)
    if (slices[t].shape() != slice_shape)
      throw Error("scan output of iteration " + std::to_string(t) + " is " + slices[t].describe() + " but iteration 0 gave " +
                  slices.front().describe() + " (every iteration must give the same shape)");
  Shape out_shape = slice_shape;
  out_shape.insert(out_shape.begin() + axis, len);
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= slice_shape[static_cast<size_t>(i)];
  for (size_t i = static_cast<size_t>(axis); i < slice_shape.size(); ++i) inner *= slice_shape[i];
  Tensor out = Tensor::uninitialized(type, out_shape);
  for (int64_t p = 0; p < len && inner > 0; ++p)
    for (int64_t o = 0; o < outer; ++o) copy_elements(slices[static_cast<size_t>(p)], o * inner, out, (o * len + p) * inner, inner);
  return out;
}

int64_t scalar_int64(const Tensor& t, const std::string& what) {
  if (t.element_count() != 1) throw Error(what + " must hold one element, it is " + t.describe());
  return t.data_as<int64_t>()[0];
}

bool scalar_bool(const Tensor& t, const std::string& what) {
  if (t.element_count() != 1) throw Error(what + " must hold one element, it is " + t.describe());
  return t.data_as<uint8_t>()[0] != 0;
}

}  // namespace onnx_ref::control
