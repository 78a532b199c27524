// ONNX Split, every version (1, 2, 11, 13, 18).
//   1: `split` as an attribute or as an optional second input, which the schema types as T (the
//      data's float type): onnx-ref reads it as sizes that must be whole numbers; both at once is
//      an error. The spec's text gives `axis` a default of 0.
//   2: `split` only as an attribute; every classic type.
//  11: negative axes count from the back.
//  13: `split` as an optional int64 input; + bfloat16.
//  18: `num_outputs`: that many chunks of ceil(d / n), the last one smaller; `split` and
//      `num_outputs` together are an error, as is neither (the spec asks for exactly one).
// Without `split` (before 18), the axis is cut into as many equal parts as the node has outputs.
#include <cmath>
#include <numeric>
#include <optional>

#include "ops/movement/concat_split.h"

#include "ops/axis.h"
#include "ops/movement/register.h"
#include "ops/shape_input.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"

namespace onnx_ref {

std::vector<int64_t> split_sizes(int64_t dim, const std::optional<std::vector<int64_t>>& split,
                                 std::optional<int64_t> num_outputs, size_t output_count) {
  const auto outputs = static_cast<int64_t>(output_count);
  if (split) {
    if (split->size() != output_count)
      throw Error("split has " + std::to_string(split->size()) + " entries but the node has " +
                  std::to_string(outputs) + " outputs");
    int64_t sum = 0;
    for (size_t i = 0; i < split->size(); ++i) {
      const int64_t s = (*split)[i];
      if (s < 0) throw Error("split[" + std::to_string(i) + "] = " + std::to_string(s) + " is negative");
      if (__builtin_add_overflow(sum, s, &sum)) throw Error("the split sizes add up beyond int64");
    }
    if (sum != dim)
      throw Error("the split sizes add up to " + std::to_string(sum) + " but the axis has " + std::to_string(dim) +
                  " elements");
    return *split;
  }
  if (num_outputs) {
    const int64_t n = *num_outputs;
    if (n < 1) throw Error("num_outputs = " + std::to_string(n) + " must be at least 1");
    if (n != outputs)
      throw Error("num_outputs = " + std::to_string(n) + " but the node has " + std::to_string(outputs) + " outputs");
    const int64_t chunk = dim / n + (dim % n != 0);
    const int64_t last = dim - chunk * (n - 1);
    if (last < 0)
      throw Error("an axis of " + std::to_string(dim) + " elements cannot be cut into " + std::to_string(n) +
                  " chunks of ceil(" + std::to_string(dim) + " / " + std::to_string(n) +
                  ") = " + std::to_string(chunk));
    std::vector<int64_t> sizes(static_cast<size_t>(n), chunk);
    sizes.back() = last;
    return sizes;
  }
  if (dim % outputs != 0)
    throw Error("an axis of " + std::to_string(dim) + " elements cannot be cut into " + std::to_string(outputs) +
                " equal parts (give `split`)");
  return std::vector<int64_t>(output_count, dim / outputs);
}

namespace {

// Split-1's `split` input: sizes in the data's float type, each a whole number.
std::vector<int64_t> float_sizes(const Tensor& t) {
  if (t.rank() != 1) throw Error("the split input must be 1-D, but it is " + t.describe());
  std::vector<int64_t> sizes;
  for (int64_t i = 0; i < t.element_count(); ++i) {
    const double v = read_real(t.type(), t.data(), i);
    if (!(v == std::trunc(v)) || std::fabs(v) >= 9.2e18)
      throw Error("split[" + std::to_string(i) + "] = " + std::to_string(v) + " is not a whole number");
    sizes.push_back(static_cast<int64_t>(v));
  }
  return sizes;
}

// The attributes, parsed at load; whether they fit the input is checked per call.
struct SplitParams {
  int64_t axis = 0;
  std::optional<std::vector<int64_t>> split;
  std::optional<int64_t> num_outputs;
};

SplitParams parse_split(const Attributes& attrs) {
  SplitParams p;
  if (attrs.has("axis")) p.axis = attrs.get_int("axis");
  if (attrs.has("split")) p.split = attrs.get_ints("split");
  if (attrs.has("num_outputs")) p.num_outputs = attrs.get_int("num_outputs");
  return p;
}

auto split_kernel(int since) {
  return [since](const KernelContext& ctx, const SplitParams& params) -> std::vector<Value> {
    const Tensor& in = ctx.input(0);
    const AxisRange range = since >= 11 ? AxisRange::Signed : AxisRange::NonNegative;
    const int64_t axis = normalize_axis(params.axis, in.rank(), range);
    std::optional<std::vector<int64_t>> split = params.split;
    if (ctx.has_input(1)) {
      if (split) throw Error("`split` is given both as an attribute and as an input");
      if (since == 1) {
        split = float_sizes(ctx.input(1));
      } else {
        const Tensor& s = ctx.input(1);
        if (s.rank() != 1) throw Error("the split input must be 1-D, but it is " + s.describe());
        split = read_shape_input(s);
      }
    }
    std::optional<int64_t> num_outputs;
    if (since >= 18 && params.num_outputs) {
      if (split) throw Error("`split` and `num_outputs` are both given; Split-18 takes one of them");
      num_outputs = params.num_outputs;
    }
    if (since >= 18 && !split && !num_outputs)
      throw Error("neither the split input nor num_outputs is given; Split-18 takes exactly one of them");
    const auto a = static_cast<size_t>(axis);
    const Shape& shape = in.shape();
    const auto sizes = split_sizes(shape[a], split, num_outputs, ctx.output_count());
    int64_t outer = 1, inner = 1;
    for (size_t d = 0; d < a; ++d) outer *= shape[d];
    for (size_t d = a + 1; d < shape.size(); ++d) inner *= shape[d];
    const int64_t in_row = shape[a] * inner;
    std::vector<Value> outputs;
    int64_t offset = 0;
    for (int64_t size : sizes) {
      Shape out_shape = shape;
      out_shape[a] = size;
      Tensor out = Tensor::uninitialized(in.type(), out_shape);
      const int64_t run = size * inner;
      for (int64_t o = 0; o < outer; ++o) copy_elements(in, o * in_row + offset, out, o * run, run);
      offset += run;
      outputs.emplace_back(std::move(out));
    }
    return outputs;
  };
}

OpVersion split_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Split";
  v.since_version = since;
  v.inputs = {{"input", "T"}};
  if (since == 1) v.inputs.push_back({"split", "T", ParamOption::Optional});
  if (since >= 13) v.inputs.push_back({"split", "tensor(int64)", ParamOption::Optional});
  v.outputs = {{since == 1 ? "outputs..." : "outputs", "T", ParamOption::Variadic, 1, true}};
  v.attributes = {{"axis", AttrType::Int, false, since >= 2 ? std::optional<AttrValue>(int64_t{0}) : std::nullopt}};
  if (since < 13) v.attributes.push_back({"split", AttrType::Ints});
  if (since >= 18) v.attributes.push_back({"num_outputs", AttrType::Int});
  v.type_constraints = {{"T", types}};
  if (since >= 13) v.type_constraints.push_back({"tensor(int64)", type_sets::kInt64, "tensor(int64)"});
  v.set_kernel(parse_split, split_kernel(since));
  return v;
}

}  // namespace

void register_split(Registry& registry) {
  using namespace type_sets;
  registry.add(split_version(1, kFloats));
  registry.add(split_version(2, kClassic));        // split only as an attribute
  registry.add(split_version(11, kClassic));       // + negative axes
  registry.add(split_version(13, kWithBFloat16));  // split as an int64 input, + bfloat16
  registry.add(split_version(18, kWithBFloat16));  // + num_outputs
  registry.declare_accuracy("Split", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
