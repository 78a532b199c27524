#include "ops/signal/signal_rules.h"

#include <limits>

#include "runtime/error.h"

namespace onnx_ref {

int64_t signal_scalar_int(const Tensor& t, const std::string& what, bool rank_zero) {
  if (rank_zero && t.rank() != 0) throw Error(what + " must be a scalar (rank 0), but it is " + t.describe());
  if (t.rank() > 1 || t.element_count() != 1) throw Error(what + " must be a scalar, but it is " + t.describe());
  if (t.type() == ElementType::Int32) return *t.data_as<int32_t>();
  if (t.type() == ElementType::Int64) return *t.data_as<int64_t>();
  throw Error(what + " must be int32 or int64, but it is " + t.describe());
}

ElementType signal_output_datatype(int64_t code, const TypeSet& allowed) {
  const auto type = code >= std::numeric_limits<int32_t>::min() && code <= std::numeric_limits<int32_t>::max()
                        ? element_type_from_code(static_cast<int32_t>(code))
                        : std::nullopt;
  if (!type || !allowed.contains(*type))
    throw Error("attribute 'output_datatype' = " + std::to_string(code) +
                " is not the code of an element type the output allows (" + allowed.to_string() + ")");
  return *type;
}

}  // namespace onnx_ref
