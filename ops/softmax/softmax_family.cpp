// The Softmax/LogSoftmax/Hardmax version ladder and layout (see softmax_family.h).
#include "ops/softmax/softmax_family.h"

#include "ops/axis.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

// Versions 1 and 11: [prod(d[0:axis]), prod(d[axis:])] (ONNX's "coerced to 2-D"); 13: along axis.
LineLayout layout_of(const Shape& shape, int64_t axis, bool coerce) {
  LineLayout lines;
  lines.count = 1;
  for (size_t d = 0; d < shape.size(); ++d) {
    const auto a = static_cast<size_t>(axis);
    if (d < a)
      lines.outer *= shape[d];
    else if (d == a || coerce)
      lines.count *= shape[d];
    else
      lines.inner *= shape[d];
  }
  return lines;
}

OpVersion softmax_version(const std::string& op_type, int since_version, const LineKernel& kernel) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since_version;
  v.inputs = {{"input", "T"}};
  v.outputs = {{"output", "T"}};
  const bool coerce = since_version < 13;
  v.attributes = {{"axis", AttrType::Int, false, int64_t{coerce ? 1 : -1}}};
  v.type_constraints = {{"T", coerce ? type_sets::kFloats : type_sets::kFloatsIR4}};
  const auto parse_axis = [](const Attributes& attrs) { return attrs.get_int("axis"); };
  v.set_kernel(parse_axis, [kernel, coerce](const KernelContext& ctx, int64_t axis_attr) -> std::vector<Value> {
    const Tensor& in = ctx.input(0);
    // Every version takes [-r, r-1] (11 states it; 1's shape inference counts from the back too).
    const int64_t axis = normalize_axis(axis_attr, in.rank(), AxisRange::Signed);
    Tensor out = Tensor::uninitialized(in.type(), in.shape());
    if (out.element_count() != 0) kernel(in, out, layout_of(in.shape(), axis, coerce));
    return {out};
  });
  return v;
}

}  // namespace

void add_softmax_ladder(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                        const LineKernel& kernel) {
  for (int since : {1, 11, 13}) registry.add(softmax_version(op_type, since, kernel));
  registry.declare_accuracy(op_type, accuracy);
}

}  // namespace onnx_ref
