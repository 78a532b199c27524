// Loading a ModelProto into a checked Model: every graph rule is enforced here, before any node runs.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <functional>
#include <iostream>
#include <set>

#include <google/protobuf/io/coded_stream.h>

#include "interpreter/attributes.h"
#include "interpreter/constant_memo.h"
#include "interpreter/functions.h"
#include "interpreter/model.h"
#include "interpreter/node_order.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/error_context.h"
#include "runtime/external_data.h"
#include "runtime/tensor_proto.h"
#include "runtime/wire_depth.h"

namespace onnx_ref {

namespace {

// Names come from the file: quote_text escapes control bytes so that every message stays one line.

std::string domain_name(const std::string& domain) { return domain.empty() ? "ai.onnx (\"\")" : quote_text(domain); }

// What replaces a version the spec marks deprecated (OpVersion::deprecated), or nullptr when it is
// not deprecated.
const char* deprecated_replacement(const OpVersion& v) {
  if (!v.deprecated) return nullptr;
  if (v.op_type == "Upsample") return "Resize";
  if (v.op_type == "Scatter") return "ScatterElements";
  if (v.op_type == "GroupNormalization") return "GroupNormalization-21 (opset 21)";
  if (v.op_type == "TreeEnsembleClassifier" || v.op_type == "TreeEnsembleRegressor") return "ai.onnx.ml TreeEnsemble";
  return "a later version";
}

// The element type of a TypeProto.Tensor; nullopt when it is left unset (0).
std::optional<ElementType> declared_elem(int32_t code, const std::string& where) {
  if (code == 0) return std::nullopt;
  auto type = element_type_from_code(code);
  if (!type) throw Error(where + " declares " + describe_type_code(code));
  return type;
}

ValueInfo parse_value_info(const onnx::ValueInfoProto& v, const std::string& role) {
  ValueInfo info;
  info.name = v.name();
  const std::string where = role + " " + quote_text(v.name());
  // Untyped, checked against the actual values at run time: no type, or an empty TypeProto (as
  // exporters write the outputs of If branches, silero VAD v5 among them).
  if (!v.has_type() || v.type().value_case() == onnx::TypeProto::VALUE_NOT_SET) return info;
  info.typed = true;
  const onnx::TypeProto* type = &v.type();
  bool optional = false;
  if (type->has_optional_type()) {
    optional = true;
    type = &type->optional_type().elem_type();
  }
  if (type->has_map_type() || (type->has_sequence_type() && type->sequence_type().elem_type().has_map_type())) {
    if (optional)
      throw UnsupportedError(where + " is an optional of a map; onnx-ref has no optionals of maps",
                             "(optional map value)");
    const bool in_sequence = type->has_sequence_type();
    const auto& map = in_sequence ? type->sequence_type().elem_type().map_type() : type->map_type();
    info.kind = in_sequence ? ValueKind::MapSequence : ValueKind::Map;
    info.key = declared_elem(map.key_type(), where + " (map key)");
    if (!info.key) throw Error(where + " declares a map without a key type");
    if (!is_map_key_type(*info.key))
      throw Error(where + " declares map keys of " + tensor_type_string(*info.key) +
                  "; a map key is an integer type or string");
    if (!map.value_type().has_tensor_type())
      throw UnsupportedError(
          where + " is a map whose values are not tensor elements; onnx-ref runs maps of tensor elements only",
          "(map of non-tensors)");
    info.type = declared_elem(map.value_type().tensor_type().elem_type(), where + " (map value)");
    if (info.type && info.type != ElementType::String && bits_of(*info.type) < 8)
      throw UnsupportedError(
          where + " is a map of " + tensor_type_string(*info.type) + "; onnx-ref keeps no maps of sub-byte types",
          "(map of sub-byte values)");
    return info;
  }
  if (type->has_sequence_type()) {
    const auto& elem = type->sequence_type().elem_type();
    if (!elem.has_tensor_type())
      throw UnsupportedError(
          where + " is a sequence of neither tensors nor maps; onnx-ref runs sequences of tensors and of maps only",
          "(sequence of sequences)");
    info.kind = optional ? ValueKind::OptionalSequence : ValueKind::Sequence;
    info.type = declared_elem(elem.tensor_type().elem_type(), where);
    return info;
  }
  if (!type->has_tensor_type()) {
    const char* kind = type->has_sparse_tensor_type() ? "a sparse tensor"
                       : type->has_optional_type()    ? "an optional of an optional"
                                                      : "not a tensor";
    throw UnsupportedError(where + " is " + kind + "; onnx-ref runs tensors, sequences of tensors, optionals and maps",
                           std::string("(") + kind + " value)");
  }
  if (optional) info.kind = ValueKind::OptionalTensor;
  const auto& tensor = type->tensor_type();
  info.type = declared_elem(tensor.elem_type(), where);
  if (tensor.has_shape() && !optional) {
    info.has_shape = true;
    for (const auto& d : tensor.shape().dim()) {
      if (d.has_dim_value()) {
        if (d.dim_value() < 0) throw Error(where + " declares a negative dimension " + std::to_string(d.dim_value()));
        info.dims.push_back(d.dim_value());
        info.dim_params.emplace_back();
      } else {
        info.dims.push_back(std::nullopt);
        info.dim_params.push_back(d.dim_param());
      }
    }
  }
  return info;
}

}  // namespace

// Compiles one GraphProto into a Graph: the model's graph, or a graph attribute in the scope of the
// graph holding its node (`parent`). A name a graph reads that it does not define is looked up in
// the enclosing graphs, at any depth, and becomes a captured value of this graph and of every graph
// between; the node holding the graph attribute lists it as an implicit input.
// What the whole load shares: the model's functions, each distinct instantiation of one compiled
// once (a function calling another twice, nested 20 deep, is 21 bodies, not 2^20), and the count
// of nodes compiled against the cap.
struct LoadState {
  std::map<FunctionKey, FunctionDef> functions;  // points into the model proto, which the Model keeps
  // By instantiation key (function_instance_key): the compiled call, shared by every node making it.
  std::map<std::string, std::shared_ptr<OpVersion>> instances;
  int64_t max_nodes = kDefaultMaxNodes;
  int64_t nodes = 0;
  LoadOptions options;  // the loader's opt-ins
};

namespace {

// What decides a function call's compiled body: the function, the call's attribute values (the
// body's ref_attr_name attributes take them), which inputs the call leaves out (absent inside) and
// the nesting depth (the depth limit counts it). Input types are not part of it: the body's inputs
// are typed by the function's value_info alone, the same for every call, and checked at run time.
std::string function_instance_key(const FunctionKey& key, const onnx::NodeProto& call, int depth) {
  std::string k =
      std::get<0>(key) + '\0' + std::get<1>(key) + '\0' + std::get<2>(key) + '\0' + std::to_string(depth) + '\0';
  for (int i = 0; i < call.input_size(); ++i) k += call.input(i).empty() ? '0' : '1';
  k += '\0' + std::to_string(call.output_size()) + '\0';
  std::map<std::string, std::string> attributes;
  for (const auto& a : call.attribute()) attributes[a.name()] = a.SerializeAsString();
  for (const auto& [name, bytes] : attributes)
    k += std::to_string(name.size()) + ':' + name + std::to_string(bytes.size()) + ':' + bytes;
  return k;
}

}  // namespace

class GraphBuilder {
 public:
  GraphBuilder(const onnx::GraphProto& graph, Graph& g, const std::map<std::string, int64_t>& opsets,
               std::shared_ptr<const onnx::ModelProto> model_proto, const std::filesystem::path& base_dir,
               GraphBuilder* parent, LoadState& state)
      : graph_(graph),
        g_(g),
        opsets_(opsets),
        model_proto_(std::move(model_proto)),
        base_dir_(base_dir),
        parent_(parent),
        state_(state) {}

