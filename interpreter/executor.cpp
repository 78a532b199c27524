// Running a checked Model: feeds are checked against the declared inputs, nodes run in order, and
// every error is reported with the node that raised it. No kernel is trusted: the number and the
// types of the values it returns are checked against the node and the operator version.
#include <algorithm>
#include <chrono>
#include <new>
#include <stdexcept>

#include "interpreter/constant_memo.h"
#include "interpreter/model.h"
#include "interpreter/profile_calls.h"
#include "runtime/error.h"
#include "runtime/error_context.h"
#include "runtime/run_limits.h"

namespace onnx_ref {

std::optional<ValueType> ValueInfo::value_type() const {
  if (!type) return std::nullopt;
  return ValueType{kind, *type, key.value_or(ElementType::Undefined)};
}

std::string ValueInfo::describe() const {
  // The element type may be left unset in a sequence or an optional too: "optional(tensor(?))".
  if (kind == ValueKind::Map || kind == ValueKind::MapSequence)
    return map_type_string(kind, key ? std::string(name_of(*key)) : "?", type ? std::string(name_of(*type)) : "?");
  std::string s = type ? tensor_type_string(*type) : "tensor(?)";
  if (kind != ValueKind::Tensor) return value_type_string(kind, s);
  if (!has_shape) return s;
  s += "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) s += ", ";
    s += dims[i] ? std::to_string(*dims[i]) : (dim_params[i].empty() ? "?" : printable(dim_params[i]));
  }
  return s + "]";
}

std::string Node::describe() const {
  const std::string label = op ? op->label() : printable(op_type);
  if (name.empty()) return "node #" + std::to_string(index) + " (" + label + ")";
  return "node " + quote_text(name) + " (#" + std::to_string(index) + ", " + label + ")";
}

void check_feed(const ValueInfo& declared, const Value& value) {
  if (!declared.typed) return;
  if (declared.kind != value.type().kind) {
    throw Error("is " + value.describe() + " but the model declares " + declared.describe());
  }
  if (!value.is_tensor()) {
    if ((declared.type && *declared.type != value.type().elem) || (declared.key && *declared.key != value.type().key))
      throw Error("is " + value.describe() + " but the model declares " + declared.describe());
    return;
  }
  const Tensor& tensor = value.tensor();
  if (declared.type && *declared.type != tensor.type())
    throw Error("is " + tensor.describe() + " but the model declares " + declared.describe());
  if (!declared.has_shape) return;
  if (static_cast<size_t>(tensor.rank()) != declared.dims.size())
    throw Error("is " + tensor.describe() + " but the model declares " + declared.describe() + " (rank " +
                std::to_string(declared.dims.size()) + ")");
  for (size_t i = 0; i < declared.dims.size(); ++i)
    if (declared.dims[i] && *declared.dims[i] != tensor.shape()[i])
      throw Error("is " + tensor.describe() + " but the model declares " + declared.describe() + " (dimension " +
                  std::to_string(i) + ")");
}

