// ONNX ConcatFromSequence-11: the sequence's tensors concatenated along `axis` (valid -r to r-1),
// or, with new_axis = 1, stacked along a new axis (valid -r-1 to r). An empty sequence has no
// result shape and is an error.
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

void register_concat_from_sequence(Registry& registry) {
  OpVersion v;
  v.op_type = "ConcatFromSequence";
  v.since_version = 11;
  v.inputs = {{"input_sequence", "S"}};
  v.outputs = {{"concat_result", "T"}};
  v.attributes = {{"axis", AttrType::Int, true}, {"new_axis", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {sequence::sequences(type_sets::kClassic), {"T", type_sets::kClassic}};
  v.infer_outputs = [](const Attributes&, const std::vector<std::optional<ValueType>>& in, size_t) {
    return std::vector<std::optional<ValueType>>{sequence::item_of(in[0])};
  };
  // axis and new_axis, parsed and checked at load.
  const auto parse = [](const Attributes& attrs) {
    const int64_t n = attrs.get_int("new_axis");
    if (n != 0 && n != 1) throw Error("new_axis is " + std::to_string(n) + "; it is 0 or 1");
    return std::pair<int64_t, bool>(attrs.get_int("axis"), n == 1);
  };
  v.set_kernel(parse, [](const KernelContext& ctx, const std::pair<int64_t, bool>& axis) -> std::vector<Value> {
    return {sequence::concat_items(ctx.value(0).items(), axis.first, axis.second)};
  });
  registry.add(v);
  registry.declare_accuracy("ConcatFromSequence", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
