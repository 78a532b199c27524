// ai.onnx.ml ZipMap, every version (1).
// Z is a sequence of maps, one per row of X ([N, C], or [C] as one row): column j's value under the
// key classlabels_*[j]. Exactly one of classlabels_int64s and classlabels_strings is set, with as
// many labels as X has columns and no label twice (a map has each key once). Contract: exact (the
// floats are copied).
#include <cstring>

#include "ops/ml/map_rules.h"
#include "ops/ml/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// The keys of every map: the labels as a 1-D tensor (shared by all the maps, as tensors share storage).
Tensor zip_map_keys(const Attributes& attrs) {
  if (ml_maps::first_of_exclusive_lists(attrs, "classlabels_int64s", "classlabels_strings")) {
    const auto& labels = attrs.get_ints("classlabels_int64s");
    return Tensor::from_values<int64_t>(ElementType::Int64, {static_cast<int64_t>(labels.size())}, labels);
  }
  const auto& labels = std::get<std::vector<std::string>>(attrs.get("classlabels_strings"));
  return Tensor::from_strings({static_cast<int64_t>(labels.size())}, labels);
}

void check_zip_map_attributes(const Attributes& attrs) {
  if (ml_maps::first_of_exclusive_lists(attrs, "classlabels_int64s", "classlabels_strings"))
    ml_maps::check_unique_int_keys(attrs.get_ints("classlabels_int64s"), "classlabels_int64s");
  else
    ml_maps::check_unique_string_keys(std::get<std::vector<std::string>>(attrs.get("classlabels_strings")),
                                      "classlabels_strings");
}

// The keys, checked and built once, at load.
Tensor parse_zip_map_keys(const Attributes& attrs) {
  check_zip_map_attributes(attrs);
  return zip_map_keys(attrs);
}

std::vector<Value> zip_map(const KernelContext& ctx, const Tensor& keys) {
  const Tensor& x = ctx.input(0);
  if (x.rank() != 1 && x.rank() != 2) throw Error("X is " + x.describe() + "; ZipMap takes [N, C] or [C]");
  const int64_t columns = x.shape().back();
  const int64_t rows = x.rank() == 2 ? x.shape()[0] : 1;
  if (columns != keys.element_count())
    throw Error("X has " + std::to_string(columns) + " columns but the node has " +
                std::to_string(keys.element_count()) + " class labels; they must be as many");
  std::vector<MapEntries> maps;
  maps.reserve(static_cast<size_t>(rows));
  const size_t row_bytes = static_cast<size_t>(columns) * sizeof(float);
  for (int64_t r = 0; r < rows; ++r) {
    Tensor values = Tensor::uninitialized(ElementType::Float, {columns});
    if (row_bytes) std::memcpy(values.mutable_data(), x.data() + static_cast<size_t>(r) * row_bytes, row_bytes);
    maps.push_back(MapEntries{keys, std::move(values)});  // keys checked unique at load
  }
  return {Value::map_sequence(keys.type(), ElementType::Float, std::move(maps))};
}

}  // namespace

void register_zip_map(Registry& registry) {
  OpVersion v;
  v.domain = ml_maps::kMlDomain;
  v.op_type = "ZipMap";
  v.since_version = 1;
  v.inputs = {{"X", "tensor(float)"}};
  v.outputs = {{"Z", "T"}};
  v.attributes = {{"classlabels_int64s", AttrType::Ints}, {"classlabels_strings", AttrType::Strings}};
  TypeConstraint t{"T"};
  t.maps = {ValueType::map_sequence(ElementType::String, ElementType::Float),
            ValueType::map_sequence(ElementType::Int64, ElementType::Float)};
  v.type_constraints = {{"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}, t};
  v.infer_outputs = [](const Attributes& attrs, const std::vector<std::optional<ValueType>>&, size_t) {
    const bool int_keys = ml_maps::first_of_exclusive_lists(attrs, "classlabels_int64s", "classlabels_strings");
    return std::vector<std::optional<ValueType>>{
        ValueType::map_sequence(int_keys ? ElementType::Int64 : ElementType::String, ElementType::Float)};
  };
  v.set_kernel(parse_zip_map_keys, zip_map);
  registry.add(std::move(v));
  registry.declare_accuracy("ZipMap", {AccuracyKind::Exact, "each row's values keyed by the labels"}, {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