std::vector<std::optional<ValueType>> check_node_types(const Node& node,
                                                       const std::vector<std::optional<ValueType>>& input_types,
                                                       size_t output_count) {
  const OpVersion& op = *node.op;
  std::map<std::string, std::pair<ValueType, size_t>> bound;  // type variable -> (type, input index)
  for (size_t i = 0; i < input_types.size(); ++i) {
    const FormalParam* param = op.input_param(i);
    if (!input_types[i] || !param) continue;
    const ValueType& type = *input_types[i];
    const TypeConstraint& constraint = op.constraint(param->type_var);
    const std::string which = "input " + std::to_string(i) + " (" + quote_text(param->name) + ")";
    if (!constraint.allows(type)) {
      if (!constraint.spec_text.empty())
        throw Error(which + " is " + type.to_string() + ", but " + op.label() + " takes " + constraint.spec_text);
      throw Error(which + " is " + type.to_string() + ", which " + op.label() + " does not allow for " +
                  constraint.type_var + " (allowed: " + constraint.allowed_text() + ")");
    }
    if (param->option == ParamOption::Variadic && !param->homogeneous) continue;
    auto [it, inserted] = bound.emplace(param->type_var, std::make_pair(type, i));
    if (!inserted && !(it->second.first == type))
      throw Error(which + " is " + type.to_string() + " but " + constraint.type_var + " is already " +
                  it->second.first.to_string() + " from input " + std::to_string(it->second.second));
  }
  std::vector<std::optional<ValueType>> outputs;
  for (size_t i = 0; i < output_count; ++i) {
    const FormalParam* param = op.output_param(i);
    if (!param) break;
    std::optional<ValueType> type;
    // A heterogeneous variadic output (If's, Loop's, SequenceMap's) is typed by infer_outputs, never
    // by a binding: each of its values may be of another type.
    const bool heterogeneous = param->option == ParamOption::Variadic && !param->homogeneous;
    if (auto it = bound.find(param->type_var); it != bound.end() && !heterogeneous) {
      type = it->second.first;
    } else if (auto chosen = op.attribute_type ? op.attribute_type(node.attributes, param->type_var) : std::nullopt) {
      // The attribute chooses the element type; a constraint of sequences only (SequenceEmpty's S)
      // makes it a sequence of such tensors.
      const TypeConstraint& c = op.constraint(param->type_var);
      type = ValueType{c.allowed == TypeSet{} && !(c.sequences == TypeSet{}) ? ValueKind::Sequence : ValueKind::Tensor,
                       *chosen};
      const TypeConstraint& constraint = op.constraint(param->type_var);
      if (!constraint.allows(*type))
        throw Error("output " + std::to_string(i) + " (" + quote_text(param->name) + ") would be " + type->to_string() +
                    ", which " + op.label() + " does not allow for " + constraint.type_var +
                    " (allowed: " + constraint.allowed_text() + ")");
    } else {
      type = op.constraint(param->type_var).single_type();
    }
    outputs.push_back(type);
  }
  if (op.infer_outputs) {
    const auto inferred = op.infer_outputs(node.attributes, input_types, output_count);
    for (size_t i = 0; i < outputs.size() && i < inferred.size(); ++i) {
      if (!inferred[i]) continue;
      const FormalParam* param = op.output_param(i);
      if (outputs[i] && !(*outputs[i] == *inferred[i]))
        throw Error("output " + std::to_string(i) + " (" + quote_text(param->name) + ") is " +
                    inferred[i]->to_string() + " but " + op.constraint(param->type_var).type_var + " is " +
                    outputs[i]->to_string());
      if (!op.constraint(param->type_var).allows(*inferred[i]))
        throw Error("output " + std::to_string(i) + " (" + quote_text(param->name) + ") would be " +
                    inferred[i]->to_string() + ", which " + op.label() + " does not allow for " + param->type_var);
      outputs[i] = inferred[i];
    }
  }
  return outputs;
}

namespace {

// What a kernel returned must be what the node asked for: one value per output, each of a type the
// version allows and, where the loader knew it, of that very type.
void check_kernel_outputs(const Node& node, const std::vector<Value>& outputs,
                          const std::vector<std::optional<ValueType>>& expected) {
  const OpVersion& op = *node.op;
  if (outputs.size() != node.outputs.size())
    throw std::logic_error(op.label() + " kernel returned " + std::to_string(outputs.size()) + " value(s) for " +
                           std::to_string(node.outputs.size()) + " output(s)");
  for (size_t i = 0; i < outputs.size(); ++i) {
    const FormalParam* param = op.output_param(i);
    const ValueType& type = outputs[i].type();
    if (!param || !op.constraint(param->type_var).allows(type) ||
        (i < expected.size() && expected[i] && !(*expected[i] == type)))
      throw std::logic_error(op.label() + " kernel returned " + type.to_string() + " for output " + std::to_string(i) +
                             (i < expected.size() && expected[i] ? ", which must be " + expected[i]->to_string() : ""));
  }
}

}  // namespace

