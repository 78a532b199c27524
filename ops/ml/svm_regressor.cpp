// ai.onnx.ml SVMRegressor-1: Y[N, 1] (float) from X [N, F] or [F]. With n_supports > 0 the score
// is sum_j coefficients[j] K(x, sv_j) + rho[0] over the n_supports support vectors (rows of F in
// support_vectors); with n_supports = 0 it is the linear x . coefficients + rho[0]. The kernels
// (LINEAR, POLY, RBF, SIGMOID, with kernel_params = [gamma, coef0, degree]) are shared with
// SVMClassifier: ops/ml/svm_kernel.h. one_class = 1 gives 1 where the score is > 0, else -1.
//
// Contract: rounded at named points. Each kernel value is rounded at the points ops/ml/svm_kernel.h
// names (exact dot product rounded to double, pow/exp/tanh correctly rounded); the score, the exact
// sum of coefficient times kernel value plus rho, is rounded once to float; post_transform is then
// correctly rounded from that float (ops/ml/ml_rules.h).
#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "ops/ml/svm_kernel.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// The model, read and checked once, at load; its fit to X's features is checked per call.
struct SvmRegressorModel {
  ml::PostTransform transform;
  ml::SvmKernel kernel;
  ml::SvmKernelParams params;
  std::vector<float> coefficients, vectors;
  double rho = 0;
  int64_t supports = 0;
  bool one_class = false;
};

SvmRegressorModel svm_regressor_model(const Attributes& attrs) {
  SvmRegressorModel m;
  m.transform = ml::post_transform_from_name(std::get<std::string>(attrs.get("post_transform")));
  m.kernel = ml::svm_kernel_type(attrs);
  m.one_class = attrs.get_flag("one_class");
  m.params = ml::svm_kernel_params(attrs);
  m.coefficients = ml::floats_or_empty(attrs, "coefficients");
  m.vectors = ml::floats_or_empty(attrs, "support_vectors");
  const auto rho = ml::floats_or_empty(attrs, "rho");
  if (rho.size() != 1) throw Error("attribute 'rho' has " + std::to_string(rho.size()) + " values, not 1");
  m.rho = rho[0];
  m.supports = attrs.get_int("n_supports");
  if (m.supports < 0) throw Error("attribute 'n_supports' must not be negative, got " + std::to_string(m.supports));
  return m;
}

std::vector<Value> svm_regressor_compute(const KernelContext& ctx, const SvmRegressorModel& m) {
  const ml::SvmKernel kernel = m.kernel;
  const ml::SvmKernelParams& params = m.params;
  const auto& coefficients = m.coefficients;
  const auto& vectors = m.vectors;
  const int64_t supports = m.supports;
  const Tensor& x = ctx.input(0);
  const ml::FeatureRows shape = ml::feature_rows(x, "X");
  if (supports > 0) {
    int64_t expected = 0;
    if (static_cast<int64_t>(coefficients.size()) != supports)
      throw Error("attribute 'coefficients' has " + std::to_string(coefficients.size()) + " values for " +
                  std::to_string(supports) + " support vectors");
    if (__builtin_mul_overflow(supports, shape.features, &expected) || static_cast<int64_t>(vectors.size()) != expected)
      throw Error("attribute 'support_vectors' has " + std::to_string(vectors.size()) + " values, not " +
                  std::to_string(supports) + " vectors of " + std::to_string(shape.features) + " features");
  } else if (static_cast<int64_t>(coefficients.size()) != shape.features) {
    throw Error("attribute 'coefficients' has " + std::to_string(coefficients.size()) + " values for " +
                std::to_string(shape.features) + " features");
  }
  Tensor y = Tensor::zeros(ElementType::Float, {shape.rows, 1});
  float* out = reinterpret_cast<float*>(y.mutable_data());
  std::vector<long double> row;
  for (int64_t n = 0; n < shape.rows; ++n) {
    ml::read_feature_row(x, n, shape.features, row);
    ExactSum score;
    if (supports > 0) {
      for (int64_t j = 0; j < supports; ++j) {
        const double k = ml::svm_kernel_value(kernel, params, row, vectors.data() + j * shape.features);
        ml::add_exact_product(score, k, coefficients[static_cast<size_t>(j)]);
      }
    } else {
      for (int64_t f = 0; f < shape.features; ++f)
        ml::add_exact_product(score, row[static_cast<size_t>(f)], coefficients[static_cast<size_t>(f)]);
    }
    score.add(m.rho);
    const float s = static_cast<float>(ml::round_sum(score, numeric::Format::Float));
    out[n] = m.one_class ? (s > 0 ? 1.0f : -1.0f) : s;
  }
  return {ml::apply_post_transform(y, m.transform)};
}

}  // namespace

void register_ml_svm_regressor(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "SVMRegressor";
  v.since_version = 1;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "tensor(float)"}};
  v.attributes = {{"coefficients", AttrType::Floats},
                  {"kernel_params", AttrType::Floats},
                  {"kernel_type", AttrType::String, false, std::string("LINEAR")},
                  {"n_supports", AttrType::Int, false, int64_t{0}},
                  {"one_class", AttrType::Int, false, int64_t{0}},
                  {"post_transform", AttrType::String, false, std::string("NONE")},
                  {"rho", AttrType::Floats},
                  {"support_vectors", AttrType::Floats}};
  v.type_constraints = {{"T", ml::kMlFeatureTypes}, {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
  v.set_kernel(svm_regressor_model, svm_regressor_compute);
  registry.add(std::move(v));
  registry.declare_accuracy("SVMRegressor",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "each kernel's exact dot product rounded to double, gamma*d + coef0 rounded once, "
                             "pow/exp/tanh correctly rounded, the exact weighted sum plus rho rounded once"},
                            {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
