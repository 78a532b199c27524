#pragma once
// Reading and writing single elements of a tensor's raw storage, for every non-string type,
// including the packed 4- and 2-bit types. Used by JSON/.npy I/O, comparison and random inputs;
// kernels that only move shapes never touch elements.
#include <complex>
#include <cstddef>
#include <cstdint>

#include "runtime/element_type.h"

namespace onnx_ref {

// Exact value of element `index` (any non-string, non-complex type; bool gives 0 or 1).
// For int64/uint64 beyond 2^53 use read_int64/read_uint64, which are exact.
double read_real(ElementType type, const std::byte* data, int64_t index);
std::complex<double> read_complex(ElementType type, const std::byte* data, int64_t index);  // complex64/128
int64_t read_int64(ElementType type, const std::byte* data, int64_t index);                 // signed ints and bool
uint64_t read_uint64(ElementType type, const std::byte* data, int64_t index);               // unsigned ints
// The raw bit pattern of element `index` (unpacked for 4- and 2-bit types), for exact comparison.
uint64_t read_bits(ElementType type, const std::byte* data, int64_t index);

// Writes element `index`. Integer types take an integer that must fit (checked by the caller with
// fits_integer); float types round per Cast with saturation, except that an infinity stays an
// infinity in a format that has one (float16, bfloat16, float8e5m2): it needs no rounding, and
// keeping it makes every bit pattern round-trip through its value. bool takes 0 or 1.
void write_real(ElementType type, std::byte* data, int64_t index, double value);
void write_complex(ElementType type, std::byte* data, int64_t index, std::complex<double> value);
void write_int64(ElementType type, std::byte* data, int64_t index, int64_t value);
void write_uint64(ElementType type, std::byte* data, int64_t index, uint64_t value);

// Whether an integer value is representable in an integer (or bool) element type.
bool fits_integer(ElementType type, int64_t value);
bool fits_unsigned(ElementType type, uint64_t value);

}  // namespace onnx_ref
