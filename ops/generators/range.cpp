// ONNX Range, every version (11, 27).
// 11: T is float, double, int16, int32, int64. 27 adds float16 and bfloat16 and the attribute
// stash_type (1 = float, 11 = double), the precision of the function body's loop for those two.
//
// The spec defines the count as max(ceil((limit - start) / delta), 0) and element i as
// start + i * delta. onnx-ref computes both on the exact real values of the inputs:
// - Integers: in 128-bit arithmetic, so no difference or product overflows; every element lies
//   between start and limit, so it fits T.
// - Floating types: the count is the exact ceiling of the exact quotient, and element i is the
//   exact start + i * delta rounded once to T. The spec's function bodies compute differently
//   (limit - start rounded in T, the quotient in float, elements by repeated addition in T or in
//   stash_type), and ONNX's Python reference uses numpy's arange (start + i * delta in the element
//   type); they agree with the exact values whenever those steps are exact, as in every official
//   test, and otherwise differ only by their rounding. Because the exact value is already rounded
//   once, stash_type cannot change any result; it is still checked (float or double, for float16
//   and bfloat16 inputs, as the reference requires).
// - delta = 0 is an Error (the count would be infinite or undefined), as are infinite or NaN
//   inputs. A count above int64 (integers) or 2^62 (floats) is refused before anything is
//   allocated; smaller counts are refused by Tensor::uninitialized when beyond physical memory.
// start, limit and delta must be scalars (rank 0), as the spec says.
#include "ops/generators/range.h"

#include <bit>
#include <cmath>
#include <limits>
#include <string>

#include "numeric/exact_sum.h"
#include "ops/generators/register.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {
std::string to_text(__int128 v) {
  if (v == 0) return "0";
  const bool neg = v < 0;
  unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  while (u) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return neg ? "-" + s : s;
}

std::string to_text(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}
}  // namespace

int64_t range_count_integer(int64_t start, int64_t limit, int64_t delta) {
  if (delta == 0)
    throw Error("Range's delta is 0: the element count max(ceil((limit - start) / delta), 0) is undefined");
  const __int128 diff = static_cast<__int128>(limit) - start;
  __int128 n;
  if (delta > 0)
    n = diff <= 0 ? 0 : (diff + delta - 1) / delta;
  else
    n = diff >= 0 ? 0 : (-diff + (-static_cast<__int128>(delta)) - 1) / -static_cast<__int128>(delta);
  if (n > std::numeric_limits<int64_t>::max())
    throw Error("Range(start = " + std::to_string(start) + ", limit = " + std::to_string(limit) + ", delta = " +
                std::to_string(delta) + ") would hold " + to_text(n) + " elements, more than int64 can count");
  return static_cast<int64_t>(n);
}

namespace {
// Whether start + n * delta is at or beyond limit in delta's direction, exactly.
bool reaches_limit(double start, double limit, double delta, int64_t n) {
  ExactSum s;
  s.add(start);
  s.add(-limit);
  s.add_product(static_cast<uint64_t>(n), delta);
  const int sign = s.sign();
  return delta > 0 ? sign >= 0 : sign <= 0;
}
}  // namespace

int64_t range_count_floating(double start, double limit, double delta) {
  if (!std::isfinite(start) || !std::isfinite(limit) || !std::isfinite(delta))
    throw Error("Range needs finite start, limit and delta; got start = " + to_text(start) +
                ", limit = " + to_text(limit) + ", delta = " + to_text(delta));
  if (delta == 0)
    throw Error("Range's delta is 0: the element count max(ceil((limit - start) / delta), 0) is undefined");
  // The count is the smallest n >= 0 with start + n * delta at or beyond limit. The quotient in
  // double (relative error below 2^-50 when finite) places it within 2 of that n when below 2^62;
  // exact comparisons settle it.
  const double q = (limit - start) / delta;
  constexpr double kCap = 4611686018427387904.0;  // 2^62
  if (!(q <= kCap))
    throw Error("Range(start = " + to_text(start) + ", limit = " + to_text(limit) + ", delta = " + to_text(delta) +
                ") would hold about " + to_text(q) + " elements, more than can ever be allocated");
  int64_t n = q <= 0 ? 0 : static_cast<int64_t>(std::ceil(q));
  while (n > 0 && reaches_limit(start, limit, delta, n - 1)) --n;
  while (!reaches_limit(start, limit, delta, n)) ++n;
  return n;
}

