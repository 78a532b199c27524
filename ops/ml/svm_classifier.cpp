// ai.onnx.ml SVMClassifier-1: Y[N] (labels, int64 or string) and Z[N, *] (float scores) from X
// [N, F] or [F]. The spec text names the attributes and says Z holds raw scores, or probabilities
// when prob_a and prob_b are given; the rest follows libsvm's models as onnxruntime runs them (and
// ONNX's reference, where it agrees), with the departures listed below.
//
// Exactly one of classlabels_ints and classlabels_strings gives the K >= 2 classes.
//  - Support vector mode (vectors_per_class sums to V > 0): vectors_per_class has K counts, class c
//    owning support vectors [s_c, s_c + count_c) of the V rows of F in support_vectors; the
//    coefficients are K - 1 rows of V (libsvm's dual coefficients); rho has one value per pair.
//    Pair p = (i, j), i < j in the order (0,1), (0,2), ..., (1,2), ..., has the decision value
//      d_p = sum_{m of class i} coef[j - 1][m] K(x, sv_m) + sum_{m of class j} coef[i][m] K(x, sv_m)
//            + rho[p]
//    (kernels: ops/ml/svm_kernel.h). d_p > 0 is a vote for class i, otherwise (0 and NaN included)
//    for class j; Y is the label of the class with the most votes, the lowest index among equals.
//     - Without prob_a/prob_b: K = 2 gives Z[N, 2] = [-d, d] (libsvm's binary sign: d > 0 chose
//       class 0); K > 2 gives the K(K-1)/2 decision values Z[N, pairs]. The spec text says "one
//       per class", but a one-vs-one machine has no per-class raw score: onnxruntime, ONNX's
//       reference and the converters (skl2onnx builds its one-vs-rest scores from these) all read
//       the pairwise values, so Z keeps them (K = 3 gives 3 either way).
//     - With prob_a and prob_b (one value per pair each), Platt scaling gives
//       r_ij = 1 / (1 + e^(A_p d_p + B_p)) clamped to [1e-7, 1 - 1e-7], r_ji = 1 - r_ij, and the
//       pairwise coupling of Wu, Lin and Weng (libsvm's multiclass_probability: minimise p^T Q p
//       over the simplex by coordinate steps, at most max(100, K) sweeps, stopping when every
//       |(Qp)_t - p^T Q p| < 0.005 / K) gives Z[N, K], the class probabilities. Y still comes from
//       the votes (as onnxruntime), not from the probabilities.
//  - Linear mode (no support vectors): the coefficients are K rows of F and Z[N, K] holds
//    x . row_c + rho[0] for each class (rho[0] for every class, as onnxruntime and ONNX's reference
//    do; rho may hold 1 or K values); Y is the label of the first largest score (NaN counts as the
//    largest, as numpy's argmax). prob_a/prob_b are not used: the spec defines no pairwise decision
//    values to scale without support vectors (both runtimes ignore them too). kernel_type must be
//    LINEAR: another kernel without support vectors is refused rather than silently dropped.
// post_transform then applies to Z's rows as in the other ml classifiers (ops/ml/ml_rules.h); for
// K = 2 without probabilities it applies to the pair [-d, d] (as ONNX's reference; PROBIT included,
// elementwise, so Z stays [N, 2]).
// Departures, where a runtime's behaviour looks accidental: Platt scaling and the coupling run in
// double as libsvm's (onnxruntime: float); binary Y follows the votes whatever the coefficients'
// signs, as onnxruntime (ONNX's reference picks class 1 when all coefficients are >= 0); the linear
// mode's binary Y is the first largest score (onnxruntime picks class 1 whenever the largest score
// is > 0); PROBIT is the correctly rounded inverse normal, not onnxruntime's approximation (ONNX's
// reference tests, checked against onnxruntime, differ from it by up to 3e-3 there). The same
// tests' other outputs (binary RBF with and without probabilities, the linear mode, binary LINEAR
// support vectors, under every post_transform) agree within their tolerance.
//
// Contract: rounded at named points. Each kernel value as ops/ml/svm_kernel.h rounds it (to double);
// each decision value and linear score is the exact sum rounded once (to float for Z; the vote
// takes the sign of the exact sum rounded to double, so it is exact); A d + B is exact from d
// rounded to double, rounded once; r is the correctly rounded logistic; the coupling is the fixed
// sequence of double steps described in svm_couple_probabilities, each product sum exact and rounded
// once, each other operation an IEEE double operation; each probability is rounded once to float.
#include <algorithm>
#include <cmath>
#include <limits>

