#pragma once
// The versioned operator registry. Each operator version is data: its since_version, formal inputs
// and outputs, attributes (type, default, required) and the element types each type variable
// allows, next to a small kernel. A node runs the version with the highest since_version that is
// not above the model's imported opset for the node's domain.
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "runtime/element_type.h"
#include "runtime/tensor.h"

namespace onnx_ref {

enum class AttrType { Int, Float, String, Ints, Floats, Strings, Tensor };
std::string_view attr_type_name(AttrType type);

using AttrValue = std::variant<int64_t, float, std::string, std::vector<int64_t>, std::vector<float>,
                               std::vector<std::string>, onnx_ref::Tensor>;

struct AttributeSpec {
  std::string name;
  AttrType type;
  bool required = false;
  std::optional<AttrValue> default_value;  // used when the node does not set it
  bool ignored = false;                    // legacy attribute accepted and not used (consumed_inputs)
};

struct FormalParam {
  std::string name;
  std::string type_var;  // names a TypeConstraint of the same version ("T", "shape")
  bool optional = false;
};

struct TypeConstraint {
  std::string type_var;
  TypeSet allowed;
  // How the spec writes the constraint when it is not a named variable, e.g. "tensor(int64)".
  std::string spec_text;
};

// The attribute values of one node, checked against the version's AttributeSpecs, with defaults.
class Attributes {
 public:
  void set(const std::string& name, AttrValue value) { values_[name] = std::move(value); }
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  int64_t get_int(const std::string& name) const;
  const std::vector<int64_t>& get_ints(const std::string& name) const;
  const AttrValue& get(const std::string& name) const;

 private:
  std::map<std::string, AttrValue> values_;
};

class OpVersion;
// Kernels throw Error with the broken rule; the executor adds the node and version to the message.
using Kernel = std::function<std::vector<Tensor>(const Attributes&, std::span<const Tensor> inputs)>;

class OpVersion {
 public:
  std::string domain;  // "" for the default ONNX domain
  std::string op_type;
  int since_version = 1;
  std::vector<FormalParam> inputs;
  std::vector<FormalParam> outputs;
  std::vector<AttributeSpec> attributes;
  std::vector<TypeConstraint> type_constraints;
  // Rules on attribute values that hold whatever the inputs are (allowzero is 0 or 1); checked when
  // the model is loaded. Throws Error naming the attribute and value.
  std::function<void(const Attributes&)> check_attributes;
  Kernel kernel;

  // "Reshape-14", or "org.openvinotoolkit:Reshape-1" outside the default domain.
  std::string label() const;
  const TypeConstraint& constraint(const std::string& type_var) const;
  const AttributeSpec* attribute(const std::string& name) const;
  size_t min_inputs() const;
};

// "" and "ai.onnx" are one domain.
std::string canonical_domain(const std::string& domain);

class Registry {
 public:
  // Every operator onnx-ref implements (ops/all_ops.cpp lists them).
  static const Registry& builtin();

  void add(OpVersion version);
  bool has_domain(const std::string& domain) const;
  bool has_op(const std::string& domain, const std::string& op_type) const;
  // The version with the highest since_version <= opset, or nullptr when there is none.
  const OpVersion* resolve(const std::string& domain, const std::string& op_type, int64_t opset) const;
  // All versions of one operator, oldest first.
  std::vector<const OpVersion*> versions(const std::string& domain, const std::string& op_type) const;
  // Every version of every operator, ordered by domain, op_type, since_version.
  std::vector<const OpVersion*> all() const;

 private:
  std::map<std::pair<std::string, std::string>, std::vector<OpVersion>> ops_;
};

}  // namespace onnx_ref
