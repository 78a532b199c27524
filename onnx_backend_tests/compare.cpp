// Output comparison with ONNX's conventions (numpy.testing.assert_allclose semantics).
#include <cmath>
#include <sstream>

#include "onnx_backend_tests/harness.h"
#include "runtime/element_values.h"

namespace onnx_ref {

namespace {

std::string index_of(const Shape& shape, int64_t flat) {
  std::vector<int64_t> index(shape.size());
  for (size_t i = shape.size(); i-- > 0;) {
    index[i] = shape[i] ? flat % shape[i] : 0;
    flat = shape[i] ? flat / shape[i] : 0;
  }
  return shape_to_string(index);
}

std::string number(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

bool within_tolerance(double actual, double expected, const Tolerance& tol) {
  if (std::isnan(actual) || std::isnan(expected)) return std::isnan(actual) && std::isnan(expected);
  if (std::isinf(actual) || std::isinf(expected)) return actual == expected;
  return std::fabs(actual - expected) <= tol.atol + tol.rtol * std::fabs(expected);
}

}  // namespace

std::optional<std::string> compare_tensors(const Tensor& actual, const Tensor& expected, const Tolerance& tolerance) {
  if (actual.type() != expected.type() || actual.shape() != expected.shape())
    return "got " + actual.describe() + ", expected " + expected.describe();
  const ElementType type = actual.type();
  const Shape& shape = actual.shape();
  if (type == ElementType::String) {
    for (size_t i = 0; i < actual.strings().size(); ++i)
      if (actual.strings()[i] != expected.strings()[i])
        return "element " + index_of(shape, static_cast<int64_t>(i)) + ": the strings differ";
    return std::nullopt;
  }
  const auto kind = info(type).kind;
  for (int64_t i = 0; i < actual.element_count(); ++i) {
    if (kind == ElementKind::Float) {
      const double a = read_real(type, actual.data(), i), e = read_real(type, expected.data(), i);
      if (!within_tolerance(a, e, tolerance))
        return "element " + index_of(shape, i) + ": got " + number(a) + ", expected " + number(e);
    } else if (kind == ElementKind::Complex) {
      const auto a = read_complex(type, actual.data(), i), e = read_complex(type, expected.data(), i);
      if (!within_tolerance(a.real(), e.real(), tolerance) || !within_tolerance(a.imag(), e.imag(), tolerance))
        return "element " + index_of(shape, i) + ": got (" + number(a.real()) + ", " + number(a.imag()) +
               "), expected (" + number(e.real()) + ", " + number(e.imag()) + ")";
    } else if (read_bits(type, actual.data(), i) != read_bits(type, expected.data(), i)) {
      const bool is_unsigned = kind == ElementKind::UnsignedInt;
      auto show = [&](const Tensor& t) {
        return is_unsigned ? std::to_string(read_uint64(type, t.data(), i)) : std::to_string(read_int64(type, t.data(), i));
      };
      return "element " + index_of(shape, i) + ": got " + show(actual) + ", expected " + show(expected);
    }
  }
  return std::nullopt;
}

}  // namespace onnx_ref
