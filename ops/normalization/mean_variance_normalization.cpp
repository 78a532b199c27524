// ONNX MeanVarianceNormalization, every version (9, 13): Y = (X - E[X]) / (sqrt(Var[X]) + 1e-9)
// over the axes `axes` (default [0, 2, 3]), as the spec's function body writes it (its epsilon is
// the float constant 1e-9). 9: float16, float, double; 13 adds bfloat16.
// Contract: rounded at named points. E[X] and Var[X] are the exact statistics of
// ops/normalization/normalization.h (the mean rounded once to double, the variance the exact mean
// of the squared deviations from it, rounded once: no E[X^2] - E[X]^2 cancellation); sqrt, + 1e-9,
// x - mean and the division are each rounded to double, and the result once to the element type.
#include <cmath>
#include <vector>

#include "ops/normalization/normalization.h"
#include "ops/normalization/register.h"
#include "ops/reduce/reduction.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// The kernel takes `axes`, read at load; normalized against the input's rank per call.
std::vector<Value> mean_variance_normalization(const KernelContext& ctx, const std::vector<int64_t>& given_axes) {
  using namespace normalization;
  const Tensor& x = ctx.input(0);
  const int64_t rank = x.rank();
  const std::vector<int64_t> axes = normalize_reduce_axes(given_axes, rank, true);
  std::vector<bool> reduced(static_cast<size_t>(rank), false);
  for (int64_t a : axes) reduced[static_cast<size_t>(a)] = true;
  // Each element's group: its coordinates along the kept axes, as one number.
  const Shape& shape = x.shape();
  const int64_t n = x.element_count();
  const MemoryCharge widened_charge = charge_scratch<double>(
      4 * static_cast<uint64_t>(n), "MeanVarianceNormalization's groups, widened input and result");
  std::vector<int64_t> group_of(static_cast<size_t>(n));
  int64_t groups = 1;
  for (int64_t d = 0; d < rank; ++d)
    if (!reduced[static_cast<size_t>(d)]) groups *= shape[static_cast<size_t>(d)];
  std::vector<int64_t> index(static_cast<size_t>(rank), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t g = 0;
    for (int64_t d = 0; d < rank; ++d)
      if (!reduced[static_cast<size_t>(d)]) g = g * shape[static_cast<size_t>(d)] + index[static_cast<size_t>(d)];
    group_of[static_cast<size_t>(i)] = g;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[static_cast<size_t>(d)] < shape[static_cast<size_t>(d)]) break;
      index[static_cast<size_t>(d)] = 0;
    }
  }
  const std::vector<double> xs = widen_elements(x);
  std::vector<std::vector<double>> members(static_cast<size_t>(n == 0 ? 0 : groups));
  for (int64_t i = 0; i < n; ++i)
    members[static_cast<size_t>(group_of[static_cast<size_t>(i)])].push_back(xs[static_cast<size_t>(i)]);
  std::vector<double> mean(members.size()), divisor(members.size());
  const double epsilon = static_cast<double>(1e-9f);
  for (size_t g = 0; g < members.size(); ++g) {
    const MeanVariance stats = mean_variance(members[g]);
    mean[g] = stats.mean;
    divisor[g] = std::sqrt(stats.variance) + epsilon;
  }
  std::vector<double> y(xs.size());
  for (int64_t i = 0; i < n; ++i) {
    const auto g = static_cast<size_t>(group_of[static_cast<size_t>(i)]);
    y[static_cast<size_t>(i)] = (xs[static_cast<size_t>(i)] - mean[g]) / divisor[g];
  }
  return {narrow_elements(x.type(), shape, y)};
}

OpVersion mean_variance_normalization_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "MeanVarianceNormalization";
  v.since_version = since;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"axes", AttrType::Ints, false, std::vector<int64_t>{0, 2, 3}}};
  v.type_constraints = {{"T", types}};
  v.set_kernel([](const Attributes& attrs) { return attrs.get_ints("axes"); }, mean_variance_normalization);
  return v;
}

}  // namespace

void register_mean_variance_normalization(Registry& registry) {
  registry.add(mean_variance_normalization_version(9, type_sets::kFloats));
  registry.add(mean_variance_normalization_version(13, type_sets::kFloatsIR4));
  registry.declare_accuracy(
      "MeanVarianceNormalization",
      {AccuracyKind::RoundedAtNamedPoints,
       "statistics exact, rounded once to double; each step of the formula rounded to double; the result once to T"});
}

}  // namespace onnx_ref
