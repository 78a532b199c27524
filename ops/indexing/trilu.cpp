// ONNX Trilu (14): the upper (upper = 1, the default) or lower triangle of each matrix in the last two
// dimensions, the rest zero. The optional int64 scalar k shifts the diagonal: upper keeps column j of
// row i when j - i >= k, lower when j - i <= k. k may be any int64 (computed in 128 bits, so INT64_MIN
// and INT64_MAX just keep everything or nothing).
#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

std::vector<Value> trilu(const KernelContext& ctx, int64_t upper) {
  const Tensor& in = ctx.input(0);
  if (in.rank() < 2) throw Error("the input must have rank 2 or more, but it is " + in.describe());
  int64_t k = 0;
  if (ctx.has_input(1)) {
    const Tensor& kt = ctx.input(1);
    if (kt.element_count() != 1 || kt.rank() > 1) throw Error("k must be a scalar, but it is " + kt.describe());
    k = kt.data_as<int64_t>()[0];
  }
  const int64_t rows = in.shape()[in.shape().size() - 2], cols = in.shape().back();
  Tensor out = Tensor::zeros(in.type(), in.shape());  // what is not kept is zero ("" for strings)
  const int64_t matrices = rows > 0 && cols > 0 ? in.element_count() / (rows * cols) : 0;
  for (int64_t m = 0; m < matrices; ++m)
    for (int64_t i = 0; i < rows; ++i) {
      // Columns kept in row i: [first, last).
      const __int128 diag = static_cast<__int128>(i) + k;
      const __int128 first = upper ? std::max<__int128>(0, diag) : 0;
      const __int128 last = upper ? cols : std::min<__int128>(cols, diag + 1);
      if (first >= last) continue;
      const int64_t base = (m * rows + i) * cols;
      copy_elements(in, base + static_cast<int64_t>(first), out, base + static_cast<int64_t>(first),
                    static_cast<int64_t>(last - first));
    }
  return {out};
}

}  // namespace

void register_trilu(Registry& registry) {
  OpVersion v;
  v.op_type = "Trilu";
  v.since_version = 14;
  v.inputs = {{"input", "T"}, {"k", "tensor(int64)", ParamOption::Optional}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"upper", AttrType::Int, false, int64_t{1}}};
  v.check_attributes = [](const Attributes& a) {
    const int64_t u = a.get_int("upper");
    if (u != 0 && u != 1) throw Error("attribute 'upper' must be 0 or 1, got " + std::to_string(u));
  };
  v.type_constraints = {{"T", type_sets::kWithBFloat16}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  v.set_kernel([](const Attributes& attrs) { return attrs.get_int("upper"); }, trilu);
  registry.add(std::move(v));
  registry.declare_accuracy("Trilu", {AccuracyKind::Exact, "input elements or zeros"});
}

}  // namespace onnx_ref
