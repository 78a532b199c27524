// ONNX Compress, every version (9, 11). 11 accepts a negative axis.
//
// Without `axis` the input is flattened and the selected elements form a 1-D output; with it, the
// selected slices along the axis are kept. A condition shorter than what it selects from leaves the
// rest out (the spec says Compress behaves like numpy.compress, which allows that); a longer one is
// an error. Each run of consecutive selected slices is one copy_elements per outer index.
#include "ops/indexing/compress.h"

#include <string>
#include <utility>
#include <vector>

#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"

namespace onnx_ref {

int64_t compress_axis(int64_t axis, int64_t rank, bool negative_axis_allowed) {
  const int64_t low = negative_axis_allowed ? -rank : 0;
  if (axis < low || axis >= rank) {
    if (rank == 0)
      throw Error("axis = " + std::to_string(axis) + " is out of range: the input is a scalar, which has no axis");
    throw Error("axis = " + std::to_string(axis) + " is out of range for rank " + std::to_string(rank) +
                " (valid: " + std::to_string(low) + " to " + std::to_string(rank - 1) + ")");
  }
  return axis < 0 ? axis + rank : axis;
}

void check_condition_length(int64_t condition_length, int64_t selectable, std::optional<int64_t> axis) {
  if (condition_length <= selectable) return;
  if (axis)
    throw Error("condition has " + std::to_string(condition_length) + " entries but axis " + std::to_string(*axis) +
                " has size " + std::to_string(selectable) + "; it may be shorter, not longer");
  throw Error("condition has " + std::to_string(condition_length) + " entries but the input has " +
              std::to_string(selectable) +
              " elements (no axis: the input is flattened); it may be shorter, not longer");
}

Tensor compress(const Tensor& input, const Tensor& condition, std::optional<int64_t> axis) {
  if (condition.rank() != 1) throw Error("condition must be 1-D, but it is " + condition.describe());
  const Shape& shape = input.shape();
  const int64_t selectable = axis ? shape[static_cast<size_t>(*axis)] : input.element_count();
  check_condition_length(condition.element_count(), selectable, axis);
  // Runs of consecutive selected indices: (first, length).
  const auto* cond = reinterpret_cast<const uint8_t*>(condition.element_count() ? condition.data() : nullptr);
  std::vector<std::pair<int64_t, int64_t>> runs;
  int64_t selected = 0;
  for (int64_t i = 0; i < condition.element_count(); ++i) {
    if (!cond[i]) continue;
    ++selected;
    if (!runs.empty() && runs.back().first + runs.back().second == i)
      ++runs.back().second;
    else
      runs.emplace_back(i, 1);
  }
  int64_t outer = 1, inner = 1;
  Shape out_shape;
  if (axis) {
    const auto a = static_cast<size_t>(*axis);
    for (size_t i = 0; i < a; ++i) outer *= shape[i];
    for (size_t i = a + 1; i < shape.size(); ++i) inner *= shape[i];
    out_shape = shape;
    out_shape[a] = selected;
  } else {
    out_shape = {selected};
  }
  Tensor out = Tensor::uninitialized(input.type(), out_shape);
  if (out.element_count() == 0) return out;
  int64_t at = 0;
  for (int64_t o = 0; o < outer; ++o)
    for (const auto& [first, length] : runs) {
      copy_elements(input, (o * selectable + first) * inner, out, at, length * inner);
      at += length * inner;
    }
  return out;
}

namespace {

// axis, parsed at load (nullopt: the flattened input); checked against the input's rank per call.
std::optional<int64_t> parse_compress_axis(const Attributes& attrs) {
  if (!attrs.has("axis")) return std::nullopt;
  return attrs.get_int("axis");
}

auto compress_kernel(bool negative_axis_allowed) {
  return [negative_axis_allowed](const KernelContext& ctx,
                                 const std::optional<int64_t>& given_axis) -> std::vector<Value> {
    const Tensor& input = ctx.input(0);
    std::optional<int64_t> axis;
    if (given_axis) axis = compress_axis(*given_axis, input.rank(), negative_axis_allowed);
    return {compress(input, ctx.input(1), axis)};
  };
}

OpVersion compress_version(int since_version) {
  OpVersion v;
  v.op_type = "Compress";
  v.since_version = since_version;
  v.inputs = {{"input", "T"}, {"condition", "T1"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"axis", AttrType::Int}};
  v.type_constraints = {{"T", type_sets::kClassic}, {"T1", type_sets::kBool}};
  v.set_kernel(parse_compress_axis, compress_kernel(since_version >= 11));
  return v;
}

}  // namespace

void register_compress(Registry& registry) {
  registry.add(compress_version(9));
  registry.add(compress_version(11));  // + negative axis
  registry.declare_accuracy("Compress", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
