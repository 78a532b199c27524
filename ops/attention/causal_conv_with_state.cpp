// ONNX CausalConvWithState, every version (27): a causal depthwise 1-D convolution that carries its
// last k - 1 inputs from one call to the next.
//
// Contract: rounded at named points. With x' = past_state (zeros when absent) followed by input
// along the length axis (batch, channels, k - 1 + length), output[b, c, t] is
//   z = bias[c] + sum_i weight[c, 0, i] x'[b, c, t + i],  i = 0 .. k - 1
// (cross-correlation, as Conv), the exact value rounded once to T; with activation 'silu' or
// 'swish' it is then z sigmoid(z), correctly rounded (numeric/elementary.h, Swish with alpha 1).
// present_state is the last k - 1 positions of x' (data movement only).
//
// How the sum rounds once: the products are exact in double (T is float, float16 or bfloat16);
// attention::round_exact_terms (ops/attention/attention_math.h) rounds their exact sum.
//
// Rules: input (batch, channels, length), weight (channels, 1, k) with k >= 1, bias (channels),
// past_state (batch, channels, k - 1); activation one of none, silu, swish.
#include <cmath>
#include <string>

#include "numeric/elementary.h"
#include "ops/attention/attention_math.h"
#include "ops/attention/register.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

bool causal_conv_silu(const std::string& activation) {
  if (activation == "none") return false;
  if (activation == "silu" || activation == "swish") return true;
  throw Error("activation " + quote_text(activation) + " is not one of none, silu, swish");
}

// The kernel takes `activation`, parsed at load: whether it is silu (or its alias swish).
std::vector<Value> causal_conv_kernel(const KernelContext& ctx, bool silu) {
  const Tensor& x = ctx.input(0);
  const Tensor& w = ctx.input(1);
  if (x.rank() != 3) throw Error("input must be (batch_size, channels, length), but it is " + x.describe());
  const int64_t batch = x.shape()[0], channels = x.shape()[1], length = x.shape()[2];
  if (w.rank() != 3 || w.shape()[0] != channels || w.shape()[1] != 1 || w.shape()[2] < 1)
    throw Error("weight is " + w.describe() + " but must be (channels = " + std::to_string(channels) +
                ", 1, k) with k >= 1");
  const int64_t k = w.shape()[2], carry = k - 1;
  if (ctx.has_input(2) && ctx.input(2).shape() != Shape{channels})
    throw Error("bias is " + ctx.input(2).describe() + " but must be (" + std::to_string(channels) + ",)");
  if (ctx.has_input(3) && ctx.input(3).shape() != Shape{batch, channels, carry})
    throw Error("past_state is " + ctx.input(3).describe() + " but must be (batch_size, channels, k - 1) = (" +
                std::to_string(batch) + ", " + std::to_string(channels) + ", " + std::to_string(carry) + ")");
  Tensor y = Tensor::uninitialized(x.type(), x.shape());
  Tensor state = Tensor::zeros(x.type(), {batch, channels, carry});
  // present_state: position p of x' (0 <= p < carry + length) from past_state or input.
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t c = 0; c < channels; ++c) {
      const int64_t row = b * channels + c;
      for (int64_t p = length; p < carry + length; ++p) {
        if (p >= carry)
          copy_elements(x, row * length + (p - carry), state, row * carry + (p - length), 1);
        else if (ctx.has_input(3))
          copy_elements(ctx.input(3), row * carry + p, state, row * carry + (p - length), 1);
      }
    }
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (!is_float_storage<S> || std::is_same_v<S, double>) {
      throw std::logic_error("CausalConvWithState: element type " + std::string(name_of(x.type())));
    } else {
      const S* in = x.template data_as<S>();
      const S* wd = w.template data_as<S>();
      const S* bias = ctx.has_input(2) ? ctx.input(2).template data_as<S>() : nullptr;
      const S* past = ctx.has_input(3) ? ctx.input(3).template data_as<S>() : nullptr;
      S* out = reinterpret_cast<S*>(y.mutable_data());
      const MemoryCharge terms_charge = charge_scratch<double>(static_cast<uint64_t>(k + 1), "the convolution's terms");
      std::vector<double> terms(static_cast<size_t>(k + 1));
      for (int64_t b = 0; b < batch; ++b)
        for (int64_t c = 0; c < channels; ++c) {
          const int64_t row = b * channels + c;
          for (int64_t t = 0; t < length; ++t) {
            int64_t n = 0;
            for (int64_t i = 0; i < k; ++i) {
              const int64_t p = t + i;  // position in x'
              const double v = p >= carry ? widen(in[row * length + p - carry])
                               : past     ? widen(past[row * carry + p])
                                          : 0.0;
              terms[static_cast<size_t>(n++)] = widen(wd[c * k + i]) * v;  // exact: at most 48 bits
            }
            if (bias) terms[static_cast<size_t>(n++)] = widen(bias[c]);
            const S z = attention::round_exact_terms<S>(terms.data(), n);
            out[row * length + t] = silu ? numeric::swish(z, 1.0f) : z;
          }
        }
    }
  });
  return {y, state};
}

}  // namespace

void register_causal_conv_with_state(Registry& registry) {
  OpVersion v;
  v.op_type = "CausalConvWithState";
  v.since_version = 27;
  v.inputs = {{"input", "T"},
              {"weight", "T"},
              {"bias", "T", ParamOption::Optional},
              {"past_state", "T", ParamOption::Optional}};
  v.outputs = {{"output", "T"}, {"present_state", "T"}};
  v.attributes = {{"activation", AttrType::String, false, std::string("none")}};
  v.type_constraints = {{"T", TypeSet{ElementType::Float, ElementType::Float16, ElementType::BFloat16}}};
  v.set_kernel([](const Attributes& a) { return causal_conv_silu(std::get<std::string>(a.get("activation"))); },
               causal_conv_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "CausalConvWithState",
      {AccuracyKind::RoundedAtNamedPoints, "the exact windowed sum plus bias rounded once; SiLU correctly rounded"});
}

}  // namespace onnx_ref