#include "numeric/elementary.h"
#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "ops/ml/svm_kernel.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

struct SvmClassifierModel {
  std::vector<int64_t> int_labels;
  std::vector<std::string> string_labels;
  int64_t classes = 0, pairs = 0;
  ml::SvmKernel kernel = ml::SvmKernel::Linear;
  ml::SvmKernelParams params;
  ml::PostTransform transform = ml::PostTransform::None;
  std::vector<float> coefficients, support_vectors, rho, prob_a, prob_b;
  std::vector<int64_t> vectors_per_class, first_vector;
  int64_t vectors = 0;   // V, the number of support vectors (0: linear mode)
  int64_t features = 0;  // the length of a support vector (support vector mode only)
  bool probabilities() const { return vectors > 0 && !prob_a.empty(); }
};

std::string svm_classifier_count(size_t n) { return std::to_string(n); }

// Every attribute rule of the spec and of the model's layout, checked before a row is read.
SvmClassifierModel svm_classifier_model(const Attributes& attrs) {
  SvmClassifierModel m;
  m.transform = ml::post_transform_from_name(std::get<std::string>(attrs.get("post_transform")));
  m.kernel = ml::svm_kernel_type(attrs);
  m.params = ml::svm_kernel_params(attrs);
  m.int_labels = ml::ints_or_empty(attrs, "classlabels_ints");
  m.string_labels = ml::strings_or_empty(attrs, "classlabels_strings");
  if (m.int_labels.empty() == m.string_labels.empty())
    throw Error("exactly one of attributes 'classlabels_ints' and 'classlabels_strings' must be set");
  m.classes = static_cast<int64_t>(m.int_labels.empty() ? m.string_labels.size() : m.int_labels.size());
  if (m.classes < 2) throw Error("a classifier needs at least 2 class labels, got " + std::to_string(m.classes));
  m.pairs = m.classes * (m.classes - 1) / 2;  // no overflow: the labels are in memory
  m.coefficients = ml::floats_or_empty(attrs, "coefficients");
  m.support_vectors = ml::floats_or_empty(attrs, "support_vectors");
  m.rho = ml::floats_or_empty(attrs, "rho");
  m.prob_a = ml::floats_or_empty(attrs, "prob_a");
  m.prob_b = ml::floats_or_empty(attrs, "prob_b");
  m.vectors_per_class = ml::ints_or_empty(attrs, "vectors_per_class");
  if (m.prob_a.size() != m.prob_b.size())
    throw Error("attributes 'prob_a' and 'prob_b' have " + svm_classifier_count(m.prob_a.size()) + " and " +
                svm_classifier_count(m.prob_b.size()) + " values; they must have the same size");
  if (!m.vectors_per_class.empty() && static_cast<int64_t>(m.vectors_per_class.size()) != m.classes)
    throw Error("attribute 'vectors_per_class' has " + svm_classifier_count(m.vectors_per_class.size()) +
                " counts for " + std::to_string(m.classes) + " class labels");
  for (size_t c = 0; c < m.vectors_per_class.size(); ++c) {
    const int64_t count = m.vectors_per_class[c];
    if (count < 0)
      throw Error("attribute 'vectors_per_class' gives class " + std::to_string(c) + " a negative count " +
                  std::to_string(count));
    m.first_vector.push_back(m.vectors);
    if (__builtin_add_overflow(m.vectors, count, &m.vectors))
      throw Error("attribute 'vectors_per_class' sums beyond int64");
  }
  if (m.vectors == 0) {
    // Linear mode: K rows of F coefficients.
    if (m.kernel != ml::SvmKernel::Linear)
      throw Error("kernel_type " + quote_text(std::get<std::string>(attrs.get("kernel_type"))) +
                  " needs support vectors, but 'vectors_per_class' gives none (the linear mode is LINEAR)");
    if (!m.support_vectors.empty())
      throw Error("attribute 'support_vectors' has " + svm_classifier_count(m.support_vectors.size()) +
                  " values, but 'vectors_per_class' gives no support vectors");
    if (m.coefficients.empty() || static_cast<int64_t>(m.coefficients.size()) % m.classes != 0)
      throw Error("attribute 'coefficients' has " + svm_classifier_count(m.coefficients.size()) + " values, not " +
                  std::to_string(m.classes) + " class rows of features");
    if (m.rho.size() != 1 && static_cast<int64_t>(m.rho.size()) != m.classes)
      throw Error("attribute 'rho' has " + svm_classifier_count(m.rho.size()) + " values, not 1 or " +
                  std::to_string(m.classes) + " (one per class; rho[0] is added to every class score)");
    return m;
  }
  const auto sv_count = static_cast<int64_t>(m.support_vectors.size());
  if (sv_count == 0 || sv_count % m.vectors != 0)
    throw Error("attribute 'support_vectors' has " + std::to_string(sv_count) +
                " values, not a whole number of features for each of the " + std::to_string(m.vectors) +
                " support vectors 'vectors_per_class' gives");
  m.features = sv_count / m.vectors;
  int64_t expected = 0;
  if (__builtin_mul_overflow(m.classes - 1, m.vectors, &expected) ||
      static_cast<int64_t>(m.coefficients.size()) != expected)
    throw Error("attribute 'coefficients' has " + svm_classifier_count(m.coefficients.size()) + " values, not " +
                std::to_string(m.classes - 1) + " x " + std::to_string(m.vectors) +
                " (classes - 1 rows of one per support vector)");
  if (static_cast<int64_t>(m.rho.size()) != m.pairs)
    throw Error("attribute 'rho' has " + svm_classifier_count(m.rho.size()) + " values, not " +
                std::to_string(m.pairs) + " (one per pair of the " + std::to_string(m.classes) + " classes)");
  if (!m.prob_a.empty() && static_cast<int64_t>(m.prob_a.size()) != m.pairs)
    throw Error("attributes 'prob_a' and 'prob_b' have " + svm_classifier_count(m.prob_a.size()) + " values, not " +
                std::to_string(m.pairs) + " (one per pair of the " + std::to_string(m.classes) + " classes)");
  return m;
}