  // The model's graph: inputs with an initializer are optional feeds of the model.
  void build_model_graph(Model& m) {
    read_initializers(graph_);
    read_inputs(graph_, &m);
    build_nodes_and_outputs();
    m.outputs_ = g_.outputs;
    m.output_slots_ = g_.output_slots;
  }

  // A graph attribute: every input is a formal input, whatever initializers say.
  void build_subgraph() {
    if (g_.depth > kMaxGraphDepth)
      throw Error("graph attributes and function calls nest more than " + std::to_string(kMaxGraphDepth) +
                  " levels deep (a function that calls itself never ends)");
    read_initializers(graph_);
    read_inputs(graph_, nullptr);
    build_nodes_and_outputs();
  }

 private:
  const onnx::GraphProto& graph_;
  Graph& g_;
  const std::map<std::string, int64_t>& opsets_;
  std::shared_ptr<const onnx::ModelProto> model_proto_;
  std::filesystem::path base_dir_;
  GraphBuilder* parent_;
  LoadState& state_;
  std::map<std::string, Tensor> initializers_;
  std::map<std::string, size_t> producer_;  // the first node that outputs each name

  void build_nodes_and_outputs() {
    for (int i = 0; i < graph_.node_size(); ++i)
      for (const auto& out : graph_.node(i).output()) producer_.emplace(out, static_cast<size_t>(i));
    for (int i = 0; i < graph_.node_size(); ++i) add_node(graph_.node(i), static_cast<size_t>(i));
    read_outputs(graph_);
    g_.finish();
  }

  // The slot of `name` as this graph sees it: its own, or a value captured from an enclosing graph
  // (capturing it in every graph between); nullopt when no enclosing graph defines it (yet).
  std::optional<int> lookup(const std::string& name) {
    if (auto it = g_.slot_of.find(name); it != g_.slot_of.end()) return it->second;
    if (!parent_ || !parent_->lookup(name)) return std::nullopt;
    const auto outer_type = parent_->g_.slot_types[static_cast<size_t>(*parent_->lookup(name))];
    const int slot = static_cast<int>(g_.slot_names.size());
    g_.slot_names.push_back(name);
    g_.slot_types.push_back(outer_type);
    g_.constants.emplace_back();
    g_.slot_of[name] = slot;
    owner_[name] = "an enclosing graph";
    g_.captured.push_back(name);
    g_.captured_slots.push_back(slot);
    return slot;
  }

  // Whether an enclosing graph already defines `name` (a graph may not shadow it).
  bool defined_outside(const std::string& name) const {
    for (const GraphBuilder* p = parent_; p; p = p->parent_)
      if (p->g_.slot_of.count(name)) return true;
    return false;
  }

