// ONNX SequenceAt-11: the tensor at `position` (valid -n to n-1) of the sequence.
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_sequence_at(Registry& registry) {
  OpVersion v;
  v.op_type = "SequenceAt";
  v.since_version = 11;
  v.inputs = {{"input_sequence", "S"}, {"position", "I"}};
  v.outputs = {{"tensor", "T"}};
  v.type_constraints = {sequence::sequences(type_sets::kClassic), {"T", type_sets::kClassic}, sequence::positions()};
  v.infer_outputs = [](const Attributes&, const std::vector<std::optional<ValueType>>& in, size_t) {
    return std::vector<std::optional<ValueType>>{sequence::item_of(in[0])};
  };
  v.kernel = [](const KernelContext& ctx) -> std::vector<Value> {
    const auto& items = ctx.value(0).items();
    return {items[sequence::checked_position(ctx.input(1), items.size(), false)]};
  };
  registry.add(v);
  registry.declare_accuracy("SequenceAt", {AccuracyKind::Exact, "the tensor, unchanged"});
}

}  // namespace onnx_ref
