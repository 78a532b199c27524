#pragma once
// Reading a JSON document of inputs as people actually write them.
#include <string_view>

#include <nlohmann/json.hpp>

namespace onnx_ref {

// Parses `text` as one JSON document, with two departures from a plain parser:
// - the bare NaN, Infinity and -Infinity that Python's json.dump writes are read as the strings
//   "nan", "inf" and "-inf", which every float element accepts;
// - an object that repeats a key is refused: a plain parser keeps the last one and silently drops
//   the other value.
// Errors name `origin` and the place; nothing else of the text is quoted unescaped.
nlohmann::json parse_json_document(std::string_view text, std::string_view origin);

}  // namespace onnx_ref
