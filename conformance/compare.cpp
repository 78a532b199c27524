// Output comparison with ONNX's conventions (numpy.testing.assert_allclose semantics). A mismatch is
// reported whole: how many elements differ, the first one, the largest absolute, relative and ulp
// errors over the tensor, and the tolerance used, so one line says how far off an output is.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "conformance/harness.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

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

// The shortest text that reads back to the same double: 1e-07, not 9.9999999999999995e-08.
std::string number(double v) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, v).ptr;
  return std::string(text, end);
}

bool within_tolerance(double actual, double expected, const Tolerance& tol) {
  // The values are exact doubles of the elements, and each value of a format has one encoding apart
  // from NaN's payloads, so equal values with equal signs are equal bits.
  if (tol.exact)
    return (std::isnan(actual) && std::isnan(expected)) ||
           (actual == expected && std::signbit(actual) == std::signbit(expected));
  if (std::isnan(actual) || std::isnan(expected)) return std::isnan(actual) && std::isnan(expected);
  if (std::isinf(actual) || std::isinf(expected)) return actual == expected;
  return std::fabs(actual - expected) <= tol.atol + tol.rtol * std::fabs(expected);
}

// The element's bits as a position on the number line of its format: adjacent values differ by 1,
// and +0 and -0 are both 0. Every float format is sign-magnitude except float8e8m0 (no sign bit).
int64_t ordered_position(ElementType type, uint64_t bits) {
  const int width = bits_of(type);
  if (type == ElementType::Float8E8M0) return static_cast<int64_t>(bits);
  const uint64_t sign = uint64_t{1} << (width - 1);
  const auto magnitude = static_cast<int64_t>(bits & (sign - 1));
  return (bits & sign) ? -magnitude : magnitude;
}

// What a mismatching real or complex tensor reports: the errors over all finite element pairs.
struct ErrorSummary {
  int64_t differing = 0;
  int64_t first = -1;
  std::string first_text;
  double max_abs = 0, max_rel = 0;
  uint64_t max_ulp = 0;
  bool has_ulp = false;

  void add_finite_pair(double a, double e) {
    if (!std::isfinite(a) || !std::isfinite(e)) return;
    const double abs_error = std::fabs(a - e);
    max_abs = std::max(max_abs, abs_error);
    if (e != 0) max_rel = std::max(max_rel, abs_error / std::fabs(e));
  }
  void add_ulp(ElementType type, uint64_t a_bits, uint64_t e_bits) {
    const int64_t a = ordered_position(type, a_bits), e = ordered_position(type, e_bits);
    max_ulp = std::max(max_ulp, a > e ? static_cast<uint64_t>(a) - static_cast<uint64_t>(e)
                                      : static_cast<uint64_t>(e) - static_cast<uint64_t>(a));
    has_ulp = true;
  }
  void add_mismatch(int64_t index, std::string text) {
    if (differing++ == 0) {
      first = index;
      first_text = std::move(text);
    }
  }
  std::string report(const Shape& shape, int64_t count, const Tolerance& tol) const {
    const std::string rule = tol.exact ? "bit for bit" : "atol " + number(tol.atol) + ", rtol " + number(tol.rtol);
    std::string s = std::to_string(differing) + " of " + std::to_string(count) + " elements differ (" + rule +
                    "); first at " + index_of(shape, first) + ": " + first_text + "; max abs error " + number(max_abs) +
                    ", max rel error " + number(max_rel);
    if (has_ulp) s += ", max " + std::to_string(max_ulp) + " ulp";
    return s;
  }
};

// Strings are shown quoted and cut to a readable length.
std::string shown_string(const std::string& s) {
  constexpr size_t kShown = 60;
  return s.size() <= kShown ? quote_text(s) : quote_text(s.substr(0, kShown)) + "...";
}

