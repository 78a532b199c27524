#pragma once
// The element-type sets the ONNX spec grows over the opsets. Each operator version names the set
// its type variable allows, so a version table reads like the spec's "Type Constraints".
#include "runtime/element_type.h"

namespace onnx_ref::type_sets {

using T = ElementType;

// float16, float, double: the T of the first operator versions (Reshape-1, Flatten-1).
inline const TypeSet kFloats{T::Float16, T::Float, T::Double};
// The 15 classic types, codes 1 to 15 (ONNX's "all tensor types" until bfloat16 arrived).
inline const TypeSet kClassic{T::Float,  T::UInt8,  T::Int8,   T::UInt16,    T::Int16,
                              T::Int32,  T::Int64,  T::String, T::Bool,      T::Float16,
                              T::Double, T::UInt32, T::UInt64, T::Complex64, T::Complex128};
inline const TypeSet kWithBFloat16 = kClassic.with({T::BFloat16});
inline const TypeSet kWithFloat8 =
    kWithBFloat16.with({T::Float8E4M3FN, T::Float8E4M3FNUZ, T::Float8E5M2, T::Float8E5M2FNUZ});
inline const TypeSet kWithInt4 = kWithFloat8.with({T::UInt4, T::Int4});
inline const TypeSet kWithFloat4 = kWithInt4.with({T::Float4E2M1});
inline const TypeSet kWithFloat8E8M0 = kWithFloat4.with({T::Float8E8M0});
inline const TypeSet kWithInt2 = kWithFloat8E8M0.with({T::UInt2, T::Int2});

inline const TypeSet kInt64{T::Int64};
inline const TypeSet kIntegers{T::Int8, T::Int16, T::Int32, T::Int64, T::UInt8, T::UInt16, T::UInt32, T::UInt64};

// ONNX's own names for the sets above (onnx/defs/schema.h: all_tensor_types, _ir4, _ir9, ...):
// "every tensor type" as each IR version grew it.
inline const TypeSet& kAllTensorTypes = kClassic;             // IR 3
inline const TypeSet& kAllTensorTypesIR4 = kWithBFloat16;     // + bfloat16
inline const TypeSet& kAllTensorTypesIR9 = kWithFloat8;       // + float8e4m3fn, e4m3fnuz, e5m2, e5m2fnuz
inline const TypeSet& kAllTensorTypesIR10 = kWithInt4;        // + uint4, int4
inline const TypeSet& kAllTensorTypesIR11 = kWithFloat4;      // + float4e2m1
inline const TypeSet& kAllTensorTypesIR12 = kWithFloat8E8M0;  // + float8e8m0
inline const TypeSet& kAllTensorTypesIR13 = kWithInt2;        // + uint2, int2

// Numeric subsets: no string, bool or complex.
inline const TypeSet kAllNumericTypes = kIntegers.with({T::Float16, T::Float, T::Double});
inline const TypeSet kAllNumericTypesIR4 = kAllNumericTypes.with({T::BFloat16});
inline const TypeSet kFloatsIR4 = kFloats.with({T::BFloat16});  // float16, float, double, bfloat16
inline const TypeSet kBool{T::Bool};
inline const TypeSet kInt32Int64{T::Int32, T::Int64};  // the usual index type (Tind)

}  // namespace onnx_ref::type_sets
