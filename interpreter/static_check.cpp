// The static check (interpreter/static_check.h): each node runs through its own kernel on what is
// known before running, so the check enforces exactly the rules a run enforces, in the same words.
#include "interpreter/static_check.h"

#include <algorithm>
#include <set>

#include "runtime/cast.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/error_context.h"

namespace onnx_ref {

namespace {

// Larger inputs are not evaluated: the check should stay far cheaper than a run.
constexpr int64_t kMaxStaticElements = int64_t{1} << 22;

// Operators whose output shapes or refusals can depend on the values of floating or bool data
// (QuantizeLinear refuses a nonzero float8 zero point, Range's length is computed from its inputs).
const std::set<std::string>& value_shaped_ops() {
  static const std::set<std::string> ops = {
      "NonZero",        "Unique",           "NonMaxSuppression", "Resize",      "Upsample",    "Compress",
      "StringSplit",    "TfIdfVectorizer",  "ImageDecoder",      "Multinomial", "Range",       "OneHot",
      "QuantizeLinear", "DequantizeLinear", "QLinearMatMul",     "QLinearConv", "ConvInteger", "MatMulInteger"};
  return ops;
}

// Operators that treat integer and string inputs as plain data (never as indices, shapes, axes or
// counts), so placeholder integers cannot change their output shapes or refusals.
const std::set<std::string>& integer_data_ops() {
  static const std::set<std::string> ops = {
      "Add",      "Sub",     "Mul",        "Div",      "Mod",        "Neg",       "Abs",         "Min",
      "Max",      "Sum",     "Mean",       "Equal",    "Less",       "Greater",   "LessOrEqual", "GreaterOrEqual",
      "Not",      "And",     "Or",         "Xor",      "BitwiseAnd", "BitwiseOr", "BitwiseXor",  "BitwiseNot",
      "BitShift", "Cast",    "CastLike",   "Identity", "Shape",      "Size",      "Transpose",   "Concat",
      "Flatten",  "MatMul",  "Where",      "Sign",     "Relu",       "Pow",       "IsNaN",       "IsInf",
      "Clip",     "Softmax", "LogSoftmax", "Hardmax",  "Floor",      "Ceil",      "Round",       "Reciprocal",
      "Sqrt",     "Exp",     "Log"};
  return ops;
}

// Operators that move strings without reading them (Cast, for one, parses them as numbers).
const std::set<std::string>& string_data_ops() {
  static const std::set<std::string> ops = {"Identity",  "Shape",   "Size",  "Concat",
                                            "Transpose", "Flatten", "Equal", "Where"};
  return ops;
}

// Operators whose outputs are random draws: never known values, whatever their inputs.
bool is_random(const Node& node) {
  static const std::set<std::string> ops = {
      "RandomUniform", "RandomNormal", "RandomUniformLike", "RandomNormalLike", "Bernoulli", "Multinomial", "Dropout"};
  return node.domain.empty() && ops.count(node.op_type);
}

// What is known of a value before running: a sample of its type and shape, whose elements are the
// real ones when `exact`.
struct Known {
  Value value;
  bool exact = false;
};
using Slots = std::vector<std::optional<Known>>;

std::optional<Value> placeholder(ElementType type, const Shape& shape) {
  int64_t count = 1;
  for (int64_t d : shape) {
    if (d < 0 || (d > 0 && count > kMaxStaticElements / d)) return std::nullopt;
    count *= d;
  }
  if (type == ElementType::String)
    return Value(Tensor::from_strings(shape, std::vector<std::string>(static_cast<size_t>(count))));
  if (type == ElementType::Undefined) return std::nullopt;
  // Every element 1: a value no kernel refuses as data (no division by zero, no log of zero).
  const Tensor ones =
      Tensor::from_values(ElementType::Float, shape, std::vector<float>(static_cast<size_t>(count), 1.0f));
  return Value(type == ElementType::Float ? ones : cast_tensor(ones, type));
}

// A declared interface value (graph input) with a fully known tensor type and shape.
std::optional<Known> from_declaration(const ValueInfo& info) {
  if (!info.typed || info.kind != ValueKind::Tensor || !info.type || !info.has_shape) return std::nullopt;
  Shape shape;
  for (const auto& d : info.dims) {
    if (!d) return std::nullopt;
    shape.push_back(*d);
  }
  auto sample = placeholder(*info.type, shape);
  if (!sample) return std::nullopt;
  return Known{*sample, false};
}

// The element count a shape tensor asks for, saturating at kMaxStaticElements + 1.
int64_t requested_elements(const Tensor& shape, const Tensor* base = nullptr) {
  if (shape.is_string() || info(shape.type()).kind == ElementKind::Float) return 0;
  int64_t count = 1;
  for (int64_t i = 0; i < shape.element_count(); ++i) {
    int64_t d = read_int64(shape.type(), shape.data(), i);
    if (base && i < base->rank())
      d = std::max<int64_t>(d, 1) * std::max<int64_t>(base->shape()[static_cast<size_t>(i)], 1);
    if (d > 0 && count > kMaxStaticElements / d) return kMaxStaticElements + 1;
    if (d > 0) count *= d;
  }
  return count;
}

// Operators whose output size comes from input values: with those known, the output may still be
// too large to make at check time (ConstantOfShape([100000, 100000]) is 40 GB of floats).
bool too_large_output(const Node& node, const std::vector<std::optional<Value>>& inputs) {
  if (!node.domain.empty()) return false;
  auto tensor = [&](size_t i) -> const Tensor* {
    return i < inputs.size() && inputs[i] && inputs[i]->is_tensor() ? &inputs[i]->tensor() : nullptr;
  };
  if (node.op_type == "ConstantOfShape" && tensor(0)) return requested_elements(*tensor(0)) > kMaxStaticElements;
  if (node.op_type == "Expand" && tensor(1)) return requested_elements(*tensor(1)) > kMaxStaticElements;
  if (node.op_type == "Tile" && tensor(0) && tensor(1))
    return requested_elements(*tensor(1), tensor(0)) > kMaxStaticElements;
  return false;
}

class Checker {
 public:
  explicit Checker(StaticCheck& out) : out_(out) {}