std::optional<std::string> compare_strings(const Tensor& actual, const Tensor& expected) {
  const Shape& shape = actual.shape();
  int64_t differing = 0, first = -1;
  for (size_t i = 0; i < actual.strings().size(); ++i)
    if (actual.strings()[i] != expected.strings()[i] && differing++ == 0) first = static_cast<int64_t>(i);
  if (!differing) return std::nullopt;
  const auto f = static_cast<size_t>(first);
  return std::to_string(differing) + " of " + std::to_string(actual.element_count()) + " strings differ; first at " +
         index_of(shape, first) + ": got " + shown_string(actual.strings()[f]) + ", expected " +
         shown_string(expected.strings()[f]);
}

std::optional<std::string> compare_integers(const Tensor& actual, const Tensor& expected) {
  const ElementType type = actual.type();
  const bool is_unsigned = info(type).kind == ElementKind::UnsignedInt;
  auto show = [&](const Tensor& t, int64_t i) {
    return is_unsigned ? std::to_string(read_uint64(type, t.data(), i)) : std::to_string(read_int64(type, t.data(), i));
  };
  int64_t differing = 0, first = -1;
  for (int64_t i = 0; i < actual.element_count(); ++i)
    if (read_bits(type, actual.data(), i) != read_bits(type, expected.data(), i) && differing++ == 0) first = i;
  if (!differing) return std::nullopt;
  return std::to_string(differing) + " of " + std::to_string(actual.element_count()) + " elements differ; first at " +
         index_of(actual.shape(), first) + ": got " + show(actual, first) + ", expected " + show(expected, first);
}

}  // namespace

void Tolerance::check() const {
  for (const auto& [option, value] : {std::pair<const char*, double>{"--rtol", rtol}, {"--atol", atol}}) {
    if (value >= 0 && std::isfinite(value)) continue;
    std::ostringstream text;
    text << option << " " << value << " is not a finite number >= 0";
    throw Error(text.str());
  }
}

std::optional<std::string> compare_tensors(const Tensor& actual, const Tensor& expected, const Tolerance& tolerance) {
  return measure_errors(actual, expected, tolerance).mismatch;
}

TensorErrors measure_errors(const Tensor& actual, const Tensor& expected, const Tolerance& tolerance) {
  auto verdict_only = [](std::optional<std::string> mismatch) {
    TensorErrors errors;
    errors.mismatch = std::move(mismatch);
    return errors;
  };
  if (actual.type() != expected.type() || actual.shape() != expected.shape())
    return verdict_only("got " + actual.describe() + ", expected " + expected.describe());
  const ElementType type = actual.type();
  if (type == ElementType::String) return verdict_only(compare_strings(actual, expected));
  const auto kind = info(type).kind;
  if (kind != ElementKind::Float && kind != ElementKind::Complex)
    return verdict_only(compare_integers(actual, expected));
  ErrorSummary summary;
  for (int64_t i = 0; i < actual.element_count(); ++i) {
    if (kind == ElementKind::Float) {
      const double a = read_real(type, actual.data(), i), e = read_real(type, expected.data(), i);
      summary.add_finite_pair(a, e);
      if (!std::isnan(a) && !std::isnan(e))
        summary.add_ulp(type, read_bits(type, actual.data(), i), read_bits(type, expected.data(), i));
      if (!within_tolerance(a, e, tolerance)) summary.add_mismatch(i, "got " + number(a) + ", expected " + number(e));
    } else {
      const auto a = read_complex(type, actual.data(), i), e = read_complex(type, expected.data(), i);
      summary.add_finite_pair(a.real(), e.real());
      summary.add_finite_pair(a.imag(), e.imag());
      if (!within_tolerance(a.real(), e.real(), tolerance) || !within_tolerance(a.imag(), e.imag(), tolerance))
        summary.add_mismatch(i, "got (" + number(a.real()) + ", " + number(a.imag()) + "), expected (" +
                                    number(e.real()) + ", " + number(e.imag()) + ")");
    }
  }
  TensorErrors errors;
  errors.max_abs = summary.max_abs;
  errors.max_rel = summary.max_rel;
  if (summary.has_ulp) errors.max_ulp = summary.max_ulp;
  if (summary.differing) errors.mismatch = summary.report(actual.shape(), actual.element_count(), tolerance);
  return errors;
}

}  // namespace onnx_ref
