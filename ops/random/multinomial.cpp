// ONNX Multinomial, every version (7, 22; 22 adds bfloat16 inputs).
// input is [batch_size, class_size] of unnormalized log-probabilities; output [batch_size,
// sample_size] holds, per row, sample_size class indices drawn independently from the row's
// softmax, as int32 (dtype 6, the default) or int64 (dtype 7). sample_size must be at least 1 and
// class_size at least 1; a row must hold no NaN and not only -inf (no distribution).
// Contract: random. Sample j of row b uses u = uniform_double(b * sample_size + j) of the node's
// stream (ops/random/random_rules.h); the weights w_c = exp(x_c - max_c x_c) (glibc, in double) are
// summed in index order to W_c, and the sample is the first c with u * W_last < W_c.
#include <cmath>
#include <limits>
#include <string>

#include "ops/random/random_rules.h"
#include "ops/random/register.h"
#include "ops/type_sets.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/run_limits.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// dtype, sample_size and seed, parsed and checked at load.
struct MultinomialParams {
  ElementType type;
  int64_t samples;
  std::optional<float> seed;
};

MultinomialParams parse_multinomial_params(const Attributes& attrs, const TypeSet& output_types) {
  const ElementType type = random_dtype(attrs.get_int("dtype"), output_types);
  const int64_t samples = attrs.get_int("sample_size");
  if (samples < 1) throw Error("attribute 'sample_size' = " + std::to_string(samples) + " must be at least 1");
  return {type, samples, random_seed(attrs)};
}

OpVersion multinomial_version(int since_version, const TypeSet& input_types) {
  const TypeSet output_types = type_sets::kInt32Int64;
  OpVersion v;
  v.op_type = "Multinomial";
  v.since_version = since_version;
  v.inputs = {{"input", "T1"}};
  v.outputs = {{"output", "T2"}};
  v.attributes = {{"dtype", AttrType::Int, false, int64_t{6}},
                  {"sample_size", AttrType::Int, false, int64_t{1}},
                  {"seed", AttrType::Float}};
  v.type_constraints = {{"T1", input_types}, {"T2", output_types}};
  v.attribute_type = [output_types](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != "T2") return std::nullopt;
    return random_dtype(attrs.get_int("dtype"), output_types);
  };
  v.set_kernel([output_types](const Attributes& attrs) { return parse_multinomial_params(attrs, output_types); },
               [](const KernelContext& ctx, const MultinomialParams& params) -> std::vector<Value> {
                 const Tensor& x = ctx.input(0);
                 if (x.rank() != 2) throw Error("input must be [batch_size, class_size], but it is " + x.describe());
                 const int64_t batch = x.shape()[0], classes = x.shape()[1];
                 if (classes < 1) throw Error("class_size is 0: there is no class to draw");
                 const int64_t samples = params.samples;
                 const ElementType type = params.type;
                 if (type == ElementType::Int32 && classes > std::numeric_limits<int32_t>::max())
                   throw Error("class_size " + std::to_string(classes) + " does not fit the int32 output");
                 Tensor out = Tensor::zeros(type, {batch, samples});
                 const RandomStream stream = random_node_stream(ctx, params.seed);
                 const MemoryCharge cumulative_charge =
                     charge_scratch<double>(static_cast<uint64_t>(classes), "Multinomial's cumulative weights");
                 std::vector<double> cumulative(static_cast<size_t>(classes));
                 for (int64_t b = 0; b < batch; ++b) {
                   double top = -std::numeric_limits<double>::infinity();
                   for (int64_t c = 0; c < classes; ++c) {
                     const double v = read_real(x.type(), x.data(), b * classes + c);
                     if (std::isnan(v)) throw Error("row " + std::to_string(b) + " holds NaN: it is no distribution");
                     top = std::max(top, v);
                   }
                   if (top == -std::numeric_limits<double>::infinity())
                     throw Error("row " + std::to_string(b) + " is all -inf: every class has probability 0");
                   if (std::isinf(top)) throw Error("row " + std::to_string(b) + " holds +inf: it is no distribution");
                   double total = 0;
                   for (int64_t c = 0; c < classes; ++c) {
                     total += std::exp(read_real(x.type(), x.data(), b * classes + c) - top);
                     cumulative[c] = total;
                   }
                   for (int64_t j = 0; j < samples; ++j) {
                     if ((j & 4095) == 0) poll_deadline();  // samples x classes steps: a time limit may stop it
                     const double target = stream.uniform_double(static_cast<uint64_t>(b * samples + j)) * total;
                     int64_t chosen = classes - 1;
                     for (int64_t c = 0; c < classes; ++c)
                       if (target < cumulative[c]) {
                         chosen = c;
                         break;
                       }
                     write_int64(type, out.mutable_data(), b * samples + j, chosen);
                   }
                 }
                 return {out};
               });

  return v;
}

}  // namespace

void register_multinomial(Registry& registry) {
  registry.add(multinomial_version(7, type_sets::kFloats));
  registry.add(multinomial_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy(
      "Multinomial",
      {AccuracyKind::Random,
       "the first class whose running weight sum exceeds u times the total, u from the node's Philox stream"});
}

}  // namespace onnx_ref