void Graph::finish() {
  for (Node& node : nodes)
    node.path = path.empty() ? node.describe() : path + " " + std::string(kGraphPathMark) + node.describe();
  input_types_.clear();
  output_types_.clear();
  for (int slot : input_slots) input_types_.push_back(slot_types[static_cast<size_t>(slot)]);
  for (size_t i = 0; i < outputs.size(); ++i) {
    auto declared = outputs[i].value_type();
    output_types_.push_back(declared ? declared : slot_types[static_cast<size_t>(output_slots[i])]);
  }
  // The last node reading each slot frees it; graph outputs are never freed, and a node output
  // nobody reads is freed right after its node.
  std::vector<int> last_reader(slot_names.size(), -1);
  for (size_t k = 0; k < nodes.size(); ++k) {
    for (int slot : nodes[k].inputs)
      if (slot >= 0) last_reader[static_cast<size_t>(slot)] = static_cast<int>(k);
    for (int slot : nodes[k].implicit_inputs) last_reader[static_cast<size_t>(slot)] = static_cast<int>(k);
    for (int slot : nodes[k].outputs)
      if (slot >= 0 && last_reader[static_cast<size_t>(slot)] < static_cast<int>(k))
        last_reader[static_cast<size_t>(slot)] = static_cast<int>(k);
  }
  for (int slot : output_slots) last_reader[static_cast<size_t>(slot)] = -1;
  release_after.assign(nodes.size(), {});
  for (size_t slot = 0; slot < last_reader.size(); ++slot)
    if (last_reader[slot] >= 0) release_after[static_cast<size_t>(last_reader[slot])].push_back(static_cast<int>(slot));
  for (size_t k = 0; k < nodes.size(); ++k) {
    Node& node = nodes[k];
    node.last_use.assign(node.inputs.size(), false);
    for (size_t i = 0; i < node.inputs.size(); ++i) {
      const int slot = node.inputs[i];
      if (slot < 0 || last_reader[static_cast<size_t>(slot)] != static_cast<int>(k)) continue;
      const bool read_once =
          std::count(node.inputs.begin(), node.inputs.end(), slot) == 1 &&
          std::find(node.implicit_inputs.begin(), node.implicit_inputs.end(), slot) == node.implicit_inputs.end() &&
          std::find(node.outputs.begin(), node.outputs.end(), slot) == node.outputs.end();
      node.last_use[i] = read_once;
    }
  }
}

std::optional<Shape> Graph::declared_output_shape(size_t index) const {
  const ValueInfo& info = outputs.at(index);
  if (!info.has_shape) return std::nullopt;
  Shape shape;
  for (const auto& d : info.dims) shape.push_back(d.value_or(0));
  return shape;
}

void Graph::execute(std::vector<std::optional<Value>>& values, RunContext& ctx, const ExecuteHooks* hooks) const {
  std::vector<std::optional<Value>> inputs;
  std::vector<std::optional<ValueType>> types;
  KernelContext::Captures captures;
  // The node path the kernels see, put back however the node ends (a graph attribute's nodes set
  // their own while their node runs).
  struct NodePathScope {
    RunContext& ctx;
    const std::string* previous;
    ~NodePathScope() { ctx.set_node_path(previous); }
  } path_scope{ctx, ctx.set_node_path(nullptr)};
  auto profile_row = [this](const Node& node) {
    return RunProfile::Row{
        node.path, node.op->label(), 0, 0, !node.graph_captures.empty() || node.calls_function, path.empty()};
  };
  for (size_t k = 0; k < nodes.size(); ++k) {
    const Node& node = nodes[k];
    if (hooks && hooks->skip && (*hooks->skip)[k]) {
      // Its outputs were kept from an earlier run: it is listed, with no time.
      if (RunProfile* profile = ctx.options().profile) profile->add(&node, 0, [&] { return profile_row(node); });
      for (int slot : release_after[k]) values[static_cast<size_t>(slot)].reset();
      continue;
    }
    ctx.set_node_path(&node.path);
    inputs.clear();
    types.clear();
    for (size_t i = 0; i < node.inputs.size(); ++i) {
      const int slot = node.inputs[i];
      // A value this node reads last is moved, not copied: a kernel may then own it alone.
      if (slot >= 0 && node.last_use[i])
        inputs.push_back(std::move(values[static_cast<size_t>(slot)]));
      else
        inputs.push_back(slot < 0 ? std::nullopt : values[static_cast<size_t>(slot)]);
      types.push_back(inputs.back() ? std::optional<ValueType>(inputs.back()->type()) : std::nullopt);
    }
    captures.clear();
    for (const auto& [attr, positions] : node.graph_captures) {
      std::vector<Value> captured_values;
      for (size_t p : positions) captured_values.push_back(*values[static_cast<size_t>(node.implicit_inputs[p])]);
      captures.emplace_back(attr, std::move(captured_values));
    }
    std::vector<Value> outputs;
    try {
      poll_deadline(ctx.limits());
      const auto expected =
          check_node_types(node, types, node.outputs.size());  // again, for inputs whose type was not declared
      if (RunProfile* profile = ctx.options().profile) {
        const auto start = std::chrono::steady_clock::now();
        KernelContext kernel_context(node.attributes, inputs, node.outputs.size(), &ctx, &captures);
        kernel_context.hand_over(inputs, &node.last_use);
        outputs = node.kernel(kernel_context);
        const auto elapsed =
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start);
        profile->add(&node, elapsed.count(), [&] { return profile_row(node); });
        ProfileCalls::record(*profile, &node,
                             std::chrono::duration_cast<std::chrono::nanoseconds>(start.time_since_epoch()).count(),
                             elapsed.count());
      } else {
        KernelContext kernel_context(node.attributes, inputs, node.outputs.size(), &ctx, &captures);
        kernel_context.hand_over(inputs, &node.last_use);
        outputs = node.kernel(kernel_context);
      }
      check_kernel_outputs(node, outputs, expected);
      if (hooks && hooks->ran) hooks->ran(k, outputs);
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::at(node.describe(), node.op->label()));
    } catch (const std::bad_alloc&) {
      // The budget is charged before allocating, so this is memory taken by others meanwhile, or
      // a buffer no charge covers: still the input's doing, not a fault of the program.
      throw Error(join_context(node.describe(), "the allocator refused memory within the run's budget of " +
                                                    std::to_string(ctx.limits().memory->limit() >> 20) +
                                                    " MiB (lower --max-memory)"),
                  node.op->label());
    } catch (const std::length_error&) {
      throw Error(join_context(node.describe(), "asked for a buffer longer than memory can address"), node.op->label());
    } catch (const std::logic_error& e) {
      throw std::logic_error(node.describe() + ": " + e.what());
    }
    if (RunTrace* trace = ctx.options().trace; trace && depth > 0) {
      std::vector<std::string> names;
      for (int slot : node.outputs) names.push_back(slot < 0 ? "" : slot_names[static_cast<size_t>(slot)]);
      trace->node_outputs(node.index, node.name, node.op_type, node.domain, node.op->label(), names, outputs);
    }
    for (size_t i = 0; i < node.outputs.size(); ++i)
      if (node.outputs[i] >= 0) values[static_cast<size_t>(node.outputs[i])] = std::move(outputs[i]);
    inputs.clear();
    captures.clear();
    for (int slot : release_after[k]) values[static_cast<size_t>(slot)].reset();
  }
}

