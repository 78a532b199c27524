#pragma once
// A loaded, checked model, ready to run. Loading refuses every graph the spec does not allow before
// anything runs: undefined or reassigned names, unknown operators, missing opset imports, operator
// versions that do not exist at the imported opset, wrong attributes and element types outside a
// version's type set. Errors name the file, the node (name or index, op and version) and the rule.
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "interpreter/exposed_values.h"
#include "interpreter/load_options.h"
#include "ops/registry.h"
#include "runtime/tensor.h"
#include "runtime/value.h"

namespace onnx_ref {

inline constexpr int64_t kMinIrVersion = 1;
inline constexpr int64_t kMaxIrVersion = 13;

// The declared type of a graph input or output.
struct ValueInfo {
  std::string name;
  bool typed = false;                        // false: the model declares no type at all
  ValueKind kind = ValueKind::Tensor;        // a sequence or optional when the model declares one
  std::optional<ElementType> type;           // element type (a map's value type); nullopt when the model does not say
  std::optional<ElementType> key;            // a map's key type (always declared for a map)
  bool has_shape = false;                    // false: rank unknown
  std::vector<std::optional<int64_t>> dims;  // nullopt: symbolic or unknown dimension
  std::vector<std::string> dim_params;       // the symbolic names, "" for fixed or unknown dims
  std::string describe() const;              // "tensor(float)[2, N, 3]", "seq(tensor(float))"
  // The declared value type, when the element type is declared.
  std::optional<ValueType> value_type() const;
};

struct Node {
  size_t index = 0;
  std::string name;
  std::string domain;
  std::string op_type;
  const OpVersion* op = nullptr;
  Attributes attributes;
  Kernel kernel;             // op's kernel with these attributes parsed (OpVersion::node_kernel)
  std::vector<int> inputs;   // value slots; -1 for an omitted optional input
  std::vector<int> outputs;  // value slots; -1 for an omitted optional output
  // Outer-scope values its graph attributes read, resolved at load (slots of this node's graph),
  // and for each graph attribute the positions in implicit_inputs of what it captures, in its order.
  std::vector<int> implicit_inputs;
  std::vector<std::pair<std::string, std::vector<size_t>>> graph_captures;
  bool calls_function = false;  // a call to a model-local function, run as a graph of its own
  // What the loader knows of each output's type before running (nullopt: decided at run time).
  std::vector<std::optional<ValueType>> output_types;
  // Per input: this node is the last reader of its slot and reads it once, so the executor hands
  // the value over to the kernel (KernelContext::take_value) instead of keeping a copy. Set by
  // Graph::finish.
  std::vector<bool> last_use;
  // describe() led by the path of its graph ("node 'l' (#5, Loop-16) › body › node #2 (Add-14)"),
  // set by Graph::finish: the key of its random streams, its row of run --profile.
  std::string path;
  // "node 'n' (#3, Reshape-14)"
  std::string describe() const;
};

// What Model::run asks of its graph's execution beyond running it (interpreter/constant_memo.h).
struct ExecuteHooks {
  // Nodes not run (by index): their outputs are in the values already, or only they read them.
  const std::vector<bool>* skip = nullptr;
  // Told of each node that ran (by index), with its checked outputs.
  std::function<void(size_t, const std::vector<Value>&)> ran;
};

// A compiled graph: the model's graph, or a graph attribute compiled in the scope of the graph
// holding its node. Values live in slots; each is freed after its last reader.
class Graph final : public Subgraph {
 public:
  // Where the graph sits: "" for the model's graph, "node 'loop' (#5, Loop-16) › body" for a graph
  // attribute, "function 'f'" for a function body, joined with › when nested.
  std::string path;
  // Its place under the graph holding it, for run --trace: "node_5/body", "node_2/function".
  std::string trace_segment;
  int depth = 0;  // 0 for the model's graph, 1 for a graph attribute of one of its nodes ...
  std::vector<std::string> slot_names;
  std::vector<std::optional<ValueType>> slot_types;  // statically known types
  std::map<std::string, int> slot_of;
  std::vector<std::optional<Value>> constants;  // initializers by slot
  std::vector<ValueInfo> inputs;                // formal inputs in order (for the model: those fed)
  std::vector<int> input_slots;
  std::vector<std::string> captured;  // outer names read, in order of first use
  std::vector<int> captured_slots;
  std::vector<ValueInfo> outputs;
  std::vector<int> output_slots;
  std::vector<Node> nodes;
  std::vector<std::vector<int>> release_after;  // slots freed once node k has run
  // The operator versions of the calls to model-local functions in this graph, one per call node.
  // An instantiation is compiled once and shared by every call making it (the same function,
  // attribute values, omitted inputs and depth), in this graph and others.
  std::vector<std::shared_ptr<OpVersion>> function_calls;

