#pragma once
// Rules shared by the ai.onnx.ml operators that take or give maps (ZipMap, CastMap, DictVectorizer):
// the domain's name and the "one and only one of two list attributes" rule their specs state.
#include <string>

#include "ops/registry.h"

namespace onnx_ref::ml_maps {

inline constexpr const char* kMlDomain = "ai.onnx.ml";

// Which of two list attributes a node sets (an attribute set to an empty list counts as unset, as
// ONNX's checker reads it); Error when it sets both or neither. True: the first.
bool first_of_exclusive_lists(const Attributes& attrs, const std::string& first, const std::string& second);

// Error naming the attribute and the entry when a list of keys holds one key twice.
void check_unique_int_keys(const std::vector<int64_t>& keys, const std::string& attribute);
void check_unique_string_keys(const std::vector<std::string>& keys, const std::string& attribute);

}  // namespace onnx_ref::ml_maps
