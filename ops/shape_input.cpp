#include "ops/shape_input.h"

#include <limits>
#include <string>

#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref {

std::vector<int64_t> read_shape_input(const Tensor& shape) {
  if (shape.rank() != 1) throw Error("the shape input must be 1-D, but it is " + shape.describe());
  const ElementType type = shape.type();
  const bool is_unsigned = info(type).kind == ElementKind::UnsignedInt;
  std::vector<int64_t> values(static_cast<size_t>(shape.element_count()));
  for (int64_t i = 0; i < shape.element_count(); ++i) {
    if (is_unsigned) {
      const uint64_t v = read_uint64(type, shape.data(), i);
      if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        throw Error("shape[" + std::to_string(i) + "] = " + std::to_string(v) + " does not fit int64");
      values[static_cast<size_t>(i)] = static_cast<int64_t>(v);
    } else {
      values[static_cast<size_t>(i)] = read_int64(type, shape.data(), i);
    }
  }
  return values;
}

}  // namespace onnx_ref
