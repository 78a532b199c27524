#pragma once
// Rules shared by the signal operators (the cosine windows, MelWeightMatrix, DFT, STFT): reading
// the scalar sizes they take as inputs and their output_datatype attribute. Each broken rule
// throws Error naming it.
#include <cstdint>
#include <string>

#include "ops/registry.h"
#include "runtime/tensor.h"

namespace onnx_ref {

// The value of an int32 or int64 input the spec calls a scalar. A tensor of rank 0 or a 1-D
// tensor of one element is taken (exporters write both); anything else is refused. With
// `rank_zero` only a rank-0 tensor is taken: for the inputs whose text says "as a scalar" or "A
// scalar value" (DFT's dft_length, the windows' size, STFT's frame_length).
int64_t signal_scalar_int(const Tensor& t, const std::string& what, bool rank_zero = false);

// The element type code of an `output_datatype` attribute, which must name one of `allowed`.
ElementType signal_output_datatype(int64_t code, const TypeSet& allowed);

}  // namespace onnx_ref
