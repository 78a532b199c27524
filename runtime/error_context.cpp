#include "runtime/error_context.h"

namespace onnx_ref {

// Out of line: errors are the cold path, and one definition keeps every caller's code small.
void rethrow_with_context(const Error& e, const ErrorContext& context) {
  const std::string message = context.applied_to(e.what());
  if (const auto* unsupported = dynamic_cast<const UnsupportedError*>(&e))
    throw UnsupportedError(message, unsupported->missing());
  throw Error(message, e.operator_version().empty() ? context.operator_version : e.operator_version());
}

}  // namespace onnx_ref
