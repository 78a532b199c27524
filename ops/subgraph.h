#pragma once
// A graph attribute (If's branches, Loop's and Scan's bodies, SequenceMap's body), compiled and
// type-checked when the model is loaded. Kernels see only this interface; the interpreter
// implements it. The outer-scope values a graph reads were resolved at load into its node's
// implicit inputs, so running it needs only its formal inputs (KernelContext::run_graph).
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "runtime/run_context.h"
#include "runtime/value.h"

namespace onnx_ref {

class Subgraph {
 public:
  virtual ~Subgraph() = default;
  // The declared types of the formal inputs and outputs (nullopt where the graph leaves one
  // undeclared and it is known only when the graph runs).
  virtual const std::vector<std::optional<ValueType>>& input_types() const = 0;
  virtual const std::vector<std::optional<ValueType>>& output_types() const = 0;
  // The shape output `index` declares, an unknown dimension as 0; nullopt when its rank is unknown.
  // A Loop or Scan that runs zero times gives its scan outputs this shape behind the new axis.
  virtual std::optional<Shape> declared_output_shape(size_t index) const = 0;
  // Runs the graph: `inputs` are its formal inputs in order, `captured` the outer values it reads,
  // in the order the loader resolved them. Returns the graph outputs in order.
  virtual std::vector<Value> run(std::vector<Value> inputs, std::span<const Value> captured, RunContext& ctx) const = 0;
};

using GraphRef = std::shared_ptr<const Subgraph>;

}  // namespace onnx_ref
