#pragma once
// The loader's opt-ins for models the ONNX 1.22.0 text does not allow as written (Model's and
// Session's loaders, `--sort-nodes` and `--allow-deprecated` on the command line, the keyword
// arguments sort_nodes and allow_deprecated in Python). Public: onnx_ref.h includes it.

#include <cstdint>

namespace onnx_ref {

// The most nodes a model may expand to, counting those of its graph attributes and each distinct
// function instantiation (--max-nodes): a few hundred bytes of nested calls cannot exhaust memory.
inline constexpr int64_t kDefaultMaxNodes = 10'000'000;

// Each is off by default and has one name everywhere.
struct LoadOptions {
  // IR.md: "The list of nodes defining the top-level computation graph MUST be ordered
  // topologically." Off: a node reading a later node's output is refused. On: each graph (and
  // graph attribute) out of order is sorted topologically, stably (ties keep the file's order),
  // then loaded; one warning on stderr says so.
  bool sort_nodes = false;
  // The deprecated versions Upsample-10, Scatter-11, GroupNormalization-18 and ai.onnx.ml's
  // TreeEnsembleClassifier-5 and TreeEnsembleRegressor-5, which ONNX's checker refuses. Off: refused
  // naming the replacement. On: run with their last defined semantics.
  bool allow_deprecated = false;
  // Not an opt-in but a limit: the loader refuses a model expanding to more nodes (--max-nodes).
  int64_t max_nodes = kDefaultMaxNodes;
};

}  // namespace onnx_ref
