#pragma once
// The opt-in for graphs whose nodes are not in topological order (LoadOptions::sort_nodes). IR.md
// says "The list of nodes defining the top-level computation graph MUST be ordered topologically";
// float16 converters write their Cast nodes at the end, so such models are common.
#include <cstddef>

#include <onnx/onnx_pb.h>

namespace onnx_ref {

// Whether `graph` or any graph attribute inside it has a node reading a value that only a later
// node of the same graph produces.
bool graph_out_of_order(const onnx::GraphProto& graph);

// Sorts the nodes of `graph` and of every graph attribute inside it topologically: a node comes
// after every node of its graph producing a value it reads (its inputs and the outer values its
// own graph attributes read); among the nodes ready at a time, the one first in the file comes
// first, so a sorted graph is unchanged. Nodes on a cycle keep their relative order at the end, so
// that loading still refuses the cycle. Returns how many graphs changed.
size_t sort_nodes_topologically(onnx::GraphProto& graph);

}  // namespace onnx_ref
