#pragma once
// A graph value: a tensor, a sequence of tensors, an optional holding a tensor, a sequence or
// nothing, a map or a sequence of maps. Tensors are what almost every operator takes; sequences and
// optionals exist for Identity-14/16 and the sequence and optional operators; maps and sequences of
// maps for the ai.onnx.ml operators that take or give them (ZipMap, CastMap, DictVectorizer).
//
// The kinds are a closed list rather than a recursive type: every type an operator of ONNX 1.22.0
// names is one of them (tensor(T), seq(tensor(T)), optional(tensor(T)), optional(seq(tensor(T))),
// map(K, V), seq(map(K, V))). A model declaring another nesting (seq(seq(...)), optional(map(...)),
// map(K, seq(...))) is refused as unsupported when it is loaded.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref {

enum class ValueKind : uint8_t { Tensor, Sequence, OptionalTensor, OptionalSequence, Map, MapSequence };

// The static type of a value: its kind and the element type of its tensors; for a map (or a
// sequence of maps) `elem` is the value type and `key` the key type.
struct ValueType {
  ValueKind kind = ValueKind::Tensor;
  ElementType elem = ElementType::Undefined;
  ElementType key = ElementType::Undefined;  // maps only

  static ValueType tensor(ElementType elem) { return {ValueKind::Tensor, elem}; }
  static ValueType map(ElementType key, ElementType value) { return {ValueKind::Map, value, key}; }
  static ValueType map_sequence(ElementType key, ElementType value) { return {ValueKind::MapSequence, value, key}; }
  bool is_map_kind() const { return kind == ValueKind::Map || kind == ValueKind::MapSequence; }
  bool is_tensor() const { return kind == ValueKind::Tensor; }
  bool is_optional() const { return kind == ValueKind::OptionalTensor || kind == ValueKind::OptionalSequence; }
  // The type an optional holds (tensor or sequence); the type itself for the other kinds.
  ValueType unwrapped() const;
  // "tensor(float)", "seq(tensor(float))", "optional(tensor(float))", "optional(seq(tensor(float)))",
  // "map(int64, float)", "seq(map(string, float))"
  std::string to_string() const;
  bool operator==(const ValueType&) const = default;
};

// `tensor_type` ("tensor(float)", or "tensor(?)" where a model leaves it unset) wrapped as `kind`
// (not for the map kinds: map_type_string).
std::string value_type_string(ValueKind kind, const std::string& tensor_type);
// "map(int64, float)" from the element type names ("?" where a model leaves one unset), wrapped in
// "seq(...)" for a sequence of maps.
std::string map_type_string(ValueKind kind, const std::string& key, const std::string& value);

// The key types a map may have (MapProto: the integer types and string).
bool is_map_key_type(ElementType type);

// One map: its keys and values as two 1-D tensors of one length, in the order given (as a Python
// dict keeps them). No key appears twice. Values are of any element type of a byte or more, or string.
struct MapEntries {
  Tensor keys;
  Tensor values;
  int64_t size() const { return keys.element_count(); }
  // Checks the rules above (kinds and lengths, key type, no duplicate key). Throws Error naming the
  // broken rule.
  static MapEntries make(Tensor keys, Tensor values);
  // The entry indices ordered by key (integers by value, strings by bytes).
  std::vector<int64_t> key_order() const;
  // The same map with its entries in key order (for comparing maps whatever their order).
  MapEntries sorted_by_key() const;
  // "{3: 0.5, 7: 1}" for a few entries, "map(int64, float) of 12" beyond.
  std::string describe() const;
  // Same key and value types and the same entries (values bit for bit), whatever their order.
  bool identical_to(const MapEntries& other) const;
};

class Value {
 public:
  Value() = default;  // an empty float tensor slot; kernels never see it
  Value(Tensor tensor)
      : type_(ValueType::tensor(tensor.type())), tensor_(std::move(tensor)) {}  // NOLINT: implicit on purpose
  // A sequence of tensors of one element type (an empty sequence still has its element type).
  // Throws Error when an item's type differs.
  static Value sequence(ElementType elem, std::vector<Tensor> items);
  // An optional with no element, of the given optional type.
  static Value none(ValueType optional_type);
  // An optional holding `content`, a tensor or a sequence.
  static Value some(const Value& content);
  // A map (its keys' and values' types are those of the tensors).
  static Value map(MapEntries entries);
  // A sequence of maps, all of type map(key, value) (an empty one still has its types). Throws Error
  // when a map's types differ.
  static Value map_sequence(ElementType key, ElementType value, std::vector<MapEntries> maps);

  const ValueType& type() const { return type_; }
  bool is_tensor() const { return type_.kind == ValueKind::Tensor; }
  bool is_sequence() const { return type_.kind == ValueKind::Sequence; }
  bool is_optional() const { return type_.is_optional(); }
  bool is_map() const { return type_.kind == ValueKind::Map; }
  bool is_map_sequence() const { return type_.kind == ValueKind::MapSequence; }

  // The tensor of a tensor value. Throws Error naming the actual kind otherwise.
  const Tensor& tensor() const;
  // The items of a sequence value. Throws Error otherwise.
  const std::vector<Tensor>& items() const;
  // For a sequence whose items no other value shares (a Loop's carried sequence handed over by
  // its last reader): inserts `item` at `at` (<= size) or erases item `at` (< size) in place,
  // amortised O(1) at the end, and returns true. Returns false, changing nothing, when the items
  // are shared; the caller then builds a new sequence. The item's type is the caller's to check.
  bool insert_in_place(size_t at, Tensor item);
  bool erase_in_place(size_t at);
  // The entries of a map value. Throws Error otherwise.
  const MapEntries& map_entries() const;
  // The maps of a sequence of maps. Throws Error otherwise.
  const std::vector<MapEntries>& maps() const;
  // For an optional: whether it holds an element, and that element (a tensor or a sequence value).
  bool has_element() const { return present_; }
  Value element() const;

  // "float[2, 3]", "seq(tensor(float)) of 2: [float[2], float[3]]", "optional(tensor(int64)): empty"
  std::string describe() const;
  // Exact equality of kind, element types, shapes and every bit of data.
  bool identical_to(const Value& other) const;

 private:
  ValueType type_;
  Tensor tensor_;                                        // Tensor, OptionalTensor (when present)
  std::shared_ptr<const std::vector<Tensor>> items_;     // Sequence, OptionalSequence (when present)
  MemoryCharge* items_charge_ = nullptr;                 // the bytes of items_'s vector, living beside it
  std::shared_ptr<const std::vector<MapEntries>> maps_;  // Map (one), MapSequence
  bool present_ = true;                                  // false only for an empty optional
};

}  // namespace onnx_ref