std::vector<Value> Graph::run(std::vector<Value> formal, std::span<const Value> captured_values,
                              RunContext& ctx) const {
  if (formal.size() != inputs.size())
    throw Error("the graph takes " + std::to_string(inputs.size()) + " input(s), given " +
                std::to_string(formal.size()));
  if (captured_values.size() != captured_slots.size())
    throw std::logic_error("graph run with " + std::to_string(captured_values.size()) + " captured value(s) for " +
                           std::to_string(captured_slots.size()));
  std::vector<std::optional<Value>> values = constants;
  for (size_t i = 0; i < formal.size(); ++i) {
    // A value given where the graph declares an optional of its type is that optional, holding it
    // (Loop-16 carries optional(seq) in and seq out, as ONNX's own tests do).
    if (inputs[i].typed && inputs[i].type && inputs[i].value_type()->is_optional() && !formal[i].is_optional() &&
        inputs[i].value_type()->unwrapped() == formal[i].type())
      formal[i] = Value::some(formal[i]);
    try {
      check_feed(inputs[i], formal[i]);
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::subject("graph input " + quote_text(inputs[i].name)));
    }
    values[static_cast<size_t>(input_slots[i])] = std::move(formal[i]);
  }
  for (size_t i = 0; i < captured_slots.size(); ++i)
    values[static_cast<size_t>(captured_slots[i])] = captured_values[i];
  // run --trace hears of every graph run below the model's, and of its end however it ends.
  struct TraceScope {
    RunTrace* trace;
    ~TraceScope() {
      if (trace) trace->leave_graph();
    }
  } scope{nullptr};
  if (RunTrace* trace = ctx.options().trace; trace && depth > 0) {
    trace->enter_graph(this, trace_segment, path);
    scope.trace = trace;
  }
  execute(values, ctx);
  std::vector<Value> result;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const auto& value = values[static_cast<size_t>(output_slots[i])];
    if (!value) throw Error("graph output " + quote_text(outputs[i].name) + " has no value");
    try {
      check_feed(outputs[i], *value);
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::subject("graph output " + quote_text(outputs[i].name)));
    }
    result.push_back(*value);
  }
  return result;
}

