// ONNX TensorScatter, every version (24). Exact: data movement only, by element size (packed
// 4-bit types included).
//
// present_cache is past_cache with update written along `axis` (not 0, the batch axis) from
// write_indices[b] (absent: 0) for each batch entry b. update has past_cache's shape except along
// the axis, where it may be shorter. mode linear needs 0 <= write_indices[b] and write_indices[b] +
// sequence_length <= max_sequence_length; circular writes position (write_indices[b] + j) modulo
// max_sequence_length (a negative index counts as its non-negative residue).
#include <string>

#include "ops/attention/register.h"
#include "ops/axis.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

bool tensor_scatter_circular(const std::string& mode) {
  if (mode == "linear") return false;
  if (mode == "circular") return true;
  throw Error("mode " + quote_text(mode) + " is not one of linear, circular");
}

// mode and axis, parsed at load; the axis is checked against the rank per call.
struct TensorScatterParams {
  bool circular = false;
  int64_t axis = -2;
};

TensorScatterParams parse_tensor_scatter_params(const Attributes& a) {
  return {tensor_scatter_circular(std::get<std::string>(a.get("mode"))), a.get_int("axis")};
}

std::vector<Value> tensor_scatter_kernel(const KernelContext& ctx, const TensorScatterParams& params) {
  const Tensor& past = ctx.input(0);
  const Tensor& update = ctx.input(1);
  const bool circular = params.circular;
  const int64_t rank = past.rank();
  const auto axis = static_cast<size_t>(normalize_axis(params.axis, rank, AxisRange::Signed));
  if (axis == 0) throw Error("axis " + std::to_string(params.axis) + " is the batch axis; it must not be");
  const Shape& ps = past.shape();
  const Shape& us = update.shape();
  bool fits = update.rank() == rank;
  for (size_t d = 0; fits && d < ps.size(); ++d) fits = d == axis ? us[d] <= ps[d] : us[d] == ps[d];
  if (!fits)
    throw Error("update " + update.describe() + " must have past_cache " + past.describe() +
                "'s shape, except along axis " + std::to_string(axis) + " where it may be shorter");
  const int64_t batch = ps[0], max_length = ps[axis], length = us[axis];
  std::vector<int64_t> start(static_cast<size_t>(batch), 0);
  if (ctx.has_input(2)) {
    const Tensor& w = ctx.input(2);
    if (w.shape() != Shape{batch})
      throw Error("write_indices is " + w.describe() + " but must be int64[" + std::to_string(batch) + "]");
    for (int64_t b = 0; b < batch; ++b) {
      const int64_t v = read_int64(ElementType::Int64, w.data(), b);
      if (circular) {
        start[static_cast<size_t>(b)] = max_length == 0 ? 0 : ((v % max_length) + max_length) % max_length;
      } else {
        if (v < 0 || v > max_length - length)
          throw Error("write_indices[" + std::to_string(b) + "] = " + std::to_string(v) + " leaves no room for " +
                      std::to_string(length) + " positions in a cache of " + std::to_string(max_length) +
                      " (mode linear; valid: 0 to " + std::to_string(max_length - length) + ")");
        start[static_cast<size_t>(b)] = v;
      }
    }
  }
  Tensor present = Tensor::uninitialized(past.type(), ps);
  if (present.element_count() == 0) return {present};
  copy_elements(past, 0, present, 0, past.element_count());
  int64_t outer = 1, inner = 1;  // outer: the axes before `axis` after the batch
  for (size_t d = 1; d < axis; ++d) outer *= ps[d];
  for (size_t d = axis + 1; d < ps.size(); ++d) inner *= ps[d];
  if (inner == 0) return {present};
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t j = 0; j < length; ++j) {
        int64_t at = start[static_cast<size_t>(b)] + j;
        if (circular) at %= max_length;
        copy_elements(update, ((b * outer + o) * length + j) * inner, present,
                      ((b * outer + o) * max_length + at) * inner, inner);
      }
  return {present};
}

}  // namespace

void register_tensor_scatter(Registry& registry) {
  OpVersion v;
  v.op_type = "TensorScatter";
  v.since_version = 24;
  v.inputs = {{"past_cache", "T"}, {"update", "T"}, {"write_indices", "tensor(int64)", ParamOption::Optional}};
  v.outputs = {{"present_cache", "T"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{-2}},
                  {"mode", AttrType::String, false, std::string("linear")}};
  v.type_constraints = {{"T", type_sets::kWithFloat8E8M0}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  v.set_kernel(parse_tensor_scatter_params, tensor_scatter_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("TensorScatter", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
