#pragma once
// One exception type for every input the tool refuses. The message is the whole one-line
// diagnostic: it names what is wrong and where (file, node, input, index, value).
#include <stdexcept>
#include <string>
#include <string_view>

namespace onnx_ref {

inline std::string escape_for_message(std::string_view text, bool escape_quotes);

class Error : public std::runtime_error {
 public:
  // The message is kept to one line whatever it quotes: a control byte that reached it unescaped
  // is written as \xNN here (text already escaped has none, so this changes nothing else).
  explicit Error(const std::string& message, std::string operator_version = "")
      : std::runtime_error(escape_for_message(message, false)), operator_version_(std::move(operator_version)) {}
  // The operator version whose rule was broken ("Reshape-14"), when a node raised the error; the
  // harness scores such a failure under that version.
  const std::string& operator_version() const { return operator_version_; }

 private:
  std::string operator_version_;
};

// Message text taken from a file (names, paths, values) with control bytes written as \xNN, and,
// when `escape_quotes`, quotes and backslashes escaped: whatever the file holds, the message stays
// on one line and a quoted value cannot end early.
inline std::string escape_for_message(std::string_view text, bool escape_quotes) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (escape_quotes && (c == '\'' || c == '\\')) {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7f) {
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

// For names printed bare (operator types, domains).
inline std::string printable(std::string_view text) { return escape_for_message(text, false); }

// A value for an error message, single-quoted: 'x\nname'.
inline std::string quote_text(std::string_view text) {
  std::string out(1, '\'');
  out += escape_for_message(text, true);
  out += '\'';
  return out;
}

// Errors inside a graph attribute start with the path into it ("› body › node #2 (Add-14): ...");
// the node holding the graph joins its own name to that path with a space, anything else with
// ": ", giving "node 'loop' (#5, Loop-16) › body › node #2 (Add-14): ...".
inline constexpr std::string_view kGraphPathMark = "\u203a ";
inline std::string join_context(const std::string& who, const std::string& what) {
  return who + (what.rfind(kGraphPathMark, 0) == 0 ? " " : ": ") + what;
}

}  // namespace onnx_ref

namespace onnx_ref {

// The input is valid but uses something onnx-ref does not implement (an operator, a domain, a
// non-tensor type). The test harness reports these as skipped rather than failed.
class UnsupportedError : public Error {
 public:
  // `missing` names what is not implemented ("Foo at opset 17 (not implemented)"): the harness
  // groups skipped tests by it.
  explicit UnsupportedError(const std::string& message, std::string missing = "")
      : Error(message, std::move(missing)) {}
  const std::string& missing() const { return operator_version(); }
};

}  // namespace onnx_ref
