#pragma once
// The rules of Constant, ConstantOfShape and EyeLike as pure functions: no registry lookups, no
// kernels. Each broken rule throws Error naming the rule and the offending value.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ops/registry.h"
#include "runtime/tensor.h"

namespace onnx_ref {

// The one attribute among `candidates` that the node sets (Constant's value, sparse_value,
// value_float, ...). None or more than one is an error listing what is set.
std::string constant_value_attribute(const Attributes& attrs, std::span<const std::string> candidates);

// The tensor Constant outputs for attribute `name` of `attrs`: a tensor attribute as it is (no
// copy), value_float/value_int/value_string as scalars, their plural forms as 1-D tensors
// (float, int64, string).
Tensor constant_value(const Attributes& attrs, const std::string& name);
// The element type constant_value gives, known from the attribute alone.
ElementType constant_value_type(const Attributes& attrs, const std::string& name);

// The output shape of ConstantOfShape from its shape input: every dimension non-negative, the
// element count within int64. An empty list gives a scalar.
Shape constant_of_shape_output_shape(std::span<const int64_t> dims);

// ConstantOfShape's `value` must hold exactly one element (of any rank).
void check_one_element_value(const Tensor& value);

// The diagonal of EyeLike on a rows x cols matrix with offset k: the ones sit at (r, r + k) for
// `count` rows from `first_row`. An offset beyond the matrix (any int64) gives count 0.
struct Diagonal {
  int64_t first_row = 0;
  int64_t count = 0;
};
Diagonal eye_like_diagonal(int64_t rows, int64_t cols, int64_t k);

// EyeLike's `dtype` as an element type: it must be a defined element type code.
ElementType eye_like_dtype(int64_t code);

}  // namespace onnx_ref
