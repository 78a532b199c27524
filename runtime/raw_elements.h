#pragma once
// One stored element read or written by index, as raw bits: fixed-width elements through memcpy
// (tensor storage has no alignment guarantee), packed 4- and 2-bit elements by bit position.
// Element i of a packed type sits at bit (i % per_byte) * bits of byte i / per_byte, so element 0
// is the low nibble (or the lowest two bits) of byte 0. Shared by the value accessors
// (element_values.cpp), Cast (cast.cpp) and the element copies (element_copy.cpp).
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace onnx_ref::raw {

template <class T>
inline T load(const std::byte* data, int64_t index) {
  T value;
  std::memcpy(&value, data + index * static_cast<int64_t>(sizeof(T)), sizeof(T));
  return value;
}

template <class T>
inline void store(std::byte* data, int64_t index, T value) {
  std::memcpy(data + index * static_cast<int64_t>(sizeof(T)), &value, sizeof(T));
}

inline uint32_t load_packed(const std::byte* data, int64_t index, int bits) {
  const int per_byte = 8 / bits;
  const auto byte = std::to_integer<uint32_t>(data[index / per_byte]);
  const int shift = static_cast<int>(index % per_byte) * bits;
  return (byte >> shift) & ((1u << bits) - 1);
}

inline void store_packed(std::byte* data, int64_t index, int bits, uint32_t value) {
  const int per_byte = 8 / bits;
  const int shift = static_cast<int>(index % per_byte) * bits;
  const uint32_t mask = ((1u << bits) - 1) << shift;
  std::byte& target = data[index / per_byte];
  target = static_cast<std::byte>((std::to_integer<uint32_t>(target) & ~mask) | ((value << shift) & mask));
}

// Two's complement sign extension of the low `bits` bits.
inline int64_t sign_extend(uint32_t raw, int bits) {
  const uint32_t sign = 1u << (bits - 1);
  return static_cast<int64_t>(raw ^ sign) - static_cast<int64_t>(sign);
}

}  // namespace onnx_ref::raw
