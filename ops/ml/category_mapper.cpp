// ai.onnx.ml CategoryMapper-1: strings to integers or integers to strings through the parallel
// lists cats_strings and cats_int64s (same length, refused otherwise). A string X gives the int64
// paired with it (default_int64 when absent); an int64 X gives the string paired with it
// (default_string when absent). A value listed twice maps through its first pair. Same shape.
// Contract: exact.
#include <unordered_map>

#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// The category pairs and defaults, read and checked once, at load.
struct CategoryMap {
  std::vector<std::string> strings;
  std::vector<int64_t> ints;
  int64_t default_int64 = -1;
  std::string default_string;
  std::unordered_map<std::string, int64_t> int_of;  // the first pair of a string wins
  std::unordered_map<int64_t, size_t> string_at;    // an int's first position in the lists
};

CategoryMap category_map(const Attributes& attrs) {
  CategoryMap m{ml::strings_or_empty(attrs, "cats_strings"),
                ml::ints_or_empty(attrs, "cats_int64s"),
                attrs.get_int("default_int64"),
                std::get<std::string>(attrs.get("default_string")),
                {},
                {}};
  if (m.strings.size() != m.ints.size())
    throw Error("attribute 'cats_strings' has " + std::to_string(m.strings.size()) + " values, 'cats_int64s' " +
                std::to_string(m.ints.size()));
  for (size_t i = 0; i < m.strings.size(); ++i) m.int_of.emplace(m.strings[i], m.ints[i]);
  for (size_t i = 0; i < m.ints.size(); ++i) m.string_at.emplace(m.ints[i], i);
  return m;
}

std::vector<Value> category_mapper_kernel(const KernelContext& ctx, const CategoryMap& categories) {
  const auto& strings = categories.strings;
  const Tensor& x = ctx.input(0);
  if (x.is_string()) return {ml::look_up_strings(x, categories.int_of, categories.default_int64)};
  const auto& map = categories.string_at;
  const std::string& fallback = categories.default_string;
  const int64_t* in = x.data_as<int64_t>();
  std::vector<std::string> out;
  for (int64_t i = 0; i < x.element_count(); ++i) {
    auto it = map.find(in[i]);
    out.push_back(it == map.end() ? fallback : strings[it->second]);
  }
  return {Tensor::from_strings(x.shape(), std::move(out))};
}

}  // namespace

void register_ml_category_mapper(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "CategoryMapper";
  v.since_version = 1;
  v.inputs = {{"X", "T1"}};
  v.outputs = {{"Y", "T2"}};
  v.attributes = {{"cats_int64s", AttrType::Ints},
                  {"cats_strings", AttrType::Strings},
                  {"default_int64", AttrType::Int, false, int64_t{-1}},
                  {"default_string", AttrType::String, false, std::string("_Unused")}};
  v.type_constraints = {{"T1", ml::kMlLabelTypes}, {"T2", ml::kMlLabelTypes}};
  v.infer_outputs = ml::string_int64_swapped;
  v.set_kernel(category_map, category_mapper_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("CategoryMapper", {AccuracyKind::Exact, "a table lookup"}, {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
