// ONNX NegativeLogLikelihoodLoss, every version (12, 13, 22): input (N, C, d1, ..., dk) holds
// log-probabilities, target (N, d1, ..., dk) class indices (int32 or int64), the optional weight
// (C) a weight per class; reduction "none", "sum" or "mean" (default); ignore_index optional.
//   12, 13: float16, float, double.  22: adds bfloat16.
// Contract: correctly rounded for none and sum and for mean without weight; mean with a weight is
// rounded at named points. Details: ops/loss/loss_rules.h.
#include "ops/loss/loss_rules.h"
#include "ops/loss/register.h"
#include "ops/normalization/normalization.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

std::vector<Value> negative_log_likelihood_loss(const KernelContext& ctx, const loss::LossParams& params) {
  const Tensor& input = ctx.input(0);
  // The targets as int64, the input widened and the per-element losses.
  const MemoryCharge widened_charge = charge_scratch<double>(
      2 * static_cast<uint64_t>(input.element_count()) + static_cast<uint64_t>(ctx.input(1).element_count()),
      "NegativeLogLikelihoodLoss's widened values");
  const std::vector<int64_t> targets = loss::read_targets(input, ctx.input(1), "input", "target");
  std::optional<std::vector<double>> weight;
  if (ctx.has_input(2)) {
    normalization::require_shape(ctx.input(2), Shape{input.shape()[1]}, "weight");
    weight = normalization::widen_elements(ctx.input(2));
  }
  const std::optional<int64_t>& ignore = params.ignore_index;
  return {loss::weighted_loss(input.type(), input.shape(), normalization::widen_elements(input), targets, weight,
                              ignore, params.reduction, "target")};
}

OpVersion negative_log_likelihood_loss_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "NegativeLogLikelihoodLoss";
  v.since_version = since;
  v.inputs = {{"input", "T"}, {"target", "Tind"}, {"weight", "T", ParamOption::Optional}};
  v.outputs = {{"loss", "T"}};
  v.attributes = loss::loss_attributes();
  v.type_constraints = {{"T", types}, {"Tind", type_sets::kInt32Int64}};
  v.set_kernel(loss::parse_loss_params, negative_log_likelihood_loss);
  return v;
}

}  // namespace

void register_negative_log_likelihood_loss(Registry& registry) {
  registry.add(negative_log_likelihood_loss_version(12, type_sets::kFloats));
  registry.add(negative_log_likelihood_loss_version(13, type_sets::kFloats));
  registry.add(negative_log_likelihood_loss_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("NegativeLogLikelihoodLoss",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "none, sum and unweighted mean: the exact value rounded once; weighted mean: exact sums "
                             "rounded once to double, then divided"});
}

}  // namespace onnx_ref
