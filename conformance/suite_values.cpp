// Value cycles of each flavor, per element type.
#include "conformance/suite_values.h"

#include <cmath>
#include <limits>
#include <vector>

#include "runtime/element_values.h"

namespace onnx_ref::suite {

namespace {

struct FloatFormat {
  double max;  // largest finite value
  double min_normal;
  double min_subnormal;  // 0 when the format has none
  double ulp_one;        // the spacing just above 1
  bool has_inf;
  bool has_nan;
  bool has_negative_zero;
  bool unsigned_only;  // float8e8m0: powers of two only
};

FloatFormat format_of(ElementType type) {
  const double inf = std::numeric_limits<double>::infinity();
  (void)inf;
  switch (type) {
    case ElementType::Float:
      return {std::ldexp(2 - std::ldexp(1, -23), 127),
              std::ldexp(1, -126),
              std::ldexp(1, -149),
              std::ldexp(1, -23),
              true,
              true,
              true,
              false};
    case ElementType::Double:
      return {std::numeric_limits<double>::max(),
              std::ldexp(1, -1022),
              std::ldexp(1, -1074),
              std::ldexp(1, -52),
              true,
              true,
              true,
              false};
    case ElementType::Float16:
      return {65504, std::ldexp(1, -14), std::ldexp(1, -24), std::ldexp(1, -10), true, true, true, false};
    case ElementType::BFloat16:
      return {std::ldexp(2 - std::ldexp(1, -7), 127),
              std::ldexp(1, -126),
              std::ldexp(1, -133),
              std::ldexp(1, -7),
              true,
              true,
              true,
              false};
    case ElementType::Float8E4M3FN:
      return {448, std::ldexp(1, -6), std::ldexp(1, -9), 0.125, false, true, true, false};
    case ElementType::Float8E4M3FNUZ:
      return {240, std::ldexp(1, -7), std::ldexp(1, -10), 0.125, false, true, false, false};
    case ElementType::Float8E5M2:
      return {57344, std::ldexp(1, -14), std::ldexp(1, -16), 0.25, true, true, true, false};
    case ElementType::Float8E5M2FNUZ:
      return {57344, std::ldexp(1, -15), std::ldexp(1, -17), 0.25, false, true, false, false};
    case ElementType::Float4E2M1:
      return {6, 1, 0.5, 0.5, false, false, true, false};
    case ElementType::Float8E8M0:
      return {std::ldexp(1, 127), std::ldexp(1, -127), 0, 1, false, true, false, true};
    default:
      return {};
  }
}

bool is_float(ElementType type) { return info(type).kind == ElementKind::Float; }

std::vector<double> float_cycle(ElementType type, ValueFlavor flavor) {
  const FloatFormat f = format_of(type);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> v;
  auto add = [&](double x) {
    if (std::isnan(x) && !f.has_nan) return;
    if (std::isinf(x) && !f.has_inf) return;
    if (x == 0 && std::signbit(x) && !f.has_negative_zero) return;
    if (f.unsigned_only && (x <= 0 || std::isinf(x))) return;
    if (std::isfinite(x) && std::fabs(x) > f.max) return;
    v.push_back(x);
  };
  switch (flavor) {
    case ValueFlavor::Ordinary:
      for (double x : {0.5, -1.25, 2.0, 0.125, -3.5, 1.0, -0.75, 4.0, 0.25, -2.0, 3.0, -0.125}) add(x);
      break;
    case ValueFlavor::Special:
      for (double x :
           {nan, 1.5, inf, -0.0, -inf, 0.0, 1.0, -1.0, f.max, -f.max, f.min_normal, -f.min_normal, 2.5, -0.5})
        add(x);
      if (f.min_subnormal > 0) add(f.min_subnormal);
      break;
    case ValueFlavor::Ties:
      for (double x : {0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.5, -3.5, 1 + f.ulp_one, f.ulp_one / 2, 1 - f.ulp_one / 2,
                       1 + 3 * f.ulp_one, 5.5, -4.5, 0.25, 1.0})
        add(x);
      break;
    case ValueFlavor::Subnormal:
      if (f.min_subnormal > 0)
        for (double x : {f.min_subnormal, -f.min_subnormal, 3 * f.min_subnormal, f.min_normal - f.min_subnormal,
                         -(f.min_normal - f.min_subnormal), f.min_normal, -f.min_normal, f.min_normal / 2, 0.0, -0.0,
                         2 * f.min_subnormal, 1.0})
          add(x);
      break;
    case ValueFlavor::Extremes:
      for (double x : {f.max, -f.max, f.max / 2, -f.max / 2, f.max * 0.75, 1.0, f.min_normal, -1.0, f.max / 4, 0.0})
        add(x);
      break;
  }
  return v;
}

struct IntRange {
  int64_t min;
  uint64_t max;
};

IntRange int_range(ElementType type) {
  const int bits = bits_of(type);
  if (info(type).kind == ElementKind::UnsignedInt) return {0, bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1};
  if (bits == 64) return {std::numeric_limits<int64_t>::min(), uint64_t{std::numeric_limits<int64_t>::max()}};
  return {-(int64_t{1} << (bits - 1)), (uint64_t{1} << (bits - 1)) - 1};
}

}  // namespace

std::string_view flavor_name(ValueFlavor flavor) {
  switch (flavor) {
    case ValueFlavor::Ordinary:
      return "ordinary";
    case ValueFlavor::Special:
      return "special";
    case ValueFlavor::Ties:
      return "ties";
    case ValueFlavor::Subnormal:
      return "subnormal";
    case ValueFlavor::Extremes:
      return "extremes";
  }
  return "?";
}

bool flavor_applies(ElementType type, ValueFlavor flavor) {
  if (flavor == ValueFlavor::Ordinary) return true;
  const ElementKind kind = info(type).kind;
  if (kind == ElementKind::Float) {
    if (type == ElementType::Float8E8M0) return flavor == ValueFlavor::Extremes || flavor == ValueFlavor::Special;
    return flavor != ValueFlavor::Subnormal || format_of(type).min_subnormal > 0;
  }
  if (kind == ElementKind::SignedInt || kind == ElementKind::UnsignedInt) return flavor == ValueFlavor::Extremes;
  return false;
}

Tensor flavored_tensor(ElementType type, const Shape& shape, ValueFlavor flavor, uint64_t seed) {
  Tensor t = Tensor::zeros(type, shape);
  const int64_t n = t.element_count();
  const ElementKind kind = info(type).kind;
  if (kind == ElementKind::String) {
    static const std::vector<std::string> words = {"onnx", "", "a", "Hello World", "123", "x y", "ÄÖü", "-1.5"};
    auto& strings = t.mutable_strings();
    for (int64_t i = 0; i < n; ++i) strings[i] = words[(i + seed) % words.size()];
    return t;
  }
  std::byte* data = t.mutable_data();
  if (kind == ElementKind::Boolean) {
    for (int64_t i = 0; i < n; ++i) write_int64(type, data, i, ((i + seed) % 3) != 1);
    return t;
  }
  if (kind == ElementKind::Complex) {
    const auto cycle = float_cycle(ElementType::Float, ValueFlavor::Ordinary);
    for (int64_t i = 0; i < n; ++i)
      write_complex(type, data, i, {cycle[(i + seed) % cycle.size()], cycle[(i + seed + 5) % cycle.size()]});
    return t;
  }
  if (is_float(type)) {
    auto cycle = float_cycle(type, flavor);
    if (cycle.empty()) cycle = float_cycle(type, ValueFlavor::Ordinary);
    for (int64_t i = 0; i < n; ++i) write_real(type, data, i, cycle[(i + seed) % cycle.size()]);
    return t;
  }
  const IntRange range = int_range(type);
  const bool is_unsigned = kind == ElementKind::UnsignedInt;
  if (flavor == ValueFlavor::Extremes || flavor == ValueFlavor::Special) {
    // min, max, min + 1, max - 1, -1, 0, 1, max / 2 + 1
    for (int64_t i = 0; i < n; ++i) {
      const int pick = static_cast<int>((i + seed) % 8);
      if (is_unsigned) {
        const uint64_t values[] = {0, range.max, 1, range.max - 1, range.max / 2 + 1, 0, 1, range.max / 2};
        write_uint64(type, data, i, values[pick]);
      } else {
        const int64_t max = static_cast<int64_t>(range.max);
        const int64_t values[] = {range.min, max, range.min + 1, max - 1, -1, 0, 1, max / 2 + 1};
        write_int64(type, data, i, values[pick]);
      }
    }
    return t;
  }
  for (int64_t i = 0; i < n; ++i) {
    const int64_t k = static_cast<int64_t>((i * 7 + seed * 3) % 11);  // 0..10
    if (is_unsigned)
      write_uint64(type, data, i, static_cast<uint64_t>(k) & range.max);
    else
      write_int64(type, data, i,
                  std::max<int64_t>(range.min, std::min<int64_t>(k - 5, static_cast<int64_t>(range.max))));
  }
  return t;
}

}  // namespace onnx_ref::suite
