// ONNX SequenceErase-11: the sequence without the tensor at `position` (default: the last one;
// valid -n to n-1, so erasing from an empty sequence is an error).
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

void register_sequence_erase(Registry& registry) {
  OpVersion v;
  v.op_type = "SequenceErase";
  v.since_version = 11;
  v.inputs = {{"input_sequence", "S"}, {"position", "I", ParamOption::Optional}};
  v.outputs = {{"output_sequence", "S"}};
  v.type_constraints = {sequence::sequences(type_sets::kClassic), sequence::positions()};
  v.kernel = [](const KernelContext& ctx) -> std::vector<Value> {
    // Taken, not read: a sequence nothing else holds (a Loop's carried one) is changed in place.
    Value seq = ctx.take_value(0);
    const size_t size = seq.items().size();
    if (size == 0) throw Error("the sequence is empty: there is nothing to erase");
    const size_t at = ctx.has_input(1) ? sequence::checked_position(ctx.input(1), size, false) : size - 1;
    if (seq.erase_in_place(at)) return {std::move(seq)};
    std::vector<Tensor> items = seq.items();
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(at));
    return {Value::sequence(seq.type().elem, std::move(items))};
  };
  registry.add(v);
  registry.declare_accuracy("SequenceErase", {AccuracyKind::Exact, "the tensors, unchanged"});
}

}  // namespace onnx_ref
