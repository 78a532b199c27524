#pragma once
// What the ai.onnx.preview.training optimizers (Adagrad, Adam, Momentum, version 1) share: the
// layout of their variadic inputs and outputs, the scalar inputs R and T, and the arithmetic of
// their contract.
//
// Contract (rounded at named points): every operation of the spec's pseudo code (+, -, *, /, Sqrt,
// and the powers alpha^T, beta^T) is one rounding, taken in the order the pseudo code writes it
// (left to right within a line). Operations on the optimized tensors are correctly rounded to their
// element type (float: the double result rounded to odd, then to float, which is the correctly
// rounded result wherever the double intermediate is normal; double: IEEE double arithmetic).
// Operations on scalars only (the learning rates, 1 - alpha) are correctly rounded to double; the
// powers by numeric/elementary.h's correctly rounded pow; T enters as the double nearest to it;
// attributes are the float32 values stored in the model, taken exactly.
#include <cmath>
#include <string>
#include <vector>

#include "numeric/round_odd.h"
#include "ops/registry.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::training {

inline const char* kTrainingDomain = "ai.onnx.preview.training";

// a op b for storage S, rounded once: double arithmetic for double; for float, the double result
// rounded to odd (exact error terms by fma and TwoSum) and then to float.
template <class S>
inline double add(double a, double b) {
  if constexpr (std::is_same_v<S, double>)
    return a + b;
  else
    return static_cast<float>(add_round_odd(a, b));
}
template <class S>
inline double sub(double a, double b) {
  return add<S>(a, -b);
}
template <class S>
inline double mul(double a, double b) {
  if constexpr (std::is_same_v<S, double>) {
    return a * b;
  } else {
    const double p = a * b;
    return static_cast<float>(odd_from_nearest(p, std::isfinite(p) ? std::fma(a, b, -p) : 0.0));
  }
}
template <class S>
inline double div(double a, double b) {
  if constexpr (std::is_same_v<S, double>) {
    return a / b;
  } else {
    const double q = a / b;
    if (!std::isfinite(q) || q == 0 || !std::isfinite(a) || !std::isfinite(b)) return static_cast<float>(q);
    return static_cast<float>(div_round_odd(a, b));
  }
}
template <class S>
inline double sqrt(double a) {
  if constexpr (std::is_same_v<S, double>) {
    return std::sqrt(a);
  } else {
    const double s = std::sqrt(a);
    if (!std::isfinite(s) || s == 0) return static_cast<float>(s);
    return static_cast<float>(odd_from_nearest(s, std::fma(-s, s, a)));  // a - s^2, exact, has err's sign
  }
}

// The scalar input `index` (R or T) as a double: one element, any rank (the spec says a scalar).
double scalar_input(const KernelContext& ctx, size_t index, const char* name);

// The optimized tensors are given as `per_tensor` lists of n tensors each (X..., G..., then the
// optimizer's states); the outputs as `outputs_per_tensor` lists of n. Returns n, or throws Error
// naming the rule when the counts do not fit.
size_t tensor_count(size_t input_count, size_t output_count, size_t per_tensor, size_t outputs_per_tensor,
                    const std::string& op);

// An OpVersion of the training domain, version 1, with R, T and the variadic inputs and outputs
// (T3 float or double); the output types follow the optimized tensors' (input 2 + (i mod n)).
OpVersion optimizer_version(const std::string& op, size_t per_tensor, size_t outputs_per_tensor);

// Checks that the tensors of one group (X_i and its gradient and states) have X_i's type and shape.
void check_group(const KernelContext& ctx, size_t n, size_t i, size_t per_tensor, const std::string& op);

// The node's outputs for n groups: for each group i (checked first), `update(i, made)` fills
// `outputs_per_tensor` fresh tensors of X_i's type and shape, which become outputs i, n + i, ...
template <class Update>
std::vector<Value> update_groups(const KernelContext& ctx, size_t n, size_t per_tensor, size_t outputs_per_tensor,
                                 const std::string& op, Update&& update) {
  std::vector<Value> out(outputs_per_tensor * n);
  for (size_t i = 0; i < n; ++i) {
    check_group(ctx, n, i, per_tensor, op);
    const Tensor& x = ctx.input(2 + i);
    std::vector<Tensor> made;
    for (size_t k = 0; k < outputs_per_tensor; ++k) made.push_back(Tensor::uninitialized(x.type(), x.shape()));
    update(i, made);
    for (size_t k = 0; k < outputs_per_tensor; ++k) out[k * n + i] = Value(std::move(made[k]));
  }
  return out;
}

// Applies f(element index) -> void for each element of a group, f writing into the outputs.
template <class F>
void dispatch_float_or_double(ElementType type, F&& f) {
  if (type == ElementType::Float)
    f(TypeTag<float>{});
  else if (type == ElementType::Double)
    f(TypeTag<double>{});
  else
    throw std::logic_error("optimizer: no kernel for " + std::string(name_of(type)));
}

}  // namespace onnx_ref::training
