// ONNX MaxUnpool, every version (9, 11, 22): the partial inverse of MaxPool. Contract: exact (data
// movement) — the output is zeros except that each element of X is copied, bit for bit, to the
// flat position its index in I names. Rules (ops/pool/unpool_rules.h for the shape):
//  - the unpooled shape is [N, C, (in - 1) * stride - (pad_begin + pad_end) + kernel per axis];
//    the indices are flat positions in a tensor of that shape (MaxPool's Indices with its default
//    storage order), each checked to lie in [0, its element count);
//  - output_shape, when given, is the output's shape: N and C as X's, each spatial length at least
//    the unpooled one; the unpooled tensor fills its leading corner and the rest is zero (as ONNX's
//    reference and the official tests test_maxunpool_export_with_output_shape place it);
//  - I must have X's shape; two elements with the same index: the later one in X's row-major order
//    is the one kept.
//   9: float16, float, double.  11: the same rules, restated.  22: + bfloat16.
#include <cstring>

#include "ops/pool/register.h"
#include "ops/pool/unpool_rules.h"
#include "ops/shape_input.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// kernel_shape, strides and pads, read at load; checked against X per call.
struct MaxUnpoolParams {
  std::vector<int64_t> kernel_shape;
  std::optional<std::vector<int64_t>> strides, pads;
};

MaxUnpoolParams parse_max_unpool_params(const Attributes& attrs) {
  MaxUnpoolParams p{attrs.get_ints("kernel_shape"), std::nullopt, std::nullopt};
  if (attrs.has("strides")) p.strides = attrs.get_ints("strides");
  if (attrs.has("pads")) p.pads = attrs.get_ints("pads");
  return p;
}

std::vector<Value> max_unpool(const KernelContext& ctx, const MaxUnpoolParams& params) {
  const Tensor& x = ctx.input(0);
  const Tensor& idx = ctx.input(1);
  const std::vector<int64_t>* strides = params.strides ? &*params.strides : nullptr;
  const std::vector<int64_t>* pads = params.pads ? &*params.pads : nullptr;
  const Shape unpooled = pool::unpooled_shape(x.shape(), params.kernel_shape, strides, pads);
  if (idx.shape() != x.shape())
    throw Error("I " + idx.describe() + " must have X's shape " + shape_to_string(x.shape()));
  Shape out_shape = unpooled;
  if (ctx.has_input(2)) {
    out_shape = read_shape_input(ctx.input(2));
    bool fits = out_shape.size() == unpooled.size() && out_shape[0] == unpooled[0] && out_shape[1] == unpooled[1];
    for (size_t d = 2; fits && d < out_shape.size(); ++d) fits = out_shape[d] >= unpooled[d];
    if (!fits)
      throw Error("output_shape " + shape_to_string(out_shape) +
                  " must have X's N and C and at least the unpooled shape " + shape_to_string(unpooled) +
                  " along each spatial axis");
    if (!checked_element_count(out_shape))
      throw Error("output_shape " + shape_to_string(out_shape) + " is too large to count");
  }
  const int64_t unpooled_count = *checked_element_count(unpooled);
  const int64_t* pi = idx.data_as<int64_t>();
  for (int64_t i = 0; i < idx.element_count(); ++i)
    if (pi[i] < 0 || pi[i] >= unpooled_count)
      throw Error("I element " + std::to_string(i) + " is " + std::to_string(pi[i]) + ", outside [0, " +
                  std::to_string(unpooled_count) + ") for the unpooled shape " + shape_to_string(unpooled));
  Tensor y = Tensor::zeros(x.type(), out_shape);
  const size_t width = static_cast<size_t>(bits_of(x.type()) / 8);
  // A flat index of the unpooled shape as a flat index of the output shape (the same position).
  const size_t r = unpooled.size();
  std::vector<int64_t> coord(r);
  const std::byte* px = x.data();
  std::byte* py = y.mutable_data();
  for (int64_t i = 0; i < x.element_count(); ++i) {
    int64_t rest = pi[i];
    for (size_t d = r; d-- > 0;) {
      coord[d] = rest % unpooled[d];
      rest /= unpooled[d];
    }
    int64_t flat = 0;
    for (size_t d = 0; d < r; ++d) flat = flat * out_shape[d] + coord[d];
    std::memcpy(py + static_cast<size_t>(flat) * width, px + static_cast<size_t>(i) * width, width);
  }
  return {std::move(y)};
}

OpVersion max_unpool_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "MaxUnpool";
  v.since_version = since;
  v.inputs = {{"X", "T1"}, {"I", "T2"}, {"output_shape", "T2", ParamOption::Optional}};
  v.outputs = {{"output", "T1"}};
  v.attributes = {{"kernel_shape", AttrType::Ints, true}, {"pads", AttrType::Ints}, {"strides", AttrType::Ints}};
  v.type_constraints = {{"T1", types}, {"T2", TypeSet{ElementType::Int64}}};
  v.set_kernel(parse_max_unpool_params, max_unpool);
  return v;
}

}  // namespace

void register_max_unpool(Registry& registry) {
  for (int since : {9, 11}) registry.add(max_unpool_version(since, type_sets::kFloats));
  registry.add(max_unpool_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("MaxUnpool",
                            {AccuracyKind::Exact, "input elements copied to their indexed positions, zeros elsewhere"});
}

}  // namespace onnx_ref
