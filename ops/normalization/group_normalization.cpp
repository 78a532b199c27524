// ONNX GroupNormalization, every version (18, 21): the C channels of X (N, C, D1, ..., Dk) split
// into num_groups groups of C / num_groups channels; each (n, group) is normalized over its
// channels and spatial elements, then scaled and shifted:
//   Y = (X - mean) / sqrt(variance + epsilon) * scale + bias
// 18: scale and bias have one value per group (shape [num_groups]), as that version says.
// 21: one value per channel (shape [C]), and stash_type (1: float, 10: float16, 11: double,
//     16: bfloat16) names the precision of the function body's statistics.
// Contract: rounded at named points, those of ops/normalization/normalization.h: the mean and the
// variance are the exact statistics rounded once to double (no E[x^2] - E[x]^2 cancellation), each
// step of the formula is rounded to double, and the result once to the element type; this is at
// least as precise as any stash type.
#include <string>
#include <vector>

#include "ops/attribute_specs.h"
#include "ops/normalization/normalization.h"
#include "ops/normalization/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// GroupNormalization's attributes, parsed at load (num_groups at least 1; from 21 stash_type a
// floating type).
struct GroupNormalizationParams {
  int64_t groups = 1;
  float epsilon = 0;
  bool per_channel = false;  // 21: scale and bias per channel, not per group
};

GroupNormalizationParams parse_group_normalization_params(const Attributes& attrs, bool per_channel) {
  const int64_t groups = attrs.get_int("num_groups");
  if (groups < 1) throw Error("num_groups = " + std::to_string(groups) + " must be at least 1");
  if (per_channel) {
    const int64_t stash = attrs.get_int("stash_type");
    if (stash != 1 && stash != 10 && stash != 11 && stash != 16)
      throw Error("stash_type = " + std::to_string(stash) +
                  " is not a floating type (1: float, 10: float16, 11: double, 16: bfloat16)");
  }
  return {groups, std::get<float>(attrs.get("epsilon")), per_channel};
}

std::vector<Value> group_normalization(const KernelContext& ctx, const GroupNormalizationParams& params) {
  const bool per_channel = params.per_channel;
  using namespace normalization;
  const Tensor& x = ctx.input(0);
  if (x.rank() < 2) throw Error("input X must have rank 2 or more (N, C, ...), but it is " + x.describe());
  const int64_t groups = params.groups;
  const int64_t batches = x.shape()[0], channels = x.shape()[1];
  if (groups < 1 || channels % groups != 0)
    throw Error("num_groups = " + std::to_string(groups) + " must be at least 1 and divide the channel count " +
                std::to_string(channels));
  const Shape parameter_shape{per_channel ? channels : groups};
  require_shape(ctx.input(1), parameter_shape, "scale");
  require_shape(ctx.input(2), parameter_shape, "bias");
  if (x.element_count() == 0) return {Value(x)};  // nothing to normalize (and no loop over empty groups)
  const MemoryCharge widened_charge =
      charge_scratch<double>(2 * static_cast<uint64_t>(x.element_count() + ctx.input(1).element_count()),
                             "GroupNormalization's widened input and result");
  const std::vector<double> scale = widen_elements(ctx.input(1)), bias = widen_elements(ctx.input(2));
  const float epsilon = params.epsilon;
  int64_t inner = 1;
  for (int64_t d = 2; d < x.rank(); ++d) inner *= x.shape()[static_cast<size_t>(d)];
  const int64_t per_group = channels / groups;
  const int64_t group_size = per_group * inner;
  const std::vector<double> xs = widen_elements(x);
  std::vector<double> y(xs.size());
  for (int64_t n = 0; n < batches; ++n)
    for (int64_t g = 0; g < groups; ++g) {
      const int64_t base = (n * channels + g * per_group) * inner;  // a group's elements are contiguous
      const std::span<const double> members(xs.data() + base, static_cast<size_t>(group_size));
      const MeanVariance stats = mean_variance(members);
      const double deviation = standard_deviation(stats.variance, epsilon);
      for (int64_t k = 0; k < group_size; ++k) {
        const int64_t c = g * per_group + k / inner;
        const auto p = static_cast<size_t>(per_channel ? c : g);
        y[static_cast<size_t>(base + k)] =
            normalize_value(members[static_cast<size_t>(k)], stats.mean, deviation, scale[p], bias[p]);
      }
    }
  return {narrow_elements(x.type(), x.shape(), y)};
}

OpVersion group_normalization_version(int since) {
  OpVersion v;
  v.op_type = "GroupNormalization";
  v.since_version = since;
  v.inputs = {{"X", "T"}, {"scale", "T"}, {"bias", "T"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {float_attribute("epsilon", 1e-5f), {"num_groups", AttrType::Int, true}};
  v.type_constraints = {{"T", type_sets::kFloatsIR4}};
  const bool per_channel = since >= 21;
  if (per_channel) v.attributes.push_back({"stash_type", AttrType::Int, false, int64_t{1}});
  v.deprecated = since == 18;
  v.set_kernel([per_channel](const Attributes& attrs) { return parse_group_normalization_params(attrs, per_channel); },
               group_normalization);
  return v;
}

}  // namespace

void register_group_normalization(Registry& registry) {
  registry.add(group_normalization_version(18));
  registry.add(group_normalization_version(21));
  registry.declare_accuracy(
      "GroupNormalization",
      {AccuracyKind::RoundedAtNamedPoints,
       "statistics exact, rounded once to double; each step of the formula rounded to double; the result once to T"});
}

}  // namespace onnx_ref
