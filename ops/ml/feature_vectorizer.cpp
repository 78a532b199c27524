// ai.onnx.ml FeatureVectorizer-1: concatenates its inputs ([N, C_i], or [C_i] as [1, C_i]) along
// the second axis into Y [N, sum C_i] (float). inputdimensions gives each input's C_i, which must
// be its real last dimension; every input has the same N.
//
// Contract: correctly rounded (each element converted once to float; float input is copied).
#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// The kernel takes `inputdimensions`, read at load.
std::vector<Value> feature_vectorizer_kernel(const KernelContext& ctx, const std::vector<int64_t>& dims) {
  if (dims.size() != ctx.input_count())
    throw Error("attribute 'inputdimensions' has " + std::to_string(dims.size()) + " values for " +
                std::to_string(ctx.input_count()) + " inputs");
  int64_t rows = -1, width = 0;
  for (size_t i = 0; i < ctx.input_count(); ++i) {
    const ml::FeatureRows shape = ml::feature_rows(ctx.input(i), "each input");
    if (shape.features != dims[i])
      throw Error("input " + std::to_string(i) + " has " + std::to_string(shape.features) +
                  " features but 'inputdimensions' says " + std::to_string(dims[i]));
    if (rows >= 0 && shape.rows != rows)
      throw Error("input " + std::to_string(i) + " has " + std::to_string(shape.rows) + " rows, input 0 " +
                  std::to_string(rows));
    rows = shape.rows;
    if (__builtin_add_overflow(width, shape.features, &width)) throw Error("the inputs' features add up beyond int64");
  }
  Tensor y = Tensor::zeros(ElementType::Float, {rows < 0 ? 0 : rows, width});
  float* out = reinterpret_cast<float*>(y.mutable_data());
  int64_t column = 0;
  for (size_t i = 0; i < ctx.input_count(); ++i) {
    const Tensor& x = ctx.input(i);
    const int64_t c = dims[i];
    dispatch_real(x.type(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      if constexpr (std::is_arithmetic_v<S>) {
        const S* in = x.template data_as<S>();
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t k = 0; k < c; ++k) out[r * width + column + k] = static_cast<float>(in[r * c + k]);
      }
    });
    column += c;
  }
  return {y};
}

}  // namespace

void register_ml_feature_vectorizer(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "FeatureVectorizer";
  v.since_version = 1;
  v.inputs = {{"X", "T1", ParamOption::Variadic}};
  v.outputs = {{"Y", "tensor(float)"}};
  v.attributes = {{"inputdimensions", AttrType::Ints}};
  v.type_constraints = {{"T1", ml::kMlFeatureTypes}, {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
  v.set_kernel([](const Attributes& attrs) { return ml::ints_or_empty(attrs, "inputdimensions"); },
               feature_vectorizer_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("FeatureVectorizer", {AccuracyKind::CorrectlyRounded, "each element rounded once to float"},
                            {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
