#pragma once
// Compile-time dispatch on the element type, so that a numeric kernel (Add, Cast, ReduceSum, ...) is
// written once as a template over the C++ storage type of its elements and instantiated for exactly
// the types its version allows. float16 and bfloat16 are carried as their bit patterns; arithmetic
// on them goes through `widen` (exact: every value is a double) and `narrow` (rounded once, to
// nearest, ties to even). For + - * / on float16, bfloat16 and float, computing in double and
// rounding once gives the correctly rounded result: double's 53 bits are at least 2p + 2 for
// p = 11, 8 and 24, so the double rounding is innocuous.
#include <complex>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "runtime/element_type.h"
#include "runtime/float_formats.h"

namespace onnx_ref {

struct Float16Bits {
  uint16_t bits;
};
struct BFloat16Bits {
  uint16_t bits;
};
// bool is stored as one byte holding 0 or 1.
struct BoolByte {
  uint8_t value;
};

template <class T>
struct TypeTag {
  using type = T;
};

// The storage type of each element type that has a fixed width of at least one byte.
template <ElementType E>
struct StorageOf;
template <>
struct StorageOf<ElementType::Float> {
  using type = float;
};
template <>
struct StorageOf<ElementType::Double> {
  using type = double;
};
template <>
struct StorageOf<ElementType::Int8> {
  using type = int8_t;
};
template <>
struct StorageOf<ElementType::Int16> {
  using type = int16_t;
};
template <>
struct StorageOf<ElementType::Int32> {
  using type = int32_t;
};
template <>
struct StorageOf<ElementType::Int64> {
  using type = int64_t;
};
template <>
struct StorageOf<ElementType::UInt8> {
  using type = uint8_t;
};
template <>
struct StorageOf<ElementType::UInt16> {
  using type = uint16_t;
};
template <>
struct StorageOf<ElementType::UInt32> {
  using type = uint32_t;
};
template <>
struct StorageOf<ElementType::UInt64> {
  using type = uint64_t;
};
template <>
struct StorageOf<ElementType::Bool> {
  using type = BoolByte;
};
template <>
struct StorageOf<ElementType::Float16> {
  using type = Float16Bits;
};
template <>
struct StorageOf<ElementType::BFloat16> {
  using type = BFloat16Bits;
};
template <>
struct StorageOf<ElementType::Complex64> {
  using type = std::complex<float>;
};
template <>
struct StorageOf<ElementType::Complex128> {
  using type = std::complex<double>;
};

// Calls f(TypeTag<S>{}) with S the storage type of `type`, for the real numeric types and bool
// (float, double, float16, bfloat16, the eight integer types, bool). Other types: logic_error, so a
// version table that allows a type its kernel does not handle fails loudly in the tests.
template <class F>
decltype(auto) dispatch_real(ElementType type, F&& f) {
  switch (type) {
    case ElementType::Float:
      return f(TypeTag<float>{});
    case ElementType::Double:
      return f(TypeTag<double>{});
    case ElementType::Float16:
      return f(TypeTag<Float16Bits>{});
    case ElementType::BFloat16:
      return f(TypeTag<BFloat16Bits>{});
    case ElementType::Int8:
      return f(TypeTag<int8_t>{});
    case ElementType::Int16:
      return f(TypeTag<int16_t>{});
    case ElementType::Int32:
      return f(TypeTag<int32_t>{});
    case ElementType::Int64:
      return f(TypeTag<int64_t>{});
    case ElementType::UInt8:
      return f(TypeTag<uint8_t>{});
    case ElementType::UInt16:
      return f(TypeTag<uint16_t>{});
    case ElementType::UInt32:
      return f(TypeTag<uint32_t>{});
    case ElementType::UInt64:
      return f(TypeTag<uint64_t>{});
    case ElementType::Bool:
      return f(TypeTag<BoolByte>{});
    default:
      throw std::logic_error("dispatch_real: no kernel for " + std::string(name_of(type)));
  }
}

template <class S>
inline constexpr bool is_small_float_storage = std::is_same_v<S, Float16Bits> || std::is_same_v<S, BFloat16Bits>;
template <class S>
inline constexpr bool is_float_storage = std::is_floating_point_v<S> || is_small_float_storage<S>;

// The exact value of a floating element as a double.
inline double widen(Float16Bits v) { return decode_small_float(ElementType::Float16, v.bits); }
inline double widen(BFloat16Bits v) { return decode_small_float(ElementType::BFloat16, v.bits); }
inline double widen(float v) { return v; }
inline double widen(double v) { return v; }

// A double rounded once to the storage type (nearest, ties to even; overflow gives infinity as IEEE
// arithmetic does, not Cast's saturation, which only the float8 types have).
template <class S>
S narrow(double v) {
  if constexpr (std::is_same_v<S, Float16Bits>)
    return {static_cast<uint16_t>(encode_small_float(ElementType::Float16, v))};
  else if constexpr (std::is_same_v<S, BFloat16Bits>)
    return {static_cast<uint16_t>(encode_small_float(ElementType::BFloat16, v))};
  else
    return static_cast<S>(v);
}

}  // namespace onnx_ref
