// ai.onnx.ml Normalizer-1: each row of X ([N, C], or [C] as one row) divided by its norm, Y float of
// X's shape; a zero divisor leaves the row as it is (Y = X). norm:
//  - MAX: the row's largest element, as the spec's max(X) and onnxruntime (not its magnitude);
//  - L1: the sum of |x|, L2: sqrt of the sum of x^2, the norms these names define (as onnxruntime,
//    ONNX's reference and scikit-learn; the spec's shorthand "X / sum(X)" and "sqrt(X^2 / sum(X^2))"
//    would divide by a signed sum and drop the signs).
// A NaN in the row makes its MAX divisor NaN.
//
// Contract: rounded at named points. MAX: x / max correctly rounded to float. L1: the sum of |x| is
// exact, rounded once to double; L2: the sum of x^2 is exact, rounded once to double, and its square
// root rounded to double (IEEE sqrt); then x / divisor is correctly rounded to float (the quotient
// of two exact long doubles rounded to 64 bits and then to float's 24, an innocuous double
// rounding).
#include <cmath>

#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

enum class NormalizerNorm { Max, L1, L2 };

NormalizerNorm normalizer_norm(const Attributes& attrs) {
  const auto& norm = std::get<std::string>(attrs.get("norm"));
  if (norm == "MAX") return NormalizerNorm::Max;
  if (norm == "L1") return NormalizerNorm::L1;
  if (norm == "L2") return NormalizerNorm::L2;
  throw Error("attribute 'norm' = " + quote_text(norm) + " is none of MAX, L1, L2");
}

std::vector<Value> normalizer_kernel(const KernelContext& ctx, NormalizerNorm norm) {
  const Tensor& x = ctx.input(0);
  const ml::FeatureRows shape = ml::feature_rows(x, "X");
  Tensor y = Tensor::zeros(ElementType::Float, x.shape());
  float* out = reinterpret_cast<float*>(y.mutable_data());
  std::vector<long double> row;
  for (int64_t r = 0; r < shape.rows; ++r) {
    ml::read_feature_row(x, r, shape.features, row);
    long double divisor = 0;
    if (norm == NormalizerNorm::Max) {
      divisor = -INFINITY;
      for (long double v : row) divisor = std::isnan(v) || std::isnan(divisor) ? NAN : std::max(divisor, v);
    } else {
      ExactSum sum;
      for (long double v : row) {
        if (norm == NormalizerNorm::L1) {
          ml::add_exact_product(sum, std::fabs(v), 1.0);
        } else {
          const double hi = static_cast<double>(v);
          ml::add_exact_product(sum, v, hi);
          ml::add_exact_product(sum, v, static_cast<double>(v - hi));
        }
      }
      const double total = sum.round_nearest();
      divisor = norm == NormalizerNorm::L1 ? total : std::sqrt(total);
    }
    for (int64_t f = 0; f < shape.features; ++f) {
      const long double v = row[static_cast<size_t>(f)];
      out[r * shape.features + f] = static_cast<float>(divisor == 0 ? v : v / divisor);
    }
  }
  return {y};
}

}  // namespace

void register_ml_normalizer(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "Normalizer";
  v.since_version = 1;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "tensor(float)"}};
  v.attributes = {{"norm", AttrType::String, false, std::string("MAX")}};
  v.type_constraints = {{"T", ml::kMlFeatureTypes}, {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
  v.set_kernel(normalizer_norm, normalizer_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "Normalizer",
      {AccuracyKind::RoundedAtNamedPoints,
       "the exact norm rounded to double (square root for L2), then each quotient correctly rounded"},
      {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
