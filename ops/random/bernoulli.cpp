// ONNX Bernoulli, every version (15, 22; 22 adds bfloat16 inputs).
// output[i] = 1 with probability input[i], else 0, in the type 'dtype' (default: the input's). Every
// probability must lie in [0, 1] (the spec's rule; NaN is refused too).
// Contract: random. output[i] = (u_i < input[i]) with u_i = uniform_double(i) = k / 2^53 of the node's
// stream (ops/random/random_rules.h), compared exactly: P(1) = ceil(p 2^53) / 2^53.
#include <cmath>
#include <string>

#include "ops/random/random_rules.h"
#include "ops/random/register.h"
#include "ops/type_sets.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// dtype (nullopt: the input's type) and seed, parsed and checked at load.
struct BernoulliParams {
  std::optional<ElementType> dtype;
  std::optional<float> seed;
};

OpVersion bernoulli_version(int since_version, const TypeSet& input_types) {
  using T = ElementType;
  const TypeSet output_types = type_sets::kAllNumericTypesIR4.with({T::Bool});
  OpVersion v;
  v.op_type = "Bernoulli";
  v.since_version = since_version;
  v.inputs = {{"input", "T1"}};
  v.outputs = {{"output", "T2"}};
  v.attributes = {{"dtype", AttrType::Int}, {"seed", AttrType::Float}};
  v.type_constraints = {{"T1", input_types}, {"T2", output_types}};
  v.attribute_type = [output_types](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != "T2" || !attrs.has("dtype")) return std::nullopt;
    return random_dtype(attrs.get_int("dtype"), output_types);
  };
  const auto parse = [output_types](const Attributes& attrs) {
    BernoulliParams params;
    if (attrs.has("dtype")) params.dtype = random_dtype(attrs.get_int("dtype"), output_types);
    params.seed = random_seed(attrs);
    return params;
  };
  v.set_kernel(parse, [](const KernelContext& ctx, const BernoulliParams& params) -> std::vector<Value> {
    const Tensor& p = ctx.input(0);
    const ElementType type = params.dtype ? *params.dtype : p.type();
    const int64_t n = p.element_count();
    const MemoryCharge probability_charge =
        charge_scratch<double>(static_cast<uint64_t>(n), "Bernoulli's probabilities");
    std::vector<double> probability(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      probability[i] = read_real(p.type(), p.data(), i);
      if (!(probability[i] >= 0 && probability[i] <= 1))
        throw Error("input element " + std::to_string(i) + " = " + std::to_string(probability[i]) +
                    " is not a probability in [0, 1]");
    }
    const RandomStream stream = random_node_stream(ctx, params.seed);
    Tensor out = Tensor::zeros(type, p.shape());
    for (int64_t i = 0; i < n; ++i)
      if (stream.uniform_double(static_cast<uint64_t>(i)) < probability[i])
        write_real(type, out.mutable_data(), i, 1.0);
    return {out};
  });
  return v;
}

}  // namespace

void register_bernoulli(Registry& registry) {
  registry.add(bernoulli_version(15, type_sets::kFloats));
  registry.add(bernoulli_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("Bernoulli",
                            {AccuracyKind::Random, "1 where u < p, u = k / 2^53 from the node's Philox stream"});
}

}  // namespace onnx_ref
