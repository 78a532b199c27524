// ai.onnx.ml DictVectorizer, every version (1).
// Y[0, i] is the map X's value under the key vocabulary[i] (int64_vocabulary or string_vocabulary,
// exactly one set, of X's key type), and zero where X has no such key (0, 0.0, or the empty string
// for string values). Every key of X must be in the vocabulary (the spec: "All keys in the input
// dictionary must be present in the index mapping vector"); a key that is not is an error, and so is
// a vocabulary holding a key twice. Y's element type is X's value type.
// Shape: [1, V] for a vocabulary of V keys, as the spec's type constraint gives it ("[1,C]"): the
// row of features the ai.onnx.ml models take as [N, C] (its description also calls Y 1-D; the two
// agree on the V elements and their order).
// Contract: exact (values are copied).
#include <cstring>
#include <map>

#include "ops/ml/map_rules.h"
#include "ops/ml/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

bool dict_vectorizer_int_vocabulary(const Attributes& attrs) {
  return ml_maps::first_of_exclusive_lists(attrs, "int64_vocabulary", "string_vocabulary");
}

void check_dict_vectorizer_attributes(const Attributes& attrs) {
  if (dict_vectorizer_int_vocabulary(attrs))
    ml_maps::check_unique_int_keys(attrs.get_ints("int64_vocabulary"), "int64_vocabulary");
  else
    ml_maps::check_unique_string_keys(std::get<std::vector<std::string>>(attrs.get("string_vocabulary")),
                                      "string_vocabulary");
}

// The output column of each entry of `map`, in entry order.
template <typename K, typename KeyOf>
std::vector<int64_t> dict_vectorizer_columns(const std::vector<K>& vocabulary, const MapEntries& map, KeyOf key_of,
                                             const std::function<std::string(int64_t)>& show_key) {
  std::map<K, int64_t> column;
  for (size_t i = 0; i < vocabulary.size(); ++i) column.emplace(vocabulary[i], static_cast<int64_t>(i));
  std::vector<int64_t> columns(static_cast<size_t>(map.size()));
  for (int64_t i = 0; i < map.size(); ++i) {
    auto it = column.find(key_of(i));
    if (it == column.end()) throw Error("the map's key " + show_key(i) + " is not in the vocabulary");
    columns[static_cast<size_t>(i)] = it->second;
  }
  return columns;
}

// The vocabulary, read and checked once, at load.
struct DictVocabulary {
  bool int_keys = false;
  std::vector<int64_t> ints;
  std::vector<std::string> strings;
};

DictVocabulary dict_vocabulary(const Attributes& attrs) {
  check_dict_vectorizer_attributes(attrs);
  DictVocabulary v;
  v.int_keys = dict_vectorizer_int_vocabulary(attrs);
  if (v.int_keys)
    v.ints = attrs.get_ints("int64_vocabulary");
  else
    v.strings = std::get<std::vector<std::string>>(attrs.get("string_vocabulary"));
  return v;
}

std::vector<Value> dict_vectorizer(const KernelContext& ctx, const DictVocabulary& vocabularies) {
  const MapEntries& map = ctx.value(0).map_entries();
  const bool int_vocabulary = vocabularies.int_keys;
  const ElementType key_type = map.keys.type();
  if (key_type != (int_vocabulary ? ElementType::Int64 : ElementType::String))
    throw Error("X has " + std::string(name_of(key_type)) + " keys but the node sets " +
                (int_vocabulary ? "int64_vocabulary" : "string_vocabulary"));
  std::vector<int64_t> columns;
  int64_t width = 0;
  if (int_vocabulary) {
    const auto& vocabulary = vocabularies.ints;
    const int64_t* keys = map.keys.data_as<int64_t>();
    columns = dict_vectorizer_columns(
        vocabulary, map, [keys](int64_t i) { return keys[i]; }, [keys](int64_t i) { return std::to_string(keys[i]); });
    width = static_cast<int64_t>(vocabulary.size());
  } else {
    const auto& vocabulary = vocabularies.strings;
    const auto& keys = map.keys.strings();
    columns = dict_vectorizer_columns(
        vocabulary, map, [&keys](int64_t i) { return keys[static_cast<size_t>(i)]; },
        [&keys](int64_t i) { return quote_text(keys[static_cast<size_t>(i)]); });
    width = static_cast<int64_t>(vocabulary.size());
  }
  const ElementType type = map.values.type();
  Tensor out = Tensor::zeros(type, {1, width});  // the vocabulary is in the model, so its size is already held
  if (type == ElementType::String) {
    auto& strings = out.mutable_strings();
    for (int64_t i = 0; i < map.size(); ++i)
      strings[static_cast<size_t>(columns[static_cast<size_t>(i)])] = map.values.strings()[static_cast<size_t>(i)];
    return {out};
  }
  const size_t bytes = static_cast<size_t>(bits_of(type) / 8);
  for (int64_t i = 0; i < map.size(); ++i)
    std::memcpy(out.mutable_data() + static_cast<size_t>(columns[static_cast<size_t>(i)]) * bytes,
                map.values.data() + static_cast<size_t>(i) * bytes, bytes);
  return {out};
}

}  // namespace

void register_dict_vectorizer(Registry& registry) {
  OpVersion v;
  v.domain = ml_maps::kMlDomain;
  v.op_type = "DictVectorizer";
  v.since_version = 1;
  v.inputs = {{"X", "T1"}};
  v.outputs = {{"Y", "T2"}};
  v.attributes = {{"int64_vocabulary", AttrType::Ints}, {"string_vocabulary", AttrType::Strings}};
  using T = ElementType;
  TypeConstraint t1{"T1"};
  t1.maps = {ValueType::map(T::String, T::Int64), ValueType::map(T::Int64, T::String),
             ValueType::map(T::Int64, T::Float),  ValueType::map(T::Int64, T::Double),
             ValueType::map(T::String, T::Float), ValueType::map(T::String, T::Double)};
  v.type_constraints = {t1, {"T2", TypeSet{T::Int64, T::Float, T::Double, T::String}}};
  v.infer_outputs = [](const Attributes& attrs, const std::vector<std::optional<ValueType>>& in, size_t) {
    std::vector<std::optional<ValueType>> out{std::nullopt};
    if (!in.empty() && in[0] && in[0]->kind == ValueKind::Map) {
      const bool int_vocabulary = dict_vectorizer_int_vocabulary(attrs);
      if (in[0]->key != (int_vocabulary ? T::Int64 : T::String))
        throw Error("X is " + in[0]->to_string() + " but the node sets " +
                    (int_vocabulary ? "int64_vocabulary" : "string_vocabulary"));
      out[0] = ValueType::tensor(in[0]->elem);
    }
    return out;
  };
  v.set_kernel(dict_vocabulary, dict_vectorizer);
  registry.add(std::move(v));
  registry.declare_accuracy("DictVectorizer", {AccuracyKind::Exact, "the map's values placed by the vocabulary"}, {},
                            "ai.onnx.ml");
}

}  // namespace onnx_ref
