// ONNX ReverseSequence, every version (10). Exact: data movement only, by element size.
//
// For each batch entry b the first sequence_lens[b] elements along the time axis are reversed and
// the rest are copied unchanged. batch_axis and time_axis are 0 and 1 in either order (the spec
// allows nothing else); each length must lie in [0, time dimension]: a longer one would read
// outside the sequence, and the spec gives no rule for a negative one.
#include <string>

#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// batch_axis and time_axis, parsed and checked at load: each 0 or 1, and different.
struct ReverseSequenceAxes {
  size_t batch_axis = 1, time_axis = 0;
};

ReverseSequenceAxes parse_reverse_sequence_axes(const Attributes& a) {
  const int64_t batch_axis = a.get_int("batch_axis"), time_axis = a.get_int("time_axis");
  if (batch_axis != 0 && batch_axis != 1) throw Error("batch_axis = " + std::to_string(batch_axis) + " must be 0 or 1");
  if (time_axis != 0 && time_axis != 1) throw Error("time_axis = " + std::to_string(time_axis) + " must be 0 or 1");
  if (batch_axis == time_axis)
    throw Error("batch_axis and time_axis are both " + std::to_string(time_axis) + "; they must differ");
  return {static_cast<size_t>(batch_axis), static_cast<size_t>(time_axis)};
}

std::vector<Value> reverse_sequence_kernel(const KernelContext& ctx, const ReverseSequenceAxes& axes) {
  const Tensor& input = ctx.input(0);
  const Tensor& lens = ctx.input(1);
  if (input.rank() < 2) throw Error("input must have rank 2 or more, but it is " + input.describe());
  const size_t batch_axis = axes.batch_axis, time_axis = axes.time_axis;
  const Shape& shape = input.shape();
  const int64_t batch = shape[batch_axis], time = shape[time_axis];
  if (lens.rank() != 1 || lens.shape()[0] != batch)
    throw Error("sequence_lens is " + lens.describe() + " but the batch axis has " + std::to_string(batch) +
                " entries; it must be int64[" + std::to_string(batch) + "]");
  std::vector<int64_t> length(static_cast<size_t>(batch));
  for (int64_t b = 0; b < batch; ++b) {
    const int64_t n = read_int64(lens.type(), lens.data(), b);
    if (n < 0 || n > time)
      throw Error("sequence_lens[" + std::to_string(b) + "] = " + std::to_string(n) +
                  " is out of range for a time axis of " + std::to_string(time) + " (valid: 0 to " +
                  std::to_string(time) + ")");
    length[static_cast<size_t>(b)] = n;
  }
  Tensor out = Tensor::uninitialized(input.type(), shape);
  if (out.element_count() == 0) return {out};
  int64_t inner = 1;
  for (size_t d = 2; d < shape.size(); ++d) inner *= shape[d];
  // Axes 0 and 1 lead; each (i0, i1) pair owns one contiguous block of `inner` elements.
  for (int64_t i0 = 0; i0 < shape[0]; ++i0)
    for (int64_t i1 = 0; i1 < shape[1]; ++i1) {
      const int64_t b = batch_axis == 0 ? i0 : i1, t = time_axis == 0 ? i0 : i1;
      const int64_t n = length[static_cast<size_t>(b)];
      const int64_t source_t = t < n ? n - 1 - t : t;
      const int64_t s0 = time_axis == 0 ? source_t : i0, s1 = time_axis == 1 ? source_t : i1;
      copy_elements(input, (s0 * shape[1] + s1) * inner, out, (i0 * shape[1] + i1) * inner, inner);
    }
  return {out};
}

}  // namespace

void register_reverse_sequence(Registry& registry) {
  OpVersion v;
  v.op_type = "ReverseSequence";
  v.since_version = 10;
  v.inputs = {{"input", "T"}, {"sequence_lens", "tensor(int64)"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"batch_axis", AttrType::Int, false, int64_t{1}}, {"time_axis", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"T", type_sets::kClassic}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  v.set_kernel(parse_reverse_sequence_axes, reverse_sequence_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("ReverseSequence", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