// r_ij = 1 / (1 + e^(A d + B)), the logistic of -(A d + B), clamped to [1e-7, 1 - 1e-7] as libsvm.
double svm_platt_probability(double d, double a, double b) {
  ExactSum t;
  ml::add_exact_product(t, d, a);
  t.add(b);
  const double f = ml::round_sum(t, numeric::Format::Double);
  double r = numeric::sigmoid<double>(-f);
  const double lowest = 1e-7, highest = 1 - 1e-7;
  if (r < lowest) r = lowest;
  if (r > highest) r = highest;
  return r;
}

// sum_j a[j] b[j], exact, rounded once to double.
double svm_exact_dot(const double* a, const double* b, int64_t n) {
  ExactSum s;
  for (int64_t j = 0; j < n; ++j) ml::add_exact_product(s, a[j], b[j]);
  return ml::round_sum(s, numeric::Format::Double);
}

// The pairwise coupling: r is K x K (r[i][j] = P(class i | i or j), diagonal unused), p gets the K
// class probabilities. Q[t][t] = sum_{j != t} r[j][t]^2 and Q[t][j] = -r[j][t] r[t][j], each exact
// and rounded once. From p = 1/K, each sweep first recomputes Qp and pQp (exact dot products
// rounded once) and stops when max_t |Qp[t] - pQp| < 0.005 / K; otherwise for t = 0..K-1:
// diff = (pQp - Qp[t]) / Q[t][t], p[t] += diff, s = 1 + diff,
// pQp = fma(diff, fma(diff, Q[t][t], 2 Qp[t]), pQp) / s / s, Qp[j] = fma(diff, Q[t][j], Qp[j]) / s
// and p[j] /= s for every j; each operation is one IEEE double operation (fma rounded once).
void svm_couple_probabilities(int64_t k, const std::vector<double>& r, std::vector<double>& p) {
  const auto K = static_cast<size_t>(k);
  for (size_t i = 0; i < K * K; ++i)
    if (i % (K + 1) != 0 && std::isnan(r[i])) {  // a NaN decision value: no probability to give
      p.assign(K, std::numeric_limits<double>::quiet_NaN());
      return;
    }
  std::vector<double> q(K * K), qp(K);
  for (size_t t = 0; t < K; ++t) {
    ExactSum diagonal;
    for (size_t j = 0; j < K; ++j) {
      if (j == t) continue;
      ml::add_exact_product(diagonal, r[j * K + t], r[j * K + t]);
      if (j > t)
        q[t * K + j] = -(r[j * K + t] * r[t * K + j]);
      else
        q[t * K + j] = q[j * K + t];
    }
    q[t * K + t] = ml::round_sum(diagonal, numeric::Format::Double);
  }
  p.assign(K, 1.0 / static_cast<double>(k));
  const double eps = 0.005 / static_cast<double>(k);
  const int64_t sweeps = std::max<int64_t>(100, k);
  for (int64_t sweep = 0; sweep < sweeps; ++sweep) {
    for (size_t t = 0; t < K; ++t) qp[t] = svm_exact_dot(q.data() + t * K, p.data(), k);
    double pqp = svm_exact_dot(p.data(), qp.data(), k);
    double max_error = 0;
    for (size_t t = 0; t < K; ++t) {
      const double error = std::fabs(qp[t] - pqp);
      if (!(error <= max_error)) max_error = error;  // a NaN error (1 + diff was 0) never stops the sweeps
    }
    if (max_error < eps) break;
    for (size_t t = 0; t < K; ++t) {
      const double diff = (pqp - qp[t]) / q[t * K + t];
      p[t] += diff;
      const double s = 1 + diff;
      pqp = std::fma(diff, std::fma(diff, q[t * K + t], 2 * qp[t]), pqp) / s / s;
      for (size_t j = 0; j < K; ++j) {
        qp[j] = std::fma(diff, q[t * K + j], qp[j]) / s;
        p[j] /= s;
      }
    }
  }
}

