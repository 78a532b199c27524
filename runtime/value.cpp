#include "runtime/value.h"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref {

ValueType ValueType::unwrapped() const {
  switch (kind) {
    case ValueKind::OptionalTensor:
      return {ValueKind::Tensor, elem};
    case ValueKind::OptionalSequence:
      return {ValueKind::Sequence, elem};
    default:
      return *this;
  }
}

std::string value_type_string(ValueKind kind, const std::string& tensor_type) {
  switch (kind) {
    case ValueKind::Tensor:
      return tensor_type;
    case ValueKind::Sequence:
      return "seq(" + tensor_type + ")";
    case ValueKind::OptionalTensor:
      return "optional(" + tensor_type + ")";
    case ValueKind::OptionalSequence:
      return "optional(seq(" + tensor_type + "))";
    case ValueKind::Map:
    case ValueKind::MapSequence:
      break;
  }
  return tensor_type;
}

std::string map_type_string(ValueKind kind, const std::string& key, const std::string& value) {
  const std::string map = "map(" + key + ", " + value + ")";
  return kind == ValueKind::MapSequence ? "seq(" + map + ")" : map;
}

std::string ValueType::to_string() const {
  if (is_map_kind()) return map_type_string(kind, std::string(name_of(key)), std::string(name_of(elem)));
  return value_type_string(kind, tensor_type_string(elem));
}

bool is_map_key_type(ElementType type) {
  const ElementKind kind = info(type).kind;
  return type == ElementType::String ||
         ((kind == ElementKind::SignedInt || kind == ElementKind::UnsignedInt) && bits_of(type) >= 8);
}

namespace {

// -1, 0 or 1 as key i of `a` is below, equal to or above key j of `b` (both of one key type).
int compare_map_keys(const Tensor& a, int64_t i, const Tensor& b, int64_t j) {
  const ElementType type = a.type();
  if (type == ElementType::String) {
    const int c = a.strings()[static_cast<size_t>(i)].compare(b.strings()[static_cast<size_t>(j)]);
    return (c > 0) - (c < 0);
  }
  if (info(type).kind == ElementKind::UnsignedInt) {
    const uint64_t x = read_uint64(type, a.data(), i), y = read_uint64(type, b.data(), j);
    return (x > y) - (x < y);
  }
  const int64_t x = read_int64(type, a.data(), i), y = read_int64(type, b.data(), j);
  return (x > y) - (x < y);
}

bool same_map_value(const Tensor& a, int64_t i, const Tensor& b, int64_t j) {
  const ElementType type = a.type();
  if (type == ElementType::String) return a.strings()[static_cast<size_t>(i)] == b.strings()[static_cast<size_t>(j)];
  const int bits = bits_of(type);
  if (bits < 8) return read_bits(type, a.data(), i) == read_bits(type, b.data(), j);
  const size_t bytes = static_cast<size_t>(bits / 8);
  return std::memcmp(a.data() + static_cast<size_t>(i) * bytes, b.data() + static_cast<size_t>(j) * bytes, bytes) == 0;
}

}  // namespace

MapEntries MapEntries::make(Tensor keys, Tensor values) {
  if (!is_map_key_type(keys.type()))
    throw Error("a map's keys are " + tensor_type_string(keys.type()) + "; a map key is an integer type or string");
  if (values.type() == ElementType::Undefined) throw Error("a map's values have no element type");
  if (!values.is_string() && bits_of(values.type()) < 8)
    throw UnsupportedError("a map's values are " + tensor_type_string(values.type()) +
                           "; onnx-ref keeps no maps of sub-byte types");
  if (keys.rank() != 1 || values.rank() != 1 || keys.element_count() != values.element_count())
    throw Error("a map has " + std::to_string(keys.element_count()) + " keys but " +
                std::to_string(values.element_count()) + " values");
  MapEntries m{std::move(keys), std::move(values)};
  const auto order = m.key_order();
  for (size_t n = 1; n < order.size(); ++n)
    if (compare_map_keys(m.keys, order[n - 1], m.keys, order[n]) == 0)
      throw Error("a map has the key at entry " + std::to_string(std::max(order[n - 1], order[n])) +
                  " twice (first at entry " + std::to_string(std::min(order[n - 1], order[n])) + ")");
  return m;
}

