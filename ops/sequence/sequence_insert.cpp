// ONNX SequenceInsert-11: the sequence with `tensor` inserted before `position` (default: at the
// end; valid -n to n). The tensor's element type must be the sequence's.
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {
void check_same_type(const ValueType& seq, const ValueType& tensor) {
  if (seq.elem != tensor.elem)
    throw Error("the tensor to insert is " + tensor.to_string() + " but the sequence holds " +
                ValueType::tensor(seq.elem).to_string());
}
}  // namespace

void register_sequence_insert(Registry& registry) {
  OpVersion v;
  v.op_type = "SequenceInsert";
  v.since_version = 11;
  v.inputs = {{"input_sequence", "S"}, {"tensor", "T"}, {"position", "I", ParamOption::Optional}};
  v.outputs = {{"output_sequence", "S"}};
  v.type_constraints = {{"T", type_sets::kClassic}, sequence::sequences(type_sets::kClassic), sequence::positions()};
  v.infer_outputs = [](const Attributes&, const std::vector<std::optional<ValueType>>& in, size_t) {
    if (in[0] && in[1]) check_same_type(*in[0], *in[1]);
    return std::vector<std::optional<ValueType>>{in[0]};
  };
  v.kernel = [](const KernelContext& ctx) -> std::vector<Value> {
    // Taken, not read: a sequence nothing else holds (a Loop's carried one) grows in place,
    // amortised O(1) at the end, instead of being copied every iteration.
    Value seq = ctx.take_value(0);
    const Tensor& tensor = ctx.input(1);
    check_same_type(seq.type(), ValueType::tensor(tensor.type()));
    const size_t at =
        ctx.has_input(2) ? sequence::checked_position(ctx.input(2), seq.items().size(), true) : seq.items().size();
    if (seq.insert_in_place(at, tensor)) return {std::move(seq)};
    std::vector<Tensor> items = seq.items();
    items.insert(items.begin() + static_cast<std::ptrdiff_t>(at), tensor);
    return {Value::sequence(seq.type().elem, std::move(items))};
  };
  registry.add(v);
  registry.declare_accuracy("SequenceInsert", {AccuracyKind::Exact, "the tensors, unchanged"});
}

}  // namespace onnx_ref
