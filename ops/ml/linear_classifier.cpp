// ai.onnx.ml LinearClassifier-1: Y[N] (the top class's label, int64 or string) and Z[N, classes]
// (float scores) from X [N, F] or [F]. The coefficients hold R rows of F (R = their count / F);
// score r = X . row r + intercepts[r]. With one row and two labels (binary), Z is [-s, s]. Exactly
// one of classlabels_ints and classlabels_strings is set; R must equal the number of labels, or be 1
// with 2 labels. multi_class does not change the scores (as in ONNX's reference).
//
// Contract: rounded at named points. Each score is the exact dot product plus intercept rounded
// once to float (its negation is exact); post_transform is the correctly rounded function of those
// floats (ops/ml/ml_rules.h). Y is the label of the first largest transformed score (a NaN counts
// as the largest, as numpy's argmax).
#include <cmath>

#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// The model, read and checked once, at load; its fit to X's features is checked per call.
struct LinearClassifierModel {
  ml::PostTransform transform;
  std::vector<int64_t> int_labels;
  std::vector<std::string> string_labels;
  std::vector<float> coefficients, intercepts;
};

LinearClassifierModel linear_classifier_model(const Attributes& attrs) {
  LinearClassifierModel m;
  m.transform = ml::post_transform_from_name(std::get<std::string>(attrs.get("post_transform")));
  m.int_labels = ml::ints_or_empty(attrs, "classlabels_ints");
  m.string_labels = ml::strings_or_empty(attrs, "classlabels_strings");
  if (m.int_labels.empty() == m.string_labels.empty())
    throw Error("exactly one of attributes 'classlabels_ints' and 'classlabels_strings' must be set");
  m.coefficients = ml::floats_or_empty(attrs, "coefficients");
  m.intercepts = ml::floats_or_empty(attrs, "intercepts");
  return m;
}

std::vector<Value> linear_classifier_kernel(const KernelContext& ctx, const LinearClassifierModel& m) {
  const ml::PostTransform transform = m.transform;
  const auto& int_labels = m.int_labels;
  const auto& string_labels = m.string_labels;
  const auto classes = static_cast<int64_t>(int_labels.empty() ? string_labels.size() : int_labels.size());
  const Tensor& x = ctx.input(0);
  const ml::FeatureRows shape = ml::feature_rows(x, "X");
  const auto& coefficients = m.coefficients;
  const int64_t rows = shape.features == 0 ? 0 : static_cast<int64_t>(coefficients.size()) / shape.features;
  const bool binary = rows == 1 && classes == 2;
  if (rows != classes && !binary)
    throw Error("attribute 'coefficients' holds " + std::to_string(rows) + " rows of " +
                std::to_string(shape.features) + " features for " + std::to_string(classes) + " class labels");
  Tensor scores = ml::linear_scores(x, coefficients, m.intercepts, rows, "classes");
  if (binary) {
    Tensor two = Tensor::zeros(ElementType::Float, {shape.rows, 2});
    float* out = reinterpret_cast<float*>(two.mutable_data());
    const float* s = scores.data_as<float>();
    for (int64_t n = 0; n < shape.rows; ++n) {
      out[2 * n] = -s[n];
      out[2 * n + 1] = s[n];
    }
    scores = two;
  }
  const Tensor z = ml::apply_post_transform(scores, transform);
  const float* zt = z.data_as<float>();
  std::vector<int64_t> ints;
  std::vector<std::string> text;
  for (int64_t n = 0; n < shape.rows; ++n) {
    int64_t best = 0;
    for (int64_t c = 0; c < classes; ++c) {
      const float v = zt[n * classes + c];
      if (std::isnan(v)) {
        best = c;
        break;
      }
      if (v > zt[n * classes + best]) best = c;
    }
    if (string_labels.empty())
      ints.push_back(int_labels[static_cast<size_t>(best)]);
    else
      text.push_back(string_labels[static_cast<size_t>(best)]);
  }
  Tensor labels = string_labels.empty() ? Tensor::from_values<int64_t>(ElementType::Int64, {shape.rows}, ints)
                                        : Tensor::from_strings({shape.rows}, std::move(text));
  return {labels, z};
}

}  // namespace

void register_ml_linear_classifier(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "LinearClassifier";
  v.since_version = 1;
  v.inputs = {{"X", "T1"}};
  v.outputs = {{"Y", "T2"}, {"Z", "tensor(float)"}};
  v.attributes = {{"classlabels_ints", AttrType::Ints},
                  {"classlabels_strings", AttrType::Strings},
                  {"coefficients", AttrType::Floats, true},
                  {"intercepts", AttrType::Floats},
                  {"multi_class", AttrType::Int, false, int64_t{0}},
                  {"post_transform", AttrType::String, false, std::string("NONE")}};
  v.type_constraints = {{"T1", ml::kMlFeatureTypes},
                        {"T2", ml::kMlLabelTypes},
                        {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
  v.attribute_type = ml::classifier_label_type;
  v.set_kernel(linear_classifier_model, linear_classifier_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "LinearClassifier",
      {AccuracyKind::RoundedAtNamedPoints,
       "each score the exact dot product plus intercept rounded once; post_transform correctly rounded"},
      {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