  // "#3 'name'", or "#3" for an unnamed node.
  std::string node_ref(size_t k) const {
    const auto& name = graph_.node(static_cast<int>(k)).name();
    return "#" + std::to_string(k) + (name.empty() ? "" : " " + quote_text(name));
  }

  // Whether node `from`, which comes after node `target`, needs an output of `target`, directly or
  // through other later nodes: then no order of the nodes works, the graph has a cycle.
  bool depends_on(size_t from, size_t target) const {
    const auto& graph = graph_;
    std::vector<size_t> stack{from};
    std::set<size_t> seen{from};
    while (!stack.empty()) {
      const size_t k = stack.back();
      stack.pop_back();
      for (const auto& in : graph.node(static_cast<int>(k)).input()) {
        auto p = producer_.find(in);
        if (p == producer_.end() || p->second < target) continue;
        if (p->second == target) return true;
        if (seen.insert(p->second).second) stack.push_back(p->second);
      }
    }
    return false;
  }

  // Why `name`, an input of node `index`, has no value yet.
  std::string undefined_input(const std::string& name, size_t index) const {
    const std::string what = "input " + quote_text(name);
    auto p = producer_.find(name);
    if (p == producer_.end())
      return what + " is not defined by any graph input, initializer or earlier node" +
             (parent_ ? " of this graph or an enclosing one" : "");
    if (p->second == index) return what + " is the node's own output: the graph has a cycle";
    if (depends_on(p->second, index))
      return what + " is produced by node " + node_ref(p->second) +
             ", which depends on this node's output: the graph has a cycle";
    return what + " is only produced by a later node, " + node_ref(p->second) +
           " (nodes must be in topological order; --sort-nodes sorts them)";
  }

  int new_slot(const std::string& name, std::optional<ValueType> type, const std::string& assigned_by) {
    if (auto it = g_.slot_of.find(name); it != g_.slot_of.end())
      throw Error(quote_text(name) + " is assigned by " + assigned_by + " but is already assigned by " + owner_[name] +
                  " (every name is assigned once)");
    if (defined_outside(name))
      throw Error(quote_text(name) + " is assigned by " + assigned_by +
                  " but an enclosing graph already defines it (a graph may not shadow an outer name)");
    const int slot = static_cast<int>(g_.slot_names.size());
    g_.slot_names.push_back(name);
    g_.slot_types.push_back(type);
    g_.constants.emplace_back();
    g_.slot_of[name] = slot;
    owner_[name] = assigned_by;
    return slot;
  }
  std::map<std::string, std::string> owner_;

  void read_initializers(const onnx::GraphProto& graph) {
    for (const auto& init : graph.initializer()) {
      const std::string where = "initializer " + quote_text(init.name());
      if (init.name().empty()) throw Error("an initializer has no name");
      if (initializers_.count(init.name())) throw Error(where + " is defined twice");
      try {
        initializers_.emplace(init.name(), tensor_from_proto(init, {base_dir_}, model_proto_));
      } catch (const Error& e) {
        rethrow_with_context(e, ErrorContext::at(where));
      }
    }
    // A sparse initializer is a dense tensor stored as its non-zero values and their indices.
    for (const auto& sparse : graph.sparse_initializer()) {
      const std::string& name = sparse.values().name();
      const std::string where = "sparse initializer " + quote_text(name);
      if (name.empty()) throw Error("a sparse initializer has no name (its values tensor names it)");
      if (initializers_.count(name)) throw Error(where + " is defined twice");
      try {
        initializers_.emplace(name, tensor_from_sparse_proto(sparse, {base_dir_}));
      } catch (const Error& e) {
        rethrow_with_context(e, ErrorContext::at(where));
      }
    }
  }

  void read_inputs(const onnx::GraphProto& graph, Model* m) {
    std::set<std::string> with_input;
    bool initializer_listed = false;  // a graph attribute's initializer listed as an input (IR < 4)
    for (const auto& v : graph.input()) {
      if (v.name().empty()) throw Error("a graph input has no name");
      ValueInfo info = parse_value_info(v, "graph input");
      auto init = initializers_.find(v.name());
      if (!m) {
        // IR.md: from IR version 4 a graph attribute's inputs, which its operator feeds, "MUST NOT
        // appear as subgraph initializers"; before 4 every initializer is listed as an input too,
        // "after the actual inputs", and stays a constant.
        if (init != initializers_.end()) {
          if (model_proto_->ir_version() >= 4)
            throw Error("graph input " + quote_text(v.name()) +
                        " is also an initializer of the graph; the operator feeds a " +
                        "graph attribute's inputs, so from IR version 4 they must not be initializers");
          initializer_listed = true;
          continue;
        }
        if (initializer_listed)
          throw Error("graph input " + quote_text(v.name()) +
                      " follows an input that is an initializer; before IR version 4 " +
                      "a graph attribute lists its initializers after its actual inputs");
        // A graph attribute's inputs are all formal: the operator feeds every one of them.
        const int slot = new_slot(v.name(), info.value_type(), "graph input " + quote_text(v.name()));
        g_.inputs.push_back(info);
        g_.input_slots.push_back(slot);
        continue;
      }
      if (init != initializers_.end()) {
        // An initializer listed as an input is the input's default value; it must fit the declaration.
        try {
          check_feed(info, init->second);
        } catch (const Error& e) {
          rethrow_with_context(
              e, ErrorContext::subject("initializer " + quote_text(v.name()) + " (default of the graph input)"));
        }
        const int slot =
            new_slot(v.name(), ValueType::tensor(init->second.type()), "graph input " + quote_text(v.name()));
        g_.constants[static_cast<size_t>(slot)] = Value(init->second);
        m->optional_inputs_.push_back(info);
        m->optional_input_slots_.push_back(slot);
        with_input.insert(v.name());
      } else {
        const int slot = new_slot(v.name(), info.value_type(), "graph input " + quote_text(v.name()));
        m->required_inputs_.push_back(info);
        m->required_input_slots_.push_back(slot);
        g_.inputs.push_back(info);
        g_.input_slots.push_back(slot);
      }
    }
    for (const auto& [name, tensor] : initializers_) {
      if (with_input.count(name)) continue;
      const int slot = new_slot(name, ValueType::tensor(tensor.type()), "initializer " + quote_text(name));
      g_.constants[static_cast<size_t>(slot)] = Value(tensor);
    }
  }