  // Throws Error, in the words of a run, at the first rule the graph breaks whatever its inputs.
  void check_graph(const Graph& g, Slots& slots) {
    for (size_t k = 0; k < g.nodes.size(); ++k) {
      const Node& node = g.nodes[k];
      ++out_.nodes;
      const std::string where =
          g.path.empty() ? node.describe() : g.path + " " + std::string(kGraphPathMark) + node.describe();
      std::string why = check_node(g, node, slots);
      if (why.empty()) {
        ++out_.decided;
      } else {
        out_.undecided.push_back({where, why});
      }
      for (int slot : g.release_after[k]) slots[static_cast<size_t>(slot)].reset();
    }
    for (size_t i = 0; i < g.outputs.size(); ++i) {
      const auto& known = slots[static_cast<size_t>(g.output_slots[i])];
      if (!known) continue;
      try {
        check_feed(g.outputs[i], known->value);
      } catch (const Error& e) {
        rethrow_with_context(e, ErrorContext::subject("graph output " + quote_text(g.outputs[i].name)));
      }
    }
  }

 private:
  StaticCheck& out_;

  // Decides one node: "" when its outputs are known (put into `slots`), else why not.
  std::string check_node(const Graph& g, const Node& node, Slots& slots) {
    bool has_graphs = false;
    for (const auto& [name, value] : node.attributes.values()) {
      if (!std::holds_alternative<GraphRef>(value) || !std::get<GraphRef>(value)) continue;
      has_graphs = true;
      check_subgraph(node, name, slots);
    }
    if (has_graphs) return "its outputs come from running its graphs (checked inside, from their declared inputs)";
    if (!node.op) return "no operator version";

    std::vector<std::optional<Value>> inputs;
    bool all_exact = true;
    std::string why;
    std::vector<size_t> unknown_values;
    for (size_t i = 0; i < node.inputs.size(); ++i) {
      const int slot = node.inputs[i];
      if (slot < 0) {
        inputs.emplace_back();
        continue;
      }
      const auto& known = slots[static_cast<size_t>(slot)];
      const std::string which =
          "input " + std::to_string(i) + " (" + quote_text(g.slot_names[static_cast<size_t>(slot)]) + ")";
      if (!known) {
        if (why.empty()) why = which + " has no shape known before running";
        inputs.emplace_back();
        all_exact = false;
        continue;
      }
      inputs.push_back(known->value);
      if (!known->exact) {
        all_exact = false;
        unknown_values.push_back(i);
        if (why.empty() && !known->value.is_tensor())
          why = which + " is " + known->value.type().to_string() + ", known only at run time";
      }
    }
    if (!why.empty()) return why;

    const bool random = is_random(node);
    if (node.calls_function && !all_exact) return "a call of a model-local function on values known only at run time";
    if (!all_exact) {
      if (!node.domain.empty()) return "an operator of domain " + node.domain + " on values known only at run time";
      if (value_shaped_ops().count(node.op_type)) return node.op_type + "'s outputs depend on its input values";
      for (size_t i : unknown_values) {
        // Dropout refuses a ratio outside [0, 1) only when training: both come from values.
        if (i > 0 && node.op_type == "Dropout") return "Dropout's ratio and training_mode are known only at run time";
        const ElementKind kind = info(inputs[i]->tensor().type()).kind;
        const bool data = kind == ElementKind::Float || kind == ElementKind::Complex || kind == ElementKind::Boolean;
        if (kind == ElementKind::String && !string_data_ops().count(node.op_type))
          return "input " + std::to_string(i) + " holds strings known only at run time, which " + node.op->label() +
                 " reads";
        if (!data && kind != ElementKind::String && !integer_data_ops().count(node.op_type))
          return "input " + std::to_string(i) + " (" + inputs[i]->type().to_string() +
                 ") holds values known only at run time, which " + node.op->label() +
                 " may read as indices, a shape, axes or counts";
      }
    }
    for (const auto& v : inputs)
      if (v && v->is_tensor() && v->tensor().element_count() > kMaxStaticElements)
        return "an input of more than " + std::to_string(kMaxStaticElements) + " elements (not evaluated statically)";
    if (too_large_output(node, inputs))
      return "an output of more than " + std::to_string(kMaxStaticElements) + " elements (not evaluated statically)";

    std::vector<std::optional<ValueType>> types;
    for (const auto& v : inputs) types.push_back(v ? std::optional<ValueType>(v->type()) : std::nullopt);
    std::vector<Value> outputs;
    RunContext ctx;
    try {
      check_node_types(node, types, node.outputs.size());
      outputs = node.kernel(KernelContext(node.attributes, inputs, node.outputs.size(), &ctx, nullptr));
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::at(node.describe(), node.op->label()));
    } catch (const std::logic_error& e) {
      // A kernel's internal check, not a rule of the model: reported, but it decides nothing.
      return std::string("its kernel stopped on the values known before running (internal: ") + e.what() + ")";
    }
    // Shape and Size give values that depend on the input's shape alone.
    const bool exact =
        !random && (all_exact || (node.domain.empty() && (node.op_type == "Shape" || node.op_type == "Size")));
    for (size_t i = 0; i < node.outputs.size() && i < outputs.size(); ++i)
      if (node.outputs[i] >= 0) slots[static_cast<size_t>(node.outputs[i])] = Known{std::move(outputs[i]), exact};
    return "";
  }

