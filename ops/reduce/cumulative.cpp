// The shared layout of CumSum and CumProd (ops/reduce/cumulative.h).
#include "ops/reduce/cumulative.h"

#include "ops/axis.h"
#include "ops/type_sets.h"
#include "runtime/element_type.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// The axis input: "A 0-D tensor" (CumSum-11, CumSum-14, CumProd-26), int32 or int64. A [1]
// tensor is refused: the text allows rank 0 only (ONNX 1.6's published CumSum tests, which give
// [1], are listed as data defects in conformance/official_defects.expect).
int64_t cumulative_axis(const Tensor& axis) {
  if (axis.rank() != 0) throw Error("input axis must be a 0-D tensor (a scalar), but it is " + axis.describe());
  return axis.type() == ElementType::Int32 ? int64_t{axis.data_as<int32_t>()[0]} : axis.data_as<int64_t>()[0];
}

// CumSum's and CumProd's attributes, parsed at load (each 0 or 1).
struct CumulativeParams {
  bool exclusive = false, reverse = false;
};

CumulativeParams parse_cumulative_params(const Attributes& attrs) {
  return {attrs.get_flag("exclusive"), attrs.get_flag("reverse")};
}

std::vector<Value> cumulative_run(const KernelContext& ctx, const CumulativeParams& params,
                                  const CumulativeScan& scan) {
  const Tensor& x = ctx.input(0);
  const int64_t rank = x.rank();
  if (rank == 0) throw Error("input x must have rank 1 or more, but it is a scalar");
  const int64_t axis = normalize_axis(cumulative_axis(ctx.input(1)), rank, AxisRange::Signed);
  const bool exclusive = params.exclusive, reverse = params.reverse;
  const int64_t count = x.shape()[static_cast<size_t>(axis)];
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x.shape()[static_cast<size_t>(d)];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= x.shape()[static_cast<size_t>(d)];
  Tensor y = Tensor::uninitialized(x.type(), x.shape());
  if (x.element_count() == 0) return {Value(std::move(y))};
  const auto size = static_cast<int64_t>(storage_bytes(x.type(), 1));
  const std::byte* in = x.data();
  std::byte* out = y.mutable_data();
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      int64_t first = o * count * inner + i;
      if (reverse) first += (count - 1) * inner;
      scan(x.type(), CumulativeLine{in + first * size, out + first * size, count, reverse ? -inner : inner, exclusive});
    }
  return {Value(std::move(y))};
}

}  // namespace

OpVersion make_cumulative_version(const std::string& op_type, int since, const TypeSet& types, CumulativeScan scan) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since;
  v.inputs = {{"x", "T"}, {"axis", "T2"}};
  v.outputs = {{"y", "T"}};
  v.attributes = {{"exclusive", AttrType::Int, false, int64_t{0}}, {"reverse", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"T", types}, {"T2", type_sets::kInt32Int64}};
  v.set_kernel(parse_cumulative_params,
               [scan = std::move(scan)](const KernelContext& ctx, const CumulativeParams& params) {
                 return cumulative_run(ctx, params, scan);
               });
  return v;
}

}  // namespace onnx_ref