  const OpVersion& resolve_op(const Node& node) {
    const Registry& registry = Registry::builtin();
    auto opset = opsets_.find(node.domain);
    const std::string op = printable(node.domain.empty() ? node.op_type : node.domain + ":" + node.op_type);
    // Gradient-1 is defined by ONNX 1.22.0; it is not implemented, which is another answer than an
    // operator the spec does not have.
    if (node.domain == "ai.onnx.preview.training" && node.op_type == "Gradient" && opset != opsets_.end())
      throw UnsupportedError(
          "ai.onnx.preview.training:Gradient-1 is defined by ONNX but not implemented: it needs "
          "automatic differentiation of the graph that computes its inputs, which onnx-ref does not do",
          op + " at opset " + std::to_string(opset->second) + " (not implemented)");
    if (!registry.has_op(node.domain, node.op_type)) {
      if (opset == opsets_.end() && !registry.has_domain(node.domain))
        throw UnsupportedError(
            "unsupported operator " + op + " (domain " + domain_name(node.domain) + " is not imported either)",
            op + " (not implemented)");
      const std::string at = opset == opsets_.end() ? "" : " (opset " + std::to_string(opset->second) + ")";
      throw UnsupportedError(
          "unsupported operator " + op + at,
          op + (opset == opsets_.end() ? "" : " at opset " + std::to_string(opset->second)) + " (not implemented)");
    }
    if (opset == opsets_.end())
      throw Error("the model imports no opset for domain " + domain_name(node.domain) + ", which " + op +
                  " belongs to");
    const OpVersion* version = registry.resolve(node.domain, node.op_type, opset->second);
    if (!version) {
      std::string versions;
      for (const auto* v : registry.versions(node.domain, node.op_type))
        versions += (versions.empty() ? "" : ", ") + std::to_string(v->since_version);
      throw Error(op + " is not defined at opset " + std::to_string(opset->second) + " (its versions: " + versions +
                  ")");
    }
    return *version;
  }

  void add_node(const onnx::NodeProto& proto, size_t index) {
    Node node;
    node.index = index;
    node.name = proto.name();
    node.domain = canonical_domain(proto.domain());
    node.op_type = proto.op_type();
    try {
      if (++state_.nodes > state_.max_nodes)
        throw Error(
            "the model expands to more than " + std::to_string(state_.max_nodes) +
            " nodes, counting those of its graph attributes and each distinct function instantiation (--max-nodes)");
      const FunctionKey function_key{node.domain, node.op_type, node_overload(proto)};
      if (auto f = state_.functions.find(function_key); f != state_.functions.end()) {
        // A node's domain must be imported, a model-local function's included (ONNX's checker
        // refuses it too): the opset imports name every domain the graph uses.
        if (!opsets_.count(node.domain))
          throw Error("the model imports no opset for domain " + domain_name(node.domain) + ", which the function " +
                      printable(node.op_type) +
                      " belongs to (a node's domain must be imported, a local function's too)");
        node.op = &function_call(function_key, f->second, proto, node.index);
        node.calls_function = true;
      } else {
        node.op = &resolve_op(node);
        if (const char* replacement = deprecated_replacement(*node.op); replacement && !state_.options.allow_deprecated)
          throw Error(node.op->label() + " is deprecated (ONNX's checker refuses it); use " + replacement +
                      " instead, or allow deprecated versions (--allow-deprecated; Python: allow_deprecated=True)" +
                      " to run it with its last defined semantics");
        check_arity(proto, *node.op);
        // onnx.proto: AttributeProto.type "MUST be present" from IR version 2 (before it, the one
        // populated value field told the type, and still does for such models).
        if (model_proto_->ir_version() >= 2)
          for (const auto& a : proto.attribute())
            if (a.type() == onnx::AttributeProto::UNDEFINED)
              throw Error("attribute " + quote_text(a.name()) + " has no type, which IR version " +
                          std::to_string(model_proto_->ir_version()) + " requires (IR 2 and later)");
        node.attributes =
            resolve_attributes(proto, *node.op, [&](const onnx::GraphProto& body, const std::string& attr) {
              return compile_graph_attribute(body, attr, node);
            });
      }
      node.kernel = node.op->node_kernel(node.attributes);
      std::vector<std::optional<ValueType>> input_types;
      for (int i = 0; i < proto.input_size(); ++i) {
        const std::string& name = proto.input(i);
        if (name.empty()) {
          node.inputs.push_back(-1);
          input_types.emplace_back();
          continue;
        }
        const auto slot = lookup(name);
        if (!slot) throw Error(undefined_input(name, index));
        node.inputs.push_back(*slot);
        input_types.push_back(g_.slot_types[static_cast<size_t>(*slot)]);
      }
      node.output_types = check_node_types(node, input_types, static_cast<size_t>(proto.output_size()));
      for (int i = 0; i < proto.output_size(); ++i) {
        const std::string& name = proto.output(i);
        node.outputs.push_back(
            name.empty() ? -1
                         : new_slot(name, node.output_types[static_cast<size_t>(i)], "node #" + std::to_string(index)));
      }
    } catch (const Error& e) {
      const std::string label =
          node.op ? node.op->label() : printable(node.domain.empty() ? node.op_type : node.domain + ":" + node.op_type);
      const std::string who =
          node.name.empty() ? "node #" + std::to_string(index) + " (" + label + ")"
                            : "node " + quote_text(node.name) + " (#" + std::to_string(index) + ", " + label + ")";
      rethrow_with_context(e, ErrorContext::at(who, node.op ? node.op->label() : ""));
    }
    g_.nodes.push_back(std::move(node));
  }

