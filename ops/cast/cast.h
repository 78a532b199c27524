#pragma once
// What Cast and CastLike share: the element types each version converts between, and how the
// `to`, `saturate` and `round_mode` attributes read.
#include <optional>
#include <string>

#include "ops/registry.h"
#include "ops/type_sets.h"
#include "runtime/cast.h"

namespace onnx_ref::cast_ops {

using T = ElementType;

// Cast's T1 and T2: ONNX's "all tensor types" of each IR version without complex64 and complex128
// ("Casting from complex is not supported").
inline const TypeSet kCastTypes{T::Float, T::UInt8, T::Int8,    T::UInt16, T::Int16,  T::Int32,
                                T::Int64, T::Bool,  T::Float16, T::Double, T::UInt32, T::UInt64};  // Cast-1, 6
inline const TypeSet kCastTypesIR3 = kCastTypes.with({T::String});                                 // Cast-9
inline const TypeSet kCastTypesIR4 = kCastTypesIR3.with({T::BFloat16});                            // 13, CastLike-15
inline const TypeSet kCastTypesIR9 =
    kCastTypesIR4.with({T::Float8E4M3FN, T::Float8E4M3FNUZ, T::Float8E5M2, T::Float8E5M2FNUZ});  // 19
inline const TypeSet kCastTypesIR10 = kCastTypesIR9.with({T::UInt4, T::Int4});                   // 21
inline const TypeSet kCastTypesIR11 = kCastTypesIR10.with({T::Float4E2M1});                      // 23
inline const TypeSet kCastTypesIR12 = kCastTypesIR11.with({T::Float8E8M0});                      // 24
inline const TypeSet kCastTypesIR13 = kCastTypesIR12.with({T::UInt2, T::Int2});                  // 25

// Cast-1's `to` names a type as the TensorProto.DataType enum does ("FLOAT", "INT64", "FLOAT16");
// nullopt for anything else (lower case included).
std::optional<ElementType> element_type_from_enum_name(const std::string& name);

// `saturate` (from version 19) must be 0 or 1; `round_mode` (from 24) "up", "down" or "nearest".
void check_saturate_and_round_mode(const Attributes& attrs);
// The CastOptions of a node of version `since_version` (defaults where it has no such attribute).
CastOptions cast_options(const Attributes& attrs, int since_version);

}  // namespace onnx_ref::cast_ops
