#include "ops/ml/map_rules.h"

#include <map>

#include "runtime/error.h"

namespace onnx_ref::ml_maps {

namespace {

size_t list_attribute_size(const Attributes& attrs, const std::string& name) {
  if (!attrs.has(name)) return 0;
  return std::visit(
      [](const auto& x) -> size_t {
        using X = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<X, std::vector<int64_t>> || std::is_same_v<X, std::vector<std::string>>)
          return x.size();
        else
          return 1;
      },
      attrs.get(name));
}

template <typename K, typename Show>
void check_unique_keys(const std::vector<K>& keys, const std::string& attribute, Show show) {
  std::map<K, size_t> first;
  for (size_t i = 0; i < keys.size(); ++i) {
    const auto [it, inserted] = first.emplace(keys[i], i);
    if (!inserted)
      throw Error("attribute '" + attribute + "' holds " + show(keys[i]) + " twice (entries " +
                  std::to_string(it->second) + " and " + std::to_string(i) + ")");
  }
}

}  // namespace

bool first_of_exclusive_lists(const Attributes& attrs, const std::string& first, const std::string& second) {
  const bool has_first = list_attribute_size(attrs, first) != 0;
  const bool has_second = list_attribute_size(attrs, second) != 0;
  if (has_first == has_second)
    throw Error("one and only one of the attributes '" + first + "' and '" + second + "' must be set (" +
                (has_first ? "both are" : "neither is") + ")");
  return has_first;
}

void check_unique_int_keys(const std::vector<int64_t>& keys, const std::string& attribute) {
  check_unique_keys(keys, attribute, [](int64_t k) { return std::to_string(k); });
}

void check_unique_string_keys(const std::vector<std::string>& keys, const std::string& attribute) {
  check_unique_keys(keys, attribute, [](const std::string& k) { return quote_text(k); });
}

}  // namespace onnx_ref::ml_maps
