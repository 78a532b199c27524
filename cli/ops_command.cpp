// onnx-ref ops [--json] [--op NAME] [--domain DOMAIN] [--opset N]: the operator registry, version by
// version, or the versions the filters select, each with its accuracy contract (numeric/ACCURACY.md).
#include <algorithm>
#include <cctype>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "ops/param_option_name.h"
#include "ops/registry.h"
#include "runtime/error.h"

namespace onnx_ref::cli {

namespace {

// The opsets a version covers: "14-18", or "25-" for the newest.
std::string version_range(const OpVersion& v, const Registry& registry) {
  const auto all = registry.versions(v.domain, v.op_type);
  for (size_t i = 0; i + 1 < all.size(); ++i)
    if (all[i] == &v) return std::to_string(v.since_version) + "-" + std::to_string(all[i + 1]->since_version - 1);
  return std::to_string(v.since_version) + "-";
}

std::string default_text(const AttributeSpec& a) {
  if (a.required) return "required";
  if (a.ignored) return "ignored";
  if (a.default_value && std::holds_alternative<int64_t>(*a.default_value))
    return "default " + std::to_string(std::get<int64_t>(*a.default_value));
  return "optional";
}

nlohmann::json version_json(const OpVersion& v, const Registry& registry) {
  nlohmann::json j = {{"domain", v.domain},
                      {"op_type", v.op_type},
                      {"since_version", v.since_version},
                      {"label", v.label()},
                      {"opsets", version_range(v, registry)},
                      {"deprecated", v.deprecated}};
  for (const char* role : {"inputs", "outputs"}) {
    j[role] = nlohmann::json::array();
    for (const auto& p : std::string(role) == "inputs" ? v.inputs : v.outputs)
      j[role].push_back({{"name", p.name}, {"type", p.type_var}, {"option", std::string(param_option_name(p.option))}});
  }
  j["accuracy"] = {{"kind", accuracy_kind_name(v.accuracy.kind)}, {"summary", v.accuracy.summary}};
  j["attributes"] = nlohmann::json::array();
  for (const auto& a : v.attributes)
    j["attributes"].push_back({{"name", a.name}, {"type", attr_type_name(a.type)}, {"use", default_text(a)}});
  j["type_constraints"] = nlohmann::json::object();
  for (const auto& c : v.type_constraints) {
    nlohmann::json types = nlohmann::json::array();
    for (const auto& t : c.type_strings()) types.push_back(t);
    j["type_constraints"][c.type_var] = types;
  }
  return j;
}

struct OpsOptions {
  bool json = false;
  std::string op;                     // an operator name, in any case
  std::optional<std::string> domain;  // "ai.onnx" and "" are both the default domain
  std::optional<int64_t> opset;       // the version in effect at this opset of its domain
};

bool same_name_ignoring_case(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool selected(const OpVersion& v, const OpsOptions& options, const Registry& registry) {
  if (!options.op.empty() && !same_name_ignoring_case(v.op_type, options.op)) return false;
  if (options.domain && v.domain != canonical_domain(*options.domain)) return false;
  if (options.opset) {
    if (v.since_version > *options.opset) return false;
    const auto all = registry.versions(v.domain, v.op_type);
    for (size_t i = 0; i + 1 < all.size(); ++i)
      if (all[i] == &v && all[i + 1]->since_version <= *options.opset) return false;
  }
  return true;
}

int ops_command(const OpsOptions& options) {
  const Registry& registry = Registry::builtin();
  std::vector<const OpVersion*> versions;
  for (const auto* v : registry.all())
    if (selected(*v, options, registry)) versions.push_back(v);
  if (versions.empty()) {
    std::string filters;
    if (!options.op.empty()) filters += " --op " + quote_text(options.op);
    if (options.domain) filters += " --domain " + quote_text(*options.domain);
    if (options.opset) filters += " --opset " + std::to_string(*options.opset);
    throw Error("no operator version onnx-ref implements matches" + filters);
  }
  if (options.json) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto* v : versions) all.push_back(version_json(*v, registry));
    std::cout << all.dump(2) << "\n";
    return 0;
  }
  for (const auto* v : versions) {
    std::cout << v->label() << "  (opsets " << version_range(*v, registry) << ", domain "
              << (v->domain.empty() ? "ai.onnx" : v->domain) << ")\n";
    std::cout << "  inputs:";
    for (size_t i = 0; i < v->inputs.size(); ++i)
      std::cout << (i ? ", " : " ") << v->inputs[i].name << ": " << v->inputs[i].type_var;
    std::cout << "\n  outputs:";
    for (size_t i = 0; i < v->outputs.size(); ++i)
      std::cout << (i ? ", " : " ") << v->outputs[i].name << ": " << v->outputs[i].type_var;
    std::cout << "\n  attributes:";
    if (v->attributes.empty()) std::cout << " none";
    for (size_t i = 0; i < v->attributes.size(); ++i) {
      const auto& a = v->attributes[i];
      std::cout << (i ? ", " : " ") << a.name << " (" << attr_type_name(a.type) << ", " << default_text(a) << ")";
    }
    std::cout << "\n  accuracy: " << accuracy_kind_name(v->accuracy.kind);
    if (!v->accuracy.summary.empty()) std::cout << ": " << v->accuracy.summary;
    std::cout << "\n";
    for (const auto& c : v->type_constraints)
      if (c.spec_text.empty()) std::cout << "  " << c.type_var << ": " << c.allowed_text() << "\n";
  }
  return 0;
}

}  // namespace

Command add_ops_command(CLI::App& app) {
  auto options = std::make_shared<OpsOptions>();
  auto* cmd = app.add_subcommand(
      "ops",
      "List every operator version onnx-ref implements, with attributes, type constraints and accuracy contract");
  cmd->add_flag("--json", options->json, "Machine-readable output");
  cmd->add_option("--op", options->op, "Only this operator (its name in any case, e.g. Conv or conv)");
  cmd->add_option("--domain", options->domain, "Only this domain (ai.onnx or \"\" is the default domain)");
  cmd->add_option("--opset", options->opset, "Only the version in effect at this opset of its domain")
      ->check(CLI::Range(int64_t{1}, int64_t{1000}));
  return [options] { return ops_command(*options); };
}

}  // namespace onnx_ref::cli
