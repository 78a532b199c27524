#include "conformance/random_outputs.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "runtime/element_values.h"

namespace onnx_ref {

namespace {

double random_attribute_float(const Node& node, const std::string& name, double fallback) {
  if (!node.attributes.has(name)) return fallback;
  return std::get<float>(node.attributes.get(name));
}

// The support of a random operator's output, or nullopt when `node` is not one.
std::optional<RandomSupport> random_source_support(const Node& node, const Graph& graph) {
  if (!node.op || !node.op->domain.empty()) return std::nullopt;
  const std::string& op = node.op_type;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (op == "RandomUniform" || op == "RandomUniformLike") {
    const double low = random_attribute_float(node, "low", 0), high = random_attribute_float(node, "high", 1);
    return RandomSupport{true, std::min(low, high), std::max(low, high), false};
  }
  if (op == "RandomNormal" || op == "RandomNormalLike")
    return RandomSupport{true, -std::numeric_limits<double>::max(), std::numeric_limits<double>::max(), false};
  if (op == "Bernoulli") return RandomSupport{true, 0, 1, true};
  if (op == "Multinomial") {
    double high = kInf;
    if (!node.inputs.empty() && node.inputs[0] >= 0) {
      const auto it = std::find_if(graph.inputs.begin(), graph.inputs.end(),
                                   [&](const ValueInfo& v) { return v.name == graph.slot_names[node.inputs[0]]; });
      if (it != graph.inputs.end() && it->has_shape && it->dims.size() == 2 && it->dims[1])
        high = static_cast<double>(*it->dims[1] - 1);
    }
    return RandomSupport{true, 0, high, true};
  }
  return std::nullopt;
}

}  // namespace

std::map<std::string, RandomSupport> random_output_supports(const Model& model) {
  const Graph& graph = model.graph();
  static const std::set<std::string> kBooleanOps = {"Less", "Greater", "Equal", "LessOrEqual", "GreaterOrEqual", "Not",
                                                    "And",  "Or",      "Xor",   "IsNaN",       "IsInf"};
  static const std::set<std::string> kPassOps = {"Cast", "CastLike", "Identity"};
  std::map<int, RandomSupport> slots;
  for (const Node& node : graph.nodes) {
    std::optional<RandomSupport> support = random_source_support(node, graph);
    if (!support) {
      bool reads_random = false;
      for (int s : node.inputs) reads_random = reads_random || (s >= 0 && slots.count(s));
      for (int s : node.implicit_inputs) reads_random = reads_random || (s >= 0 && slots.count(s));
      if (!reads_random) continue;
      if (node.op && node.op->domain.empty() && kBooleanOps.count(node.op_type))
        support = RandomSupport{true, 0, 1, true};
      else if (node.op && node.op->domain.empty() && kPassOps.count(node.op_type) && !node.inputs.empty() &&
               node.inputs[0] >= 0 && slots.count(node.inputs[0]))
        support = slots.at(node.inputs[0]);
      else
        support = RandomSupport{};
    }
    for (int s : node.outputs)
      if (s >= 0) slots[s] = *support;
  }
  std::map<std::string, RandomSupport> outputs;
  for (size_t i = 0; i < graph.output_slots.size() && i < graph.outputs.size(); ++i)
    if (auto it = slots.find(graph.output_slots[i]); it != slots.end()) outputs[graph.outputs[i].name] = it->second;
  return outputs;
}

std::optional<std::string> compare_random_tensor(const Tensor& actual, const Tensor& expected,
                                                 const RandomSupport& support) {
  if (actual.type() != expected.type() || actual.shape() != expected.shape())
    return "got " + actual.describe() + ", expected " + expected.describe();
  if (!support.bounded || actual.is_string()) return std::nullopt;
  for (int64_t i = 0; i < actual.element_count(); ++i) {
    const double v = read_real(actual.type(), actual.data(), i);
    if (!(v >= support.low && v <= support.high) || (support.integral && v != std::floor(v)))
      return "element " + std::to_string(i) + " = " + std::to_string(v) +
             " lies outside the support of the random draw it comes from";
  }
  return std::nullopt;
}

}  // namespace onnx_ref