  void check_subgraph(const Node& node, const std::string& attr, const Slots& outer_slots) {
    const auto* sub = dynamic_cast<const Graph*>(&node.attributes.get_graph(attr));
    if (!sub) return;
    Slots slots(sub->slot_names.size());
    for (size_t i = 0; i < sub->constants.size(); ++i)
      if (sub->constants[i]) slots[i] = Known{*sub->constants[i], true};
    for (size_t i = 0; i < sub->inputs.size(); ++i)
      slots[static_cast<size_t>(sub->input_slots[i])] = from_declaration(sub->inputs[i]);
    for (const auto& [name, positions] : node.graph_captures) {
      if (name != attr) continue;
      for (size_t j = 0; j < positions.size() && j < sub->captured_slots.size(); ++j)
        slots[static_cast<size_t>(sub->captured_slots[j])] =
            outer_slots[static_cast<size_t>(node.implicit_inputs[positions[j]])];
    }
    // As a run reports it: the graph's path (KernelContext::run_graph), then the node holding it.
    try {
      try {
        check_graph(*sub, slots);
      } catch (const Error& e) {
        rethrow_with_context(e, ErrorContext::graph(attr));
      }
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::at(node.describe(), node.op ? node.op->label() : ""));
    }
  }
};

}  // namespace

StaticCheck check_statically(const Model& model) {
  StaticCheck out;
  const Graph& g = model.graph();
  Slots slots(g.slot_names.size());
  for (size_t i = 0; i < g.constants.size(); ++i)
    if (g.constants[i]) slots[i] = Known{*g.constants[i], true};
  // Inputs with an initializer may be fed another value: only their declaration is known.
  for (const auto& list : {&model.required_inputs(), &model.optional_inputs()})
    for (const ValueInfo& info : *list)
      if (auto it = g.slot_of.find(info.name); it != g.slot_of.end())
        slots[static_cast<size_t>(it->second)] = from_declaration(info);
  try {
    try {
      Checker(out).check_graph(g, slots);
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::at(model.origin()));
    }
  } catch (const Error& e) {
    out.error = e.what();
  }
  return out;
}

}  // namespace onnx_ref
