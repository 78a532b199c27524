#include "runtime/value_proto.h"

#include <cstring>
#include <fstream>
#include <sstream>

#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/error_context.h"
#include "runtime/tensor_proto.h"

namespace onnx_ref {

namespace {

std::vector<Tensor> sequence_tensors(const onnx::SequenceProto& proto, ElementType* elem) {
  if (proto.elem_type() != onnx::SequenceProto::TENSOR && !(proto.elem_type() == 0 && proto.tensor_values_size() == 0))
    throw UnsupportedError("the SequenceProto holds elem_type " + std::to_string(proto.elem_type()) +
                           "; onnx-ref runs sequences of tensors only");
  std::vector<Tensor> items;
  for (int i = 0; i < proto.tensor_values_size(); ++i) {
    try {
      items.push_back(tensor_from_proto(proto.tensor_values(i)));
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::at("sequence item " + std::to_string(i)));
    }
    if (*elem == ElementType::Undefined) *elem = items.back().type();
  }
  return items;
}

}  // namespace

Value value_from_sequence_proto(const onnx::SequenceProto& proto, ElementType declared_elem) {
  ElementType elem = declared_elem;
  std::vector<Tensor> items = sequence_tensors(proto, &elem);
  if (elem == ElementType::Undefined) throw Error("an empty sequence whose element type the model does not declare");
  return Value::sequence(elem, std::move(items));
}

Value value_from_optional_proto(const onnx::OptionalProto& proto, const ValueType& declared) {
  switch (proto.elem_type()) {
    case onnx::OptionalProto::UNDEFINED:
      if (proto.has_tensor_value() || proto.has_sequence_value())
        throw Error("the OptionalProto has elem_type UNDEFINED but holds a value");
      if (!declared.is_optional())
        throw Error("an empty OptionalProto where the model declares " + declared.to_string());
      return Value::none(declared);
    case onnx::OptionalProto::TENSOR:
      if (!proto.has_tensor_value()) return Value::none({ValueKind::OptionalTensor, declared.elem});
      return Value::some(tensor_from_proto(proto.tensor_value()));
    case onnx::OptionalProto::SEQUENCE:
      if (!proto.has_sequence_value()) return Value::none({ValueKind::OptionalSequence, declared.elem});
      return Value::some(value_from_sequence_proto(proto.sequence_value(), declared.elem));
    default:
      throw UnsupportedError("the OptionalProto holds elem_type " + std::to_string(proto.elem_type()) +
                             "; onnx-ref runs optionals of tensors and sequences only");
  }
}

onnx::SequenceProto value_to_sequence_proto(const Value& value, const std::string& name) {
  onnx::SequenceProto proto;
  proto.set_name(name);
  proto.set_elem_type(onnx::SequenceProto::TENSOR);
  for (const auto& t : value.items()) *proto.add_tensor_values() = tensor_to_proto(t);
  return proto;
}

onnx::OptionalProto value_to_optional_proto(const Value& value, const std::string& name) {
  onnx::OptionalProto proto;
  proto.set_name(name);
  const bool of_tensor = value.type().kind == ValueKind::OptionalTensor;
  proto.set_elem_type(of_tensor ? onnx::OptionalProto::TENSOR : onnx::OptionalProto::SEQUENCE);
  if (value.has_element()) {
    if (of_tensor)
      *proto.mutable_tensor_value() = tensor_to_proto(value.element().tensor());
    else
      *proto.mutable_sequence_value() = value_to_sequence_proto(value.element());
  }
  return proto;
}

