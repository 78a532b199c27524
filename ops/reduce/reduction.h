#pragma once
// The reduction engine shared by every Reduce* operator: the axis and output-shape rules as pure
// functions, the layout step that makes each output element one contiguous run of input elements,
// and one operator-version builder. What a reduction computes from a run is its accumulator
// (ops/reduce/accumulators.h), a small template over the element's storage type
// (runtime/numeric_dispatch.h); the engine never knows which reduction it runs.
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "ops/registry.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/tensor.h"

namespace onnx_ref {

// Checks and normalizes reduction axes for an input of rank `rank`: each axis in [0, r-1], or in
// [-r, r-1] when `negative_allowed`; no axis twice (counting -1 and r-1 as the same axis).
// Returns them sorted, non-negative. Throws Error naming the axis and its index.
std::vector<int64_t> normalize_reduce_axes(std::span<const int64_t> axes, int64_t rank, bool negative_allowed);

// The output shape when reducing `input` over the normalized `axes` (empty: every axis).
// keepdims keeps each reduced axis as a dimension of size 1.
Shape reduce_output_shape(const Shape& input, std::span<const int64_t> axes, bool keepdims);

// Fills `out` (rows elements, the input's element type) from `source`, where output element r is
// the reduction of source elements [r * run, (r + 1) * run). run may be 0 (an empty reduction).
using RowKernel = std::function<void(const Tensor& source, int64_t rows, int64_t run, Tensor& out)>;

// The RowKernel of an accumulator: a type with `template <class S> S operator()(const S* x,
// int64_t n) const` giving one output element from a run of n elements (n = 0: the reduction's
// value over the empty set), and `static constexpr bool kTakesBool`.
template <class Accumulator>
RowKernel row_kernel(Accumulator accumulate = {}) {
  return [accumulate](const Tensor& source, int64_t rows, int64_t run, Tensor& out) {
    dispatch_real(source.type(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      if constexpr (std::is_same_v<S, BoolByte> && !Accumulator::kTakesBool) {
        throw std::logic_error("row_kernel: this reduction has no bool kernel");
      } else {
        const S* x = source.template data_as<S>();
        S* y = reinterpret_cast<S*>(out.mutable_data());
        for (int64_t r = 0; r < rows; ++r) y[r] = accumulate(x + r * run, run);
      }
    });
  };
}

// Reduces `data` over the normalized `axes` (empty: every axis) with `kernel`. The output element
// type is the input's.
Tensor reduce_tensor(const Tensor& data, std::span<const int64_t> axes, bool keepdims, const RowKernel& kernel);

// One Reduce* version: `axes` is an attribute (axes_input false) or an optional int64 input with
// the attribute noop_with_empty_axes. keepdims and noop_with_empty_axes must be 0 or 1.
// `composite`: a reduction with non-reduction steps (ReduceL1, ReduceL2, ReduceLogSum,
// ReduceSumSquare, ReduceLogSumExp), which under noop_with_empty_axes = 1 with no axes "will still
// perform the non-reduction steps" (|x|, sqrt(x^2), log(x), x^2, log(exp(x))): each element is
// reduced as a row of its own, under the operator's contract. The others return the input.
OpVersion make_reduce_version(const std::string& op_type, int since_version, const TypeSet& types, bool axes_input,
                              RowKernel kernel, bool composite = false);

// The version ladder most Reduce* operators share: axes an attribute in 1, 11 and 13 (13 adds
// bfloat16) and an input from 18, with the types `classic` (+ bfloat16 from 13).
void add_reduce_ladder_1_11_13_18(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                                  const TypeSet& classic, const RowKernel& kernel, bool composite = false);

}  // namespace onnx_ref
