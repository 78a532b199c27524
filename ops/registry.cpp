#include "ops/registry.h"

#include <algorithm>
#include <stdexcept>

#include "runtime/error.h"

namespace onnx_ref {

std::string_view attr_type_name(AttrType type) {
  switch (type) {
    case AttrType::Int: return "int";
    case AttrType::Float: return "float";
    case AttrType::String: return "string";
    case AttrType::Ints: return "ints";
    case AttrType::Floats: return "floats";
    case AttrType::Strings: return "strings";
    case AttrType::Tensor: return "tensor";
  }
  return "?";
}

const AttrValue& Attributes::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("attribute '" + name + "' read but not declared");
  return it->second;
}

int64_t Attributes::get_int(const std::string& name) const { return std::get<int64_t>(get(name)); }

const std::vector<int64_t>& Attributes::get_ints(const std::string& name) const {
  return std::get<std::vector<int64_t>>(get(name));
}

std::string canonical_domain(const std::string& domain) { return domain == "ai.onnx" ? "" : domain; }

std::string OpVersion::label() const {
  std::string prefix = domain.empty() ? "" : domain + ":";
  return prefix + op_type + "-" + std::to_string(since_version);
}

const TypeConstraint& OpVersion::constraint(const std::string& type_var) const {
  for (const auto& c : type_constraints)
    if (c.type_var == type_var) return c;
  throw std::logic_error(label() + " has no type constraint " + type_var);
}

const AttributeSpec* OpVersion::attribute(const std::string& name) const {
  for (const auto& a : attributes)
    if (a.name == name) return &a;
  return nullptr;
}

size_t OpVersion::min_inputs() const {
  size_t n = 0;
  for (size_t i = 0; i < inputs.size(); ++i)
    if (!inputs[i].optional) n = i + 1;
  return n;
}

void Registry::add(OpVersion version) {
  version.domain = canonical_domain(version.domain);
  for (const auto& p : version.inputs) (void)version.constraint(p.type_var);  // fail fast on typos
  for (const auto& p : version.outputs) (void)version.constraint(p.type_var);
  auto& list = ops_[{version.domain, version.op_type}];
  for (const auto& v : list)
    if (v.since_version == version.since_version) throw std::logic_error(version.label() + " registered twice");
  list.push_back(std::move(version));
  std::sort(list.begin(), list.end(), [](const OpVersion& a, const OpVersion& b) { return a.since_version < b.since_version; });
}

bool Registry::has_domain(const std::string& domain) const {
  const std::string d = canonical_domain(domain);
  return std::any_of(ops_.begin(), ops_.end(), [&](const auto& entry) { return entry.first.first == d; });
}

bool Registry::has_op(const std::string& domain, const std::string& op_type) const {
  return ops_.count({canonical_domain(domain), op_type}) != 0;
}

const OpVersion* Registry::resolve(const std::string& domain, const std::string& op_type, int64_t opset) const {
  auto it = ops_.find({canonical_domain(domain), op_type});
  if (it == ops_.end()) return nullptr;
  const OpVersion* best = nullptr;
  for (const auto& v : it->second)
    if (v.since_version <= opset) best = &v;
  return best;
}

std::vector<const OpVersion*> Registry::versions(const std::string& domain, const std::string& op_type) const {
  std::vector<const OpVersion*> result;
  auto it = ops_.find({canonical_domain(domain), op_type});
  if (it != ops_.end())
    for (const auto& v : it->second) result.push_back(&v);
  return result;
}

std::vector<const OpVersion*> Registry::all() const {
  std::vector<const OpVersion*> result;
  for (const auto& [key, list] : ops_)
    for (const auto& v : list) result.push_back(&v);
  return result;
}

}  // namespace onnx_ref