namespace {

// The one element of a map value's tensor, appended to `strings` or to `bytes` (element bytes).
void append_map_value(const Tensor& item, std::vector<std::string>& strings, std::vector<std::byte>& bytes) {
  if (item.element_count() != 1) throw Error("holds " + item.describe() + "; a map value is one element");
  if (item.is_string()) {
    strings.push_back(item.strings()[0]);
    return;
  }
  const auto raw = item.bytes();
  bytes.insert(bytes.end(), raw.begin(), raw.end());
}

Tensor map_values_tensor(ElementType type, int64_t count, std::vector<std::string> strings,
                         const std::vector<std::byte>& bytes) {
  if (type == ElementType::String) return Tensor::from_strings({count}, std::move(strings));
  Tensor t = Tensor::zeros(type, {count});
  if (!bytes.empty()) std::memcpy(t.mutable_data(), bytes.data(), bytes.size());
  return t;
}

Tensor map_keys_tensor(const onnx::MapProto& proto, ElementType key) {
  const int64_t n = key == ElementType::String ? proto.string_keys_size() : proto.keys_size();
  if (key == ElementType::String) {
    if (proto.keys_size() != 0)
      throw Error("a map with string keys also has " + std::to_string(proto.keys_size()) + " integer keys");
    return Tensor::from_strings({n}, std::vector<std::string>(proto.string_keys().begin(), proto.string_keys().end()));
  }
  if (proto.string_keys_size() != 0)
    throw Error("a map with " + std::string(name_of(key)) + " keys also has " +
                std::to_string(proto.string_keys_size()) + " string keys");
  Tensor t = Tensor::zeros(key, {n});
  const bool is_unsigned = info(key).kind == ElementKind::UnsignedInt;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t k = proto.keys(static_cast<int>(i));
    // uint64 keys travel in the int64 field as their two's complement bits.
    if (key == ElementType::UInt64) {
      write_uint64(key, t.mutable_data(), i, static_cast<uint64_t>(k));
    } else if (is_unsigned ? (k < 0 || !fits_unsigned(key, static_cast<uint64_t>(k))) : !fits_integer(key, k)) {
      throw Error("map key " + std::to_string(i) + " is " + std::to_string(k) + ", outside the key type " +
                  std::string(name_of(key)));
    } else if (is_unsigned) {
      write_uint64(key, t.mutable_data(), i, static_cast<uint64_t>(k));
    } else {
      write_int64(key, t.mutable_data(), i, k);
    }
  }
  return t;
}

}  // namespace

MapEntries map_from_proto(const onnx::MapProto& proto, ElementType declared_key, ElementType declared_value) {
  const auto key = element_type_from_code(proto.key_type());
  if (!key || !is_map_key_type(*key))
    throw Error("the MapProto has key_type " + describe_type_code(proto.key_type()) +
                "; a map key is an integer type or string");
  if (declared_key != ElementType::Undefined && *key != declared_key)
    throw Error("the map's keys are " + std::string(name_of(*key)) + " but the model declares " +
                std::string(name_of(declared_key)) + " keys");
  Tensor keys = map_keys_tensor(proto, *key);
  const auto& values = proto.values();
  if (values.elem_type() != onnx::SequenceProto::TENSOR &&
      !(values.elem_type() == 0 && values.tensor_values_size() == 0))
    throw UnsupportedError("the MapProto's values have elem_type " + std::to_string(values.elem_type()) +
                           "; onnx-ref runs maps of tensor elements only");
  if (values.tensor_values_size() != keys.element_count())
    throw Error("the MapProto has " + std::to_string(keys.element_count()) + " keys but " +
                std::to_string(values.tensor_values_size()) + " values");
  ElementType value_type = declared_value;
  std::vector<std::string> strings;
  std::vector<std::byte> bytes;
  for (int i = 0; i < values.tensor_values_size(); ++i) {
    try {
      const Tensor item = tensor_from_proto(values.tensor_values(i));
      if (value_type == ElementType::Undefined) value_type = item.type();
      if (item.type() != value_type)
        throw Error("is " + std::string(name_of(item.type())) + " but the map's values are " +
                    std::string(name_of(value_type)));
      if (!item.is_string() && bits_of(value_type) < 8)
        throw UnsupportedError("is " + std::string(name_of(value_type)) + "; onnx-ref keeps no maps of sub-byte types");
      append_map_value(item, strings, bytes);
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::at("map value " + std::to_string(i)));
    }
  }
  if (value_type == ElementType::Undefined) throw Error("an empty map whose value type the model does not declare");
  return MapEntries::make(std::move(keys),
                          map_values_tensor(value_type, values.tensor_values_size(), std::move(strings), bytes));
}

Value value_from_map_sequence_proto(const onnx::SequenceProto& proto, ElementType declared_key,
                                    ElementType declared_value) {
  if (proto.elem_type() != onnx::SequenceProto::MAP && !(proto.elem_type() == 0 && proto.map_values_size() == 0))
    throw Error("the SequenceProto holds elem_type " + std::to_string(proto.elem_type()) +
                " where the model declares a sequence of maps");
  if (proto.tensor_values_size() || proto.sequence_values_size() || proto.optional_values_size())
    throw Error("a SequenceProto of maps also holds values of other kinds");
  std::vector<MapEntries> maps;
  ElementType key = declared_key, value = declared_value;
  for (int i = 0; i < proto.map_values_size(); ++i) {
    try {
      maps.push_back(map_from_proto(proto.map_values(i), key, value));
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::at("sequence item " + std::to_string(i)));
    }
    key = maps.back().keys.type();
    value = maps.back().values.type();
  }
  if (key == ElementType::Undefined || value == ElementType::Undefined)
    throw Error("an empty sequence of maps whose key and value types the model does not declare");
  return Value::map_sequence(key, value, std::move(maps));
}