double range_element(double start, double delta, int64_t i, bool to_odd) {
  if (i < (int64_t{1} << 29)) {
    // Fast path: i * delta is exact in double when the product of i and delta's significand fits
    // 53 bits (always for float, float16 and bfloat16 values, whose significands have at most 24).
    const auto bits = std::bit_cast<uint64_t>(delta);
    uint64_t m = bits & ((uint64_t{1} << 52) - 1);
    if ((bits >> 52) & 0x7ff) m |= uint64_t{1} << 52;
    if (m != 0) m >>= std::countr_zero(m);
    if (static_cast<unsigned __int128>(m) * static_cast<uint64_t>(i) < (static_cast<unsigned __int128>(1) << 53)) {
      const double p = static_cast<double>(i) * delta;
      const double s = p + start;
      if (!to_odd) return s;  // one rounding of the exact p + start
      const double sv = s - p;
      const double err = (p - (s - sv)) + (start - sv);
      if (err == 0 || (std::bit_cast<uint64_t>(s) & 1)) return s;
      return std::nextafter(
          s, err > 0 ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity());
    }
  }
  ExactSum sum;
  sum.add(start);
  sum.add_product(static_cast<uint64_t>(i), delta);
  return to_odd ? sum.round_odd() : sum.round_nearest();
}

namespace {

template <class S>
double scalar_value(const Tensor& t) {
  return widen(*t.data_as<S>());
}

// The kernel takes `stash_type` (nullopt: absent), read at load; it matters for half types only.
std::vector<Value> range_kernel(const KernelContext& ctx, const std::optional<int64_t>& stash_type) {
  const char* names[] = {"start", "limit", "delta"};
  // A scalar, or a 1-D tensor of one element: ONNX's own function bodies (RMSNormalization-23,
  // AffineGrid-20) feed Range such tensors, so the spec's definitions need them to work.
  for (size_t k = 0; k < 3; ++k)
    if (ctx.input(k).rank() > 1 || ctx.input(k).element_count() != 1)
      throw Error(std::string("Range's ") + names[k] + " must be a scalar, but it is " + ctx.input(k).describe());
  const ElementType type = ctx.input(0).type();
  if ((type == ElementType::Float16 || type == ElementType::BFloat16) && stash_type) {
    const int64_t stash = *stash_type;
    if (stash != 1 && stash != 11)
      throw Error("attribute 'stash_type' = " + std::to_string(stash) + " is neither 1 (float) nor 11 (double)");
  }
  return {dispatch_real(type, [&](auto tag) -> Tensor {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<S>) {
      const S start = *ctx.input(0).data_as<S>(), limit = *ctx.input(1).data_as<S>(),
              delta = *ctx.input(2).data_as<S>();
      const int64_t n = range_count_integer(start, limit, delta);
      Tensor out = Tensor::uninitialized(type, {n});
      S* y = reinterpret_cast<S*>(out.mutable_data());
      for (int64_t i = 0; i < n; ++i)
        y[i] = static_cast<S>(static_cast<__int128>(start) + static_cast<__int128>(i) * delta);
      return out;
    } else if constexpr (is_float_storage<S>) {
      const double start = scalar_value<S>(ctx.input(0)), limit = scalar_value<S>(ctx.input(1)),
                   delta = scalar_value<S>(ctx.input(2));
      const int64_t n = range_count_floating(start, limit, delta);
      Tensor out = Tensor::uninitialized(type, {n});
      S* y = reinterpret_cast<S*>(out.mutable_data());
      constexpr bool is_double = std::is_same_v<S, double>;
      for (int64_t i = 0; i < n; ++i) y[i] = narrow<S>(range_element(start, delta, i, !is_double));
      return out;
    } else {
      throw std::logic_error("Range: no kernel for " + std::string(name_of(type)));
    }
  })};
}

OpVersion range_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Range";
  v.since_version = since_version;
  v.inputs = {{"start", "T"}, {"limit", "T"}, {"delta", "T"}};
  v.outputs = {{"output", "T"}};
  if (since_version >= 27) v.attributes = {{"stash_type", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T", types}};
  v.set_kernel(
      [](const Attributes& attrs) {
        return attrs.has("stash_type") ? std::optional(attrs.get_int("stash_type")) : std::nullopt;
      },
      range_kernel);
  return v;
}

}  // namespace

void register_range(Registry& registry) {
  using T = ElementType;
  const TypeSet v11{T::Float, T::Double, T::Int16, T::Int32, T::Int64};
  registry.add(range_version(11, v11));
  registry.add(range_version(27, v11.with({T::Float16, T::BFloat16})));
  registry.declare_accuracy(
      "Range", {AccuracyKind::CorrectlyRounded, "element i is the exact start + i delta rounded once; integers exact"});
}

}  // namespace onnx_ref
