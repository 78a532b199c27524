// ONNX LayerNormalization, every version (17): X normalized over its axes [axis, rank), then
// scaled and shifted: Y = (X - Mean) * InvStdDev * Scale + B, Scale and the optional B
// unidirectionally broadcast to X. The optional outputs Mean and InvStdDev have shape
// [d0, ..., d(axis-1), 1, ..., 1] and the type stash_type names: 1 (float, the default) or 16
// (bfloat16), the two the constraint U allows; any other value is refused.
// Contract: rounded at named points. Stage one (the standardization, whose precision stash_type
// names) is computed in double, more precise than any stash type: Mean is the exact mean rounded
// once to double, the variance the exact mean of the squared deviations from it rounded once
// (ops/normalization/normalization.h), InvStdDev = 1 / sqrt(variance + epsilon) and
// Normalized = (X - Mean) * InvStdDev with each step rounded to double. Stage two follows the
// spec's function body in T: Normalized cast to T, times Scale rounded to T, plus B rounded to T
// (each correctly rounded). Mean and InvStdDev are their doubles rounded once to the stash type.
#include <algorithm>
#include <array>
#include <limits>

#include "ops/attribute_specs.h"
#include "ops/axis.h"
#include "ops/broadcast.h"
#include "ops/float_dispatch.h"
#include "ops/normalization/normalization.h"
#include "ops/normalization/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

ElementType layer_normalization_stash_type(const Attributes& attrs) {
  const int64_t stash = attrs.get_int("stash_type");
  if (stash == 1) return ElementType::Float;
  if (stash == 16) return ElementType::BFloat16;
  throw Error("stash_type = " + std::to_string(stash) + " is not a type U allows (1: float, 16: bfloat16)");
}

// Scale or B as doubles. When it varies only along the normalized axes [axis, rank) (its shape,
// right-aligned to X's, is 1 before `axis`: the usual case) one group's worth is enough, and
// `periodic` says so; otherwise it is broadcast to X's whole shape. Errors name X's shape.
std::vector<double> layer_normalization_parameter(const Tensor& param, const Shape& x_shape, int64_t axis,
                                                  const char* name, bool& periodic, MemoryCharge& charge) {
  const int64_t lead = static_cast<int64_t>(x_shape.size()) - param.rank();
  periodic = true;
  for (int64_t i = 0; i < param.rank(); ++i)
    if (lead + i < axis && param.shape()[static_cast<size_t>(i)] != 1) periodic = false;
  if (periodic && lead >= 0) {
    Shape group_shape = x_shape;
    for (int64_t i = 0; i < axis; ++i) group_shape[static_cast<size_t>(i)] = 1;
    try {
      charge =
          charge_scratch<double>(static_cast<uint64_t>(param.element_count() + *checked_element_count(group_shape)),
                                 "LayerNormalization's broadcast " + std::string(name));
      return normalization::broadcast_parameter(param, group_shape, name);
    } catch (const Error&) {
      // Falls through to the whole shape, whose message names X's shape.
    }
  }
  periodic = false;
  charge.reset();
  charge = charge_scratch<double>(static_cast<uint64_t>(param.element_count() + *checked_element_count(x_shape)),
                                  "LayerNormalization's broadcast " + std::string(name));
  return normalization::broadcast_parameter(param, x_shape, name);
}

// LayerNormalization's attributes, parsed at load (stash_type a type U allows).
struct LayerNormalizationParams {
  int64_t axis = -1;
  ElementType stash = ElementType::Float;
  float epsilon = 0;
};

LayerNormalizationParams parse_layer_normalization_params(const Attributes& attrs) {
  return {attrs.get_int("axis"), layer_normalization_stash_type(attrs), std::get<float>(attrs.get("epsilon"))};
}

