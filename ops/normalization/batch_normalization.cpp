// ONNX BatchNormalization, every version (1, 6, 7, 9, 14, 15).
//   1: float16, float, double; consumed_inputs (required, ignored), epsilon, is_test, momentum,
//      spatial; outputs Y and the optional mean, var, saved_mean, saved_var.  6: without
//      consumed_inputs.  7: without is_test.  9: without spatial (always per channel).
//   14: + bfloat16; input_mean/input_var of their own type U; training_mode; outputs Y and the
//      optional running_mean, running_var.  15: scale and B of type T1, the statistics of type T2.
// Modes: 14 and 15 train when training_mode = 1 and refuse extra outputs otherwise, as the spec
// says. Before 14 the spec ties the mode to the outputs (case #1: Y, mean, var, saved_mean,
// saved_var in training; case #2: Y in test mode): a node asking for more than Y trains, a node
// asking for Y alone runs in test mode; is_test = 1 (versions 1 and 6) asks for test mode and
// refuses extra outputs. spatial and training_mode are 0 or 1; is_test is any integer. From 9, a
// rank-1 X of size N is taken with C = 1 (parameters of shape [1]), as the text says.
// Training statistics are over every axis but the channel (spatial = 1), or over the batch axis
// alone for each element of [C, D1, ...] (spatial = 0, versions 1, 6, 7). The outputs:
// running = input * momentum + current * (1 - momentum); saved_mean and saved_var are the batch's
// mean and population variance, as in the ONNX reference.
// Contract: rounded at named points (ops/normalization/normalization.h): exact statistics rounded
// once to double, every step of the spec's formula rounded to double, each result rounded once to
// its output type; the running statistics' three steps (two products, one sum) are rounded to
// double too.
#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "gemm/dot.h"
#include "ops/attribute_specs.h"
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

struct BatchNormalizationLayout {
  int64_t batch = 0;     // N
  int64_t features = 0;  // C (spatial) or C * D1 * ... (not spatial)
  int64_t inner = 0;     // D1 * ... (spatial) or 1 (not spatial)
  Shape parameter_shape;
};

BatchNormalizationLayout batch_normalization_layout(const Tensor& x, bool spatial, int since) {
  BatchNormalizationLayout layout;
  // 9, 14, 15: "The op also accepts single dimension input of size N in which case C is assumed to
  // be 1."
  if (since >= 9 && x.rank() == 1) {
    layout.batch = x.shape()[0];
    layout.features = 1;
    layout.inner = 1;
    layout.parameter_shape = Shape{1};
    return layout;
  }
  if (x.rank() < 2)
    throw Error("input X must have rank 2 or more [N, C, D1, ...]" + std::string(since >= 9 ? " or rank 1 [N]" : "") +
                ", but it is " + x.describe());
  layout.batch = x.shape()[0];
  int64_t d = 1;
  for (size_t i = 2; i < x.shape().size(); ++i) d *= x.shape()[i];
  const int64_t c = x.shape()[1];
  layout.features = spatial ? c : c * d;
  layout.inner = spatial ? d : 1;
  layout.parameter_shape = spatial ? Shape{c} : Shape(x.shape().begin() + 1, x.shape().end());
  return layout;
}

// BatchNormalization's attributes, parsed at load (spatial and training_mode 0 or 1).
struct BatchNormalizationParams {
  int since = 1;
  float epsilon = 1e-5f, momentum = 0.9f;
  bool is_test = false;        // versions before 7: "if set to nonzero"
  bool spatial = true;         // versions before 9
  bool training_mode = false;  // from 14
};

BatchNormalizationParams parse_batch_normalization_params(const Attributes& attrs, int since) {
  BatchNormalizationParams p;
  p.since = since;
  p.epsilon = std::get<float>(attrs.get("epsilon"));
  p.momentum = std::get<float>(attrs.get("momentum"));
  if (since < 7) p.is_test = attrs.get_int("is_test") != 0;
  if (since < 9) p.spatial = attrs.get_flag("spatial");
  if (since >= 14) p.training_mode = attrs.get_flag("training_mode");
  return p;
}

