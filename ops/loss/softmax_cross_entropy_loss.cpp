// ONNX SoftmaxCrossEntropyLoss, every version (12, 13): scores (N, C, d1, ..., dk), labels
// (N, d1, ..., dk) class indices (int32 or int64), the optional weights (C); reduction "none",
// "sum" or "mean" (default); ignore_index optional; the optional output log_prob is the
// log-softmax of scores along dimension 1.
//   12: float16, float, double.  13: adds bfloat16.
// Contract: as the spec's function body composes it, each stage exact or rounded once: log_prob
// is correctly rounded (LogSoftmax's kernel, ops/softmax/softmax_lines.cpp), and the loss is the
// NegativeLogLikelihoodLoss of those rounded values (ops/loss/loss_rules.h: correctly rounded for
// none, sum, and mean without weights; named points for mean with weights).
#include "ops/loss/loss_rules.h"
#include "ops/loss/register.h"
#include "ops/normalization/normalization.h"
#include "ops/softmax/softmax_family.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

std::vector<Value> softmax_cross_entropy_loss(const KernelContext& ctx, const loss::LossParams& params) {
  const Tensor& scores = ctx.input(0);
  // The labels as int64, the log-probabilities widened and the per-element losses.
  const MemoryCharge widened_charge = charge_scratch<double>(
      2 * static_cast<uint64_t>(scores.element_count()) + static_cast<uint64_t>(ctx.input(1).element_count()),
      "SoftmaxCrossEntropyLoss's widened values");
  const std::vector<int64_t> labels = loss::read_targets(scores, ctx.input(1), "scores", "labels");
  std::optional<std::vector<double>> weights;
  if (ctx.has_input(2)) {
    normalization::require_shape(ctx.input(2), Shape{scores.shape()[1]}, "weights");
    weights = normalization::widen_elements(ctx.input(2));
  }
  const std::optional<int64_t>& ignore = params.ignore_index;
  LineLayout lines;
  lines.outer = scores.shape()[0];
  lines.count = scores.shape()[1];
  for (int64_t d = 2; d < scores.rank(); ++d) lines.inner *= scores.shape()[static_cast<size_t>(d)];
  Tensor log_prob = Tensor::uninitialized(scores.type(), scores.shape());
  if (scores.element_count() > 0) softmax_lines(scores, log_prob, lines, true);
  std::vector<Value> out{
      Value(loss::weighted_loss(scores.type(), scores.shape(), normalization::widen_elements(log_prob), labels, weights,
                                ignore, params.reduction, "labels"))};
  if (ctx.output_count() > 1) out.emplace_back(std::move(log_prob));
  return out;
}

OpVersion softmax_cross_entropy_loss_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "SoftmaxCrossEntropyLoss";
  v.since_version = since;
  v.inputs = {{"scores", "T"}, {"labels", "Tind"}, {"weights", "T", ParamOption::Optional}};
  v.outputs = {{"output", "T"}, {"log_prob", "T", ParamOption::Optional}};
  v.attributes = loss::loss_attributes();
  v.type_constraints = {{"T", types}, {"Tind", type_sets::kInt32Int64}};
  v.set_kernel(loss::parse_loss_params, softmax_cross_entropy_loss);
  return v;
}

}  // namespace

void register_softmax_cross_entropy_loss(Registry& registry) {
  registry.add(softmax_cross_entropy_loss_version(12, type_sets::kFloats));
  registry.add(softmax_cross_entropy_loss_version(13, type_sets::kFloatsIR4));
  registry.declare_accuracy(
      "SoftmaxCrossEntropyLoss",
      {AccuracyKind::RoundedAtNamedPoints,
       "log_prob correctly rounded; the loss NegativeLogLikelihoodLoss's rules on those rounded values"});
}

}  // namespace onnx_ref
