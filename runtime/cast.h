#pragma once
// Element-type conversion as ONNX Cast and CastLike define it, between every pair of the 24 element
// types their versions allow (all types but complex64 and complex128).
//
// Every conversion is exact or rounded once from the exact source value:
//  - integers (and bool, and the packed 4- and 2-bit integers) are read as exact integers, never
//    through double; integer to integer keeps the low bits (two's complement wrap-around), as the
//    spec says: 200 (int16) -> -56 (int8);
//  - integer to a float type rounds the exact integer once, to nearest, ties to even
//    (int64 2^53 + 1 -> float 2^53);
//  - float to float rounds the exact source value once, to nearest, ties to even; float8 targets
//    saturate or not per `saturate`, float8e8m0 rounds per `round_mode`;
//  - float to integer truncates toward zero and then wraps like integer to integer (the official
//    tests fix this for the 4- and 2-bit types: -9.0 -> int4 7). NaN, infinities and values whose
//    integer part lies outside [-2^63, 2^64) have no defined result in the spec ("undefined if
//    OOR"): Error naming the element;
//  - float to bool: ±0 is false, anything else (NaN included) true;
//  - numbers to string and back: see format_cast_string and parse_cast_string.
#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/element_type.h"
#include "runtime/float_formats.h"
#include "runtime/tensor.h"

namespace onnx_ref {

struct CastOptions {
  // Cast-19 onward: what happens to values beyond the range of a float8 type (float8e4m3fn,
  // float8e4m3fnuz, float8e5m2, float8e5m2fnuz, float8e8m0). Other targets ignore it.
  bool saturate = true;
  // Cast-24 onward: rounding to float8e8m0 ("up", "down", "nearest").
  E8M0Rounding round_mode = E8M0Rounding::Up;
  // Cast-21 and Cast-23 only, as ONNX 1.16 to 1.18 defined them and as their official tests fix it
  // (test_cast_FLOAT_to_INT4, test_cast_FLOAT_to_FLOAT4E2M1 at opsets 21 and 23): a float (or a
  // string holding a non-integer) converts to int4/uint4 rounded to nearest, ties to even, and
  // clamped to the type's range (-9.0 -> int4 -8, -1.0 -> uint4 0, ±inf -> the bounds), and NaN
  // converts to float4e2m1 as +6 (0x7). Cast-24 onward wraps like every integer type and sends NaN
  // to float4e2m1 as ONNX's reference does (see encode_small_float). Integer sources wrap in every
  // version: the spec's "discard higher bits" rule, which no official test contradicts.
  bool legacy_4bit_rules = false;
  // Cast-13 to Cast-23 and CastLike-15 to 23: to bfloat16, the value is rounded to float32 (nearest,
  // ties to even) and its low 16 bits dropped, as ONNX's reference did until ONNX 1.18
  // (float32_to_bfloat16(x, truncate=True)) and as every official test of those opsets fixes it
  // (test_cast_FLOAT_to_BFLOAT16: 0.48033667 -> 0.478515625, where nearest gives 0.48046875).
  // Cast-24 onward rounds once, to nearest, ties to even, like every other float target.
  bool legacy_bfloat16_truncation = false;
};

// `in` converted to element type `to`, same shape. Error (naming the flat index and the value) for
// an element with no defined result: a string that is not a number, NaN or an infinity or an
// out-of-range value converted to an integer type. Complex types: Error.
Tensor cast_tensor(const Tensor& in, ElementType to, const CastOptions& options = {});

// The text Cast writes for a value of a float type `source` (float, double, float16, bfloat16, the
// float8 types, float4e2m1): "NaN", "INF", "-INF" (the spec's literals), otherwise the shortest
// decimal that reads back as the same value of `source`, laid out as Python's repr does: positional
// for 1e-4 <= |x| < 1e16 with at least one digit after the point ("0.9767611", "100.0", "-0.0"),
// scientific otherwise ("1e+16", "1.5e-05"). The official tests fix float32 0.039187793 -> "0.039187793".
std::string format_cast_float(double value, ElementType source);

// The number a string holds, for Cast from string, written into element `index` of `out` (of type
// `to`: any type but string and complex). Accepted: an optional sign, then digits with an optional
// point and an optional exponent ("3.14", "-1e-5", "1E8", ".5", "5."), or the spec's literals "INF",
// "+INF", "-INF", "NaN" in any case ("Infinity" too). Nothing else, not even surrounding spaces.
// Float targets round the exact decimal once. Integer targets take an integer literal exactly and
// wrap it like an integer cast (its value must lie in [-2^63, 2^64)), and any other number like a
// float cast (truncated toward zero). Error naming `index` and the text otherwise.
void cast_string_element(std::string_view text, ElementType to, const CastOptions& options, std::byte* out,
                         int64_t index);

}  // namespace onnx_ref
