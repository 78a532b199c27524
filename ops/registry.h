#pragma once
// The versioned operator registry. Each operator version is data: its since_version, formal inputs
// and outputs, attributes (type, default, required) and the element types each type variable
// allows, next to a small kernel. A node runs the version with the highest since_version that is
// not above the model's imported opset for the node's domain.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "ops/subgraph.h"
#include "runtime/element_type.h"
#include "runtime/run_context.h"
#include "runtime/tensor.h"
#include "runtime/value.h"

namespace onnx_ref {

// SparseTensor attributes (Constant's sparse_value) are made dense when the model is loaded, so
// their value is a Tensor like a Tensor attribute's. A Graph attribute is compiled at load into a
// Subgraph; a TypeProto attribute (Optional's `type`) is the ValueType it describes.
enum class AttrType { Int, Float, String, Ints, Floats, Strings, Tensor, SparseTensor, Graph, TypeProto };
std::string_view attr_type_name(AttrType type);

using AttrValue = std::variant<int64_t, float, std::string, std::vector<int64_t>, std::vector<float>,
                               std::vector<std::string>, onnx_ref::Tensor, GraphRef, ValueType>;

struct AttributeSpec {
  std::string name;
  AttrType type;
  bool required = false;
  std::optional<AttrValue> default_value = {};  // used when the node does not set it
  bool ignored = false;                         // legacy attribute accepted and not used (consumed_inputs)
};

// How exactly a version computes its outputs: its accuracy contract (numeric/ACCURACY.md,
// "Accuracy contracts", defines the kinds). Every registered version declares one; the operator
// file that states the contract in its header comment declares it at registration.
enum class AccuracyKind {
  Undeclared,            // no declaration: a registry test fails on it
  Exact,                 // every output is the exact result (copies, decisions, integer results, exact values)
  CorrectlyRounded,      // every floating output is the exact result rounded once (nearest, ties to even)
  RoundedAtNamedPoints,  // rounded at the steps the summary names, each step rounded once
  Random,                // drawn from a seeded stream; the summary says how
};
// "exact", "correctly rounded", "rounded at named points", "random" ("undeclared" for none).
std::string_view accuracy_kind_name(AccuracyKind kind);

struct Accuracy {
  AccuracyKind kind = AccuracyKind::Undeclared;
  std::string summary = {};  // one short sentence, e.g. "the exact sum rounded once"
};

// How a formal input or output may be given, as the spec's schemas say.
enum class ParamOption {
  Single,    // exactly one value
  Optional,  // may be left out (an empty name in the node); "absent" is not an empty tensor
  Variadic,  // the last formal parameter only: min_arity or more values
};

struct FormalParam {
  std::string name;
  std::string type_var;  // names a TypeConstraint of the same version ("T", "tensor(int64)")
  ParamOption option = ParamOption::Single;
  int min_arity = 1;        // Variadic: the fewest values it takes
  bool homogeneous = true;  // Variadic: every value has the same type
};

struct TypeConstraint {
  std::string type_var;
  TypeSet allowed = {};  // tensor(X)
  // How the spec writes the constraint when it is not a named variable, e.g. "tensor(int64)".
  std::string spec_text = {};
  TypeSet sequences = {};            // seq(tensor(X))
  TypeSet optional_tensors = {};     // optional(tensor(X))
  TypeSet optional_sequences = {};   // optional(seq(tensor(X)))
  std::vector<ValueType> maps = {};  // map(K, V) and seq(map(K, V)), each named (ai.onnx.ml)