std::vector<int64_t> MapEntries::key_order() const {
  std::vector<int64_t> order(static_cast<size_t>(size()));
  std::iota(order.begin(), order.end(), int64_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [this](int64_t a, int64_t b) { return compare_map_keys(keys, a, keys, b) < 0; });
  return order;
}

namespace {

Tensor gather_map_column(const Tensor& column, const std::vector<int64_t>& order) {
  const auto n = static_cast<int64_t>(order.size());
  if (column.is_string()) {
    std::vector<std::string> strings;
    strings.reserve(order.size());
    for (int64_t i : order) strings.push_back(column.strings()[static_cast<size_t>(i)]);
    return Tensor::from_strings({n}, std::move(strings));
  }
  Tensor out = Tensor::uninitialized(column.type(), {n});
  const size_t bytes = static_cast<size_t>(bits_of(column.type()) / 8);
  for (size_t k = 0; k < order.size(); ++k)
    std::memcpy(out.mutable_data() + k * bytes, column.data() + static_cast<size_t>(order[k]) * bytes, bytes);
  return out;
}

}  // namespace

MapEntries MapEntries::sorted_by_key() const {
  const auto order = key_order();
  return MapEntries{gather_map_column(keys, order), gather_map_column(values, order)};
}

std::string MapEntries::describe() const {
  return map_type_string(ValueKind::Map, std::string(name_of(keys.type())), std::string(name_of(values.type()))) +
         " of " + std::to_string(size());
}

bool MapEntries::identical_to(const MapEntries& other) const {
  if (keys.type() != other.keys.type() || values.type() != other.values.type() || size() != other.size()) return false;
  const auto mine = key_order(), theirs = other.key_order();
  for (size_t n = 0; n < mine.size(); ++n)
    if (compare_map_keys(keys, mine[n], other.keys, theirs[n]) != 0 ||
        !same_map_value(values, mine[n], other.values, theirs[n]))
      return false;
  return true;
}

Value Value::map(MapEntries entries) {
  Value v;
  v.type_ = ValueType::map(entries.keys.type(), entries.values.type());
  v.maps_ = std::make_shared<const std::vector<MapEntries>>(std::vector<MapEntries>{std::move(entries)});
  return v;
}

Value Value::map_sequence(ElementType key, ElementType value, std::vector<MapEntries> maps) {
  for (size_t i = 0; i < maps.size(); ++i)
    if (maps[i].keys.type() != key || maps[i].values.type() != value)
      throw Error("sequence item " + std::to_string(i) + " is " + maps[i].describe() + " but the sequence holds " +
                  map_type_string(ValueKind::Map, std::string(name_of(key)), std::string(name_of(value))));
  Value v;
  v.type_ = ValueType::map_sequence(key, value);
  v.maps_ = std::make_shared<const std::vector<MapEntries>>(std::move(maps));
  return v;
}

const MapEntries& Value::map_entries() const {
  if (!is_map()) throw Error("expected a map, got " + type_.to_string());
  return maps_->front();
}

const std::vector<MapEntries>& Value::maps() const {
  if (!is_map_sequence()) throw Error("expected a sequence of maps, got " + type_.to_string());
  return *maps_;
}

Value Value::sequence(ElementType elem, std::vector<Tensor> items) {
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].type() != elem)
      throw Error("sequence item " + std::to_string(i) + " is " + items[i].describe() + " but the sequence holds " +
                  tensor_type_string(elem));
  Value v;
  v.type_ = {ValueKind::Sequence, elem};
  // The vector of Tensor handles is charged to the run's budget with the vector (the tensors'
  // own bytes are charged by their storage): a sequence of one shared tensor repeated 10 million
  // times still counts.
  struct Holder {
    std::vector<Tensor> items;
    MemoryCharge charge;
  };
  MemoryCharge charge = charge_memory(checked_bytes(items.capacity(), sizeof(Tensor), "a sequence"), "a sequence");
  auto holder = std::make_shared<Holder>(Holder{std::move(items), std::move(charge)});
  v.items_charge_ = &holder->charge;
  v.items_ = std::shared_ptr<const std::vector<Tensor>>(holder, &holder->items);
  return v;
}

