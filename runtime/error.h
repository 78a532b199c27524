#pragma once
// One exception type for every input the tool refuses. The message is the whole one-line
// diagnostic: it names what is wrong and where (file, node, input, index, value).
#include <stdexcept>
#include <string>

namespace onnx_ref {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// Prefixes the message of an Error with a location ("model.onnx: ", "input 'x': ").
[[noreturn]] inline void rethrow_with_context(const std::string& context, const Error& e) {
  throw Error(context + ": " + e.what());
}

}  // namespace onnx_ref

namespace onnx_ref {

// The input is valid but uses something onnx-ref does not implement (an operator, a domain, a
// non-tensor type). The test harness reports these as skipped rather than failed.
class UnsupportedError : public Error {
 public:
  explicit UnsupportedError(const std::string& message) : Error(message) {}
};

}  // namespace onnx_ref