// Whether this node trains (see the header comment); refuses outputs the mode does not have.
bool batch_normalization_trains(const KernelContext& ctx, const BatchNormalizationParams& params) {
  const size_t outputs = ctx.output_count();
  if (params.since >= 14) {
    const bool training = params.training_mode;
    if (!training && outputs > 1)
      throw Error("training_mode = 0 has only the output Y, but the node asks for " + std::to_string(outputs));
    return training;
  }
  if (params.is_test) {
    if (outputs > 1) throw Error("is_test = 1 has only the output Y, but the node asks for " + std::to_string(outputs));
    return false;
  }
  return outputs > 1;
}

// GCC 12 reports the undefined upper halves inside the AVX-512 conversion intrinsics as maybe
// uninitialized (a false positive, as in gemm/micro_kernel.cpp).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

// normalize_value on eight float elements at a time: the same four double operations in the same
// order (each IEEE-rounded, as the scalar ones), then one rounding to float. Returns how many
// elements it did (a multiple of 8); the caller does the rest.
[[gnu::target("avx512f")]] int64_t normalize_floats_avx512(const float* x, float* y, int64_t n, double mean,
                                                           double deviation, double scale, double bias) {
  const __m512d m = _mm512_set1_pd(mean), d = _mm512_set1_pd(deviation), sc = _mm512_set1_pd(scale),
                b = _mm512_set1_pd(bias);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512d centered = _mm512_sub_pd(_mm512_cvtps_pd(_mm256_loadu_ps(x + i)), m);
    const __m512d scaled = _mm512_mul_pd(_mm512_div_pd(centered, d), sc);
    _mm256_storeu_ps(y + i, _mm512_cvtpd_ps(_mm512_add_pd(scaled, b)));
  }
  return i;
}

std::vector<Value> batch_normalization(const KernelContext& ctx, const BatchNormalizationParams& params) {
  using namespace normalization;
  const int since = params.since;
  const Tensor& x = ctx.input(0);
  const bool spatial = params.spatial;
  const BatchNormalizationLayout layout = batch_normalization_layout(x, spatial, since);
  static const char* const kNames[] = {"scale", "B", "mean", "var"};
  for (size_t i = 1; i <= 4; ++i)
    require_shape(ctx.input(i), layout.parameter_shape,
                  since >= 14 && i >= 3 ? std::string("input_") + kNames[i - 1] : std::string(kNames[i - 1]));
  const float epsilon = params.epsilon;
  const bool training = batch_normalization_trains(ctx, params);
  const MemoryCharge parameters_charge =
      charge_scratch<double>(8 * static_cast<uint64_t>(ctx.input(1).element_count()),
                             "BatchNormalization's widened parameters and statistics");
  const std::vector<double> scale = widen_elements(ctx.input(1)), bias = widen_elements(ctx.input(2)),
                            mean_in = widen_elements(ctx.input(3)), var_in = widen_elements(ctx.input(4));
  const int64_t f_count = layout.features, inner = layout.inner;
  if (!training) {
    // Inference: element by element from X's storage to Y's (the same steps as below, without
    // holding X and Y as doubles), rows on any thread.
    Tensor out = Tensor::uninitialized(x.type(), x.shape());
    dispatch_float(x.type(), "BatchNormalization", [&](auto tag) {
      using S = typename decltype(tag)::type;
      const S* px = x.data_as<S>();
      S* py = reinterpret_cast<S*>(out.mutable_data());
      const bool lanes = std::is_same_v<S, float> && gemm::gemm_uses_avx512();
      parallel_for(layout.batch * f_count, std::max<int64_t>(1, 16384 / std::max<int64_t>(1, inner)),
                   [&](int64_t r0, int64_t r1) {
                     for (int64_t row = r0; row < r1; ++row) {
                       const int64_t f = row % f_count;
                       const double deviation = standard_deviation(var_in[f], epsilon);
                       const S* xr = px + row * inner;
                       S* yr = py + row * inner;
                       int64_t s = 0;
                       if constexpr (std::is_same_v<S, float>) {
                         if (lanes)
                           s = normalize_floats_avx512(xr, yr, inner, mean_in[f], deviation, scale[f], bias[f]);
                       }
                       for (; s < inner; ++s)
                         yr[s] = narrow<S>(normalize_value(widen(xr[s]), mean_in[f], deviation, scale[f], bias[f]));
                     }
                   });
    });
    return {out};
  }
  const MemoryCharge widened_charge = charge_scratch<double>(3 * static_cast<uint64_t>(x.element_count()),
                                                             "BatchNormalization's widened input and result");
  const std::vector<double> xs = widen_elements(x);
  std::vector<double> mean = mean_in, variance = var_in;
  if (training) {
    std::vector<double> group(static_cast<size_t>(layout.batch * inner));
    for (int64_t f = 0; f < f_count; ++f) {
      for (int64_t b = 0; b < layout.batch; ++b)
        for (int64_t s = 0; s < inner; ++s) group[b * inner + s] = xs[(b * f_count + f) * inner + s];
      const MeanVariance stats = mean_variance(group);
      mean[f] = stats.mean;
      variance[f] = stats.variance;
    }
  }
  std::vector<double> y(xs.size());
  for (int64_t f = 0; f < f_count; ++f) {
    const double deviation = standard_deviation(variance[f], epsilon);
    for (int64_t b = 0; b < layout.batch; ++b)
      for (int64_t s = 0; s < inner; ++s) {
        const int64_t i = (b * f_count + f) * inner + s;
        y[i] = normalize_value(xs[i], mean[f], deviation, scale[f], bias[f]);
      }
  }
  std::vector<Value> out{narrow_elements(x.type(), x.shape(), y)};
  if (!training) return out;
  const double momentum = params.momentum;
  std::vector<double> running_mean(mean.size()), running_var(mean.size());
  for (size_t f = 0; f < mean.size(); ++f) {
    running_mean[f] = mean_in[f] * momentum + mean[f] * (1 - momentum);
    running_var[f] = var_in[f] * momentum + variance[f] * (1 - momentum);
  }
  const ElementType stat_type = ctx.input(3).type();
  const std::vector<double>* outputs[] = {&running_mean, &running_var, &mean, &variance};
  for (size_t k = 1; k < ctx.output_count() && k <= 4; ++k)
    out.push_back(narrow_elements(stat_type, layout.parameter_shape, *outputs[k - 1]));
  return out;
}

