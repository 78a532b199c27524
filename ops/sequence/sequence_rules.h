#pragma once
// What the sequence operators share: their type constraints, positions read from data, and the
// output types they derive from their inputs.
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.h"

namespace onnx_ref::sequence {

// S: sequences of the 15 classic element types (SplitToSequence-24: + bfloat16).
TypeConstraint sequences(const TypeSet& elems, const std::string& var = "S");
// I: the position or split input, tensor(int32) or tensor(int64).
TypeConstraint positions();
// OptionalGetElement's and OptionalHasElement's input O: an optional tensor or sequence of the
// classic types; from version 18 also a plain tensor or sequence.
TypeConstraint optional_inputs(int since);

// The position held by `t` (an int32/int64 scalar or one-element tensor) made non-negative, in
// [-size, size - 1], or in [-size, size] when `end_allowed` (SequenceInsert may append).
size_t checked_position(const Tensor& t, size_t size, bool end_allowed);

// The output type seq(tensor(X)) for the element type of input `index`, when known at load.
std::optional<ValueType> sequence_of(const std::optional<ValueType>& tensor);
// tensor(X) for the element type of the sequence `seq`, when known at load.
std::optional<ValueType> item_of(const std::optional<ValueType>& seq);

// Concatenates `items` (one element type) along `axis` of the result; with `new_axis`, stacks
// them along a new axis instead. Error for an empty list or mismatched shapes.
Tensor concat_items(const std::vector<Tensor>& items, int64_t axis, bool new_axis);

}  // namespace onnx_ref::sequence
