// onnx-ref info MODEL: what a model declares and which operator version each node runs.
// onnx-ref check MODEL: whether onnx-ref can run the model, node by node (subgraphs included), with
// the reason for every node it cannot run.
#include <fstream>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "interpreter/attributes.h"
#include "interpreter/model.h"
#include "interpreter/static_check.h"
#include "runtime/error.h"

namespace onnx_ref::cli {

namespace {

std::string describe_value(const onnx::ValueInfoProto& v) {
  if (!v.type().has_tensor_type()) return v.has_type() ? "(not a tensor)" : "(no type)";
  const auto& t = v.type().tensor_type();
  std::string s = t.elem_type() ? (element_type_from_code(t.elem_type())
                                       ? tensor_type_string(*element_type_from_code(t.elem_type()))
                                       : describe_type_code(t.elem_type()))
                                : "tensor(?)";
  if (!t.has_shape()) return s;
  s += "[";
  for (int i = 0; i < t.shape().dim_size(); ++i) {
    const auto& d = t.shape().dim(i);
    s += (i ? ", " : "") + (d.has_dim_value()       ? std::to_string(d.dim_value())
                            : d.dim_param().empty() ? "?"
                                                    : d.dim_param());
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
    return "not implemented" +
           (opset == opsets.end() ? std::string() : " (opset " + std::to_string(opset->second) + ")");
  if (opset == opsets.end()) return "error: no opset imported for its domain";
  if (const int64_t newest = registry.newest_opset(domain); newest > 0 && opset->second > newest)
    return "error: opset " + std::to_string(opset->second) + " is newer than any onnx-ref knows (" +
           std::to_string(newest) + ")";
  const OpVersion* v = registry.resolve(domain, node.op_type(), opset->second);
  if (!v) return "error: not defined at opset " + std::to_string(opset->second);
  try {
    // Graph attributes are checked by the full load below, in the scope they belong to.
    const Attributes attrs =
        resolve_attributes(node, *v, [](const onnx::GraphProto&, const std::string&) { return GraphRef(); });
    (void)v->node_kernel(attrs);  // parses the attributes as loading does
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

std::string plural(size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The full load (every rule, types and subgraphs included), then the static check: every node
// whose input types and shapes are known before running is run through its kernel on them.
struct Verdict {
  bool ok = false;
  std::string message;
  std::optional<StaticCheck> static_check;  // when the model loaded
};

Verdict load_check(const std::shared_ptr<onnx::ModelProto>& parsed, const std::string& path) {
  Verdict verdict;
  try {
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    const Model model =
        Model::from_proto(parsed, dir.empty() ? std::filesystem::path(".") : dir, path, with_program_limits({}));
    verdict.static_check = check_statically(model);
    if (verdict.static_check->error) {
      verdict.message = *verdict.static_check->error;
      return verdict;
    }
    verdict.ok = true;
    verdict.message = "the model is valid and onnx-ref can run it";
  } catch (const Error& e) {
    verdict.message = e.what();
  }
  return verdict;
}

constexpr size_t kUndecidedShown = 10;

// Prints the verdict; 0 when the model can run.
int print_verdict(const Verdict& verdict) {
  if (const auto& sc = verdict.static_check) {
    std::cout << "static: " << sc->decided << " of " << plural(sc->nodes, "node", "nodes")
              << " checked with the types and shapes known before running";
    if (sc->undecided.empty()) {
      std::cout << "\n";
    } else {
      std::cout << "; not decided before running (they need input values):\n";
      for (size_t i = 0; i < sc->undecided.size() && i < kUndecidedShown; ++i)
        std::cout << "  " << sc->undecided[i].node << ": " << sc->undecided[i].reason << "\n";
      if (sc->undecided.size() > kUndecidedShown)
        std::cout << "  ... and " << sc->undecided.size() - kUndecidedShown << " more (--json lists every one)\n";
    }
  }
  std::cout << "check: " << verdict.message << "\n";
  return verdict.ok ? 0 : 1;
}

nlohmann::ordered_json verdict_json(const Verdict& verdict) {
  nlohmann::ordered_json j;
  j["ok"] = verdict.ok;
  j["message"] = verdict.message;
  if (const auto& sc = verdict.static_check) {
    nlohmann::ordered_json undecided = nlohmann::ordered_json::array();
    for (const auto& u : sc->undecided) undecided.push_back({{"node", u.node}, {"reason", u.reason}});
    j["static"] = {{"nodes", sc->nodes},
                   {"decided", sc->decided},
                   {"undecided", undecided},
                   {"error", sc->error ? nlohmann::ordered_json(*sc->error) : nlohmann::ordered_json()}};
  }
  return j;
}

struct CheckCounts {
  int nodes = 0, supported = 0;
  std::map<std::string, int> missing;  // "Foo at opset 17" -> nodes
};

struct NodeRow {
  std::string path;  // "" or "If_0 › then_branch › "
  int index = 0;
  std::string name, op, verdict;
  bool ok = false;
  bool invalid = false;  // resolves, but breaks a rule (an attribute, the opset)
};

// One row per node, depth first into graph attributes ("then_branch › #0 ..."), with the resolved
// version or why the node cannot run.
void check_graph(const onnx::GraphProto& graph, const std::string& path, const std::map<std::string, int64_t>& opsets,
                 const std::set<std::pair<std::string, std::string>>& functions, CheckCounts& counts,
                 std::vector<NodeRow>& rows) {
  for (int i = 0; i < graph.node_size(); ++i) {
    const auto& node = graph.node(i);
    const std::string domain = canonical_domain(node.domain());
    NodeRow row{path, i,     node.name(), printable((domain.empty() ? "" : domain + ":") + node.op_type()),
                "",   false, false};
    if (functions.count({domain, node.op_type()})) {
      row.verdict = "a function of the model";
      row.ok = true;
    } else {
      row.verdict = resolution(node, opsets);
      const bool missing = row.verdict.find("not implemented") != std::string::npos;
      row.invalid = !missing && row.verdict.find("error") != std::string::npos;
      row.ok = !missing && !row.invalid;
      if (row.verdict.starts_with("not implemented")) {
        auto opset = opsets.find(domain);
        ++counts.missing[row.op + (opset == opsets.end() ? "" : " at opset " + std::to_string(opset->second))];
      }
    }
    ++counts.nodes;
    counts.supported += row.ok;
    rows.push_back(row);
    for (const auto& attr : node.attribute()) {
      const std::string inner =
          path + printable(node.name().empty() ? node.op_type() : node.name()) + " \u203a " + printable(attr.name());
      if (attr.has_g()) check_graph(attr.g(), inner + " \u203a ", opsets, functions, counts, rows);
      for (int k = 0; k < attr.graphs_size(); ++k)
        check_graph(attr.graphs(k), inner + "[" + std::to_string(k) + "] \u203a ", opsets, functions, counts, rows);
    }
  }
}

// check's line quotes the name and marks what cannot run; info's shows the resolution alone.
std::string row_text(const NodeRow& row, bool for_check) {
  const std::string name = row.name.empty() ? "(unnamed)" : for_check ? quote_text(row.name) : printable(row.name);
  return row.path + "#" + std::to_string(row.index) + " " + name + "  " + row.op + " -> " +
         (row.ok || !for_check ? ""
          : row.invalid        ? "INVALID: "
                               : "NOT SUPPORTED: ") +
         row.verdict;
}

nlohmann::ordered_json rows_json(const std::vector<NodeRow>& rows) {
  nlohmann::ordered_json j = nlohmann::ordered_json::array();
  for (const auto& r : rows)
    j.push_back({{"graph", r.path},
                 {"index", r.index},
                 {"name", r.name},
                 {"op", r.op},
                 {"resolves_to", r.verdict},
                 {"status", r.ok        ? "supported"
                            : r.invalid ? "invalid"
                                        : "not supported"}});
  return j;
}

int check_command(const std::string& path, bool json) {
  const auto parsed = parse_model_file(path);
  const auto opsets = opset_imports(*parsed);
  std::set<std::pair<std::string, std::string>> functions;
  for (const auto& f : parsed->functions()) functions.insert({canonical_domain(f.domain()), f.name()});
  CheckCounts counts;
  std::vector<NodeRow> rows;
  check_graph(parsed->graph(), "", opsets, functions, counts, rows);
  for (const auto& f : parsed->functions()) {
    // A function's body resolves against the function's own opset imports.
    std::map<std::string, int64_t> function_opsets = opsets;
    for (const auto& op : f.opset_import()) function_opsets[canonical_domain(op.domain())] = op.version();
    onnx::GraphProto body;
    *body.mutable_node() = f.node();
    check_graph(body, "function " + printable(f.name()) + " \u203a ", function_opsets, functions, counts, rows);
  }
  const Verdict verdict = load_check(parsed, path);
  if (json) {
    nlohmann::ordered_json missing = nlohmann::ordered_json::object();
    for (const auto& [what, n] : counts.missing) missing[what] = n;
    nlohmann::ordered_json j{
        {"model", path},
        {"nodes", rows_json(rows)},
        {"summary", {{"nodes", counts.nodes}, {"supported", counts.supported}, {"not_implemented", missing}}},
        {"check", verdict_json(verdict)}};
    std::cout << j.dump(2) << "\n";
    return verdict.ok ? 0 : 1;
  }
  std::cout << "model: " << path << "\nnodes:\n";
  for (const auto& row : rows) std::cout << "  " << row_text(row, true) << "\n";
  std::cout << "summary: " << plural(static_cast<size_t>(counts.nodes), "node", "nodes") << ", " << counts.supported
            << " supported";
  if (!counts.missing.empty()) {
    std::cout << "; not implemented:";
    bool first = true;
    for (const auto& [what, n] : counts.missing) {
      std::cout << (first ? " " : ", ") << what << " (" << plural(static_cast<size_t>(n), "node)", "nodes)");
      first = false;
    }
  }
  std::cout << "\n";
  return print_verdict(verdict);
}

nlohmann::ordered_json value_json(const onnx::ValueInfoProto& v) {
  return {{"name", v.name()}, {"type", describe_value(v)}};
}

int info_command(const std::string& path, bool json) {
  // Parsed once: the listing below reads the message, and the full check reuses it.
  const auto parsed = parse_model_file(path);
  const onnx::ModelProto& model = *parsed;
  const std::map<std::string, int64_t> opsets = opset_imports(model);
  std::set<std::string> initializers;
  for (const auto& t : model.graph().initializer()) initializers.insert(t.name());
  std::vector<NodeRow> rows;
  for (int i = 0; i < model.graph().node_size(); ++i) {
    const auto& node = model.graph().node(i);
    NodeRow row{"",
                i,
                node.name(),
                printable((node.domain().empty() ? "" : node.domain() + ":") + node.op_type()),
                resolution(node, opsets),
                false,
                false};
    const bool missing = row.verdict.find("not implemented") != std::string::npos;
    row.invalid = !missing && row.verdict.find("error") != std::string::npos;
    row.ok = !missing && !row.invalid;
    rows.push_back(row);
  }
  const Verdict verdict = load_check(parsed, path);
  if (json) {
    nlohmann::ordered_json j{{"model", path}, {"ir_version", model.ir_version()}};
    if (!model.producer_name().empty())
      j["producer"] = model.producer_name() + (model.producer_version().empty() ? "" : " " + model.producer_version());
    nlohmann::ordered_json imports = nlohmann::ordered_json::object();
    for (const auto& op : model.opset_import()) imports[op.domain().empty() ? "ai.onnx" : op.domain()] = op.version();
    j["opset_imports"] = imports;
    j["inputs"] = nlohmann::ordered_json::array();
    for (const auto& v : model.graph().input()) {
      auto e = value_json(v);
      e["has_initializer"] = initializers.count(v.name()) != 0;
      j["inputs"].push_back(e);
    }
    j["outputs"] = nlohmann::ordered_json::array();
    for (const auto& v : model.graph().output()) j["outputs"].push_back(value_json(v));
    j["initializers"] = model.graph().initializer_size();
    j["nodes"] = rows_json(rows);
    j["check"] = verdict_json(verdict);
    std::cout << j.dump(2) << "\n";
    return verdict.ok ? 0 : 1;
  }
  std::cout << "model: " << path << "\n";
  std::cout << "ir_version: " << model.ir_version() << "\n";
  if (!model.producer_name().empty())
    std::cout << "producer: " << model.producer_name()
              << (model.producer_version().empty() ? "" : " " + model.producer_version()) << "\n";
  std::cout << "opset imports:";
  for (const auto& op : model.opset_import())
    std::cout << " " << (op.domain().empty() ? "ai.onnx" : op.domain()) << "=" << op.version();
  std::cout << "\ninputs:\n";
  for (const auto& v : model.graph().input())
    std::cout << "  " << v.name() << ": " << describe_value(v)
              << (initializers.count(v.name()) ? " (has an initializer)" : "") << "\n";
  std::cout << "outputs:\n";
  for (const auto& v : model.graph().output()) std::cout << "  " << v.name() << ": " << describe_value(v) << "\n";
  std::cout << "initializers: " << model.graph().initializer_size() << "\n";
  std::cout << "nodes:\n";
  for (const auto& row : rows) std::cout << "  " << row_text(row, false) << "\n";
  return print_verdict(verdict);
}

}  // namespace

Command add_info_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand(
      "info", "Show a model's IR version, opsets, inputs, outputs and the operator version of every node");
  cmd->add_option("model", *path, "The model (.onnx)")->required();
  cmd->add_flag("--json", *json, "Print the same as one JSON object");
  return [path, json] { return info_command(*path, *json); };
}

Command add_check_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("check",
                                 "Say whether onnx-ref can run a model: every node (subgraphs and functions included) "
                                 "with its resolved version, or why it cannot run, then every check that needs no "
                                 "input values; exit 1 if anything is unsupported or invalid");
  cmd->add_option("model", *path, "The model (.onnx)")->required();
  cmd->add_flag("--json", *json, "Print the same as one JSON object");
  return [path, json] { return check_command(*path, *json); };
}

}  // namespace onnx_ref::cli