  bool allows(const ValueType& type) const;
  // Every allowed type as the spec writes it ("tensor(float)", "seq(tensor(int8))"), sorted.
  std::vector<std::string> type_strings() const;
  // The allowed types as a message shows them: "float, double", or "map(int64, float), ...".
  std::string allowed_text() const;
  // The one allowed type when there is exactly one, e.g. Shape's tensor(int64) output.
  std::optional<ValueType> single_type() const;
};

// The attribute values of one node, checked against the version's AttributeSpecs, with defaults.
class Attributes {
 public:
  void set(const std::string& name, AttrValue value) { values_[name] = std::move(value); }
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  int64_t get_int(const std::string& name) const;
  // An int attribute the spec uses as a boolean: 0 or 1, anything else refused. An absent optional
  // one (no default) reads as false.
  bool get_flag(const std::string& name) const;
  const std::vector<int64_t>& get_ints(const std::string& name) const;
  const AttrValue& get(const std::string& name) const;
  const Subgraph& get_graph(const std::string& name) const;
  const std::map<std::string, AttrValue>& values() const { return values_; }

 private:
  std::map<std::string, AttrValue> values_;
};

// What a kernel is given: the node's attributes (parsed and checked once, at load), its inputs as
// listed in the node (an omitted optional input is absent, which is not an empty tensor), and the
// number of outputs the node asks for.
// Graph attributes run through run_graph, which supplies the outer values the graph reads.
class KernelContext {
 public:
  // The outer values each graph attribute reads, by attribute name (the node's implicit inputs).
  using Captures = std::vector<std::pair<std::string, std::vector<Value>>>;

  KernelContext(const Attributes& attributes, std::span<const std::optional<Value>> inputs, size_t output_count,
                RunContext* run = nullptr, const Captures* captures = nullptr)
      : attrs(attributes), inputs_(inputs), output_count_(output_count), run_(run), captures_(captures) {}

  const Attributes& attrs;
  size_t input_count() const { return inputs_.size(); }
  bool has_input(size_t i) const { return i < inputs_.size() && inputs_[i].has_value(); }
  // The tensor at input i; Error when it is absent or not a tensor.
  const Tensor& input(size_t i) const;
  const Value& value(size_t i) const;
  // Input i as a value of the kernel's own: moved out of the node's inputs when the executor handed
  // it over (this node is its last reader in the graph, and reads it once), a copy otherwise. A
  // kernel that grows a sequence in place (SequenceInsert in a Loop) takes it this way.
  Value take_value(size_t i) const;
  // Called by the executor: `owned` holds the same values as the inputs, which the kernel may
  // move from where `last_use` is true.
  void hand_over(std::span<std::optional<Value>> owned, const std::vector<bool>* last_use) {
    owned_ = owned;
    last_use_ = last_use;
  }
  size_t output_count() const { return output_count_; }
  // The run this kernel is part of (threads, random streams, limits).
  RunContext& run_context() const;
  // Runs the graph attribute `name` on its formal inputs; errors inside it carry the graph's name
  // ("body › node #2 (Add-14): ...").
  std::vector<Value> run_graph(const std::string& name, std::vector<Value> inputs) const;

 private:
  std::span<const std::optional<Value>> inputs_;
  std::span<std::optional<Value>> owned_;
  const std::vector<bool>* last_use_ = nullptr;
  size_t output_count_;
  RunContext* run_;
  const Captures* captures_;
};

// Kernels throw Error with the broken rule; the executor adds the node and version to the message
// and checks what the kernel returns: one value per output the node asks for, each of an allowed
// type.
using Kernel = std::function<std::vector<Value>(const KernelContext&)>;

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
  // The element type of an output type variable that no input binds, when attributes choose it
  // (Cast's `to`, Constant's value, EyeLike's dtype); nullopt when they do not. Lets the loader
  // know output types before anything runs.
  std::function<std::optional<ElementType>(const Attributes&, const std::string& type_var)> attribute_type;
  // Output types that neither the inputs' type variables nor attribute_type decide: those of graph
  // attributes (If, Loop, Scan), of sequence and optional wrappers (SequenceAt, Optional). Given
  // the attributes and the input types known at load (nullopt: unknown), returns one entry per
  // output (nullopt: decided at run time). Throws Error when the node cannot be typed, e.g. a body
  // whose signature does not fit the node.
  std::function<std::vector<std::optional<ValueType>>(const Attributes&, const std::vector<std::optional<ValueType>>&,
                                                      size_t output_count)>
      infer_outputs;
  Kernel kernel;
  // Set by set_kernel(parse, run): makes one node's kernel at load, with its attributes parsed
  // once. Empty for a kernel that reads ctx.attrs itself.
  std::function<Kernel(const Attributes&)> bind_kernel;
  bool deprecated = false;  // the spec marks this version deprecated; it still runs
  Accuracy accuracy;        // its accuracy contract