bool Value::insert_in_place(size_t at, Tensor item) {
  if (type_.kind != ValueKind::Sequence || !items_ || items_.use_count() != 1 || !items_charge_) return false;
  // Sole owner: nobody else can see the vector change.
  auto& items = const_cast<std::vector<Tensor>&>(*items_);
  if (at > items.size()) throw std::logic_error("Value::insert_in_place past the end");
  if (items.size() == items.capacity()) {
    const size_t grown = std::max<size_t>(4, items.capacity() * 2);
    items_charge_->absorb(
        charge_memory(checked_bytes(grown - items.capacity(), sizeof(Tensor), "a sequence"), "a sequence"));
    items.reserve(grown);
  }
  items.insert(items.begin() + static_cast<std::ptrdiff_t>(at), std::move(item));
  return true;
}

bool Value::erase_in_place(size_t at) {
  if (type_.kind != ValueKind::Sequence || !items_ || items_.use_count() != 1) return false;
  auto& items = const_cast<std::vector<Tensor>&>(*items_);
  if (at >= items.size()) throw std::logic_error("Value::erase_in_place past the end");
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(at));
  return true;
}

Value Value::none(ValueType optional_type) {
  if (!optional_type.is_optional()) throw std::logic_error("Value::none needs an optional type");
  Value v;
  v.type_ = optional_type;
  v.present_ = false;
  return v;
}

Value Value::some(const Value& content) {
  if (content.is_optional()) throw Error("an optional cannot hold an optional");
  if (content.type().is_map_kind()) throw UnsupportedError("onnx-ref has no optionals of maps");
  Value v = content;
  v.type_.kind = content.is_tensor() ? ValueKind::OptionalTensor : ValueKind::OptionalSequence;
  v.present_ = true;
  return v;
}

const Tensor& Value::tensor() const {
  if (!is_tensor()) throw Error("expected a tensor, got " + type_.to_string());
  return tensor_;
}

const std::vector<Tensor>& Value::items() const {
  if (!is_sequence()) throw Error("expected a sequence, got " + type_.to_string());
  return *items_;
}

Value Value::element() const {
  if (!is_optional()) throw Error("expected an optional, got " + type_.to_string());
  if (!present_) throw Error("the optional " + type_.to_string() + " is empty");
  Value v = *this;
  v.type_ = type_.unwrapped();
  return v;
}

std::string Value::describe() const {
  if (is_tensor()) return tensor_.describe();
  if (is_optional() && !present_) return type_.to_string() + ": empty";
  if (type_.kind == ValueKind::OptionalTensor) return type_.to_string() + ": " + tensor_.describe();
  if (is_map()) return map_entries().describe();
  if (is_map_sequence()) {
    std::string s = type_.to_string() + " of " + std::to_string(maps_->size());
    if (maps_->size() <= 4) {
      s += ": [";
      for (size_t i = 0; i < maps_->size(); ++i)
        s += (i ? ", " : "") + std::string("map of ") + std::to_string((*maps_)[i].size());
      s += "]";
    }
    return s;
  }
  std::string s = type_.to_string() + " of " + std::to_string(items_->size());
  if (items_->size() <= 4) {
    s += ": [";
    for (size_t i = 0; i < items_->size(); ++i) s += (i ? ", " : "") + (*items_)[i].describe();
    s += "]";
  }
  return s;
}

bool Value::identical_to(const Value& other) const {
  if (!(type_ == other.type_) || present_ != other.present_) return false;
  if (!present_) return true;
  if (type_.kind == ValueKind::Tensor || type_.kind == ValueKind::OptionalTensor)
    return tensor_.identical_to(other.tensor_);
  if (type_.is_map_kind()) {
    if (maps_->size() != other.maps_->size()) return false;
    for (size_t i = 0; i < maps_->size(); ++i)
      if (!(*maps_)[i].identical_to((*other.maps_)[i])) return false;
    return true;
  }
  if (items_->size() != other.items_->size()) return false;
  for (size_t i = 0; i < items_->size(); ++i)
    if (!(*items_)[i].identical_to((*other.items_)[i])) return false;
  return true;
}

}  // namespace onnx_ref
