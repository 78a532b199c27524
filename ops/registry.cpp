#include "ops/registry.h"

#include <algorithm>
#include <stdexcept>

#include "runtime/error.h"
#include "runtime/error_context.h"

namespace onnx_ref {

std::string_view attr_type_name(AttrType type) {
  switch (type) {
    case AttrType::Int:
      return "int";
    case AttrType::Float:
      return "float";
    case AttrType::String:
      return "string";
    case AttrType::Ints:
      return "ints";
    case AttrType::Floats:
      return "floats";
    case AttrType::Strings:
      return "strings";
    case AttrType::Tensor:
      return "tensor";
    case AttrType::SparseTensor:
      return "sparse_tensor";
    case AttrType::Graph:
      return "graph";
    case AttrType::TypeProto:
      return "type_proto";
  }
  return "?";
}

const AttrValue& Attributes::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("attribute '" + name + "' read but not declared");
  return it->second;
}

const Subgraph& Attributes::get_graph(const std::string& name) const {
  const auto& graph = std::get<GraphRef>(get(name));
  if (!graph) throw std::logic_error("graph attribute '" + name + "' was not compiled");
  return *graph;
}

RunContext& KernelContext::run_context() const {
  if (!run_) throw std::logic_error("kernel run without a run context");
  return *run_;
}

std::vector<Value> KernelContext::run_graph(const std::string& name, std::vector<Value> inputs) const {
  static const std::vector<Value> none;
  const std::vector<Value>* captured = &none;
  if (captures_)
    for (const auto& [attr, values] : *captures_)
      if (attr == name) captured = &values;
  try {
    return attrs.get_graph(name).run(std::move(inputs), *captured, run_context());
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::graph(name));
  }
}

int64_t Attributes::get_int(const std::string& name) const { return std::get<int64_t>(get(name)); }

bool Attributes::get_flag(const std::string& name) const {
  if (!has(name)) return false;
  const int64_t v = get_int(name);
  if (v != 0 && v != 1) throw Error("attribute '" + name + "' must be 0 or 1, got " + std::to_string(v));
  return v == 1;
}

const std::vector<int64_t>& Attributes::get_ints(const std::string& name) const {
  return std::get<std::vector<int64_t>>(get(name));
}

std::string canonical_domain(const std::string& domain) { return domain == "ai.onnx" ? "" : domain; }

std::string_view accuracy_kind_name(AccuracyKind kind) {
  switch (kind) {
    case AccuracyKind::Exact:
      return "exact";
    case AccuracyKind::CorrectlyRounded:
      return "correctly rounded";
    case AccuracyKind::RoundedAtNamedPoints:
      return "rounded at named points";
    case AccuracyKind::Random:
      return "random";
    case AccuracyKind::Undeclared:
      break;
  }
  return "undeclared";
}

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
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i].option == ParamOption::Single) n = i + 1;
    if (inputs[i].option == ParamOption::Variadic) n = i + static_cast<size_t>(inputs[i].min_arity);
  }
  return n;
}

namespace {
const FormalParam* param_at(const std::vector<FormalParam>& params, size_t index) {
  if (index < params.size()) return &params[index];
  if (!params.empty() && params.back().option == ParamOption::Variadic) return &params.back();
  return nullptr;
}
}  // namespace

const FormalParam* OpVersion::input_param(size_t index) const { return param_at(inputs, index); }
const FormalParam* OpVersion::output_param(size_t index) const { return param_at(outputs, index); }

bool TypeConstraint::allows(const ValueType& type) const {
  switch (type.kind) {
    case ValueKind::Tensor:
      return allowed.contains(type.elem);
    case ValueKind::Sequence:
      return sequences.contains(type.elem);
    case ValueKind::OptionalTensor:
      return optional_tensors.contains(type.elem);
    case ValueKind::OptionalSequence:
      return optional_sequences.contains(type.elem);
    case ValueKind::Map:
    case ValueKind::MapSequence:
      return std::find(maps.begin(), maps.end(), type) != maps.end();
  }
  return false;
}