  // The compiled call of a function: the one made before for the same instantiation key, or a new
  // one. The call's attributes and arity are checked for every call all the same.
  const OpVersion& function_call(const FunctionKey& key, const FunctionDef& def, const onnx::NodeProto& call,
                                 size_t node_index) {
    check_function_call(def, call);
    std::shared_ptr<OpVersion>& shared = state_.instances[function_instance_key(key, call, g_.depth + 1)];
    if (!shared) shared = compile_function_call(def, call, node_index);
    g_.function_calls.push_back(shared);
    return *shared;
  }

  // onnx.proto: a function's imports "should be compatible" with the model's: each body node of a
  // domain both import must resolve to the same operator version under either import (ONNX's
  // checker refuses the model otherwise). A domain only the function imports is its own.
  void check_function_opsets(const onnx::FunctionProto& f,
                             const std::map<std::string, int64_t>& function_opsets) const {
    std::map<std::string, int64_t> model_opsets;
    for (const auto& op : model_proto_->opset_import()) {
      auto [it, added] = model_opsets.emplace(canonical_domain(op.domain()), op.version());
      if (!added) it->second = std::max(it->second, op.version());
    }
    const Registry& registry = Registry::builtin();
    for (const auto& node : f.node()) {
      const std::string domain = canonical_domain(node.domain());
      auto in_function = function_opsets.find(domain);
      auto in_model = model_opsets.find(domain);
      if (in_function == function_opsets.end() || in_model == model_opsets.end() ||
          in_function->second == in_model->second)
        continue;
      const OpVersion* by_function = registry.resolve(domain, node.op_type(), in_function->second);
      const OpVersion* by_model = registry.resolve(domain, node.op_type(), in_model->second);
      if (by_function && by_model && by_function != by_model)
        throw Error("function " + quote_text(f.name()) + " imports domain " + domain_name(domain) + " at version " +
                    std::to_string(in_function->second) + " and the model at " + std::to_string(in_model->second) +
                    ": its node " + printable(node.op_type()) + " would be " + by_function->label() + " and " +
                    by_model->label() +
                    "; a function's imports must give its nodes the operator versions the model's give");
    }
  }

