#pragma once
// What `onnx-ref check` decides about a loaded model without input values: every node whose
// inputs' element types and shapes are known before running (declared input shapes, initializers,
// Constant, Shape and what follows from them) is run through its own kernel, so a rule the kernel
// enforces (Softmax's axis, broadcasting, MatMul's inner dimensions, a declared output shape) is
// found before `run` would refuse it. Graph attributes (If's branches, Loop's and Scan's bodies)
// are checked the same way from their declared inputs and the outer values they read.
//
// Inputs whose values are not known are given placeholder values (every element 1) only where an
// operator's output shapes and refusals cannot depend on those values: floating, complex and bool
// data, and integer data of the element-wise and layout operators. Everything else (an integer
// index or shape computed from input values, a symbolic dimension, NonZero's output) is reported
// as not decided statically, with the reason.
#include <optional>
#include <string>
#include <vector>

#include "interpreter/model.h"

namespace onnx_ref {

struct StaticCheck {
  struct Undecided {
    std::string node;    // the node with its graph path, as errors name it
    std::string reason;  // why its outputs are not known before running
  };
  size_t nodes = 0;    // nodes visited, subgraphs included
  size_t decided = 0;  // nodes whose output types and shapes are known
  std::vector<Undecided> undecided;
  // The first rule a run would break whatever the input values, in run's words.
  std::optional<std::string> error;
};

StaticCheck check_statically(const Model& model);

}  // namespace onnx_ref