std::vector<Value> layer_normalization(const KernelContext& ctx, const LayerNormalizationParams& params) {
  using namespace normalization;
  const Tensor& x = ctx.input(0);
  const int64_t rank = x.rank();
  if (rank == 0) throw Error("input X must have rank 1 or more, but it is a scalar");
  const int64_t axis = normalize_axis(params.axis, rank, AxisRange::Signed);
  const ElementType stash = params.stash;
  const float epsilon = params.epsilon;
  bool scale_periodic = false, bias_periodic = false;
  MemoryCharge scale_charge, bias_charge;
  const std::vector<double> scale =
      layer_normalization_parameter(ctx.input(1), x.shape(), axis, "Scale", scale_periodic, scale_charge);
  const bool has_bias = ctx.has_input(2);
  const std::vector<double> bias =
      has_bias ? layer_normalization_parameter(ctx.input(2), x.shape(), axis, "B", bias_periodic, bias_charge)
               : std::vector<double>{};
  int64_t rows = 1, cols = 1;
  for (int64_t i = 0; i < rank; ++i) (i < axis ? rows : cols) *= x.shape()[i];
  const MemoryCharge statistics_charge =
      charge_scratch<double>(2 * static_cast<uint64_t>(rows), "LayerNormalization's statistics");
  std::vector<double> means(static_cast<size_t>(rows)), inverse(static_cast<size_t>(rows));
  Tensor y = Tensor::uninitialized(x.type(), x.shape());
  // Group by group (rows split over the threads; each group's result depends on it alone), with
  // one group widened to double at a time instead of the whole tensor.
  dispatch_float(x.type(), "LayerNormalization", [&](auto tag) {
    using S = typename decltype(tag)::type;
    if (cols == 0) return;
    const S* in = x.data_as<S>();
    S* out = reinterpret_cast<S*>(y.mutable_data());
    parallel_for(rows, std::max<int64_t>(1, (int64_t{1} << 15) / cols), [&](int64_t r0, int64_t r1) {
      const MemoryCharge group_charge =
          charge_scratch<double>(static_cast<uint64_t>(cols), "LayerNormalization's widened group");
      std::vector<double> group(static_cast<size_t>(cols));
      for (int64_t r = r0; r < r1; ++r) {
        const int64_t base = r * cols;
        for (int64_t i = 0; i < cols; ++i) group[static_cast<size_t>(i)] = widen(in[base + i]);
        const MeanVariance stats = mean_variance(group);
        means[static_cast<size_t>(r)] = stats.mean;
        const double inv = 1 / standard_deviation(stats.variance, epsilon);
        inverse[static_cast<size_t>(r)] = inv;
        const double* sc = scale.data() + (scale_periodic ? 0 : base);
        const double* bi = has_bias ? bias.data() + (bias_periodic ? 0 : base) : nullptr;
        for (int64_t i = 0; i < cols; ++i) {
          const double normalized = (group[static_cast<size_t>(i)] - stats.mean) * inv;
          const S scaled = narrow<S>(widen(narrow<S>(normalized)) * sc[i]);
          out[base + i] = bi ? narrow<S>(widen(scaled) + bi[i]) : scaled;
        }
      }
    });
  });
  std::vector<Value> result{y};
  if (ctx.output_count() > 1) {
    Shape stat_shape(x.shape().begin(), x.shape().begin() + axis);
    stat_shape.resize(static_cast<size_t>(rank), 1);
    if (cols == 0) {  // the statistics of empty groups: 0/0
      std::fill(means.begin(), means.end(), std::numeric_limits<double>::quiet_NaN());
      std::fill(inverse.begin(), inverse.end(), std::numeric_limits<double>::quiet_NaN());
    }
    result.push_back(narrow_elements(stash, stat_shape, means));
    if (ctx.output_count() > 2) result.push_back(narrow_elements(stash, stat_shape, inverse));
  }
  return result;
}

}  // namespace

void register_layer_normalization(Registry& registry) {
  OpVersion v;
  v.op_type = "LayerNormalization";
  v.since_version = 17;
  v.inputs = {{"X", "T"}, {"Scale", "T"}, {"B", "T", ParamOption::Optional}};
  v.outputs = {{"Y", "T"}, {"Mean", "U", ParamOption::Optional}, {"InvStdDev", "U", ParamOption::Optional}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{-1}},
                  float_attribute("epsilon", 1e-5f),
                  {"stash_type", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T", type_sets::kFloatsIR4}, {"U", TypeSet{ElementType::BFloat16, ElementType::Float}}};
  v.attribute_type = [](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != "U") return std::nullopt;
    return layer_normalization_stash_type(attrs);
  };
  v.set_kernel(parse_layer_normalization_params, layer_normalization);
  registry.add(std::move(v));
  registry.declare_accuracy("LayerNormalization", {AccuracyKind::RoundedAtNamedPoints,
                                                   "stage one in double from exact statistics, each step rounded to "
                                                   "double; stage two in T, each step rounded once"});
}

}  // namespace onnx_ref
