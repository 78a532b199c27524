// ONNX LpNormalization, every version (1, 22): each line along `axis` divided by its L1 (p = 1) or
// L2 (p = 2, the default) norm; p is 1 or 2, as the spec allows, anything else is refused.
//   1: float16, float, double.  22: + bfloat16.
// Contract: rounded at named points. The norm is rounded once to double from the exact sum
// (p = 1: the exact sum of |x|; p = 2: the square root of the exact sum of squares, correctly
// rounded, see ReduceL2's L2Accumulator); each element is x / norm rounded to double, then to the
// element type. A line whose norm is 0 gives NaN (0 / 0), as the ONNX reference's division does.
#include "ops/normalization/register.h"
#include "ops/axis.h"
#include "ops/normalization/normalization.h"
#include "ops/reduce/accumulators.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

std::vector<Value> lp_normalization(const KernelContext& ctx) {
  using namespace normalization;
  const Tensor& x = ctx.input(0);
  const int64_t rank = x.rank();
  if (rank == 0) throw Error("input must have rank 1 or more, but it is a scalar");
  const int64_t axis = normalize_axis(ctx.attrs.get_int("axis"), rank, AxisRange::Signed);
  const bool l1 = ctx.attrs.get_int("p") == 1;
  int64_t outer = 1, count = x.shape()[axis], inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= x.shape()[i];
  for (int64_t i = axis + 1; i < rank; ++i) inner *= x.shape()[i];
  const std::vector<double> xs = widen_elements(x);
  std::vector<double> y(xs.size()), line(static_cast<size_t>(count));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      const int64_t base = o * count * inner + i;
      for (int64_t k = 0; k < count; ++k) line[k] = xs[base + k * inner];
      const double norm = l1 ? exact_abs_sum_run(line.data(), count) : exact_l2_run(line.data(), count);
      for (int64_t k = 0; k < count; ++k) y[base + k * inner] = line[k] / norm;
    }
  return {narrow_elements(x.type(), x.shape(), y)};
}

OpVersion lp_normalization_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "LpNormalization";
  v.since_version = since;
  v.inputs = {{"input", "T"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{-1}}, {"p", AttrType::Int, false, int64_t{2}}};
  v.type_constraints = {{"T", types}};
  v.check_attributes = [](const Attributes& attrs) {
    const int64_t p = attrs.get_int("p");
    if (p != 1 && p != 2) throw Error("p = " + std::to_string(p) + " is not supported: the spec allows only 1 or 2");
  };
  v.kernel = lp_normalization;
  return v;
}

}  // namespace

void register_lp_normalization(Registry& registry) {
  registry.add(lp_normalization_version(1, type_sets::kFloats));
  registry.add(lp_normalization_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("LpNormalization",
                            {AccuracyKind::RoundedAtNamedPoints, "the norm rounded once to double from the exact sum; x / norm rounded to double, then to T"});
}

}  // namespace onnx_ref
