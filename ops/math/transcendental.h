#pragma once
// The one unary engine behind the correctly rounded element-wise operators (Exp, Log, Sqrt, Tanh,
// Sigmoid, Erf, the trigonometric and hyperbolic functions, and the activations Softplus, Mish,
// Gelu, Swish, Elu, Selu, Celu): each element is numeric::evaluate<F> (numeric/elementary.h), the
// exact value of the operator's whole expression rounded once to the element type. The kernel is
// written once over the four float storage types; elements are independent, so the result does not
// depend on the order they are visited in.
#include <initializer_list>
#include <string>
#include <vector>

#include "numeric/elementary.h"
#include "ops/float_dispatch.h"
#include "ops/math/unary_ladder.h"
#include "ops/registry.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::math {

// The attribute values a function takes (alpha, gamma), read once per node.
using ArgsFromAttributes = numeric::Args (*)(const Attributes&);

// F applied to every element with the arguments `args`, each result the exact value rounded once.
template <numeric::Fn F>
std::vector<Value> float_unary_run(const KernelContext& ctx, const numeric::Args& args) {
  const Tensor& x = ctx.input(0);
  return {dispatch_float(x.type(), "float_unary_kernel", [&](auto tag) -> Tensor {
    using S = typename decltype(tag)::type;
    Tensor out = Tensor::uninitialized(x.type(), x.shape());
    const S* in = x.data_as<S>();
    S* o = reinterpret_cast<S*>(out.mutable_data());
    const int64_t n = x.element_count();
    for (int64_t i = 0; i < n; ++i) o[i] = numeric::evaluate<F>(in[i], args);
    return out;
  })};
}

// The kernel of a function of no attribute.
template <numeric::Fn F>
Kernel float_unary_kernel() {
  return [](const KernelContext& ctx) { return float_unary_run<F>(ctx, numeric::Args{}); };
}

// Gives `v` the kernel of F, with the arguments read_args takes from the node's attributes once,
// at load.
template <numeric::Fn F>
void set_float_unary_kernel(OpVersion& v, ArgsFromAttributes read_args) {
  v.set_kernel(read_args, &float_unary_run<F>);
}

// The names the spec gives the one input and output (UnaryNames, from unary_ladder.h): Sigmoid,
// Sqrt and the activations say X and Y, Exp, Log, Tanh, Erf and the trigonometric and hyperbolic
// functions say input and output.
inline const UnaryNames kXY{"X", "Y"};
inline const UnaryNames kInputOutput{"input", "output"};

AttributeSpec ignored_consumed_inputs();

OpVersion float_unary_version(const std::string& op_type, int since, const TypeSet& types, const UnaryNames& names,
                              std::vector<AttributeSpec> attributes, Kernel kernel);

// The ladder most of these operators share: a first version on float16, float and double, and a
// later one that adds bfloat16 (Sin-7/22, Sinh-9/22, Softplus-1/22, Mish-18/22). The same kernel and
// attributes serve both.
void register_floats_then_bfloat16(Registry& registry, const std::string& op_type, const Accuracy& accuracy, int first,
                                   int with_bfloat16, const UnaryNames& names, Kernel kernel);

// Exp, Log, Tanh, Sigmoid, Sqrt: 1 (consumed_inputs, ignored), 6, 13 (+ bfloat16).
void register_classic_unary(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                            const UnaryNames& names, Kernel kernel);

}  // namespace onnx_ref::math
