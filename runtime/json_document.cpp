#include "runtime/json_document.h"

#include <set>
#include <string>
#include <vector>

#include "runtime/error.h"

namespace onnx_ref {

namespace {

// Copies `text` with Python's bare non-finite tokens outside strings replaced by JSON strings.
std::string quote_python_nonfinite_tokens(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool in_string = false;
  bool escaped = false;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (in_string) {
      out += c;
      ++i;
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    bool replaced = false;
    for (const auto& [token, string] : {std::pair<std::string_view, std::string_view>{"-Infinity", "\"-inf\""},
                                        {"Infinity", "\"inf\""},
                                        {"NaN", "\"nan\""}}) {
      if (text.substr(i, token.size()) == token) {
        out += string;
        i += token.size();
        replaced = true;
        break;
      }
    }
    if (!replaced) {
      out += c;
      ++i;
    }
  }
  return out;
}

}  // namespace

nlohmann::json parse_json_document(std::string_view text, std::string_view origin) {
  using json = nlohmann::json;
  std::vector<std::set<std::string>> keys_of_open_objects;
  std::string duplicate;
  const json::parser_callback_t refuse_duplicate_keys = [&](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) {
      keys_of_open_objects.emplace_back();
    } else if (event == json::parse_event_t::object_end) {
      if (!keys_of_open_objects.empty()) keys_of_open_objects.pop_back();
    } else if (event == json::parse_event_t::key && !keys_of_open_objects.empty() && duplicate.empty()) {
      if (!keys_of_open_objects.back().insert(parsed.get<std::string>()).second) duplicate = parsed.get<std::string>();
    }
    return true;
  };
  json doc;
  try {
    doc = json::parse(quote_python_nonfinite_tokens(text), refuse_duplicate_keys);
  } catch (const json::exception& e) {
    throw Error(std::string(origin) + ": not valid JSON (" + e.what() + ")");
  }
  if (!duplicate.empty())
    throw Error(std::string(origin) + ": the key " + quote_text(duplicate) + " appears twice in one object");
  return doc;
}

}  // namespace onnx_ref