OpVersion batch_normalization_version(int since) {
  OpVersion v;
  v.op_type = "BatchNormalization";
  v.since_version = since;
  const bool new_io = since >= 14;
  const std::string t1 = since >= 15 ? "T1" : "T", t2 = since >= 15 ? "T2" : since >= 14 ? "U" : "T";
  v.inputs = {
      {"X", "T"}, {"scale", t1}, {"B", t1}, {new_io ? "input_mean" : "mean", t2}, {new_io ? "input_var" : "var", t2}};
  v.outputs = {{"Y", "T"}};
  if (new_io) {
    v.outputs.push_back({"running_mean", t2, ParamOption::Optional});
    v.outputs.push_back({"running_var", t2, ParamOption::Optional});
  } else {
    for (const char* name : {"mean", "var", "saved_mean", "saved_var"})
      v.outputs.push_back({name, "T", ParamOption::Optional});
  }
  if (since == 1) v.attributes.push_back({"consumed_inputs", AttrType::Ints, true, std::nullopt, /*ignored=*/true});
  v.attributes.push_back(float_attribute("epsilon", 1e-5f));
  if (since < 7) v.attributes.push_back({"is_test", AttrType::Int, false, int64_t{0}});
  v.attributes.push_back(float_attribute("momentum", 0.9f));
  if (since < 9) v.attributes.push_back({"spatial", AttrType::Int, false, int64_t{1}});
  if (new_io) v.attributes.push_back({"training_mode", AttrType::Int, false, int64_t{0}});
  const TypeSet& types = new_io ? type_sets::kFloatsIR4 : type_sets::kFloats;
  v.type_constraints = {{"T", types}};
  if (since == 14) v.type_constraints.push_back({"U", types});
  if (since >= 15) {
    v.type_constraints.push_back({"T1", types});
    v.type_constraints.push_back({"T2", types});
  }
  v.set_kernel([since](const Attributes& attrs) { return parse_batch_normalization_params(attrs, since); },
               batch_normalization);
  return v;
}

}  // namespace

void register_batch_normalization(Registry& registry) {
  for (int since : {1, 6, 7, 9, 14, 15}) registry.add(batch_normalization_version(since));
  registry.declare_accuracy(
      "BatchNormalization",
      {AccuracyKind::RoundedAtNamedPoints,
       "statistics exact, rounded once to double; each step of the formula rounded to double; the result once to T"});
}

}  // namespace onnx_ref
