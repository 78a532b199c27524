// Cast and CastLike: runtime/cast.cpp against references computed independently from exact values
// (exhaustive over every 8-bit float pattern into every other float type, and every float16 and
// bfloat16 pattern into the float8 types and float4e2m1), integer extremes, strings both ways, the
// packed types, float8e8m0 rounding, the version-specific rules, and the attribute checks at load.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "model_builder.h"
#include "runtime/cast.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;
using onnx_ref::testing::ModelBuilder;
using T = ElementType;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A tensor of `type` holding the given bit patterns (packed for 4-bit types).
Tensor from_bits(T type, const std::vector<uint32_t>& bits) {
  Tensor t = Tensor::zeros(type, {static_cast<int64_t>(bits.size())});
  for (size_t i = 0; i < bits.size(); ++i) {
    const int64_t k = static_cast<int64_t>(i);
    switch (bits_of(type)) {
      case 4:
        write_uint64(T::UInt4, t.mutable_data(), k, bits[i] & 0xF);
        break;
      case 8:
        reinterpret_cast<uint8_t*>(t.mutable_data())[i] = static_cast<uint8_t>(bits[i]);
        break;
      case 16:
        std::memcpy(t.mutable_data() + 2 * i, &bits[i], 2);
        break;
      default:
        FAIL("from_bits: unsupported width");
    }
  }
  return t;
}

Tensor doubles(const std::vector<double>& v) {
  return Tensor::from_values(T::Double, {static_cast<int64_t>(v.size())}, v);
}
Tensor floats(const std::vector<float>& v) {
  return Tensor::from_values(T::Float, {static_cast<int64_t>(v.size())}, v);
}
Tensor int64s(const std::vector<int64_t>& v) {
  return Tensor::from_values(T::Int64, {static_cast<int64_t>(v.size())}, v);
}
Tensor uint64s(const std::vector<uint64_t>& v) {
  return Tensor::from_values(T::UInt64, {static_cast<int64_t>(v.size())}, v);
}
Tensor strings(const std::vector<std::string>& v) { return Tensor::from_strings({static_cast<int64_t>(v.size())}, v); }

double value_at(const Tensor& t, int64_t i) { return read_real(t.type(), t.data(), i); }
uint64_t bits_at(const Tensor& t, int64_t i) { return read_bits(t.type(), t.data(), i); }

std::string cast_error(const Tensor& in, T to, CastOptions options = {}) {
  try {
    cast_tensor(in, to, options);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

// ---- the independent reference for rounding into a small float type ----

struct Code {
  double value;
  uint32_t bits;
};

// Every finite non-negative value of `type` (one code per value; +0 for zero).
std::vector<Code> finite_codes(T type) {
  std::map<double, uint32_t> by_value;
  const uint32_t patterns = 1u << bits_of(type);
  for (uint32_t b = 0; b < patterns; ++b) {
    const double v = decode_small_float(type, b);
    if (std::isfinite(v) && !std::signbit(v) && !by_value.count(v)) by_value[v] = b;
  }
  std::vector<Code> codes;
  for (auto [v, b] : by_value) codes.push_back({v, b});
  return codes;
}

bool has_infinity(T type) { return type == T::Float16 || type == T::BFloat16 || type == T::Float8E5M2; }
bool is_fnuz_type(T type) { return type == T::Float8E4M3FNUZ || type == T::Float8E5M2FNUZ; }
bool is_float8(T type) {
  return type == T::Float8E4M3FN || type == T::Float8E4M3FNUZ || type == T::Float8E5M2 || type == T::Float8E5M2FNUZ;
}

// What Cast must give for the exact value x (not NaN) into `type`, as a double (NaN for NaN), by
// searching the type's values: nearest, ties to the even code, then the overflow rules of the spec.
double reference_round(T type, double x, bool saturate) {
  static std::map<T, std::vector<Code>> cache;
  auto& codes = cache[type];
  if (codes.empty()) codes = finite_codes(type);
  const bool negative = std::signbit(x);
  const double m = std::fabs(x);
  const double max = codes.back().value;
  auto overflow = [&]() -> double {
    if (type == T::Float4E2M1 || (saturate && is_float8(type))) return negative ? -max : max;
    if (has_infinity(type)) return negative ? -kInf : kInf;
    return kNaN;
  };
  if (std::isinf(m)) return overflow();
  double result;
  // The spacing above max continues that of the top binade: the midpoint is max + ulp/2.
  const double ulp_top = max - codes[codes.size() - 2].value;
  if (m > max) {
    const double midpoint = max + ulp_top / 2;
    if (m > midpoint || (m == midpoint && (codes.back().bits & 1))) return overflow();
    result = max;
  } else {
    auto hi = std::lower_bound(codes.begin(), codes.end(), m, [](const Code& c, double v) { return c.value < v; });
    if (hi->value == m) {
      result = m;
    } else {
      auto lo = hi - 1;
      const double dl = m - lo->value, dh = hi->value - m;
      result = dl < dh ? lo->value : dh < dl ? hi->value : ((lo->bits & 1) == 0 ? lo->value : hi->value);
    }
  }
  if (result == 0 && is_fnuz_type(type)) return 0.0;
  return negative ? -result : result;
}

bool same_value(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

const T kSmallFloats[] = {T::Float16,    T::BFloat16,       T::Float8E4M3FN, T::Float8E4M3FNUZ,
                          T::Float8E5M2, T::Float8E5M2FNUZ, T::Float4E2M1};
const T k8BitFloats[] = {T::Float8E4M3FN, T::Float8E4M3FNUZ, T::Float8E5M2, T::Float8E5M2FNUZ, T::Float8E8M0};

std::vector<uint32_t> all_patterns(T type) {
  std::vector<uint32_t> v(1u << bits_of(type));
  for (uint32_t i = 0; i < v.size(); ++i) v[i] = i;
  return v;
}

}  // namespace

namespace {

Model cast_model(int opset, const std::function<void(onnx::NodeProto&)>& attrs, T in = T::Float) {
  ModelBuilder b(opset);
  b.input("x", in, {2}).output("y");
  attrs(b.node("Cast", {"x"}, {"y"}));
  return b.build();
}

std::string cast_load_error(int opset, const std::function<void(onnx::NodeProto&)>& attrs, T in = T::Float) {
  try {
    cast_model(opset, attrs, in);
  } catch (const Error& e) {
    return e.what();
  }
  return "(loaded)";
}

void set_int(onnx::NodeProto& n, const std::string& name, int64_t v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(v);
}
void set_string(onnx::NodeProto& n, const std::string& name, const std::string& v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(v);
}

}  // namespace
