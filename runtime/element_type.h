#pragma once
// Every element type of TensorProto.DataType (codes 1 to 26) with its spec name and bit width.
#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace onnx_ref {

enum class ElementType : int32_t {
  Undefined = 0,
  Float = 1,
  UInt8 = 2,
  Int8 = 3,
  UInt16 = 4,
  Int16 = 5,
  Int32 = 6,
  Int64 = 7,
  String = 8,
  Bool = 9,
  Float16 = 10,
  Double = 11,
  UInt32 = 12,
  UInt64 = 13,
  Complex64 = 14,
  Complex128 = 15,
  BFloat16 = 16,
  Float8E4M3FN = 17,
  Float8E4M3FNUZ = 18,
  Float8E5M2 = 19,
  Float8E5M2FNUZ = 20,
  UInt4 = 21,
  Int4 = 22,
  Float4E2M1 = 23,
  Float8E8M0 = 24,
  UInt2 = 25,
  Int2 = 26,
};

inline constexpr int kMaxElementTypeCode = 26;

enum class ElementKind { Boolean, SignedInt, UnsignedInt, Float, Complex, String };

struct ElementTypeInfo {
  ElementType type;
  std::string_view name;  // the spec's lower-case name, as in tensor(float8e4m3fn)
  int bits;               // storage bits per element; 0 for string
  ElementKind kind;
};

// All 26 defined types, in code order.
const std::vector<ElementTypeInfo>& all_element_types();
const ElementTypeInfo& info(ElementType type);
inline std::string_view name_of(ElementType type) { return info(type).name; }
inline int bits_of(ElementType type) { return info(type).bits; }
inline int32_t code_of(ElementType type) { return static_cast<int32_t>(type); }

std::optional<ElementType> element_type_from_code(int32_t code);
// Spec names ("float", "float8e4m3fn") plus NumPy aliases ("float32", "float64").
std::optional<ElementType> element_type_from_name(std::string_view name);
// "tensor(float)".
std::string tensor_type_string(ElementType type);
// "float16" or "code 99" for a code that is not a defined element type.
std::string describe_type_code(int32_t code);

bool is_sub_byte(ElementType type);  // 4- and 2-bit types, stored packed
// Bytes needed for `count` elements (packed types round up); 0 for string.
uint64_t storage_bytes(ElementType type, uint64_t count);

// A set of element types: the allowed types of one type variable of one operator version.
class TypeSet {
 public:
  TypeSet() = default;
  TypeSet(std::initializer_list<ElementType> types);
  TypeSet with(std::initializer_list<ElementType> types) const;
  TypeSet without(std::initializer_list<ElementType> types) const;
  bool contains(ElementType type) const;
  std::vector<ElementType> types() const;
  std::string to_string() const;  // "tensor(float), tensor(double)"
  bool operator==(const TypeSet&) const = default;

 private:
  std::bitset<kMaxElementTypeCode + 1> bits_;
};

}  // namespace onnx_ref
