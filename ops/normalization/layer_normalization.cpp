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

#include "ops/all_ops.h"
#include "ops/axis.h"
#include "ops/broadcast.h"
#include "ops/math/unary_ladder.h"
#include "ops/normalization/normalization.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

ElementType layer_normalization_stash_type(const Attributes& attrs) {
  const int64_t stash = attrs.get_int("stash_type");
  if (stash == 1) return ElementType::Float;
  if (stash == 16) return ElementType::BFloat16;
  throw Error("stash_type = " + std::to_string(stash) + " is not a type U allows (1: float, 16: bfloat16)");
}

std::vector<Value> layer_normalization(const KernelContext& ctx) {
  using namespace normalization;
  const Tensor& x = ctx.input(0);
  const int64_t rank = x.rank();
  if (rank == 0) throw Error("input X must have rank 1 or more, but it is a scalar");
  const int64_t axis = normalize_axis(ctx.attrs.get_int("axis"), rank, AxisRange::Signed);
  const ElementType stash = layer_normalization_stash_type(ctx.attrs);
  const float epsilon = std::get<float>(ctx.attrs.get("epsilon"));
  const std::vector<double> scale = normalization::broadcast_parameter(ctx.input(1), x.shape(), "Scale");
  const bool has_bias = ctx.has_input(2);
  const std::vector<double> bias = has_bias ? normalization::broadcast_parameter(ctx.input(2), x.shape(), "B")
                                            : std::vector<double>{};
  int64_t rows = 1, cols = 1;
  for (int64_t i = 0; i < rank; ++i) (i < axis ? rows : cols) *= x.shape()[i];
  const std::vector<double> xs = widen_elements(x);
  std::vector<double> normalized(xs.size()), means(static_cast<size_t>(rows)), inverse(static_cast<size_t>(rows));
  for (int64_t r = 0; r < rows && cols > 0; ++r) {
    const std::span<const double> group(xs.data() + r * cols, static_cast<size_t>(cols));
    const MeanVariance stats = mean_variance(group);
    means[r] = stats.mean;
    inverse[r] = 1 / standard_deviation(stats.variance, epsilon);
    for (int64_t i = 0; i < cols; ++i) normalized[r * cols + i] = (group[i] - stats.mean) * inverse[r];
  }
  Tensor y = Tensor::uninitialized(x.type(), x.shape());
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (!is_float_storage<S>) {
      throw std::logic_error("LayerNormalization: no kernel for " + std::string(name_of(x.type())));
    } else {
      S* out = reinterpret_cast<S*>(y.mutable_data());
      for (size_t i = 0; i < xs.size(); ++i) {
        const S scaled = narrow<S>(widen(narrow<S>(normalized[i])) * scale[i]);
        out[i] = has_bias ? narrow<S>(widen(scaled) + bias[i]) : scaled;
      }
    }
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
  v.attributes = {{"axis", AttrType::Int, false, int64_t{-1}}, math::float_attribute("epsilon", 1e-5f),
                  {"stash_type", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T", type_sets::kFloatsIR4}, {"U", TypeSet{ElementType::BFloat16, ElementType::Float}}};
  v.check_attributes = [](const Attributes& attrs) { (void)layer_normalization_stash_type(attrs); };
  v.attribute_type = [](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != "U") return std::nullopt;
    return layer_normalization_stash_type(attrs);
  };
  v.kernel = layer_normalization;
  registry.add(std::move(v));
  registry.declare_accuracy("LayerNormalization",
                            {AccuracyKind::RoundedAtNamedPoints, "stage one in double from exact statistics, each step rounded to double; stage two in T, each step rounded once"});
}

}  // namespace onnx_ref