std::vector<std::string> TypeConstraint::type_strings() const {
  std::vector<std::string> result;
  const std::pair<ValueKind, const TypeSet*> kinds[] = {{ValueKind::Tensor, &allowed},
                                                        {ValueKind::Sequence, &sequences},
                                                        {ValueKind::OptionalTensor, &optional_tensors},
                                                        {ValueKind::OptionalSequence, &optional_sequences}};
  for (const auto& [kind, set] : kinds)
    for (ElementType t : set->types()) result.push_back(ValueType{kind, t}.to_string());
  for (const auto& m : maps) result.push_back(m.to_string());
  std::sort(result.begin(), result.end());
  return result;
}

std::string TypeConstraint::allowed_text() const {
  if (maps.empty()) return allowed.to_string();
  std::string s;
  for (const auto& t : type_strings()) s += (s.empty() ? "" : ", ") + t;
  return s;
}

std::optional<ValueType> TypeConstraint::single_type() const {
  const auto tensors = allowed.types();
  if (tensors.size() == 1 && sequences.types().empty() && optional_tensors.types().empty() &&
      optional_sequences.types().empty() && maps.empty())
    return ValueType::tensor(tensors[0]);
  if (tensors.empty() && sequences.types().empty() && optional_tensors.types().empty() &&
      optional_sequences.types().empty() && maps.size() == 1)
    return maps[0];
  return std::nullopt;
}

const Value& KernelContext::value(size_t i) const {
  if (!has_input(i)) throw std::logic_error("kernel read input " + std::to_string(i) + ", which is absent");
  return *inputs_[i];
}

Value KernelContext::take_value(size_t i) const {
  const Value& v = value(i);
  if (last_use_ && i < last_use_->size() && (*last_use_)[i] && i < owned_.size() && &*owned_[i] == &v)
    return std::move(*owned_[i]);
  return v;
}

const Tensor& KernelContext::input(size_t i) const {
  const Value& v = value(i);
  if (!v.is_tensor()) throw Error("input " + std::to_string(i) + " is " + v.type().to_string() + ", not a tensor");
  return v.tensor();
}

void Registry::declare_accuracy(const std::string& op_type, const Accuracy& accuracy,
                                const std::vector<int>& since_versions, const std::string& domain) {
  auto found = ops_.find({canonical_domain(domain), op_type});
  if (found == ops_.end()) throw std::logic_error("accuracy declared for unregistered operator " + op_type);
  for (int since : since_versions) {
    bool known = false;
    for (const auto& v : found->second) known = known || v.since_version == since;
    if (!known) throw std::logic_error("accuracy declared for unregistered " + op_type + "-" + std::to_string(since));
  }
  for (auto& v : found->second) {
    bool listed = since_versions.empty();
    for (int since : since_versions) listed = listed || v.since_version == since;
    if (listed) v.accuracy = accuracy;
  }
}

void Registry::add(OpVersion version) {
  version.domain = canonical_domain(version.domain);
  for (const auto& p : version.inputs) (void)version.constraint(p.type_var);  // fail fast on typos
  for (const auto& p : version.outputs) (void)version.constraint(p.type_var);
  for (const auto* params : {&version.inputs, &version.outputs})
    for (size_t i = 0; i + 1 < params->size(); ++i)
      if ((*params)[i].option == ParamOption::Variadic)
        throw std::logic_error(version.label() + ": only the last formal parameter may be variadic");
  auto& list = ops_[{version.domain, version.op_type}];
  for (const auto& v : list)
    if (v.since_version == version.since_version) throw std::logic_error(version.label() + " registered twice");
  list.push_back(std::move(version));
  std::sort(list.begin(), list.end(),
            [](const OpVersion& a, const OpVersion& b) { return a.since_version < b.since_version; });
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

int64_t Registry::newest_opset(const std::string& domain) const {
  const std::string d = canonical_domain(domain);
  // The newest opset ONNX 1.22.0 defines for each of its domains, whether or not every operator
  // of that domain is implemented: a model importing it is refused per operator, not per import.
  if (d.empty()) return 27;
  if (d == "ai.onnx.ml") return 5;
  if (d == "ai.onnx.preview" || d == "ai.onnx.preview.training") return 1;
  int64_t newest = 0;
  for (const auto& [key, list] : ops_)
    if (key.first == d)
      for (const auto& v : list) newest = std::max<int64_t>(newest, v.since_version);
  return newest;
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
