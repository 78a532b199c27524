// ONNX If, every version (1, 11, 13, 16, 19, 21, 23, 24, 25).
// cond (a bool tensor of one element) picks then_branch or else_branch; the branch runs with the
// outer values it reads and its outputs are the node's. Both branches must give as many outputs as
// the node lists; where both declare an output's type, the types must agree (shapes may differ,
// as If-11 and later allow). Each branch is typed at load; the node's output types are the
// branches' declared types.
#include "ops/control/control_flow.h"
#include "ops/control/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

std::vector<Value> run_if(const KernelContext& ctx) {
  const bool cond = control::scalar_bool(ctx.input(0), "cond");
  return ctx.run_graph(cond ? "then_branch" : "else_branch", {});
}

std::vector<std::optional<ValueType>> if_outputs(const Attributes& attrs, const std::vector<std::optional<ValueType>>&,
                                                 size_t output_count) {
  const Subgraph& then_branch = attrs.get_graph("then_branch");
  const Subgraph& else_branch = attrs.get_graph("else_branch");
  check_signature(then_branch, "then_branch", 0, output_count, "a branch takes no inputs and gives every output");
  check_signature(else_branch, "else_branch", 0, output_count, "a branch takes no inputs and gives every output");
  std::vector<std::optional<ValueType>> types;
  for (size_t i = 0; i < output_count; ++i) {
    const auto& a = then_branch.output_types()[i];
    const auto& b = else_branch.output_types()[i];
    if (a && b && !(*a == *b))
      throw Error("output " + std::to_string(i) + " is " + a->to_string() + " in then_branch but " + b->to_string() +
                  " in else_branch");
    types.push_back(a ? a : b);
  }
  return types;
}

OpVersion if_version(int since_version) {
  OpVersion v;
  v.op_type = "If";
  v.since_version = since_version;
  v.inputs = {{"cond", "B"}};
  v.outputs = {{"outputs", "V", ParamOption::Variadic, 1, false}};
  v.attributes = {{"else_branch", AttrType::Graph, true}, {"then_branch", AttrType::Graph, true}};
  v.type_constraints = {control::if_loop_values(since_version), {"B", type_sets::kBool}};
  v.infer_outputs = if_outputs;
  v.kernel = run_if;
  return v;
}

}  // namespace

void register_if(Registry& registry) {
  for (int since : control::kIfLoopVersions) registry.add(if_version(since));
  registry.declare_accuracy(
      "If", {AccuracyKind::Exact, "the branch's values passed on unchanged; inner nodes keep their own contracts"});
}

}  // namespace onnx_ref
