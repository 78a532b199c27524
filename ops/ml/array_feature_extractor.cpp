// ai.onnx.ml ArrayFeatureExtractor-1: Z[..., k] = X[..., Y[k]], the indices Y (int64, any shape,
// read flat) selecting along X's last axis; a 1-D X gives Z of shape [1, len(Y)] (as ONNX's
// reference and onnxruntime). Contract: exact (elements are copied, never converted). Every index
// must lie in [0, last dimension).
#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

std::vector<Value> array_feature_extractor_kernel(const KernelContext& ctx) {
  const Tensor& x = ctx.input(0);
  const Tensor& indices = ctx.input(1);
  if (x.rank() < 1) throw Error("X must have at least one dimension, got a scalar");
  const int64_t last = x.shape().back();
  const int64_t picks = indices.element_count();
  const int64_t* idx = indices.data_as<int64_t>();
  for (int64_t k = 0; k < picks; ++k)
    if (idx[k] < 0 || idx[k] >= last)
      throw Error("index " + std::to_string(idx[k]) + " (Y[" + std::to_string(k) +
                  "]) is outside X's last dimension of " + std::to_string(last));
  Shape shape = x.shape();
  shape.back() = picks;
  if (x.rank() == 1) shape = {1, picks};
  Tensor z = Tensor::zeros(x.type(), shape);
  const int64_t rows = last == 0 ? 0 : x.element_count() / last;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t k = 0; k < picks; ++k) copy_elements(x, r * last + idx[k], z, r * picks + k, 1);
  return {z};
}

}  // namespace

void register_ml_array_feature_extractor(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "ArrayFeatureExtractor";
  v.since_version = 1;
  v.inputs = {{"X", "T"}, {"Y", "tensor(int64)"}};
  v.outputs = {{"Z", "T"}};
  v.type_constraints = {{"T", ml::kMlFeatureTypes.with({ElementType::String})},
                        {"tensor(int64)", TypeSet{ElementType::Int64}, "tensor(int64)"}};
  v.kernel = array_feature_extractor_kernel;
  registry.add(std::move(v));
  registry.declare_accuracy("ArrayFeatureExtractor", {AccuracyKind::Exact, "the selected elements, copied"}, {},
                            "ai.onnx.ml");
}

}  // namespace onnx_ref
