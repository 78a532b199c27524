// onnx-ref info MODEL: what a model declares and which operator version each node runs.
// onnx-ref check MODEL: whether onnx-ref can run the model, node by node (subgraphs included), with
// the reason for every node it cannot run.
#include <fstream>
#include <iostream>
#include <set>

#include "interpreter/attributes.h"
#include "cli/commands.h"
#include "interpreter/model.h"
#include "runtime/error.h"

namespace onnx_ref::cli {

namespace {

std::string describe_value(const onnx::ValueInfoProto& v) {
  if (!v.type().has_tensor_type()) return v.has_type() ? "(not a tensor)" : "(no type)";
  const auto& t = v.type().tensor_type();
  std::string s = t.elem_type() ? (element_type_from_code(t.elem_type()) ? tensor_type_string(*element_type_from_code(t.elem_type()))
                                                                          : describe_type_code(t.elem_type()))
                                : "tensor(?)";
  if (!t.has_shape()) return s;
  s += "[";
  for (int i = 0; i < t.shape().dim_size(); ++i) {
    const auto& d = t.shape().dim(i);
    s += (i ? ", " : "") + (d.has_dim_value() ? std::to_string(d.dim_value()) : d.dim_param().empty() ? "?" : d.dim_param());
  }
  return s + "]";
}

// The version a node resolves to, or why it does not (checked node by node, so one bad node does
// not hide the others).
std::string resolution(const onnx::NodeProto& node, const std::map<std::string, int64_t>& opsets) {
  const std::string domain = canonical_domain(node.domain());
  const Registry& registry = Registry::builtin();
  auto opset = opsets.find(domain);
  if (!registry.has_op(domain, node.op_type()))
    return "not implemented" + (opset == opsets.end() ? std::string() : " (opset " + std::to_string(opset->second) + ")");
  if (opset == opsets.end()) return "error: no opset imported for its domain";
  const OpVersion* v = registry.resolve(domain, node.op_type(), opset->second);
  if (!v) return "error: not defined at opset " + std::to_string(opset->second);
  try {
    // Graph attributes are checked by the full load below, in the scope they belong to.
    resolve_attributes(node, *v, [](const onnx::GraphProto&, const std::string&) { return GraphRef(); });
  } catch (const Error& e) {
    return v->label() + ", error: " + e.what();
  }
  return v->label();
}

std::shared_ptr<onnx::ModelProto> parse_model_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot be read");
  auto parsed = std::make_shared<onnx::ModelProto>();
  if (!parsed->ParseFromIstream(&in) || parsed->ByteSizeLong() == 0)
    throw Error(path + ": not an ONNX model (the bytes do not parse as a ModelProto protobuf)");
  return parsed;
}

std::map<std::string, int64_t> opset_imports(const onnx::ModelProto& model) {
  std::map<std::string, int64_t> opsets;
  for (const auto& op : model.opset_import()) opsets[canonical_domain(op.domain())] = op.version();
  if (model.opset_import_size() == 0 && model.ir_version() < 3) opsets[""] = 1;
  return opsets;
}

// The full load: every rule, types and subgraphs included. Prints the verdict; 0 when it runs.
int print_load_check(const std::shared_ptr<onnx::ModelProto>& parsed, const std::string& path) {
  try {
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    Model::from_proto(parsed, dir.empty() ? std::filesystem::path(".") : dir, path, program_max_nodes());
    std::cout << "check: the model is valid and onnx-ref can run it\n";
    return 0;
  } catch (const Error& e) {
    std::cout << "check: " << e.what() << "\n";
    return 1;
  }
}

struct CheckCounts {
  int nodes = 0, supported = 0;
  std::map<std::string, int> missing;  // "Foo at opset 17" -> nodes
};

// One line per node, depth first into graph attributes ("  then_branch › #0 ..."), with the
// resolved version or why the node cannot run.
void check_graph(const onnx::GraphProto& graph, const std::string& path, const std::map<std::string, int64_t>& opsets,
                 const std::set<std::pair<std::string, std::string>>& functions, CheckCounts& counts) {
  for (int i = 0; i < graph.node_size(); ++i) {
    const auto& node = graph.node(i);
    const std::string domain = canonical_domain(node.domain());
    const std::string op = printable((domain.empty() ? "" : domain + ":") + node.op_type());
    std::string verdict;
    bool ok = false;
    if (functions.count({domain, node.op_type()})) {
      verdict = "a function of the model";
      ok = true;
    } else {
      verdict = resolution(node, opsets);
      ok = verdict.find("not implemented") == std::string::npos && verdict.find("error") == std::string::npos;
      if (verdict.starts_with("not implemented")) {
        auto opset = opsets.find(domain);
        ++counts.missing[op + (opset == opsets.end() ? "" : " at opset " + std::to_string(opset->second))];
      }
    }
    ++counts.nodes;
    counts.supported += ok;
    std::cout << "  " << path << "#" << i << " " << (node.name().empty() ? "(unnamed)" : quote_text(node.name())) << "  " << op
              << " -> " << (ok ? "" : "NOT SUPPORTED: ") << verdict << "\n";
    for (const auto& attr : node.attribute()) {
      const std::string inner = path + printable(node.name().empty() ? node.op_type() : node.name()) + " \u203a " + printable(attr.name());
      if (attr.has_g()) check_graph(attr.g(), inner + " \u203a ", opsets, functions, counts);
      for (int k = 0; k < attr.graphs_size(); ++k)
        check_graph(attr.graphs(k), inner + "[" + std::to_string(k) + "] \u203a ", opsets, functions, counts);
    }
  }
}

int check_command(const std::string& path) {
  const auto parsed = parse_model_file(path);
  const auto opsets = opset_imports(*parsed);
  std::set<std::pair<std::string, std::string>> functions;
  for (const auto& f : parsed->functions()) functions.insert({canonical_domain(f.domain()), f.name()});
  CheckCounts counts;
  std::cout << "model: " << path << "\nnodes:\n";
  check_graph(parsed->graph(), "", opsets, functions, counts);
  for (const auto& f : parsed->functions()) {
    // A function's body resolves against the function's own opset imports.
    std::map<std::string, int64_t> function_opsets = opsets;
    for (const auto& op : f.opset_import()) function_opsets[canonical_domain(op.domain())] = op.version();
    onnx::GraphProto body;
    *body.mutable_node() = f.node();
    check_graph(body, "function " + printable(f.name()) + " \u203a ", function_opsets, functions, counts);
  }
  std::cout << "summary: " << counts.nodes << " nodes, " << counts.supported << " supported";
  if (!counts.missing.empty()) {
    std::cout << "; not implemented:";
    bool first = true;
    for (const auto& [what, n] : counts.missing) {
      std::cout << (first ? " " : ", ") << what << " (" << n << (n == 1 ? " node)" : " nodes)");
      first = false;
    }
  }
  std::cout << "\n";
  return print_load_check(parsed, path);
}

int info_command(const std::string& path) {
  // Parsed once: the listing below reads the message, and the full check reuses it.
  const auto parsed = parse_model_file(path);
  const onnx::ModelProto& model = *parsed;
  const std::map<std::string, int64_t> opsets = opset_imports(model);
  std::cout << "model: " << path << "\n";
  std::cout << "ir_version: " << model.ir_version() << "\n";
  if (!model.producer_name().empty())
    std::cout << "producer: " << model.producer_name() << (model.producer_version().empty() ? "" : " " + model.producer_version()) << "\n";
  std::cout << "opset imports:";
  for (const auto& op : model.opset_import()) std::cout << " " << (op.domain().empty() ? "ai.onnx" : op.domain()) << "=" << op.version();
  std::cout << "\ninputs:\n";
  std::set<std::string> initializers;
  for (const auto& t : model.graph().initializer()) initializers.insert(t.name());
  for (const auto& v : model.graph().input())
    std::cout << "  " << v.name() << ": " << describe_value(v) << (initializers.count(v.name()) ? " (has an initializer)" : "") << "\n";
  std::cout << "outputs:\n";
  for (const auto& v : model.graph().output()) std::cout << "  " << v.name() << ": " << describe_value(v) << "\n";
  std::cout << "initializers: " << model.graph().initializer_size() << "\n";
  std::cout << "nodes:\n";
  for (int i = 0; i < model.graph().node_size(); ++i) {
    const auto& node = model.graph().node(i);
    std::cout << "  #" << i << " " << (node.name().empty() ? "(unnamed)" : node.name()) << "  "
              << (node.domain().empty() ? "" : node.domain() + ":") << node.op_type() << " -> "
              << resolution(node, opsets) << "\n";
  }
  return print_load_check(parsed, path);
}

}  // namespace

Command add_info_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("info", "Show a model's IR version, opsets, inputs, outputs and the operator version of every node");
  cmd->add_option("model", *path, "The model (.onnx)")->required();
  return [path] { return info_command(*path); };
}

Command add_check_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("check", "Say whether onnx-ref can run a model: every node (subgraphs and functions included) "
                                          "with its resolved version, or why it cannot run; exit 1 if anything is unsupported or invalid");
  cmd->add_option("model", *path, "The model (.onnx)")->required();
  return [path] { return check_command(*path); };
}

}  // namespace onnx_ref::cli