onnx::MapProto map_to_proto(const MapEntries& map, const std::string& name) {
  onnx::MapProto proto;
  proto.set_name(name);
  const ElementType key = map.keys.type();
  proto.set_key_type(static_cast<int32_t>(code_of(key)));
  for (int64_t i = 0; i < map.size(); ++i) {
    if (key == ElementType::String)
      proto.add_string_keys(map.keys.strings()[static_cast<size_t>(i)]);
    else if (info(key).kind == ElementKind::UnsignedInt)
      proto.add_keys(static_cast<int64_t>(read_uint64(key, map.keys.data(), i)));
    else
      proto.add_keys(read_int64(key, map.keys.data(), i));
  }
  auto* values = proto.mutable_values();
  values->set_elem_type(onnx::SequenceProto::TENSOR);
  const ElementType type = map.values.type();
  const size_t bytes = type == ElementType::String ? 0 : static_cast<size_t>(bits_of(type) / 8);
  for (int64_t i = 0; i < map.size(); ++i) {
    Tensor item = type == ElementType::String ? Tensor::from_strings({}, {map.values.strings()[static_cast<size_t>(i)]})
                                              : Tensor::zeros(type, {});
    if (bytes) std::memcpy(item.mutable_data(), map.values.data() + static_cast<size_t>(i) * bytes, bytes);
    *values->add_tensor_values() = tensor_to_proto(item);
  }
  return proto;
}

namespace {

onnx::SequenceProto map_sequence_to_proto(const Value& value, const std::string& name) {
  onnx::SequenceProto proto;
  proto.set_name(name);
  proto.set_elem_type(onnx::SequenceProto::MAP);
  for (const auto& m : value.maps()) *proto.add_map_values() = map_to_proto(m);
  return proto;
}

std::string read_small_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw Error("not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace

Value read_value_file(const std::filesystem::path& path, const ValueType& declared, std::string* name) {
  if (declared.is_tensor()) return read_tensor_file(path, name);
  try {
    const std::string bytes = read_small_file(path);
    if (declared.kind == ValueKind::Sequence) {
      onnx::SequenceProto proto;
      if (!proto.ParseFromString(bytes) || proto.unknown_fields().field_count() != 0)
        throw Error("not a SequenceProto, which the model's declaration " + declared.to_string() + " calls for");
      if (name) *name = proto.name();
      return value_from_sequence_proto(proto, declared.elem);
    }
    if (declared.kind == ValueKind::MapSequence) {
      onnx::SequenceProto proto;
      if (!proto.ParseFromString(bytes) || proto.unknown_fields().field_count() != 0)
        throw Error("not a SequenceProto, which the model's declaration " + declared.to_string() + " calls for");
      if (name) *name = proto.name();
      return value_from_map_sequence_proto(proto, declared.key, declared.elem);
    }
    if (declared.kind == ValueKind::Map) {
      onnx::MapProto proto;
      if (!proto.ParseFromString(bytes) || proto.unknown_fields().field_count() != 0)
        throw Error("not a MapProto, which the model's declaration " + declared.to_string() + " calls for");
      if (name) *name = proto.name();
      return Value::map(map_from_proto(proto, declared.key, declared.elem));
    }
    onnx::OptionalProto proto;
    if (!proto.ParseFromString(bytes) || proto.unknown_fields().field_count() != 0)
      throw Error("not an OptionalProto, which the model's declaration " + declared.to_string() + " calls for");
    if (name) *name = proto.name();
    return value_from_optional_proto(proto, declared);
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::at(path.string()));
  }
}

void write_value_file(const std::filesystem::path& path, const Value& value, const std::string& name) {
  if (value.is_tensor()) return write_tensor_file(path, value.tensor(), name);
  const std::string bytes = value.is_sequence()       ? value_to_sequence_proto(value, name).SerializeAsString()
                            : value.is_map()          ? map_to_proto(value.map_entries(), name).SerializeAsString()
                            : value.is_map_sequence() ? map_sequence_to_proto(value, name).SerializeAsString()
                                                      : value_to_optional_proto(value, name).SerializeAsString();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw Error(path.string() + ": cannot be written");
}

}  // namespace onnx_ref
