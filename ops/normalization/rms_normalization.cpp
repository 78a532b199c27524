// ONNX RMSNormalization, every version (23): X divided by the root mean square of its elements
// over the axes [axis, rank), then multiplied by `scale` (unidirectionally broadcast to X):
//   Y = X / sqrt(mean(X^2) + epsilon) * scale
// X has type T, scale and Y type V (float16, float, double, bfloat16 each). stash_type names the
// precision of the function body's first stage: 1 (float, the default), 10 (float16), 11 (double)
// or 16 (bfloat16); anything else is refused.
// Contract: rounded at named points. Stage one is computed in double, at least as precise as any
// stash type: mean(X^2) is the exact mean of the squares rounded once to double; + epsilon, sqrt
// and X / it are each rounded to double. Stage two follows the function body in V: the normalized
// value cast to V, times scale rounded once to V.
#include <cmath>
#include <vector>

#include "numeric/exact_sum.h"
#include "ops/attribute_specs.h"
#include "ops/axis.h"
#include "ops/float_dispatch.h"
#include "ops/normalization/normalization.h"
#include "ops/normalization/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// RMSNormalization's attributes, parsed at load (stash_type a floating type).
struct RmsNormalizationParams {
  int64_t axis = -1;
  double epsilon = 0;
};

RmsNormalizationParams parse_rms_normalization_params(const Attributes& attrs) {
  const int64_t stash = attrs.get_int("stash_type");
  if (stash != 1 && stash != 10 && stash != 11 && stash != 16)
    throw Error("stash_type = " + std::to_string(stash) +
                " is not a floating type (1: float, 10: float16, 11: double, 16: bfloat16)");
  return {attrs.get_int("axis"), std::get<float>(attrs.get("epsilon"))};
}

// The mean of the squares of `values`, exact, rounded once to double (Error beyond 2^32 - 1 values).
double rms_mean_square(const double* values, int64_t n) {
  if (n > static_cast<int64_t>(UINT32_MAX))
    throw Error("a normalized group of " + std::to_string(n) + " elements is beyond 2^32 - 1");
  ExactSum sum;
  for (int64_t i = 0; i < n; ++i) {
    const double p = values[i] * values[i];
    sum.add(p);
    if (std::isfinite(p)) sum.add(std::fma(values[i], values[i], -p));  // exact unless below 2^-969
  }
  return sum.round_quotient(static_cast<uint32_t>(n), false);
}

std::vector<Value> rms_normalization(const KernelContext& ctx, const RmsNormalizationParams& params) {
  using namespace normalization;
  const Tensor& x = ctx.input(0);
  const Tensor& scale_tensor = ctx.input(1);
  const int64_t rank = x.rank();
  if (rank == 0) throw Error("input X must have rank 1 or more, but it is a scalar");
  const int64_t axis = normalize_axis(params.axis, rank, AxisRange::Signed);
  const double epsilon = params.epsilon;
  const MemoryCharge widened_charge = charge_scratch<double>(
      3 * static_cast<uint64_t>(x.element_count()) + static_cast<uint64_t>(scale_tensor.element_count()),
      "RMSNormalization's widened input, scale and result");
  const std::vector<double> scale = broadcast_parameter(scale_tensor, x.shape(), "scale");
  int64_t rows = 1, cols = 1;
  for (int64_t i = 0; i < rank; ++i) (i < axis ? rows : cols) *= x.shape()[static_cast<size_t>(i)];
  const std::vector<double> xs = widen_elements(x);
  std::vector<double> normalized(xs.size());
  for (int64_t r = 0; r < rows && cols > 0; ++r) {
    const double* group = xs.data() + r * cols;
    const double root = std::sqrt(rms_mean_square(group, cols) + epsilon);
    for (int64_t i = 0; i < cols; ++i) normalized[static_cast<size_t>(r * cols + i)] = group[i] / root;
  }
  Tensor y = Tensor::uninitialized(scale_tensor.type(), x.shape());
  dispatch_float(scale_tensor.type(), "RMSNormalization", [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* out = reinterpret_cast<S*>(y.mutable_data());
    for (size_t i = 0; i < xs.size(); ++i) out[i] = narrow<S>(widen(narrow<S>(normalized[i])) * scale[i]);
  });
  return {Value(std::move(y))};
}

}  // namespace

void register_rms_normalization(Registry& registry) {
  OpVersion v;
  v.op_type = "RMSNormalization";
  v.since_version = 23;
  v.inputs = {{"X", "T"}, {"scale", "V"}};
  v.outputs = {{"Y", "V"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{-1}},
                  float_attribute("epsilon", 1e-5f),
                  {"stash_type", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T", type_sets::kFloatsIR4}, {"V", type_sets::kFloatsIR4}};
  v.set_kernel(parse_rms_normalization_params, rms_normalization);
  registry.add(std::move(v));
  registry.declare_accuracy("RMSNormalization", {AccuracyKind::RoundedAtNamedPoints,
                                                 "mean(x^2) exact, rounded once to double; + epsilon, sqrt and x / it "
                                                 "each rounded to double; times scale rounded once to V"});
}

}  // namespace onnx_ref
