// ONNX SequenceLength-11: the number of tensors in the sequence, an int64 scalar.
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_sequence_length(Registry& registry) {
  OpVersion v;
  v.op_type = "SequenceLength";
  v.since_version = 11;
  v.inputs = {{"input_sequence", "S"}};
  v.outputs = {{"length", "I"}};
  v.type_constraints = {sequence::sequences(type_sets::kClassic), {"I", type_sets::kInt64}};
  v.kernel = [](const KernelContext& ctx) -> std::vector<Value> {
    return {Tensor::from_values<int64_t>(ElementType::Int64, {}, {static_cast<int64_t>(ctx.value(0).items().size())})};
  };
  registry.add(v);
  registry.declare_accuracy("SequenceLength", {AccuracyKind::Exact, "the number of tensors"});
}

}  // namespace onnx_ref
