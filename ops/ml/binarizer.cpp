// ai.onnx.ml Binarizer-1: Y = 1 where X > threshold, else 0 (same type and shape as X: double,
// float, int32, int64). Contract: exact. The float threshold is compared with each element exactly
// (int64 elements are not rounded first); a NaN element is not greater, so it gives 0.
#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// The kernel takes `threshold`, parsed at load.
std::vector<Value> binarizer_kernel(const KernelContext& ctx, float threshold_attr) {
  const Tensor& x = ctx.input(0);
  const long double threshold = threshold_attr;
  Tensor y = Tensor::zeros(x.type(), x.shape());
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_arithmetic_v<S>) {
      const S* in = x.template data_as<S>();
      S* out = reinterpret_cast<S*>(y.mutable_data());
      for (int64_t i = 0; i < x.element_count(); ++i)
        out[i] = static_cast<long double>(in[i]) > threshold ? S(1) : S(0);
    }
  });
  return {y};
}

}  // namespace

void register_ml_binarizer(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "Binarizer";
  v.since_version = 1;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"threshold", AttrType::Float, false, 0.0f}};
  v.type_constraints = {{"T", ml::kMlFeatureTypes}};
  v.set_kernel([](const Attributes& attrs) { return std::get<float>(attrs.get("threshold")); }, binarizer_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("Binarizer", {AccuracyKind::Exact, "a comparison with the threshold"}, {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
