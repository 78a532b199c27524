#pragma once
// Einsum's equation as a pure function of the equation text and the input shapes (tested in
// tests/test_einsum.cpp). The rules, as numpy.einsum (which the spec names) applies them:
//  - spaces are ignored; a term is letters (a-z, A-Z) with at most one "..." among them; terms are
//    separated by ',' and there is one per input; "->" (at most once) introduces the output term;
//  - a term without "..." has one letter per axis of its input; with "...", the ellipsis stands for
//    the axes the letters leave (possibly none);
//  - a letter repeated within a term takes the diagonal: its axes must have equal lengths; a letter
//    in several terms must have the same length in each;
//  - the ellipsis axes of all inputs broadcast (right-aligned, a length 1 stretches);
//  - explicit output: letters of the inputs, each at most once, and "..." at most once, which it
//    must contain when the inputs' ellipsis stands for any axis; implicit output (no "->"): the
//    ellipsis axes, then every letter used exactly once over all terms, in ASCII order (upper case
//    before lower case);
//  - every label not in the output is summed over.
// Errors are one line naming the rule.
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref::linalg {

struct EinsumPlan {
  // Labels are numbered: letters first (0..51), then one per broadcast ellipsis axis.
  std::vector<int64_t> label_size;            // per label; -1 when no input uses it
  std::vector<std::vector<int64_t>> strides;  // per input, per label: its flat stride (0: not read)
  std::vector<int> out_labels;                // the output's axes
  std::vector<int> sum_labels;                // the labels summed over, ascending
  Shape out_shape;
};

EinsumPlan plan_einsum(const std::string& equation, const std::vector<Shape>& inputs);

}  // namespace onnx_ref::linalg