  // "Reshape-14", or "org.openvinotoolkit:Reshape-1" outside the default domain.
  std::string label() const;
  const TypeConstraint& constraint(const std::string& type_var) const;
  const AttributeSpec* attribute(const std::string& name) const;
  size_t min_inputs() const;
  // The formal parameter that node input (or output) `index` binds to: the last one when it is
  // variadic; nullptr beyond the formal list.
  const FormalParam* input_param(size_t index) const;
  const FormalParam* output_param(size_t index) const;

  // A kernel whose attributes are parsed once: `parse` turns a node's checked Attributes into a
  // struct of the version's own (throwing Error for a value no input could make valid), `run`
  // reads that struct on every call. The loader parses at load (node_kernel), so such errors name
  // the node before anything runs. `run` must take what `parse` returns: a mismatch does not
  // compile. `kernel` stays callable on its own (it parses per call) for callers without a loader.
  template <class Parse, class Run>
  void set_kernel(Parse parse, Run run) {
    using Params = std::decay_t<std::invoke_result_t<Parse&, const Attributes&>>;
    static_assert(std::is_invocable_r_v<std::vector<Value>, Run&, const KernelContext&, const Params&>,
                  "the kernel must take the struct its parse step returns");
    kernel = [parse, run](const KernelContext& ctx) { return run(ctx, parse(ctx.attrs)); };
    bind_kernel = [parse, run](const Attributes& attrs) -> Kernel {
      auto params = std::make_shared<const Params>(parse(attrs));
      return [params, run](const KernelContext& ctx) { return run(ctx, *params); };
    };
  }
  // The kernel a node with these (checked) attributes runs: bind_kernel's when set, else `kernel`.
  Kernel node_kernel(const Attributes& attrs) const { return bind_kernel ? bind_kernel(attrs) : kernel; }
};

// "" and "ai.onnx" are one domain.
std::string canonical_domain(const std::string& domain);

class Registry {
 public:
  // Every operator onnx-ref implements (ops/families.cpp calls each family's register_<family>_ops).
  static const Registry& builtin();

  void add(OpVersion version);
  // Declares the accuracy contract of every registered version of an operator, or of the listed
  // since_versions only (where versions differ). Throws std::logic_error when the operator or a
  // listed version is not registered, so a misspelt declaration fails at startup.
  void declare_accuracy(const std::string& op_type, const Accuracy& accuracy,
                        const std::vector<int>& since_versions = {}, const std::string& domain = "");
  bool has_domain(const std::string& domain) const;
  bool has_op(const std::string& domain, const std::string& op_type) const;
  // The version with the highest since_version <= opset, or nullptr when there is none.
  const OpVersion* resolve(const std::string& domain, const std::string& op_type, int64_t opset) const;
  // The newest opset version of a domain onnx-ref knows (ONNX 1.22.0 defines ai.onnx up to 27);
  // a model importing a newer one is refused. 0 for a domain it does not know.
  int64_t newest_opset(const std::string& domain) const;
  // All versions of one operator, oldest first.
  std::vector<const OpVersion*> versions(const std::string& domain, const std::string& op_type) const;
  // Every version of every operator, ordered by domain, op_type, since_version.
  std::vector<const OpVersion*> all() const;

 private:
  std::map<std::pair<std::string, std::string>, std::vector<OpVersion>> ops_;
};

}  // namespace onnx_ref