// The first largest score of a row (a NaN counts as the largest).
int64_t svm_classifier_argmax(const float* row, int64_t count) {
  int64_t best = 0;
  for (int64_t c = 0; c < count; ++c) {
    if (std::isnan(row[c])) return c;
    if (row[c] > row[best]) best = c;
  }
  return best;
}

std::vector<Value> svm_classifier_kernel(const KernelContext& ctx, const SvmClassifierModel& m) {
  const Tensor& x = ctx.input(0);
  const ml::FeatureRows shape = ml::feature_rows(x, "X");
  const int64_t features = m.vectors == 0 ? static_cast<int64_t>(m.coefficients.size()) / m.classes : m.features;
  if (shape.features != features)
    throw Error("X has " + std::to_string(shape.features) + " features, the " +
                (m.vectors == 0 ? "coefficients " + std::to_string(features) + " per class"
                                : "support vectors " + std::to_string(features)));
  // features >= 1, so N is at most X's element count.
  const MemoryCharge winners_charge =
      charge_scratch<int64_t>(static_cast<uint64_t>(shape.rows), "SVMClassifier's winners");
  std::vector<int64_t> winners(static_cast<size_t>(shape.rows));
  Tensor z;
  if (m.vectors == 0) {
    z = ml::linear_scores(x, m.coefficients, std::vector<float>(static_cast<size_t>(m.classes), m.rho[0]), m.classes,
                          "classes");
    const float* scores = z.data_as<float>();
    for (int64_t n = 0; n < shape.rows; ++n)
      winners[static_cast<size_t>(n)] = svm_classifier_argmax(scores + n * m.classes, m.classes);
  } else {
    const bool probabilities = m.probabilities();
    const int64_t columns = probabilities ? m.classes : (m.classes == 2 ? 2 : m.pairs);
    z = Tensor::zeros(ElementType::Float, {shape.rows, columns});
    float* out = reinterpret_cast<float*>(z.mutable_data());
    const auto K = static_cast<size_t>(m.classes);
    std::vector<long double> row;
    std::vector<double> kernels(static_cast<size_t>(m.vectors)), r(probabilities ? K * K : 0), p;
    std::vector<int64_t> votes(K);
    for (int64_t n = 0; n < shape.rows; ++n) {
      ml::read_feature_row(x, n, shape.features, row);
      for (int64_t v = 0; v < m.vectors; ++v)
        kernels[static_cast<size_t>(v)] =
            ml::svm_kernel_value(m.kernel, m.params, row, m.support_vectors.data() + v * m.features);
      std::fill(votes.begin(), votes.end(), 0);
      float* z_row = out + n * columns;
      size_t pair = 0;
      for (size_t i = 0; i < K; ++i) {
        for (size_t j = i + 1; j < K; ++j, ++pair) {
          ExactSum d;
          const auto add_class = [&](size_t owner, size_t coefficient_row) {
            const auto first = static_cast<size_t>(m.first_vector[owner]);
            const auto count = static_cast<size_t>(m.vectors_per_class[owner]);
            const float* coefficients = m.coefficients.data() + coefficient_row * static_cast<size_t>(m.vectors);
            for (size_t s = first; s < first + count; ++s) ml::add_exact_product(d, kernels[s], coefficients[s]);
          };
          add_class(i, j - 1);
          add_class(j, i);
          d.add(m.rho[pair]);
          const double decision = ml::round_sum(d, numeric::Format::Double);
          ++votes[decision > 0 ? i : j];
          if (probabilities) {
            const double rij = svm_platt_probability(decision, m.prob_a[pair], m.prob_b[pair]);
            r[i * K + j] = rij;
            r[j * K + i] = 1 - rij;
          } else {
            const auto score = static_cast<float>(ml::round_sum(d, numeric::Format::Float));
            if (m.classes == 2) {
              z_row[0] = -score;
              z_row[1] = score;
            } else {
              z_row[pair] = score;
            }
          }
        }
      }
      if (probabilities) {
        svm_couple_probabilities(m.classes, r, p);
        for (size_t c = 0; c < K; ++c) z_row[c] = static_cast<float>(p[c]);
      }
      winners[static_cast<size_t>(n)] = std::max_element(votes.begin(), votes.end()) - votes.begin();
    }
  }
  z = ml::apply_post_transform(z, m.transform);
  if (!m.string_labels.empty()) {
    std::vector<std::string> text;
    text.reserve(winners.size());
    for (int64_t w : winners) text.push_back(m.string_labels[static_cast<size_t>(w)]);
    return {Tensor::from_strings({shape.rows}, std::move(text)), z};
  }
  std::vector<int64_t> ints;
  ints.reserve(winners.size());
  for (int64_t w : winners) ints.push_back(m.int_labels[static_cast<size_t>(w)]);
  return {Tensor::from_values<int64_t>(ElementType::Int64, {shape.rows}, ints), z};
}

}  // namespace