  // A call to a model-local function: the body instantiated for this call and compiled in its own
  // scope, with the function's opset imports (the model's where it imports none), run as this
  // node's kernel. Each input and output may be any value type; the body's types decide. The body's
  // path and trace place are those of the first call making this instantiation.
  std::shared_ptr<OpVersion> compile_function_call(const FunctionDef& def, const onnx::NodeProto& call,
                                                   size_t node_index) {
    const onnx::FunctionProto& f = *def.proto;
    const std::string label = (f.domain().empty() ? "" : f.domain() + ":") + f.name();
    auto body_proto = std::make_shared<onnx::GraphProto>(instantiate_function(def, call));
    std::map<std::string, int64_t> opsets;
    for (const auto& op : f.opset_import()) {
      auto [it, added] = opsets.emplace(canonical_domain(op.domain()), op.version());
      if (!added) it->second = std::max(it->second, op.version());  // the highest, as for the model's
    }
    if (opsets.empty()) opsets = opsets_;
    check_function_opsets(f, opsets);
    auto body = std::make_shared<Graph>();
    body->depth = g_.depth + 1;
    const std::string path = "function " + quote_text(label);
    body->path = g_.path.empty() ? path : g_.path + " " + std::string(kGraphPathMark) + path;
    body->trace_segment = "node_" + std::to_string(node_index) + "/function";
    try {
      GraphBuilder(*body_proto, *body, opsets, model_proto_, base_dir_, nullptr, state_).build_subgraph();
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::graph(path));
    }
    auto op = std::make_shared<OpVersion>();
    op->domain = canonical_domain(f.domain());
    op->op_type = f.name();
    op->since_version = 1;
    // Each input and output has a type variable of its own, so none binds another: the body's
    // declarations and kernels decide.
    auto any = [](const std::string& var) {
      TypeConstraint c{var, type_sets::kWithInt2};
      c.sequences = c.optional_tensors = c.optional_sequences = type_sets::kWithInt2;
      return c;
    };
    for (int i = 0; i < f.input_size(); ++i) {
      const std::string var = "I" + std::to_string(i);
      op->inputs.push_back({f.input(i), var, ParamOption::Optional});
      op->type_constraints.push_back(any(var));
    }
    for (int i = 0; i < f.output_size(); ++i) {
      const std::string var = "O" + std::to_string(i);
      op->outputs.push_back({f.output(i), var, ParamOption::Optional});
      op->type_constraints.push_back(any(var));
    }
    op->infer_outputs = [body](const Attributes&, const std::vector<std::optional<ValueType>>&, size_t count) {
      std::vector<std::optional<ValueType>> types(body->output_types().begin(), body->output_types().end());
      types.resize(count);
      return types;
    };
    op->kernel = [body, body_proto, path](const KernelContext& ctx) -> std::vector<Value> {
      std::vector<Value> inputs;
      for (size_t i = 0; i < ctx.input_count(); ++i)
        if (ctx.has_input(i)) inputs.push_back(ctx.value(i));
      std::vector<Value> outputs;
      try {
        outputs = body->run(std::move(inputs), {}, ctx.run_context());
      } catch (const Error& e) {
        rethrow_with_context(e, ErrorContext::graph(path));
      }
      outputs.resize(ctx.output_count());
      return outputs;
    };
    return op;
  }

  // Compiles graph attribute `attr` of `node` (whose index and name are set) in this graph's
  // scope, and adds the outer values it reads to the node's implicit inputs.
  GraphRef compile_graph_attribute(const onnx::GraphProto& body, const std::string& attr, Node& node) {
    auto sub = std::make_shared<Graph>();
    sub->depth = g_.depth + 1;
    const std::string mark(kGraphPathMark);
    sub->path = (g_.path.empty() ? "" : g_.path + " " + mark) + node.describe() + " " + mark + attr;
    sub->trace_segment = "node_" + std::to_string(node.index) + "/" + attr;
    try {
      GraphBuilder(body, *sub, opsets_, model_proto_, base_dir_, this, state_).build_subgraph();
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::graph(attr));
    }
    std::vector<size_t> positions;
    for (const std::string& name : sub->captured) {
      const int slot = *lookup(name);  // the subgraph found it through this graph
      auto it = std::find(node.implicit_inputs.begin(), node.implicit_inputs.end(), slot);
      if (it == node.implicit_inputs.end()) it = node.implicit_inputs.insert(node.implicit_inputs.end(), slot);
      positions.push_back(static_cast<size_t>(it - node.implicit_inputs.begin()));
    }
    node.graph_captures.emplace_back(attr, std::move(positions));
    return sub;
  }

  static void check_arity(const onnx::NodeProto& proto, const OpVersion& op) {
    const size_t given = static_cast<size_t>(proto.input_size());
    const bool variadic_in = !op.inputs.empty() && op.inputs.back().option == ParamOption::Variadic;
    if (given > op.inputs.size() && !variadic_in)
      throw Error(op.label() + " takes at most " + std::to_string(op.inputs.size()) + " inputs, the node has " +
                  std::to_string(given));
    for (size_t i = 0; i < std::max(op.min_inputs(), given); ++i) {
      const FormalParam* param = op.input_param(i);
      const bool present = i < given && !proto.input(static_cast<int>(i)).empty();
      if (present || param->option == ParamOption::Optional) continue;
      if (param->option == ParamOption::Variadic && i < given)
        throw Error("input " + std::to_string(i) + " of the variadic " + quote_text(param->name) +
                    " is left out, which only optional inputs may be");
      if (param->option == ParamOption::Variadic)
        throw Error(quote_text(param->name) + " takes at least " + std::to_string(param->min_arity) +
                    " input(s), the node has " + std::to_string(given - std::min(given, op.inputs.size() - 1)));
      throw Error("required input " + std::to_string(i) + " (" + quote_text(param->name) + ") is missing");
    }
    const size_t outputs = static_cast<size_t>(proto.output_size());
    const bool variadic_out = !op.outputs.empty() && op.outputs.back().option == ParamOption::Variadic;
    size_t min_outputs = 0;
    for (size_t i = 0; i < op.outputs.size(); ++i) {
      if (op.outputs[i].option == ParamOption::Single) min_outputs = i + 1;
      if (op.outputs[i].option == ParamOption::Variadic) min_outputs = i + static_cast<size_t>(op.outputs[i].min_arity);
    }
    if (outputs == 0 || outputs < min_outputs || (outputs > op.outputs.size() && !variadic_out))
      throw Error(op.label() + " has " + std::to_string(op.outputs.size()) + (variadic_out ? " or more" : "") +
                  " output(s), the node lists " + std::to_string(outputs));
    for (size_t i = 0; i < outputs; ++i)
      if (proto.output(static_cast<int>(i)).empty() && op.output_param(i)->option != ParamOption::Optional)
        throw Error("output " + std::to_string(i) + " (" + quote_text(op.output_param(i)->name) +
                    ") has no name, which only optional outputs may leave out");
  }

  void read_outputs(const onnx::GraphProto& graph) {
    std::set<std::string> seen;
    for (const auto& v : graph.output()) {
      const std::string where = "graph output " + quote_text(v.name());
      if (!seen.insert(v.name()).second) throw Error(where + " is listed twice");
      const auto slot = lookup(v.name());  // a graph attribute may output an outer value as it is
      if (!slot) throw Error(where + " is not produced by any node, graph input or initializer");
      ValueInfo info = parse_value_info(v, "graph output");
      const auto& known = g_.slot_types[static_cast<size_t>(*slot)];
      if (info.value_type() && known && !(*info.value_type() == *known))
        throw Error(where + " is declared " + info.value_type()->to_string() + " but is " + known->to_string());
      // An undeclared output whose map type is known at load (ZipMap's) takes that type, so that a
      // test case's output file is read back as the message it holds (a MapProto or a SequenceProto
      // of maps, which a TensorProto reader cannot tell apart from garbage).
      if (!info.typed && known && known->is_map_kind()) {
        info.typed = true;
        info.kind = known->kind;
        info.type = known->elem;
        info.key = known->key;
      }
      g_.outputs.push_back(std::move(info));
      g_.output_slots.push_back(*slot);
    }
    if (g_.outputs.empty()) throw Error("the graph has no outputs");
  }
};