  // Computes release_after and the declared interface types; called once the graph is complete.
  void finish();
  // Runs the nodes in order over `values`, which holds every input, captured and constant slot.
  void execute(std::vector<std::optional<Value>>& values, RunContext& ctx,
               const ExecuteHooks* hooks = nullptr) const;

  const std::vector<std::optional<ValueType>>& input_types() const override { return input_types_; }
  const std::vector<std::optional<ValueType>>& output_types() const override { return output_types_; }
  std::optional<Shape> declared_output_shape(size_t index) const override;
  std::vector<Value> run(std::vector<Value> inputs, std::span<const Value> captured_values,
                         RunContext& ctx) const override;

 private:
  std::vector<std::optional<ValueType>> input_types_, output_types_;
};

class ConstantMemo;

class Model {
 public:
  // Loads a model file; external data is resolved relative to its folder. `options` holds the
  // loader's opt-ins and its node limit (interpreter/load_options.h).
  static Model load_file(const std::filesystem::path& path);
  static Model load_file(const std::filesystem::path& path, const ExposedValues& exposed,
                         const LoadOptions& options = {});
  // `base_dir` is where external data lives (empty: external data is refused).
  static Model load_bytes(const std::string& bytes, const std::filesystem::path& base_dir, const std::string& origin,
                          const ExposedValues& exposed = {}, const LoadOptions& options = {});
  static Model from_proto(std::shared_ptr<const onnx::ModelProto> proto, const std::filesystem::path& base_dir,
                          const std::string& origin, const LoadOptions& options = {});

  // Graph inputs that must be fed (those without an initializer), in graph order.
  const std::vector<ValueInfo>& required_inputs() const { return required_inputs_; }
  // Graph inputs that have an initializer as default value.
  const std::vector<ValueInfo>& optional_inputs() const { return optional_inputs_; }
  const std::vector<ValueInfo>& outputs() const { return outputs_; }
  // The outputs the model declares plus those ExposedValues::names added; the outputs after them
  // are the node outputs ExposedValues::every_node_output added.
  size_t shown_output_count() const { return shown_output_count_ ? shown_output_count_ : outputs_.size(); }
  const std::vector<Node>& nodes() const { return graph_->nodes; }
  const Graph& graph() const { return *graph_; }
  const onnx::ModelProto& proto() const { return *proto_; }
  const std::map<std::string, int64_t>& opsets() const { return opsets_; }
  const std::string& origin() const { return origin_; }
  // Operator versions used by the nodes, in order of first use: "Reshape-14".
  std::vector<std::string> kernel_labels() const;

  // Checks the feeds against the declared inputs, runs every node in order and returns the graph
  // outputs in graph order.
  // From the second run on, the values of constant nodes are kept and later runs skip those
  // nodes (interpreter/constant_memo.h); the outputs keep every bit.
  std::vector<std::pair<std::string, Value>> run(const std::map<std::string, Value>& feeds,
                                                 const RunOptions& options = {}) const;
  // The most bytes of constant values kept for later runs (0: keep none); call before running.
  void set_constant_memo_limit(uint64_t bytes);
  const ConstantMemo& constant_memo() const { return *constant_memo_; }

 private:
  std::string origin_;  // the file name or "<bytes>", leading every error message
  std::shared_ptr<const onnx::ModelProto> proto_;
  std::map<std::string, int64_t> opsets_;
  std::shared_ptr<Graph> graph_ = std::make_shared<Graph>();
  std::vector<ValueInfo> required_inputs_;
  std::vector<ValueInfo> optional_inputs_;
  std::vector<int> required_input_slots_;
  std::vector<int> optional_input_slots_;
  std::vector<ValueInfo> outputs_;
  std::vector<int> output_slots_;
  size_t shown_output_count_ = 0;  // 0: every output
  // Shared by copies of the model, which compute the same constants.
  std::shared_ptr<ConstantMemo> constant_memo_;

  // A parsed model with `exposed` added to its graph's outputs, then built (load_file, load_bytes).
  static Model from_parsed(std::shared_ptr<onnx::ModelProto> proto, const std::filesystem::path& base_dir,
                           const std::string& origin, const ExposedValues& exposed, const LoadOptions& options);

  friend class ModelBuilder;
  friend class GraphBuilder;
};

// Checks a node's input types against its operator version and returns the output types: bound by
// an input's type variable, chosen by an attribute, or the constraint's only type (nullopt where
// none of these knows it yet). Throws Error naming the input and the allowed set.
std::vector<std::optional<ValueType>> check_node_types(const Node& node,
                                                       const std::vector<std::optional<ValueType>>& input_types,
                                                       size_t output_count);

// Checks a value against a declared input or output: kind, element type and every static dimension.
void check_feed(const ValueInfo& declared, const Value& value);

}  // namespace onnx_ref
