// ONNX Loop, every version (1, 11, 13, 16, 19, 21, 23, 24, 25).
// Inputs: the trip count M (optional int64 scalar), the condition (optional bool scalar) and N
// loop-carried values. The body takes (iteration_num, cond, the N carried values) and gives
// (cond, the N new carried values, K scan outputs). The node gives the N final carried values and
// the K scan outputs, each the iterations' values stacked on a new first axis.
//
// Iterations run while i < M (when M is given) and cond is true (when cond is given); without
// either the loop runs until the run's iteration limit (RunOptions::max_loop_iterations) stops it
// with an error. The body's cond output is read only when the node has a cond input (the spec's
// "for" form ignores it). Carried values may be of any type V allows and change shape between
// iterations; scan outputs are tensors of one shape in every iteration. A Loop that runs zero
// times gives the initial values and, for each scan output, a tensor of the body's declared
// element type and shape behind a new axis of length 0 (an undeclared dimension counts as 0).
#include "ops/control/control_flow.h"
#include "ops/control/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/run_limits.h"

namespace onnx_ref {

namespace {

size_t carried_count(size_t node_inputs) { return node_inputs > 2 ? node_inputs - 2 : 0; }

std::vector<Value> run_loop(const KernelContext& ctx) {
  const size_t n = carried_count(ctx.input_count());
  const size_t k = ctx.output_count() - n;
  std::optional<int64_t> trip_count;
  if (ctx.has_input(0)) trip_count = control::scalar_int64(ctx.input(0), "the trip count M");
  const bool has_cond = ctx.has_input(1);
  bool cond = has_cond ? control::scalar_bool(ctx.input(1), "cond") : true;
  std::vector<Value> carried;
  for (size_t i = 0; i < n; ++i) carried.push_back(ctx.value(2 + i));
  std::vector<std::vector<Tensor>> scans(k);
  // The scan outputs are charged as they grow, at the size they will have once stacked: a body
  // that gives the same small (or shared) tensor every iteration cannot pile up past the budget
  // unseen, and the run stops at the iteration that would pass it.
  MemoryCharge scan_charge;
  for (int64_t i = 0; (!trip_count || i < *trip_count) && cond; ++i) {
    ctx.run_context().count_loop_iteration();
    std::vector<Value> inputs;
    inputs.reserve(2 + n);
    inputs.emplace_back(Tensor::from_values<int64_t>(ElementType::Int64, {}, {i}));
    inputs.emplace_back(Tensor::from_values<uint8_t>(ElementType::Bool, {}, {uint8_t{1}}));
    for (auto& v : carried) inputs.push_back(std::move(v));
    std::vector<Value> out = ctx.run_graph("body", std::move(inputs));
    if (has_cond)
      cond = control::scalar_bool(out[0].tensor(), "the body's cond output (iteration " + std::to_string(i) + ")");
    for (size_t j = 0; j < n; ++j) carried[j] = std::move(out[1 + j]);
    for (size_t j = 0; j < k; ++j) {
      if (!out[1 + n + j].is_tensor())
        throw Error("scan output " + std::to_string(j) + " of the body is " + out[1 + n + j].type().to_string() +
                    "; scan outputs are tensors");
      const Tensor& piece = out[1 + n + j].tensor();
      scan_charge.absorb(charge_memory(
          sizeof(Tensor) + (piece.is_string()
                                ? sizeof(std::string) * static_cast<uint64_t>(piece.element_count())
                                : storage_bytes(piece.type(), static_cast<uint64_t>(piece.element_count()))),
          "scan output " + std::to_string(j) + " of iteration " + std::to_string(i)));
      scans[j].push_back(piece);
    }
  }
  scan_charge.reset();  // the stacked outputs below are charged as they are allocated
  const Subgraph& body = ctx.attrs.get_graph("body");
  std::vector<Value> result = std::move(carried);
  for (size_t j = 0; j < k; ++j) {
    const auto& declared = body.output_types()[1 + n + j];
    if (scans[j].empty()) {
      const auto shape = body.declared_output_shape(1 + n + j);
      if (!declared || !shape)
        throw Error("the loop ran zero times and the body does not declare the type and shape of scan output " +
                    std::to_string(j));
      result.emplace_back(stack_along({}, 0, declared->elem, *shape));
    } else {
      result.emplace_back(stack_along(scans[j], 0, scans[j].front().type(), {}));
    }
  }
  return result;
}

std::vector<std::optional<ValueType>> loop_outputs(const Attributes& attrs,
                                                   const std::vector<std::optional<ValueType>>& in,
                                                   size_t output_count) {
  const Subgraph& body = attrs.get_graph("body");
  const size_t n = carried_count(in.size());
  if (output_count < n)
    throw Error("the node has " + std::to_string(n) + " loop-carried input(s) but only " +
                std::to_string(output_count) + " output(s); each carried value has a final output");
  const size_t k = output_count - n;
  check_signature(body, "body", 2 + n, 1 + n + k,
                  "iteration_num, cond and " + std::to_string(n) + " carried value(s) in; cond, " + std::to_string(n) +
                      " carried value(s) and " + std::to_string(k) + " scan output(s) out");
  check_input_type(body.input_types()[0], ValueType::tensor(ElementType::Int64), "body", 0);
  check_input_type(body.input_types()[1], ValueType::tensor(ElementType::Bool), "body", 1);
  const auto& cond_out = body.output_types()[0];
  if (cond_out && !(*cond_out == ValueType::tensor(ElementType::Bool)))
    throw Error("the body's output 0 (cond) is " + cond_out->to_string() + ", not tensor(bool)");
  std::vector<std::optional<ValueType>> types;
  for (size_t i = 0; i < n; ++i) {
    check_input_type(body.input_types()[2 + i], in[2 + i], "body", 2 + i);
    const auto& out = body.output_types()[1 + i];
    // An optional may enter and its element leave: the next iteration takes it as an optional
    // holding it, and the final type depends on whether the loop ran, so it is known at run time.
    if (out && in[2 + i] && in[2 + i]->is_optional() && in[2 + i]->unwrapped() == *out) {
      types.emplace_back();
      continue;
    }
    if (out && in[2 + i] && !(*out == *in[2 + i]))
      throw Error("carried value " + std::to_string(i) + " enters the body as " + in[2 + i]->to_string() +
                  " but leaves it as " + out->to_string());
    types.push_back(out ? out : in[2 + i]);
  }
  for (size_t j = 0; j < k; ++j) {
    const auto& out = body.output_types()[1 + n + j];
    if (out && !out->is_tensor())
      throw Error("the body's scan output " + std::to_string(j) + " is " + out->to_string() +
                  "; scan outputs are tensors");
    types.push_back(out);
  }
  return types;
}

OpVersion loop_version(int since_version) {
  OpVersion v;
  v.op_type = "Loop";
  v.since_version = since_version;
  // Loop-1 wants at least one carried value; from 11 a loop may carry none.
  v.inputs = {{"M", "I", ParamOption::Optional},
              {"cond", "B", ParamOption::Optional},
              {"v_initial", "V", ParamOption::Variadic, since_version == 1 ? 1 : 0, false}};
  v.outputs = {{"v_final_and_scan_outputs", "V", ParamOption::Variadic, 1, false}};
  v.attributes = {{"body", AttrType::Graph, true}};
  v.type_constraints = {control::if_loop_values(since_version), {"I", type_sets::kInt64}, {"B", type_sets::kBool}};
  v.infer_outputs = loop_outputs;
  v.kernel = run_loop;
  return v;
}

}  // namespace

void register_loop(Registry& registry) {
  for (int since : control::kIfLoopVersions) registry.add(loop_version(since));
  registry.declare_accuracy(
      "Loop", {AccuracyKind::Exact, "the body's values passed on unchanged; inner nodes keep their own contracts"});
}

}  // namespace onnx_ref
