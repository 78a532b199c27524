// ai.onnx.ml TreeEnsembleClassifier-1, -3 and -5 (5 is deprecated, the same operator as 3):
// Y[N] (the top class's label, int64 or string) and Z[N, classes] (float scores) from X [N, F] or
// [F] (double, float, int32, int64). Version 3 adds the *_as_tensor forms of base_values,
// class_weights, nodes_hitrates and nodes_values (setting both forms of one is refused). Exactly
// one of classlabels_int64s and classlabels_strings is set, with at least 2 labels; class_ids
// index it.
//
// Contract: rounded at named points. Score c is the exact sum of base_values[c] and every class
// vote for c that the row reaches, rounded once to float; post_transform is then the correctly
// rounded function of those floats (ops/ml/ml_rules.h). Binary case (2 labels and every vote for
// one class id, as ONNX's reference and onnxruntime): the score s (the votes plus base_values of
// that class id, or the single base value) is column 1, and column 0 is 1 - s for NONE and PROBIT,
// -s otherwise, each exact and rounded once. Y is the label of the first largest transformed score
// (a NaN counts as the largest, as numpy's argmax).
#include <cmath>

#include "ops/ml/register.h"
#include "ops/ml/tree_ensemble_engine.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

struct TreeClassifierModel {
  ml::Ensemble ensemble;
  std::vector<double> base_values;
  std::vector<int64_t> int_labels;
  std::vector<std::string> string_labels;
  int64_t classes = 0;
  bool binary = false;
  int64_t binary_class = 0;
};

TreeClassifierModel tree_classifier_model(const Attributes& attrs, bool tensor_forms) {
  TreeClassifierModel m;
  m.int_labels = ml::ints_or_empty(attrs, "classlabels_int64s");
  m.string_labels = ml::strings_or_empty(attrs, "classlabels_strings");
  if (m.int_labels.empty() == m.string_labels.empty())
    throw Error("exactly one of attributes 'classlabels_int64s' and 'classlabels_strings' must be set");
  m.classes = static_cast<int64_t>(m.int_labels.empty() ? m.string_labels.size() : m.int_labels.size());
  if (m.classes < 2) throw Error("the class labels must number at least 2, got " + std::to_string(m.classes));
  const ml::LegacyTreeLists lists = ml::read_legacy_tree_lists(attrs, tensor_forms, "class");
  m.ensemble = ml::legacy_ensemble(lists);
  m.ensemble.targets = m.classes;
  ml::check_ensemble(m.ensemble);
  m.base_values = ml::floats_or_tensor(attrs, "base_values", tensor_forms);
  const auto& ids = lists.vote_targets;
  m.binary =
      m.classes == 2 && !ids.empty() && std::all_of(ids.begin(), ids.end(), [&](int64_t c) { return c == ids[0]; });
  if (m.binary) m.binary_class = ids[0];
  const size_t bases = m.base_values.size();
  if (bases != 0 && bases != static_cast<size_t>(m.classes) && !(m.binary && bases == 1))
    throw Error("attribute 'base_values' has " + std::to_string(bases) + " values for " + std::to_string(m.classes) +
                " classes");
  return m;
}

// The trees, labels and post_transform, built and checked once, at load.
struct TreeClassifierParams {
  ml::PostTransform transform;
  TreeClassifierModel model;
};

TreeClassifierParams parse_tree_classifier(const Attributes& attrs, bool tensor_forms) {
  const ml::PostTransform transform = ml::post_transform_from_name(std::get<std::string>(attrs.get("post_transform")));
  return {transform, tree_classifier_model(attrs, tensor_forms)};
}

