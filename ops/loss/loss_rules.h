#pragma once
// What NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss share: the `reduction` attribute, the
// shape and index rules of input (N, C, d1, ..., dk) against target (N, d1, ..., dk), and the
// weighted loss with its reductions.
//
// Contract (both operators): loss[n, d] = -input[n, target[n, d], d] * weight[target[n, d]]
// (weight 1 when absent; 0 where target is ignore_index).
//  - none: each loss is that product rounded once to the element type (correctly rounded);
//  - sum: the exact sum of the exact products, rounded once;
//  - mean: the exact sum divided by the number of elements not ignored, rounded once, when there is
//    no weight; with a weight, rounded at named points: the exact sum and the exact total of the
//    weights used are each rounded once to double, and their quotient to double, then to the type.
//    Everything ignored gives 0 / 0 = NaN.
// A target outside [0, C) that is not ignore_index is an Error naming the index and its position.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.h"

namespace onnx_ref::loss {

enum class Reduction { None, Sum, Mean };

// The `reduction` attribute: "none", "sum" or "mean"; anything else is an Error (quoted).
Reduction reduction_of(const Attributes& attrs);

// The attributes both losses take, parsed and checked at load.
struct LossParams {
  Reduction reduction;
  std::optional<int64_t> ignore_index;
};
LossParams parse_loss_params(const Attributes& attrs);

// The attributes both operators have: ignore_index (optional) and reduction (default "mean").
std::vector<AttributeSpec> loss_attributes();

// The class indices of `target` (int32 or int64), checked against `input`'s shape: input must have
// rank 2 or more and target input's shape without dimension 1. Indices are checked later, by the
// reduction (an ignore_index may lie outside [0, C)).
std::vector<int64_t> read_targets(const Tensor& input, const Tensor& target, const char* input_name,
                                  const char* target_name);

// The loss of `log_probabilities` (the exact values of the elements of a tensor of type `type` and
// shape input_shape = (N, C, d...)) against `targets`, with an optional weight of C values.
Tensor weighted_loss(ElementType type, const Shape& input_shape, const std::vector<double>& log_probabilities,
                     const std::vector<int64_t>& targets, const std::optional<std::vector<double>>& weight,
                     std::optional<int64_t> ignore_index, Reduction reduction, const char* target_name);

}  // namespace onnx_ref::loss