// The model: IR version, opset imports, then its graph.
class ModelBuilder {
 public:
  ModelBuilder(Model& model, const std::filesystem::path& base_dir, const LoadOptions& options)
      : m_(model), base_dir_(base_dir) {
    state_.options = options;
    state_.max_nodes = options.max_nodes;
  }

  void build() {
    const auto& proto = *m_.proto_;
    check_ir_version(proto);
    if (!proto.has_graph()) throw Error("not an ONNX model: it has no graph");
    read_opsets(proto);
    state_.functions = read_functions(proto);
    GraphBuilder(proto.graph(), *m_.graph_, m_.opsets_, m_.proto_, base_dir_, nullptr, state_).build_model_graph(m_);
  }

 private:
  Model& m_;
  std::filesystem::path base_dir_;
  LoadState state_;

  void check_ir_version(const onnx::ModelProto& proto) {
    if (!proto.has_ir_version()) throw Error("not an ONNX model: ir_version is not set");
    const int64_t ir = proto.ir_version();
    if (ir < kMinIrVersion || ir > kMaxIrVersion)
      throw Error("IR version " + std::to_string(ir) + " is not one onnx-ref knows (" + std::to_string(kMinIrVersion) +
                  " to " + std::to_string(kMaxIrVersion) + ")");
  }

  void read_opsets(const onnx::ModelProto& proto) {
    for (const auto& op : proto.opset_import()) {
      const std::string domain = canonical_domain(op.domain());
      if (op.version() < 1)
        throw Error("opset import for domain " + domain_name(domain) + " has version " + std::to_string(op.version()) +
                    "; versions start at 1");
      // Running a newer opset as the newest known one would guess at operators changed since.
      const int64_t newest = Registry::builtin().newest_opset(domain);
      if (newest > 0 && op.version() > newest)
        throw Error("the model imports opset " + std::to_string(op.version()) + " of domain " + domain_name(domain) +
                    ", newer than any onnx-ref knows (" + std::to_string(newest) +
                    (domain.empty() ? ", ONNX 1.22.0)" : ")"));
      // A domain imported twice: onnx.proto binds a node to "the operator ... with the HIGHEST
      // version in the referenced operator sets", and IR.md does not forbid the repetition.
      auto [it, added] = m_.opsets_.emplace(domain, op.version());
      if (!added) it->second = std::max(it->second, op.version());
    }
    // IR versions 1 and 2 had no opset_import; their operators are those of opset 1.
    if (proto.opset_import_size() == 0 && proto.ir_version() < 3) m_.opsets_[""] = 1;
  }
};

Model Model::from_proto(std::shared_ptr<const onnx::ModelProto> proto, const std::filesystem::path& base_dir,
                        const std::string& origin, const LoadOptions& options) {
  Model model;
  model.origin_ = origin;
  model.constant_memo_ = std::make_shared<ConstantMemo>();
  if (options.sort_nodes && proto->has_graph() && graph_out_of_order(proto->graph())) {
    auto sorted = std::make_shared<onnx::ModelProto>(*proto);
    // No graph changes when the only later reads close a cycle: the loader then refuses the cycle.
    if (const size_t graphs = sort_nodes_topologically(*sorted->mutable_graph()); graphs > 0) {
      std::cerr << "onnx-ref: warning: " << origin << ": the nodes of " << graphs
                << " graph(s) were not in topological order, which IR.md requires; sorted them (--sort-nodes)\n";
      proto = std::move(sorted);
    }
  }
  model.proto_ = std::move(proto);
  try {
    ModelBuilder(model, base_dir, options).build();
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::at(origin));
  }
  return model;
}

