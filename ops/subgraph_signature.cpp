#include "ops/subgraph_signature.h"

#include "runtime/error.h"

namespace onnx_ref {

void check_signature(const Subgraph& graph, const std::string& name, size_t inputs, size_t outputs,
                     const std::string& why) {
  if (graph.input_types().size() != inputs || graph.output_types().size() != outputs)
    throw Error("graph '" + name + "' has " + std::to_string(graph.input_types().size()) + " input(s) and " +
                std::to_string(graph.output_types().size()) + " output(s), but the node needs " +
                std::to_string(inputs) + " and " + std::to_string(outputs) + " (" + why + ")");
}

void check_input_type(const std::optional<ValueType>& declared, const std::optional<ValueType>& actual,
                      const std::string& graph, size_t index) {
  if (declared && actual && !(*declared == *actual))
    throw Error("graph '" + graph + "' declares input " + std::to_string(index) + " as " + declared->to_string() +
                " but the node passes " + actual->to_string());
}

}  // namespace onnx_ref