std::vector<Value> tree_ensemble_classifier_kernel(const KernelContext& ctx, const TreeClassifierParams& params) {
  const ml::PostTransform transform = params.transform;
  const TreeClassifierModel& m = params.model;
  const Tensor& x = ctx.input(0);
  const ml::FeatureRows shape = ml::feature_rows(x, "X");
  ml::check_ensemble_features(m.ensemble, shape.features);
  Tensor scores = Tensor::zeros(ElementType::Float, {shape.rows, m.classes});
  float* z = reinterpret_cast<float*>(scores.mutable_data());
  std::vector<long double> row;
  std::vector<ml::TreeVote> votes;
  const auto base = [&](int64_t c) {
    if (m.base_values.empty()) return 0.0;
    return m.base_values.size() == 1 ? m.base_values[0] : m.base_values[static_cast<size_t>(c)];
  };
  for (int64_t r = 0; r < shape.rows; ++r) {
    ml::read_feature_row(x, r, shape.features, row);
    ml::ensemble_row_votes(m.ensemble, row, votes);
    float* out = z + r * m.classes;
    if (m.binary) {
      ExactSum s, other;
      s.add(base(m.binary_class));
      for (const auto& v : votes) s.add(v.weight);
      const bool complement = transform == ml::PostTransform::None || transform == ml::PostTransform::Probit;
      if (complement) other.add(1.0);
      other.add(-base(m.binary_class));
      for (const auto& v : votes) other.add(-v.weight);
      out[1] = static_cast<float>(ml::round_sum(s, numeric::Format::Float));
      out[0] = static_cast<float>(ml::round_sum(other, numeric::Format::Float));
      continue;
    }
    for (int64_t c = 0; c < m.classes; ++c) {
      ExactSum s;
      s.add(base(c));
      for (const auto& v : votes)
        if (v.target == c) s.add(v.weight);
      out[c] = static_cast<float>(ml::round_sum(s, numeric::Format::Float));
    }
  }
  const Tensor z_out = ml::apply_post_transform(scores, transform);
  const float* zt = z_out.data_as<float>();
  const MemoryCharge top_charge =
      charge_scratch<int64_t>(static_cast<uint64_t>(shape.rows), "TreeEnsembleClassifier's winners");
  std::vector<int64_t> top(static_cast<size_t>(shape.rows));
  for (int64_t r = 0; r < shape.rows; ++r) {
    int64_t best = 0;
    for (int64_t c = 0; c < m.classes; ++c) {
      const float v = zt[r * m.classes + c];
      if (std::isnan(v)) {
        best = c;
        break;
      }
      if (v > zt[r * m.classes + best]) best = c;
    }
    top[static_cast<size_t>(r)] = best;
  }
  Tensor labels;
  if (!m.string_labels.empty()) {
    std::vector<std::string> text;
    for (int64_t t : top) text.push_back(m.string_labels[static_cast<size_t>(t)]);
    labels = Tensor::from_strings({shape.rows}, std::move(text));
  } else {
    std::vector<int64_t> ints;
    for (int64_t t : top) ints.push_back(m.int_labels[static_cast<size_t>(t)]);
    labels = Tensor::from_values<int64_t>(ElementType::Int64, {shape.rows}, ints);
  }
  return {labels, z_out};
}

}  // namespace

void register_ml_tree_ensemble_classifier(Registry& registry) {
  for (int since : {1, 3, 5}) {
    const bool tensor_forms = since >= 3;
    OpVersion v =
        ml::legacy_tree_version("TreeEnsembleClassifier", since, "class",
                                {{"classlabels_int64s", AttrType::Ints}, {"classlabels_strings", AttrType::Strings}});
    v.inputs = {{"X", "T1"}};
    v.outputs = {{"Y", "T2"}, {"Z", "tensor(float)"}};
    v.type_constraints = {{"T1", ml::kMlFeatureTypes},
                          {"T2", ml::kMlLabelTypes},
                          {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
    v.attribute_type = ml::classifier_label_type;
    v.set_kernel([tensor_forms](const Attributes& attrs) { return parse_tree_classifier(attrs, tensor_forms); },
                 tree_ensemble_classifier_kernel);
    registry.add(std::move(v));
  }
  registry.declare_accuracy(
      "TreeEnsembleClassifier",
      {AccuracyKind::RoundedAtNamedPoints,
       "the exact sum of the votes and base rounded once; post_transform correctly rounded on that score"},
      {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
