#include "ops/shape_rules.h"

#include <optional>
#include <string>

#include "runtime/error.h"

namespace onnx_ref {

namespace {

std::string at(size_t index) { return "shape[" + std::to_string(index) + "]"; }

int64_t count_of(const Shape& input) {
  auto count = checked_element_count(input);
  if (!count) throw Error("input shape " + shape_to_string(input) + " has no valid element count");
  return *count;
}

}  // namespace

Shape reshape_output_shape(const Shape& input, std::span<const int64_t> requested, ZeroMeans zero) {
  Shape output(requested.begin(), requested.end());
  std::optional<size_t> inferred;  // index of the -1
  std::optional<size_t> first_zero;
  for (size_t i = 0; i < requested.size(); ++i) {
    const int64_t d = requested[i];
    if (d < -1) throw Error(at(i) + " = " + std::to_string(d) + " is below -1");
    if (d == -1) {
      if (inferred)
        throw Error("shape holds -1 at indices " + std::to_string(*inferred) + " and " + std::to_string(i) +
                    "; at most one dimension may be -1");
      inferred = i;
    } else if (d == 0) {
      if (!first_zero) first_zero = i;
      if (zero == ZeroMeans::CopyInputDim) {
        if (i >= input.size())
          throw Error(at(i) + " = 0 copies input dimension " + std::to_string(i) + ", but the input has rank " +
                      std::to_string(input.size()));
        output[i] = input[i];
      }
    }
  }
  if (zero == ZeroMeans::LiteralZero && first_zero && inferred)
    throw Error("shape holds both 0 (at index " + std::to_string(*first_zero) + ") and -1 (at index " +
                std::to_string(*inferred) + "), which is invalid when a 0 is taken literally (allowzero = 1)");

  const int64_t input_count = count_of(input);
  int64_t known = 1;  // product of every output dim but the -1
  for (size_t i = 0; i < output.size(); ++i) {
    if (inferred && i == *inferred) continue;
    if (__builtin_mul_overflow(known, output[i], &known))
      throw Error("the product of shape " + shape_to_string(output) + " overflows int64");
  }
  if (inferred) {
    const std::string which = "-1 at index " + std::to_string(*inferred);
    if (known == 0)
      throw Error(which + " cannot be inferred: the other dimensions of " + shape_to_string(output) + " multiply to 0");
    if (input_count % known != 0)
      throw Error(which + " cannot be inferred: the input's " + std::to_string(input_count) +
                  " elements do not divide by " + std::to_string(known) + ", the product of the other dimensions");
    output[*inferred] = input_count / known;
  } else if (known != input_count) {
    throw Error("shape " + shape_to_string(output) + " holds " + std::to_string(known) + " elements but the input " +
                shape_to_string(input) + " holds " + std::to_string(input_count));
  }
  return output;
}

Shape flatten_output_shape(const Shape& input, int64_t axis, bool negative_axis_allowed) {
  const int64_t rank = static_cast<int64_t>(input.size());
  const int64_t low = negative_axis_allowed ? -rank : 0;
  if (axis < low || axis > rank) {
    std::string message = "axis " + std::to_string(axis) + " is outside the range [" + std::to_string(low) + ", " +
                          std::to_string(rank) + "] for an input of rank " + std::to_string(rank);
    if (axis < 0 && !negative_axis_allowed && axis >= -rank)
      message += "; negative axes are allowed from Flatten-11 on";
    throw Error(message);
  }
  if (axis < 0) axis += rank;
  // Products are taken directly (not as count / outer) so that zero-sized dims come out right:
  // (2, 0, 3) with axis 2 gives (0, 3).
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t& side = i < axis ? outer : inner;
    if (__builtin_mul_overflow(side, input[static_cast<size_t>(i)], &side))
      throw Error("the element count of input shape " + shape_to_string(input) + " overflows int64");
  }
  return {outer, inner};
}

}  // namespace onnx_ref
