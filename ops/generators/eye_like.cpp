// ONNX EyeLike, every version (9, 22).
// A 2-D tensor of the input's shape, zero but for ones on the diagonal shifted by `k` (any int64;
// beyond the matrix there are no ones). The element type is `dtype` when set (known at load
// through attribute_type), the input's type otherwise.
#include "ops/generators/generator_rules.h"
#include "ops/generators/register.h"
#include "ops/type_sets.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// dtype (nullopt: the input's type) and k, parsed and checked at load.
struct EyeLikeParams {
  std::optional<ElementType> dtype;
  int64_t k = 0;
};

EyeLikeParams parse_eye_like_params(const Attributes& attrs) {
  EyeLikeParams p;
  if (attrs.has("dtype")) p.dtype = eye_like_dtype(attrs.get_int("dtype"));
  p.k = attrs.get_int("k");
  return p;
}

std::vector<Value> eye_like(const KernelContext& ctx, const EyeLikeParams& params) {
  const Tensor& in = ctx.input(0);
  if (in.rank() != 2) throw Error("the input must be 2-D, but it is " + in.describe());
  const ElementType type = params.dtype.value_or(in.type());
  const int64_t rows = in.shape()[0];
  const int64_t cols = in.shape()[1];
  Tensor out = Tensor::zeros(type, in.shape());
  const Diagonal d = eye_like_diagonal(rows, cols, params.k);
  // A one is written per element: the diagonal's elements are cols + 1 apart, never a run.
  std::byte* data = d.count ? out.mutable_data() : nullptr;
  const int64_t k = params.k;
  for (int64_t r = d.first_row; r < d.first_row + d.count; ++r) write_real(type, data, r * cols + r + k, 1.0);
  return {out};
}

OpVersion eye_like_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "EyeLike";
  v.since_version = since_version;
  v.inputs = {{"input", "T1"}};
  v.outputs = {{"output", "T2"}};
  v.attributes = {{"dtype", AttrType::Int}, {"k", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"T1", types}, {"T2", types}};
  v.attribute_type = [](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != "T2" || !attrs.has("dtype")) return std::nullopt;
    return eye_like_dtype(attrs.get_int("dtype"));
  };
  v.set_kernel(parse_eye_like_params, eye_like);
  return v;
}

}  // namespace

void register_eye_like(Registry& registry) {
  using namespace type_sets;
  using T = ElementType;
  // The spec lists these types in place: numbers and bool; 22 adds bfloat16.
  const TypeSet v9 = kAllNumericTypes.with({T::Bool});
  registry.add(eye_like_version(9, v9));
  registry.add(eye_like_version(22, v9.with({T::BFloat16})));
  registry.declare_accuracy("EyeLike", {AccuracyKind::Exact, "zeros and ones"});
}

}  // namespace onnx_ref
