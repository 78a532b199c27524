// ai.onnx.ml Scaler-1: Y = (X - offset) * scale (float), offset and scale applied along the last
// axis, each of length 1 (every feature) or the last dimension.
//
// Contract: correctly rounded. (x - offset) * scale = x scale - offset scale is summed exactly (each
// product exact, ExactSum) and rounded once to float.
#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

void scaler_check_length(const std::vector<float>& v, const char* name, int64_t features) {
  if (v.size() != 1 && static_cast<int64_t>(v.size()) != features)
    throw Error(std::string("attribute '") + name + "' has " + std::to_string(v.size()) + " values, not 1 or the " +
                std::to_string(features) + " features of X's last dimension");
}

// offset and scale, read at load; their lengths are checked against X per call.
struct ScalerParams {
  std::vector<float> offset, scale;
};

ScalerParams parse_scaler_params(const Attributes& attrs) {
  return {ml::floats_or_empty(attrs, "offset"), ml::floats_or_empty(attrs, "scale")};
}

std::vector<Value> scaler_kernel(const KernelContext& ctx, const ScalerParams& params) {
  const Tensor& x = ctx.input(0);
  const auto& offset = params.offset;
  const auto& scale = params.scale;
  const int64_t features = x.rank() == 0 ? 1 : x.shape().back();
  scaler_check_length(offset, "offset", features);
  scaler_check_length(scale, "scale", features);
  Tensor y = Tensor::zeros(ElementType::Float, x.shape());
  float* out = reinterpret_cast<float*>(y.mutable_data());
  const int64_t rows = features == 0 ? 0 : x.element_count() / features;
  std::vector<long double> row;
  for (int64_t r = 0; r < rows; ++r) {
    ml::read_feature_row(x, r, features, row);
    for (int64_t f = 0; f < features; ++f) {
      const double o = offset.size() == 1 ? offset[0] : offset[static_cast<size_t>(f)];
      const double s = scale.size() == 1 ? scale[0] : scale[static_cast<size_t>(f)];
      ExactSum sum;
      ml::add_exact_product(sum, row[static_cast<size_t>(f)], s);
      ml::add_exact_product(sum, -o, s);
      out[r * features + f] = static_cast<float>(ml::round_sum(sum, numeric::Format::Float));
    }
  }
  return {y};
}

}  // namespace

void register_ml_scaler(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "Scaler";
  v.since_version = 1;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "tensor(float)"}};
  v.attributes = {{"offset", AttrType::Floats}, {"scale", AttrType::Floats}};
  v.type_constraints = {{"T", ml::kMlFeatureTypes}, {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
  v.set_kernel(parse_scaler_params, scaler_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("Scaler", {AccuracyKind::CorrectlyRounded, "(x - offset) * scale, exact, rounded once"}, {},
                            "ai.onnx.ml");
}

}  // namespace onnx_ref
