// ONNX InstanceNormalization, every version (1, 6, 22).
//   1: float16, float, double; consumed_inputs (optional, ignored), epsilon.  6: without
//   consumed_inputs.  22: + bfloat16.
// y = scale * (x - mean) / sqrt(variance + epsilon) + B, with the mean and population variance of
// each instance: one (n, c) over the spatial axes of input [N, C, D1, ...] (rank 3 or more);
// scale and B have shape [C].
// Contract: rounded at named points (ops/normalization/normalization.h): exact statistics rounded
// once to double, every step rounded to double, the result rounded once to the output type.
#include "ops/attribute_specs.h"
#include "ops/normalization/normalization.h"
#include "ops/normalization/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// The kernel takes `epsilon`, parsed at load.
std::vector<Value> instance_normalization(const KernelContext& ctx, float epsilon) {
  using namespace normalization;
  const Tensor& x = ctx.input(0);
  if (x.rank() < 3) throw Error("input must have rank 3 or more [N, C, D1, ...], but it is " + x.describe());
  const int64_t channels = x.shape()[1];
  require_shape(ctx.input(1), {channels}, "scale");
  require_shape(ctx.input(2), {channels}, "B");
  const MemoryCharge widened_charge = charge_scratch<double>(2 * static_cast<uint64_t>(x.element_count() + channels),
                                                             "InstanceNormalization's widened input and result");
  const std::vector<double> xs = widen_elements(x), scale = widen_elements(ctx.input(1)),
                            bias = widen_elements(ctx.input(2));
  int64_t size = 1;
  for (size_t i = 2; i < x.shape().size(); ++i) size *= x.shape()[i];
  std::vector<double> y(xs.size());
  const int64_t instances = x.shape()[0] * channels;
  for (int64_t k = 0; k < instances && size > 0; ++k) {
    const std::span<const double> group(xs.data() + k * size, static_cast<size_t>(size));
    const MeanVariance stats = mean_variance(group);
    const double deviation = standard_deviation(stats.variance, epsilon);
    const int64_t c = k % channels;
    for (int64_t i = 0; i < size; ++i)
      y[k * size + i] = normalize_value(group[i], stats.mean, deviation, scale[c], bias[c]);
  }
  return {narrow_elements(x.type(), x.shape(), y)};
}

OpVersion instance_normalization_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "InstanceNormalization";
  v.since_version = since;
  v.inputs = {{"input", "T"}, {"scale", "T"}, {"B", "T"}};
  v.outputs = {{"output", "T"}};
  if (since == 1) v.attributes.push_back({"consumed_inputs", AttrType::Ints, false, std::nullopt, /*ignored=*/true});
  v.attributes.push_back(float_attribute("epsilon", 1e-5f));
  v.type_constraints = {{"T", types}};
  v.set_kernel([](const Attributes& attrs) { return std::get<float>(attrs.get("epsilon")); }, instance_normalization);
  return v;
}

}  // namespace

void register_instance_normalization(Registry& registry) {
  registry.add(instance_normalization_version(1, type_sets::kFloats));
  registry.add(instance_normalization_version(6, type_sets::kFloats));
  registry.add(instance_normalization_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy(
      "InstanceNormalization",
      {AccuracyKind::RoundedAtNamedPoints,
       "statistics exact, rounded once to double; each step of the formula rounded to double; the result once to T"});
}

}  // namespace onnx_ref
