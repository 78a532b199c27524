// ai.onnx.ml LinearRegressor-1: Y[N, targets] (float) = X [N, F] (or [F]) times the coefficients
// (targets rows of F, each target's contiguous) plus the intercepts (none or one per target), then
// post_transform.
//
// Contract: rounded at named points. Each score is the exact dot product plus intercept (every
// product exact, ExactSum) rounded once to float; post_transform is the correctly rounded function
// of that float (ops/ml/ml_rules.h).
#include "ops/ml/register.h"
#include "ops/ml/ml_rules.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

std::vector<Value> linear_regressor_kernel(const KernelContext& ctx) {
  const ml::PostTransform transform = ml::post_transform_from_name(std::get<std::string>(ctx.attrs.get("post_transform")));
  const int64_t targets = ctx.attrs.get_int("targets");
  const Tensor scores = ml::linear_scores(ctx.input(0), ml::floats_or_empty(ctx.attrs, "coefficients"),
                                          ml::floats_or_empty(ctx.attrs, "intercepts"), targets, "targets");
  return {ml::apply_post_transform(scores, transform)};
}

}  // namespace

void register_ml_linear_regressor(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "LinearRegressor";
  v.since_version = 1;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "tensor(float)"}};
  v.attributes = {{"coefficients", AttrType::Floats},
                  {"intercepts", AttrType::Floats},
                  {"post_transform", AttrType::String, false, std::string("NONE")},
                  {"targets", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T", ml::kMlFeatureTypes}, {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
  v.check_attributes = [](const Attributes& attrs) {
    ml::post_transform_from_name(std::get<std::string>(attrs.get("post_transform")));
    if (attrs.get_int("targets") < 1) throw Error("attribute 'targets' must be at least 1, got " + std::to_string(attrs.get_int("targets")));
  };
  v.kernel = linear_regressor_kernel;
  registry.add(std::move(v));
  registry.declare_accuracy("LinearRegressor", {AccuracyKind::CorrectlyRounded, "the exact dot product plus intercept rounded once (post_transform NONE)"}, {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
