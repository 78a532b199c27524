// ONNX SequenceMap-17: runs `body` once per item of input_sequence. The body takes the item and
// each additional input (for a sequence, its item at the same position, so every additional
// sequence has the input's length; a tensor is passed whole every time), and output k of the
// node is the sequence of the body's output k. An empty input_sequence gives empty sequences of
// the body's declared output element types.
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/subgraph_signature.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

std::vector<Value> sequence_map(const KernelContext& ctx) {
  const auto& items = ctx.value(0).items();
  for (size_t j = 1; j < ctx.input_count(); ++j)
    if (ctx.value(j).is_sequence() && ctx.value(j).items().size() != items.size())
      throw Error("additional input " + std::to_string(j - 1) + " is a sequence of " +
                  std::to_string(ctx.value(j).items().size()) + " tensor(s) but input_sequence has " +
                  std::to_string(items.size()));
  const Subgraph& body = ctx.attrs.get_graph("body");
  std::vector<std::vector<Tensor>> outputs(ctx.output_count());
  for (size_t i = 0; i < items.size(); ++i) {
    std::vector<Value> inputs{items[i]};
    for (size_t j = 1; j < ctx.input_count(); ++j)
      inputs.push_back(ctx.value(j).is_sequence() ? Value(ctx.value(j).items()[i]) : ctx.value(j));
    std::vector<Value> out = ctx.run_graph("body", std::move(inputs));
    for (size_t k = 0; k < out.size(); ++k) {
      if (!out[k].is_tensor())
        throw Error("the body's output " + std::to_string(k) + " is " + out[k].type().to_string() + ", not a tensor");
      outputs[k].push_back(out[k].tensor());
    }
  }
  std::vector<Value> result;
  for (size_t k = 0; k < outputs.size(); ++k) {
    const auto& declared = body.output_types()[k];
    if (outputs[k].empty() && !declared)
      throw Error("input_sequence is empty and the body does not declare the type of output " + std::to_string(k));
    const ElementType elem = outputs[k].empty() ? declared->elem : outputs[k].front().type();
    result.push_back(Value::sequence(elem, std::move(outputs[k])));
  }
  return result;
}

std::vector<std::optional<ValueType>> sequence_map_outputs(const Attributes& attrs,
                                                           const std::vector<std::optional<ValueType>>& in,
                                                           size_t output_count) {
  const Subgraph& body = attrs.get_graph("body");
  check_signature(body, "body", in.size(), output_count, "one input per node input, one output per node output");
  check_input_type(body.input_types()[0], sequence::item_of(in[0]), "body", 0);
  for (size_t j = 1; j < in.size(); ++j)
    check_input_type(body.input_types()[j],
                     in[j] && in[j]->kind == ValueKind::Sequence ? sequence::item_of(in[j]) : in[j], "body", j);
  std::vector<std::optional<ValueType>> types;
  for (size_t k = 0; k < output_count; ++k) {
    const auto& out = body.output_types()[k];
    if (out && !out->is_tensor())
      throw Error("the body's output " + std::to_string(k) + " is " + out->to_string() + ", not a tensor");
    types.push_back(sequence::sequence_of(out));
  }
  return types;
}

}  // namespace

void register_sequence_map(Registry& registry) {
  OpVersion v;
  v.op_type = "SequenceMap";
  v.since_version = 17;
  v.inputs = {{"input_sequence", "S"}, {"additional_inputs", "V", ParamOption::Variadic, 0, false}};
  v.outputs = {{"out_sequence", "S", ParamOption::Variadic, 1, false}};
  v.attributes = {{"body", AttrType::Graph, true}};
  TypeConstraint values{"V", type_sets::kClassic};
  values.sequences = type_sets::kClassic;
  v.type_constraints = {sequence::sequences(type_sets::kClassic), values};
  v.infer_outputs = sequence_map_outputs;
  v.kernel = sequence_map;
  registry.add(v);
  registry.declare_accuracy(
      "SequenceMap",
      {AccuracyKind::Exact, "the body's values passed on unchanged; inner nodes keep their own contracts"});
}

}  // namespace onnx_ref
