// ai.onnx.ml LinearRegressor-1: Y[N, targets] (float) = X [N, F] (or [F]) times the coefficients
// (targets rows of F, each target's contiguous) plus the intercepts (none or one per target), then
// post_transform.
//
// Contract: rounded at named points. Each score is the exact dot product plus intercept (every
// product exact, ExactSum) rounded once to float; post_transform is the correctly rounded function
// of that float (ops/ml/ml_rules.h).
#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// The model, read and checked once, at load.
struct LinearRegressorModel {
  ml::PostTransform transform;
  int64_t targets = 1;
  std::vector<float> coefficients, intercepts;
};

LinearRegressorModel linear_regressor_model(const Attributes& attrs) {
  LinearRegressorModel m;
  m.transform = ml::post_transform_from_name(std::get<std::string>(attrs.get("post_transform")));
  m.targets = attrs.get_int("targets");
  if (m.targets < 1) throw Error("attribute 'targets' must be at least 1, got " + std::to_string(m.targets));
  m.coefficients = ml::floats_or_empty(attrs, "coefficients");
  m.intercepts = ml::floats_or_empty(attrs, "intercepts");
  return m;
}

std::vector<Value> linear_regressor_kernel(const KernelContext& ctx, const LinearRegressorModel& m) {
  const ml::PostTransform transform = m.transform;
  const Tensor scores = ml::linear_scores(ctx.input(0), m.coefficients, m.intercepts, m.targets, "targets");
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
  v.set_kernel(linear_regressor_model, linear_regressor_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "LinearRegressor",
      {AccuracyKind::CorrectlyRounded, "the exact dot product plus intercept rounded once (post_transform NONE)"}, {},
      "ai.onnx.ml");
}

}  // namespace onnx_ref
