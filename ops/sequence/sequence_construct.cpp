// ONNX SequenceConstruct-11: a sequence of its inputs, in order (tensors of one element type).
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_sequence_construct(Registry& registry) {
  OpVersion v;
  v.op_type = "SequenceConstruct";
  v.since_version = 11;
  v.inputs = {{"inputs", "T", ParamOption::Variadic, 1, true}};
  v.outputs = {{"output_sequence", "S"}};
  v.type_constraints = {{"T", type_sets::kClassic}, sequence::sequences(type_sets::kClassic)};
  v.infer_outputs = [](const Attributes&, const std::vector<std::optional<ValueType>>& in, size_t) {
    return std::vector<std::optional<ValueType>>{sequence::sequence_of(in[0])};
  };
  v.kernel = [](const KernelContext& ctx) -> std::vector<Value> {
    std::vector<Tensor> items;
    for (size_t i = 0; i < ctx.input_count(); ++i) items.push_back(ctx.input(i));
    const ElementType elem = items.front().type();
    return {Value::sequence(elem, std::move(items))};
  };
  registry.add(v);
  registry.declare_accuracy("SequenceConstruct", {AccuracyKind::Exact, "the input tensors, unchanged"});
}

}  // namespace onnx_ref
