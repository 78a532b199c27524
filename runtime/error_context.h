#pragma once
// The one way to add context to an error on its way out: catch it as Error and rethrow it with
// rethrow_with_context(e, context). The error keeps its kind (an UnsupportedError stays one, so
// the harness still skips the test and names what is missing), its operator version (the
// innermost node's; the context's only where the error names none) and its message, which states
// the broken rule and which the context only prefixes:
//   ErrorContext::at(where)      "where: message"    ("initializer 'w': ...", "node #2 (Add-14): ...")
//   ErrorContext::subject(what)  "what message"      (the message completes a sentence about what:
//                                                      "graph input 'x'" + "is tensor(int64) but ...")
//   ErrorContext::graph(path)    "› path › message"  (the message comes from inside graph `path`)
// A message that starts with a graph path joins its `at` context with a space, never ": ", so that
// nesting reads "node 'if' (#0, If-21) › then_branch › node 'loop' (#1, Loop-21) › body › node #2
// (Add-14): ...".
#include <string>
#include <utility>

#include "runtime/error.h"

namespace onnx_ref {

struct ErrorContext {
  enum class Join { At, Subject, Graph };
  Join join;
  std::string text;
  std::string operator_version = {};  // for an error that names none

  static ErrorContext at(std::string where, std::string operator_version = {}) {
    return {Join::At, std::move(where), std::move(operator_version)};
  }
  static ErrorContext subject(std::string what) { return {Join::Subject, std::move(what)}; }
  static ErrorContext graph(std::string path) { return {Join::Graph, std::move(path)}; }

  // `message` with this context in front.
  std::string applied_to(const std::string& message) const {
    const bool from_graph = message.rfind(kGraphPathMark, 0) == 0;
    switch (join) {
      case Join::At:
        return text + (from_graph ? " " : ": ") + message;
      case Join::Subject:
        return text + " " + message;
      case Join::Graph:
        return std::string(kGraphPathMark) + text + " " + (from_graph ? "" : std::string(kGraphPathMark)) + message;
    }
    return message;
  }
};

// `e` again, of its own kind, with `context` added.
[[noreturn]] inline void rethrow_with_context(const Error& e, const ErrorContext& context) {
  const std::string message = context.applied_to(e.what());
  if (const auto* unsupported = dynamic_cast<const UnsupportedError*>(&e)) throw UnsupportedError(message, unsupported->missing());
  throw Error(message, e.operator_version().empty() ? context.operator_version : e.operator_version());
}

}  // namespace onnx_ref
