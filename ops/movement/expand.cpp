// ONNX Expand, every version (8, 13). 13 adds bfloat16.
//
// The output is built without per-element work: the broadcast is reduced to the fewest loops
// (broadcast_plan); the innermost loop is one copy_elements (input not stretched) or one
// fill_elements (stretched) per row. A stretched outer loop is not run: its first slice is built
// and then replicated inside the output by doubling copies, so expanding [C] to [N, C] costs about
// log2(N) memcpy calls rather than N. That is why this kernel walks the plan itself instead of
// visiting every row with for_each_broadcast_row; broadcast_shapes and broadcast_strides (the
// helpers behind it) give the shape and the strides.
#include "ops/movement/expand.h"

#include <string>

#include "ops/broadcast.h"
#include "ops/movement/register.h"
#include "ops/shape_input.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"

namespace onnx_ref {

Shape expand_output_shape(const Shape& input, std::span<const int64_t> shape) {
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] < 0) throw Error("shape[" + std::to_string(i) + "] = " + std::to_string(shape[i]) + " is negative");
  Shape requested(shape.begin(), shape.end());
  Shape out = broadcast_shapes(input, requested);
  if (!checked_element_count(out))
    throw Error("expanding " + shape_to_string(input) + " to " + shape_to_string(requested) + " gives the shape " +
                shape_to_string(out) + ", whose element count overflows int64");
  return out;
}

BroadcastPlan broadcast_plan(const Shape& in, const Shape& out) {
  const std::vector<int64_t> strides = broadcast_strides(in, out);
  BroadcastPlan plan;
  for (size_t i = 0; i < out.size(); ++i) plan.add(out[i], strides[i]);
  return plan;
}

void replicate_block(Tensor& out, int64_t offset, int64_t block, int64_t copies) {
  int64_t done = 1;
  while (done < copies) {
    const int64_t n = std::min(done, copies - done);
    copy_elements(out, offset, out, offset + done * block, n * block);
    done += n;
  }
}

namespace {

struct ExpandWalk {
  const Tensor& in;
  Tensor& out;
  const BroadcastPlan& plan;
  std::vector<int64_t> dst_strides;

  void run(size_t d, int64_t src, int64_t dst) {
    const int64_t n = plan.dims[d];
    const int64_t s = plan.src_strides[d];
    if (d + 1 == plan.dims.size()) {
      if (s == 0)
        fill_elements(in, src, out, dst, n);
      else
        copy_elements(in, src, out, dst, n);
      return;
    }
    if (s == 0) {
      run(d + 1, src, dst);
      replicate_block(out, dst, dst_strides[d], n);
      return;
    }
    for (int64_t i = 0; i < n; ++i) run(d + 1, src + i * s, dst + i * dst_strides[d]);
  }
};

}  // namespace

Tensor expand(const Tensor& input, const Shape& out_shape) {
  Tensor out = Tensor::uninitialized(input.type(), out_shape);
  if (out.element_count() == 0) return out;
  const BroadcastPlan plan = broadcast_plan(input.shape(), out_shape);
  if (plan.dims.empty()) {
    copy_elements(input, 0, out, 0, 1);
    return out;
  }
  ExpandWalk walk{input, out, plan, std::vector<int64_t>(plan.dims.size())};
  int64_t stride = 1;
  for (size_t i = plan.dims.size(); i-- > 0;) {
    walk.dst_strides[i] = stride;
    stride *= plan.dims[i];
  }
  walk.run(0, 0, 0);
  return out;
}

namespace {

std::vector<Value> expand_kernel(const KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  return {expand(input, expand_output_shape(input.shape(), read_shape_input(ctx.input(1))))};
}

OpVersion expand_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Expand";
  v.since_version = since_version;
  v.inputs = {{"input", "T"}, {"shape", "tensor(int64)"}};
  v.outputs = {{"output", "T"}};
  v.type_constraints = {{"T", types}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  v.kernel = expand_kernel;
  return v;
}

}  // namespace

void register_expand(Registry& registry) {
  registry.add(expand_version(8, type_sets::kClassic));
  registry.add(expand_version(13, type_sets::kWithBFloat16));  // + bfloat16
  registry.declare_accuracy("Expand", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