std::vector<std::pair<std::string, Value>> Model::run(const std::map<std::string, Value>& feeds,
                                                      const RunOptions& options) const {
  const Graph& graph = *graph_;
  std::vector<std::optional<Value>> values = graph.constants;
  auto input_index = [&](const std::string& name, const std::vector<ValueInfo>& list) -> std::optional<size_t> {
    for (size_t i = 0; i < list.size(); ++i)
      if (list[i].name == name) return i;
    return std::nullopt;
  };
  std::map<std::string, std::pair<int64_t, std::string>> dim_bindings;  // dimension variable -> (size, input)
  bool feeds_default = false;  // a feed replaces an initializer: constant nodes may read it
  for (const auto& [name, value] : feeds) {
    const ValueInfo* declared = nullptr;
    int slot = -1;
    if (auto i = input_index(name, required_inputs_)) {
      declared = &required_inputs_[*i];
      slot = required_input_slots_[*i];
    } else if (auto j = input_index(name, optional_inputs_)) {
      declared = &optional_inputs_[*j];
      slot = optional_input_slots_[*j];
      feeds_default = true;
    } else {
      std::string names;
      for (const auto& v : required_inputs_) names += (names.empty() ? "" : ", ") + v.name;
      for (const auto& v : optional_inputs_) names += (names.empty() ? "" : ", ") + v.name;
      throw Error(origin_ + ": feed " + quote_text(name) +
                  " is not an input of the model (its inputs: " + (names.empty() ? "none" : names) + ")");
    }
    try {
      check_feed(*declared, value);
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::subject(origin_ + ": input " + quote_text(name)));
    }
    // IR.md: inputs that share a dimension variable "MUST be tensors of rank 1 with the same
    // dimension" there; the first input fed binds it.
    if (declared->typed && declared->has_shape && value.is_tensor()) {
      for (size_t d = 0; d < declared->dim_params.size(); ++d) {
        const std::string& param = declared->dim_params[d];
        if (param.empty()) continue;
        const int64_t size = value.tensor().shape()[d];
        auto [it, first] = dim_bindings.emplace(param, std::make_pair(size, name));
        if (!first && it->second.first != size)
          throw Error(origin_ + ": input " + quote_text(name) + " has dimension " + std::to_string(d) + " = " +
                      std::to_string(size) + " where the dimension variable " + quote_text(param) + " is " +
                      std::to_string(it->second.first) + " (from input " + quote_text(it->second.second) + ")");
      }
    }
    values[static_cast<size_t>(slot)] = value;
  }
  for (size_t i = 0; i < required_inputs_.size(); ++i)
    if (!feeds.count(required_inputs_[i].name))
      throw Error(origin_ + ": input " + quote_text(required_inputs_[i].name) + " (" + required_inputs_[i].describe() +
                  ") is not fed");

  RunContext ctx(options);
  // The run's thread count, memory budget and deadline, for the code below that has no context at
  // hand (allocation, parallel_for); another run on another thread has its own.
  RunLimitsScope limits_scope(&ctx.limits());
  ConstantMemo::RunPlan plan;
  if (constant_memo_) plan = constant_memo_->begin_run(graph, output_slots_, feeds_default);
  ExecuteHooks hooks;
  // Kept values count against this run's budget as if it had computed them; when it cannot take
  // them, it computes them.
  MemoryCharge kept_charge;
  if (plan.kept) {
    try {
      kept_charge = charge_memory(plan.kept->bytes, "constant values kept from an earlier run");
      for (const auto& [slot, value] : plan.kept->values) values[static_cast<size_t>(slot)] = value;
      hooks.skip = &plan.kept->skip;
    } catch (const Error&) {
      plan.kept = nullptr;
    }
  }
  std::optional<ConstantRecorder> recorder;
  if (plan.record) {
    // At most a quarter of the run's budget, so keeping them to the run's end cannot starve it.
    recorder.emplace(plan.record, std::min(constant_memo_->limit(), ctx.limits().memory->limit() / 4));
    hooks.ran = [&recorder, &graph](size_t k, const std::vector<Value>& outputs) {
      recorder->node_ran(graph.nodes[k], k, outputs);
    };
  }
  try {
    graph.execute(values, ctx, &hooks);
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::at(origin_));
  } catch (const std::logic_error& e) {
    throw std::logic_error(origin_ + ": " + e.what());
  }

  std::vector<std::pair<std::string, Value>> result;
  for (size_t i = 0; i < outputs_.size(); ++i) {
    const Value& value = *values[static_cast<size_t>(output_slots_[i])];
    try {
      check_feed(outputs_[i], value);
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::subject(origin_ + ": graph output " + quote_text(outputs_[i].name)));
    }
    result.emplace_back(outputs_[i].name, value);
  }
  if (recorder) constant_memo_->store(recorder->finish(graph));
  return result;
}

void Model::set_constant_memo_limit(uint64_t bytes) {
  if (constant_memo_) constant_memo_->set_limit(bytes);
}

}  // namespace onnx_ref
