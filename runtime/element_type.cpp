#include "runtime/element_type.h"

#include <stdexcept>

namespace onnx_ref {

namespace {
using K = ElementKind;
using T = ElementType;
const std::vector<ElementTypeInfo> kTypes = {
    {T::Float, "float", 32, K::Float},
    {T::UInt8, "uint8", 8, K::UnsignedInt},
    {T::Int8, "int8", 8, K::SignedInt},
    {T::UInt16, "uint16", 16, K::UnsignedInt},
    {T::Int16, "int16", 16, K::SignedInt},
    {T::Int32, "int32", 32, K::SignedInt},
    {T::Int64, "int64", 64, K::SignedInt},
    {T::String, "string", 0, K::String},
    {T::Bool, "bool", 8, K::Boolean},
    {T::Float16, "float16", 16, K::Float},
    {T::Double, "double", 64, K::Float},
    {T::UInt32, "uint32", 32, K::UnsignedInt},
    {T::UInt64, "uint64", 64, K::UnsignedInt},
    {T::Complex64, "complex64", 64, K::Complex},
    {T::Complex128, "complex128", 128, K::Complex},
    {T::BFloat16, "bfloat16", 16, K::Float},
    {T::Float8E4M3FN, "float8e4m3fn", 8, K::Float},
    {T::Float8E4M3FNUZ, "float8e4m3fnuz", 8, K::Float},
    {T::Float8E5M2, "float8e5m2", 8, K::Float},
    {T::Float8E5M2FNUZ, "float8e5m2fnuz", 8, K::Float},
    {T::UInt4, "uint4", 4, K::UnsignedInt},
    {T::Int4, "int4", 4, K::SignedInt},
    {T::Float4E2M1, "float4e2m1", 4, K::Float},
    {T::Float8E8M0, "float8e8m0", 8, K::Float},
    {T::UInt2, "uint2", 2, K::UnsignedInt},
    {T::Int2, "int2", 2, K::SignedInt},
};
}  // namespace

const std::vector<ElementTypeInfo>& all_element_types() { return kTypes; }

const ElementTypeInfo& info(ElementType type) {
  const int code = code_of(type);
  if (code < 1 || code > kMaxElementTypeCode) throw std::logic_error("info() of an undefined element type");
  return kTypes[static_cast<size_t>(code - 1)];
}

std::optional<ElementType> element_type_from_code(int32_t code) {
  if (code < 1 || code > kMaxElementTypeCode) return std::nullopt;
  return static_cast<ElementType>(code);
}

std::optional<ElementType> element_type_from_name(std::string_view name) {
  if (name == "float32") return T::Float;
  if (name == "float64") return T::Double;
  for (const auto& t : kTypes)
    if (t.name == name) return t.type;
  return std::nullopt;
}

std::string tensor_type_string(ElementType type) { return "tensor(" + std::string(name_of(type)) + ")"; }

std::string describe_type_code(int32_t code) {
  if (auto t = element_type_from_code(code)) return std::string(name_of(*t));
  return "undefined element type code " + std::to_string(code);
}

bool is_sub_byte(ElementType type) { return bits_of(type) > 0 && bits_of(type) < 8; }

uint64_t storage_bytes(ElementType type, uint64_t count) {
  const uint64_t bits = static_cast<uint64_t>(bits_of(type));
  if (bits == 0) return 0;
  if (bits >= 8) return count * (bits / 8);
  const uint64_t per_byte = 8 / bits;
  return count / per_byte + (count % per_byte != 0 ? 1 : 0);
}

TypeSet::TypeSet(std::initializer_list<ElementType> types) {
  for (auto t : types) bits_.set(static_cast<size_t>(code_of(t)));
}

TypeSet TypeSet::with(std::initializer_list<ElementType> types) const {
  TypeSet result = *this;
  for (auto t : types) result.bits_.set(static_cast<size_t>(code_of(t)));
  return result;
}

TypeSet TypeSet::without(std::initializer_list<ElementType> types) const {
  TypeSet result = *this;
  for (auto t : types) result.bits_.reset(static_cast<size_t>(code_of(t)));
  return result;
}

bool TypeSet::contains(ElementType type) const {
  const int code = code_of(type);
  return code >= 1 && code <= kMaxElementTypeCode && bits_.test(static_cast<size_t>(code));
}

std::vector<ElementType> TypeSet::types() const {
  std::vector<ElementType> result;
  for (int code = 1; code <= kMaxElementTypeCode; ++code)
    if (bits_.test(static_cast<size_t>(code))) result.push_back(static_cast<ElementType>(code));
  return result;
}

std::string TypeSet::to_string() const {
  std::string result;
  for (auto t : types()) {
    if (!result.empty()) result += ", ";
    result += tensor_type_string(t);
  }
  return result;
}

}  // namespace onnx_ref
