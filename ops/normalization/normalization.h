#pragma once
// What the normalization operators share (BatchNormalization, InstanceNormalization,
// LayerNormalization): the statistics of a group of elements and the normalizing step.
//
// Contract: rounded at named points, the same for every version of these operators.
//  - mean: the exact mean of the group, rounded once to double;
//  - variance: the exact mean of (x - mean)^2 over the group, `mean` being that double, rounded once
//    to double. The deviations and their squares are summed exactly (numeric/exact_sum.h), so
//    nothing cancels as E[x^2] - E[x]^2 does; it differs from the exact population variance by
//    (exact mean - mean)^2, below 2^-106 mean^2. Exact unless a squared deviation is below 2^-969
//    (only double inputs reach that);
//  - y = (x - mean) / sqrt(variance + epsilon) * scale + B with each step (-, +, sqrt, /, *, +)
//    rounded once to double, in that order, and the result rounded once to the output type.
//    float16, bfloat16 and float values are exact doubles, so the steps are IEEE double operations
//    on the exact inputs; the ONNX function bodies round each step to the stash type instead.
// Where the ONNX reference uses float for float16 statistics, these are more precise; every step
// is defined, so no thread count or vector width changes a bit.
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref::normalization {

struct MeanVariance {
  double mean;
  double variance;
};

// The mean and population variance of `values` as the contract above defines them. An empty group
// gives NaN for both (0/0); an infinity or NaN in the group gives a NaN variance. Error for a group
// of 2^32 elements or more.
MeanVariance mean_variance(std::span<const double> values);

// sqrt(variance + epsilon), each step rounded to double.
inline double standard_deviation(double variance, float epsilon) {
  return std::sqrt(variance + static_cast<double>(epsilon));
}

// (x - mean) / deviation * scale + bias, each step rounded to double, in that order.
inline double normalize_value(double x, double mean, double deviation, double scale, double bias) {
  const double centered = x - mean;
  const double standardized = centered / deviation;
  const double scaled = standardized * scale;
  return scaled + bias;
}

// Every element of a float16, bfloat16, float or double tensor as its exact double.
std::vector<double> widen_elements(const Tensor& tensor);
// A tensor of a floating type holding `values`, each rounded once to it (nearest, ties to even).
Tensor narrow_elements(ElementType type, const Shape& shape, std::span<const double> values);

// `param` (a scale or bias) broadcast to X's shape, as doubles; Error unless it broadcasts
// unidirectionally (the result must keep X's shape). `name` names the input in the message.
std::vector<double> broadcast_parameter(const Tensor& param, const Shape& x_shape, const char* name);

// Error unless `tensor`'s shape is `expected`; names the input ("scale") and both shapes.
void require_shape(const Tensor& tensor, const Shape& expected, const std::string& input_name);

}  // namespace onnx_ref::normalization
