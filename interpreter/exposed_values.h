#pragma once
// Which values of a model's graph a run returns after its outputs (run --outputs and --trace,
// Session's `exposed`). Public: onnx_ref.h includes it.
#include <string>
#include <vector>

namespace onnx_ref {

// Values of the model's graph to return after its outputs: `names` (graph inputs, initializers or
// node outputs), and with `every_node_output` every named output of every node of the graph, in
// node order. A value that is already an output is not repeated.
struct ExposedValues {
  std::vector<std::string> names;
  bool every_node_output = false;
  bool empty() const { return names.empty() && !every_node_output; }
};

}  // namespace onnx_ref