namespace {

std::shared_ptr<onnx::ModelProto> parse_model(const void* data, size_t size, const std::string& origin) {
  if (size == 0) throw Error(origin + ": the file is empty, not an ONNX model");
  // Models up to protobuf's 2 GiB message limit; larger weights belong in external data.
  if (size > static_cast<size_t>(INT_MAX))
    throw Error(origin + ": the file is larger than 2 GiB, protobuf's limit; keep large tensors in external data");
  auto proto = std::make_shared<onnx::ModelProto>();
  google::protobuf::io::CodedInputStream stream(static_cast<const uint8_t*>(data), static_cast<int>(size));
  stream.SetTotalBytesLimit(INT_MAX);
  if (!proto->ParseFromCodedStream(&stream) || !stream.ConsumedEntireMessage()) {
    // protobuf gives up past 100 nested messages (a graph attribute inside a node inside a graph...)
    // without saying so; the wire format tells whether that is why.
    if (wire_nesting_depth(static_cast<const uint8_t*>(data), size, kProtobufRecursionLimit) > kProtobufRecursionLimit)
      throw Error(origin + ": the model's messages nest more than " + std::to_string(kProtobufRecursionLimit) +
                  " levels deep (graphs inside node attributes inside graphs ...), beyond protobuf's recursion limit");
    throw Error(origin + ": not an ONNX model (the bytes do not parse as a ModelProto protobuf)");
  }
  return proto;
}

}  // namespace

namespace {

// Adds the exposed values to the graph's outputs, untyped: the value keeps whatever type it has.
// Values stay alive until the run ends only because they are outputs now; nothing else changes.
// Returns how many outputs the graph has after the named ones are added, before the node outputs.
size_t expose_values(onnx::ModelProto& model, const ExposedValues& exposed, const std::string& origin) {
  onnx::GraphProto& graph = *model.mutable_graph();
  std::set<std::string> outputs, defined;
  for (const auto& o : graph.output()) outputs.insert(o.name());
  for (const auto& v : graph.input()) defined.insert(v.name());
  for (const auto& t : graph.initializer()) defined.insert(t.name());
  for (const auto& node : graph.node())
    for (const auto& name : node.output())
      if (!name.empty()) defined.insert(name);
  for (const auto& name : exposed.names) {
    if (!defined.count(name))
      throw Error(origin + ": " + quote_text(name) + " was asked for as an output (--outputs, extra_outputs)" +
                  ", but the model's graph has no value of this name (graph inputs, initializers and node outputs can "
                  "be shown)");
    if (outputs.insert(name).second) graph.add_output()->set_name(name);
  }
  const auto shown = static_cast<size_t>(graph.output_size());
  if (exposed.every_node_output)
    for (const auto& node : graph.node())
      for (const auto& name : node.output())
        if (!name.empty() && outputs.insert(name).second) graph.add_output()->set_name(name);
  return shown;
}

}  // namespace

Model Model::from_parsed(std::shared_ptr<onnx::ModelProto> proto, const std::filesystem::path& base_dir,
                         const std::string& origin, const ExposedValues& exposed, const LoadOptions& options) {
  const size_t shown = exposed.empty() ? 0 : expose_values(*proto, exposed, origin);
  Model model = from_proto(std::move(proto), base_dir, origin, options);
  model.shown_output_count_ = shown;
  return model;
}

Model Model::load_bytes(const std::string& bytes, const std::filesystem::path& base_dir, const std::string& origin,
                        const ExposedValues& exposed, const LoadOptions& options) {
  return from_parsed(parse_model(bytes.data(), bytes.size(), origin), base_dir, origin, exposed, options);
}

Model Model::load_file(const std::filesystem::path& path) { return load_file(path, ExposedValues{}); }

Model Model::load_file(const std::filesystem::path& path, const ExposedValues& exposed, const LoadOptions& options) {
  const std::string origin = path.string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw Error(origin + ": " + (std::filesystem::exists(path, ec) ? "not a regular file" : "no such file"));
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) throw Error(origin + ": cannot be opened (" + std::strerror(errno) + ")");
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw Error(origin + ": cannot be read (" + std::strerror(errno) + ")");
  const std::filesystem::path dir = path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path();
  if (st.st_size == 0) parse_model(nullptr, 0, origin);
  // The file is read, not mapped: a mapping of a file that shrinks while it is parsed would end the
  // process with SIGBUS. Its bytes are charged like any allocation (runtime/run_limits.h).
  const std::string file = read_whole_file(fd.get(), static_cast<uint64_t>(st.st_size), origin);
  return from_parsed(parse_model(file.data(), file.size(), origin), dir, origin, exposed, options);
}

std::vector<std::string> Model::kernel_labels() const {
  // Nodes of graph attributes count too, after the node holding them.
  std::vector<std::string> labels;
  std::function<void(const Graph&)> visit = [&](const Graph& graph) {
    for (const auto& node : graph.nodes) {
      if (std::find(labels.begin(), labels.end(), node.op->label()) == labels.end()) labels.push_back(node.op->label());
      for (const auto& [name, value] : node.attributes.values())
        if (const auto* ref = std::get_if<GraphRef>(&value))
          if (const auto* sub = dynamic_cast<const Graph*>(ref->get())) visit(*sub);
    }
  };
  visit(*graph_);
  return labels;
}

}  // namespace onnx_ref
