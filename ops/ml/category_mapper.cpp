// ai.onnx.ml CategoryMapper-1: strings to integers or integers to strings through the parallel
// lists cats_strings and cats_int64s (same length, refused otherwise). A string X gives the int64
// paired with it (default_int64 when absent); an int64 X gives the string paired with it
// (default_string when absent). A value listed twice maps through its first pair. Same shape.
// Contract: exact.
#include <unordered_map>

#include "ops/ml/register.h"
#include "ops/ml/ml_rules.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

void category_mapper_check(const Attributes& attrs) {
  const auto strings = ml::strings_or_empty(attrs, "cats_strings");
  const auto ints = ml::ints_or_empty(attrs, "cats_int64s");
  if (strings.size() != ints.size())
    throw Error("attribute 'cats_strings' has " + std::to_string(strings.size()) + " values, 'cats_int64s' " + std::to_string(ints.size()));
}

std::vector<Value> category_mapper_kernel(const KernelContext& ctx) {
  category_mapper_check(ctx.attrs);
  const auto strings = ml::strings_or_empty(ctx.attrs, "cats_strings");
  const auto ints = ml::ints_or_empty(ctx.attrs, "cats_int64s");
  const Tensor& x = ctx.input(0);
  if (x.is_string()) {
    std::unordered_map<std::string, int64_t> map;
    for (size_t i = 0; i < strings.size(); ++i) map.emplace(strings[i], ints[i]);
    const int64_t fallback = ctx.attrs.get_int("default_int64");
    std::vector<int64_t> out;
    for (const auto& s : x.strings()) {
      auto it = map.find(s);
      out.push_back(it == map.end() ? fallback : it->second);
    }
    return {Tensor::from_values<int64_t>(ElementType::Int64, x.shape(), out)};
  }
  std::unordered_map<int64_t, size_t> map;
  for (size_t i = 0; i < ints.size(); ++i) map.emplace(ints[i], i);
  const std::string fallback = std::get<std::string>(ctx.attrs.get("default_string"));
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
  v.check_attributes = category_mapper_check;
  v.infer_outputs = [](const Attributes&, const std::vector<std::optional<ValueType>>& in, size_t) {
    std::vector<std::optional<ValueType>> out(1);
    if (!in.empty() && in[0] && in[0]->is_tensor())
      out[0] = ValueType::tensor(in[0]->elem == ElementType::String ? ElementType::Int64 : ElementType::String);
    return out;
  };
  v.kernel = category_mapper_kernel;
  registry.add(std::move(v));
  registry.declare_accuracy("CategoryMapper", {AccuracyKind::Exact, "a table lookup"}, {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