void register_ml_svm_classifier(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "SVMClassifier";
  v.since_version = 1;
  v.inputs = {{"X", "T1"}};
  v.outputs = {{"Y", "T2"}, {"Z", "tensor(float)"}};
  v.attributes = {{"classlabels_ints", AttrType::Ints},
                  {"classlabels_strings", AttrType::Strings},
                  {"coefficients", AttrType::Floats},
                  {"kernel_params", AttrType::Floats},
                  {"kernel_type", AttrType::String, false, std::string("LINEAR")},
                  {"post_transform", AttrType::String, false, std::string("NONE")},
                  {"prob_a", AttrType::Floats},
                  {"prob_b", AttrType::Floats},
                  {"rho", AttrType::Floats},
                  {"support_vectors", AttrType::Floats},
                  {"vectors_per_class", AttrType::Ints}};
  v.type_constraints = {{"T1", ml::kMlFeatureTypes},
                        {"T2", ml::kMlLabelTypes},
                        {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
  v.attribute_type = ml::classifier_label_type;
  v.set_kernel(svm_classifier_model, svm_classifier_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("SVMClassifier",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "kernel values as SVMRegressor's, each decision value the exact sum rounded once (votes "
                             "exact), Platt scaling correctly rounded, the pairwise coupling a fixed sequence of "
                             "double steps, each score rounded once to float; post_transform correctly rounded"},
                            {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
