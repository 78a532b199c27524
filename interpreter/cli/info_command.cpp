// onnx-ref info MODEL: what a model declares and which operator version each node runs.
#include <fstream>
#include <iostream>
#include <set>

#include "interpreter/attributes.h"
#include "interpreter/cli/commands.h"
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
  if (!registry.has_op(domain, node.op_type())) return "unsupported operator";
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

int info_command(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot be read");
  // Parsed once: the listing below reads the message, and the full check reuses it.
  auto parsed = std::make_shared<onnx::ModelProto>();
  if (!parsed->ParseFromIstream(&in) || parsed->ByteSizeLong() == 0)
    throw Error(path + ": not an ONNX model (the bytes do not parse as a ModelProto protobuf)");
  const onnx::ModelProto& model = *parsed;
  std::map<std::string, int64_t> opsets;
  std::cout << "model: " << path << "\n";
  std::cout << "ir_version: " << model.ir_version() << "\n";
  if (!model.producer_name().empty())
    std::cout << "producer: " << model.producer_name() << (model.producer_version().empty() ? "" : " " + model.producer_version()) << "\n";
  std::cout << "opset imports:";
  for (const auto& op : model.opset_import()) {
    opsets[canonical_domain(op.domain())] = op.version();
    std::cout << " " << (op.domain().empty() ? "ai.onnx" : op.domain()) << "=" << op.version();
  }
  if (model.opset_import_size() == 0 && model.ir_version() < 3) opsets[""] = 1;
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
  try {
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    Model::from_proto(parsed, dir.empty() ? std::filesystem::path(".") : dir, path);
    std::cout << "check: the model is valid and onnx-ref can run it\n";
  } catch (const Error& e) {
    std::cout << "check: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

Command add_info_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("info", "Show a model's IR version, opsets, inputs, outputs and the operator version of every node");
  cmd->add_option("model", *path, "The model (.onnx)")->required();
  return [path] { return info_command(*path); };
}

}  // namespace onnx_ref::cli
