// ONNX Concat, every version (1, 4, 11, 13).
//   1: T is float16/float/double; `axis` optional (the spec's text: default 1).
//   4: every classic type; `axis` required.
//  11: negative axes count from the back.
//  13: + bfloat16.
// All inputs have the same rank and the same dimensions except along the axis. The output is built
// one contiguous run per input per outer index.
#include "ops/movement/concat_split.h"

#include "ops/axis.h"
#include "ops/movement/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"

namespace onnx_ref {

Shape concat_output_shape(const std::vector<Shape>& inputs, int64_t axis, AxisRange range) {
  const Shape& first = inputs.front();
  const auto rank = static_cast<int64_t>(first.size());
  const int64_t a = normalize_axis(axis, rank, range);
  Shape out = first;
  for (size_t k = 1; k < inputs.size(); ++k) {
    const Shape& s = inputs[k];
    if (s.size() != first.size())
      throw Error("input " + std::to_string(k) + " is " + shape_to_string(s) + ", whose rank differs from input 0's " +
                  shape_to_string(first));
    for (int64_t d = 0; d < rank; ++d)
      if (d != a && s[static_cast<size_t>(d)] != first[static_cast<size_t>(d)])
        throw Error("input " + std::to_string(k) + " is " + shape_to_string(s) + " and input 0 is " +
                    shape_to_string(first) + ": they differ in dimension " + std::to_string(d) +
                    ", which is not the axis " + std::to_string(a));
    if (__builtin_add_overflow(out[static_cast<size_t>(a)], s[static_cast<size_t>(a)], &out[static_cast<size_t>(a)]))
      throw Error("the sizes along axis " + std::to_string(a) + " add up beyond int64");
  }
  if (!checked_element_count(out))
    throw Error("the output shape " + shape_to_string(out) + " has more elements than int64 counts");
  return out;
}

namespace {

// The axis, parsed at load. Concat-1 without `axis`: the spec's text gives 1 as the default.
int64_t parse_concat_axis(const Attributes& attrs) { return attrs.has("axis") ? attrs.get_int("axis") : 1; }

auto concat_kernel(AxisRange range) {
  return [range](const KernelContext& ctx, int64_t axis) -> std::vector<Value> {
    std::vector<Shape> shapes;
    for (size_t i = 0; i < ctx.input_count(); ++i) shapes.push_back(ctx.input(i).shape());
    const Shape out_shape = concat_output_shape(shapes, axis, range);
    const auto a = static_cast<size_t>(normalize_axis(axis, static_cast<int64_t>(out_shape.size()), range));
    Tensor out = Tensor::uninitialized(ctx.input(0).type(), out_shape);
    int64_t outer = 1, inner = 1;
    for (size_t d = 0; d < a; ++d) outer *= out_shape[d];
    for (size_t d = a + 1; d < out_shape.size(); ++d) inner *= out_shape[d];
    const int64_t out_row = out_shape[a] * inner;
    int64_t offset = 0;  // where this input's run starts within an output row
    for (size_t i = 0; i < ctx.input_count(); ++i) {
      const Tensor& in = ctx.input(i);
      const int64_t run = in.shape()[a] * inner;
      for (int64_t o = 0; o < outer; ++o) copy_elements(in, o * run, out, o * out_row + offset, run);
      offset += run;
    }
    return {out};
  };
}

OpVersion concat_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Concat";
  v.since_version = since;
  v.inputs = {{"inputs", "T", ParamOption::Variadic, 1, true}};
  v.outputs = {{"concat_result", "T"}};
  v.attributes = {{"axis", AttrType::Int, since >= 4}};
  v.type_constraints = {{"T", types}};
  v.set_kernel(parse_concat_axis, concat_kernel(since >= 11 ? AxisRange::Signed : AxisRange::NonNegative));
  return v;
}

}  // namespace

void register_concat(Registry& registry) {
  using namespace type_sets;
  registry.add(concat_version(1, kFloats));
  registry.add(concat_version(4, kClassic));        // every classic type, axis required
  registry.add(concat_version(11, kClassic));       // + negative axes
  registry.add(concat_version(13, kWithBFloat16));  // + bfloat16
  registry.declare_accuracy("Concat", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
