#include "ops/shape/shape_ops.h"

#include <algorithm>
#include <string>

#include "runtime/error.h"

namespace onnx_ref {

namespace {
std::string axis_at(size_t i, int64_t value) { return "axes[" + std::to_string(i) + "] = " + std::to_string(value); }
}  // namespace

std::vector<int64_t> normalize_axes(std::span<const int64_t> axes, int64_t rank, NegativeAxes negative,
                                    const char* rank_name) {
  std::vector<int64_t> result;
  result.reserve(axes.size());
  const int64_t lowest = negative == NegativeAxes::FromBack ? -rank : 0;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t a = axes[i];
    // Comparisons only: rank is a small non-negative count, so -rank and rank - 1 cannot overflow,
    // and a + rank is computed only for a in [-rank, -1].
    if (a < lowest || a >= rank) {
      const std::string valid =
          rank == 0 ? "none: it has no axes" : "valid: " + std::to_string(lowest) + " to " + std::to_string(rank - 1);
      const std::string why = (a < 0 && negative == NegativeAxes::Refused && a >= -rank)
                                  ? " (negative axes are allowed from version 11 on)"
                                  : "";
      throw Error(axis_at(i, a) + " is out of range for " + rank_name + " " + std::to_string(rank) + " (" + valid +
                  ")" + why);
    }
    const int64_t n = a < 0 ? a + rank : a;
    for (size_t j = 0; j < result.size(); ++j)
      if (result[j] == n)
        throw Error(axis_at(i, a) + " names axis " + std::to_string(n) + " again (" + axis_at(j, axes[j]) +
                    "); each axis may appear once");
    result.push_back(n);
  }
  return result;
}

Shape squeeze_output_shape(const Shape& input, const std::optional<std::vector<int64_t>>& axes, NegativeAxes negative) {
  const int64_t rank = static_cast<int64_t>(input.size());
  std::vector<bool> drop(input.size(), false);
  if (!axes) {
    for (size_t d = 0; d < input.size(); ++d) drop[d] = input[d] == 1;
  } else {
    const std::vector<int64_t> normalized = normalize_axes(*axes, rank, negative, "the input rank");
    for (size_t i = 0; i < normalized.size(); ++i) {
      const auto d = static_cast<size_t>(normalized[i]);
      if (input[d] != 1)
        throw Error("cannot squeeze axis " + std::to_string(d) + " (" + axis_at(i, (*axes)[i]) + ") of shape " +
                    shape_to_string(input) + ": its size is " + std::to_string(input[d]) + ", not 1");
      drop[d] = true;
    }
  }
  Shape out;
  for (size_t d = 0; d < input.size(); ++d)
    if (!drop[d]) out.push_back(input[d]);
  return out;
}

Shape unsqueeze_output_shape(const Shape& input, std::span<const int64_t> axes, NegativeAxes negative) {
  const int64_t out_rank = static_cast<int64_t>(input.size() + axes.size());
  const std::vector<int64_t> normalized = normalize_axes(axes, out_rank, negative, "the output rank");
  std::vector<bool> inserted(static_cast<size_t>(out_rank), false);
  for (int64_t a : normalized) inserted[static_cast<size_t>(a)] = true;
  Shape out;
  out.reserve(static_cast<size_t>(out_rank));
  size_t next = 0;
  for (int64_t d = 0; d < out_rank; ++d) out.push_back(inserted[static_cast<size_t>(d)] ? 1 : input[next++]);
  return out;
}

std::vector<int64_t> read_axes_input(const Tensor& axes) {
  // "A list of integers": 1-D, or a scalar holding one axis, which ONNX's own tests (Loop-13's
  // body unsqueezes with a scalar), its reference and onnxruntime take.
  if (axes.rank() > 1) throw Error("the axes input must be 1-D, but it is " + axes.describe());
  if (axes.type() != ElementType::Int64) throw Error("the axes input must be int64, but it is " + axes.describe());
  const int64_t* data = axes.data_as<int64_t>();
  return std::vector<int64_t>(data, data + axes.element_count());
}

std::pair<int64_t, int64_t> shape_slice_range(int64_t rank, int64_t start, std::optional<int64_t> end) {
  auto clamp = [rank](int64_t v) {
    if (v < 0) v = v < -rank ? 0 : v + rank;  // no overflow: v + rank only when v >= -rank
    return std::min(v, rank);
  };
  const int64_t first = clamp(start);
  const int64_t last = end ? clamp(*end) : rank;
  return {first, std::max(first, last)};
}

}  // namespace onnx_ref
