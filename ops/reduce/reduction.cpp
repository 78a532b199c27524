// The reduction engine: axis rules, the exact accumulator and the ReduceSum/ReduceProd kernels.
// See ops/reduce/reduction.h for the precision each kernel gives and why.
#include "ops/reduce/reduction.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

#include "ops/shape_input.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

std::vector<int64_t> normalize_reduce_axes(std::span<const int64_t> axes, int64_t rank, bool negative_allowed) {
  std::vector<int64_t> out;
  std::vector<int64_t> seen_at(static_cast<size_t>(rank), -1);
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t a = axes[i];
    const bool in_range = negative_allowed ? (a >= -rank && a < rank) : (a >= 0 && a < rank);
    if (!in_range) {
      const std::string valid = rank == 0 ? "none: the input is a scalar"
                                : negative_allowed ? std::to_string(-rank) + " to " + std::to_string(rank - 1)
                                                   : "0 to " + std::to_string(rank - 1);
      throw Error("axes[" + std::to_string(i) + "] = " + std::to_string(a) + " is out of range for an input of rank " +
                  std::to_string(rank) + " (valid: " + valid + ")");
    }
    const int64_t n = a < 0 ? a + rank : a;
    if (seen_at[static_cast<size_t>(n)] >= 0)
      throw Error("axes[" + std::to_string(seen_at[static_cast<size_t>(n)]) + "] and axes[" + std::to_string(i) +
                  "] both name axis " + std::to_string(n) + "; an axis may be reduced only once");
    seen_at[static_cast<size_t>(n)] = static_cast<int64_t>(i);
    out.push_back(n);
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {
// Whether axis d is reduced: every axis when `axes` is empty.
std::vector<bool> reduced_mask(size_t rank, std::span<const int64_t> axes) {
  std::vector<bool> mask(rank, axes.empty());
  for (int64_t a : axes) mask[static_cast<size_t>(a)] = true;
  return mask;
}
}  // namespace

Shape reduce_output_shape(const Shape& input, std::span<const int64_t> axes, bool keepdims) {
  const std::vector<bool> mask = reduced_mask(input.size(), axes);
  Shape out;
  for (size_t d = 0; d < input.size(); ++d) {
    if (!mask[d]) out.push_back(input[d]);
    else if (keepdims) out.push_back(1);
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Kernels over one contiguous run of `n` elements.

namespace {

constexpr int64_t kBlock = 1024;  // 2^10 elements: the headroom the fast path's exactness bound uses

const float* float16_table() {
  static const std::vector<float> table = [] {
    std::vector<float> t(65536);
    for (uint32_t b = 0; b < 65536; ++b) t[b] = static_cast<float>(decode_small_float(ElementType::Float16, b));
    return t;
  }();
  return table.data();
}

// Exactly x + y = s + err (Knuth's TwoSum), for finite values whose sum does not overflow.
inline double two_sum(double x, double y, double& err) {
  const double s = x + y;
  const double yv = s - x;
  err = (x - (s - yv)) + (y - yv);
  return s;
}

template <class S>
bool is_negative_zero(S v) {
  if constexpr (std::is_same_v<S, float>) return std::bit_cast<uint32_t>(v) == 0x80000000u;
  else if constexpr (std::is_same_v<S, double>) return std::bit_cast<uint64_t>(v) == (uint64_t{1} << 63);
  else return v.bits == 0x8000;
}

// IEEE addition gives -0 for an exactly zero sum only when every addend is -0.
template <class S>
bool all_negative_zero(const S* x, int64_t n) {
  if (n == 0) return false;
  for (int64_t i = 0; i < n; ++i)
    if (!is_negative_zero(x[i])) return false;
  return true;
}

// One pass over a block of at most kBlock floats: the largest and the smallest non-zero magnitude
// (as bits: the exponent is bits >> 23) and the sum in double, added in an order that vectorizes.
// The sum is only used when the magnitudes show it is exact. Built for AVX2 as well where the
// compiler can, chosen at run time.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
double scan_float_block(const float* f, int64_t len, uint32_t& max_bits, uint32_t& min_bits_minus_one) {
  uint32_t mx = 0, mn = 0x7fffffff;
  for (int64_t i = 0; i < len; ++i) {
    uint32_t a;
    std::memcpy(&a, f + i, 4);
    a &= 0x7fffffff;
    mx = std::max(mx, a);
    mn = std::min(mn, (a - 1) & 0x7fffffff);  // zeros become 0x7fffffff and drop out
  }
  double acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int64_t i = 0;
  for (; i + 8 <= len; i += 8)
    for (int j = 0; j < 8; ++j) acc[j] += static_cast<double>(f[i + j]);
  for (; i < len; ++i) acc[0] += static_cast<double>(f[i]);
  max_bits = mx;
  min_bits_minus_one = mn;
  return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
}

// Sum of float, bfloat16 or float16 elements: blocks of up to 2^10 elements are added in double when
// that is provably exact, the block sums are added with TwoSum, and whatever TwoSum could not hold
// (and every block the fast path cannot take) goes to an ExactSum, created only when needed.
// A block is exact in double when each element is a multiple of u = 2^(Emin - 127 - (P - 1)) (Emin the
// smallest exponent in the block, P the precision) and below 2^(Emax - 126): every partial sum is
// then a multiple of u below 2^(10 + (Emax - Emin) + P) u, which fits 53 bits when the exponent
// spread is at most 53 - 10 - P. float16 values are multiples of 2^-24 below 2^16: always exact.
template <class S>
S sum_small_float_run(const S* x, int64_t n) {
  constexpr int precision = std::is_same_v<S, float> ? 24 : std::is_same_v<S, BFloat16Bits> ? 8 : 11;
  constexpr bool always_exact = std::is_same_v<S, Float16Bits>;
  constexpr uint32_t max_spread = 53 - 10 - precision;
  const float* f16 = always_exact ? float16_table() : nullptr;
  float buffer[kBlock];
  double total = 0;
  std::unique_ptr<ExactSum> exact;  // on the heap: most runs never need it, and it is 600 bytes to clear
  auto spill = [&](double v) {
    if (!exact) exact = std::make_unique<ExactSum>();
    exact->add(v);
  };
  for (int64_t b0 = 0; b0 < n; b0 += kBlock) {
    const int64_t len = std::min(kBlock, n - b0);
    const float* f;
    if constexpr (std::is_same_v<S, float>) {
      f = x + b0;
    } else {
      for (int64_t i = 0; i < len; ++i) {
        if constexpr (always_exact) buffer[i] = f16[x[b0 + i].bits];
        else buffer[i] = std::bit_cast<float>(static_cast<uint32_t>(x[b0 + i].bits) << 16);
      }
      f = buffer;
    }
    uint32_t mx, mn;
    const double block = scan_float_block(f, len, mx, mn);
    if (mx == 0) continue;
    bool fast = mx < 0x7f800000;  // no infinity or NaN
    if (fast && !always_exact) {
      const uint32_t emax = std::max<uint32_t>(mx >> 23, 1), emin = std::max<uint32_t>((mn + 1) >> 23, 1);
      fast = emax - emin <= max_spread;
    }
    if (!fast) {  // the block's double sum may be inexact: add each element exactly instead
      for (int64_t i = 0; i < len; ++i) spill(f[i]);
      continue;
    }
    double err;
    total = two_sum(total, block, err);  // floats sum far below double's overflow
    if (err != 0) spill(err);
  }
  double r = total;
  if (exact) {
    exact->add(total);
    r = exact->round_odd();
  }
  if (r == 0 && all_negative_zero(x, n)) r = -0.0;
  return narrow<S>(r);
}

double sum_double_run(const double* x, int64_t n) {
  ExactSum s;
  for (int64_t i = 0; i < n; ++i) s.add(x[i]);
  double r = s.round_nearest();
  if (r == 0 && all_negative_zero(x, n)) r = -0.0;
  return r;
}

template <class S>
S sum_run(const S* x, int64_t n) {
  if constexpr (std::is_integral_v<S>) {
    uint64_t acc = 0;
    for (int64_t i = 0; i < n; ++i) acc += static_cast<uint64_t>(x[i]);
    return static_cast<S>(acc);
  } else if constexpr (std::is_same_v<S, double>) {
    return sum_double_run(x, n);
  } else {
    return sum_small_float_run(x, n);
  }
}

// The product in double with the binary exponent kept apart (frexp after each factor), so that no
// intermediate product overflows or underflows; rounded to the element type once at the end.
template <class S>
S prod_run(const S* x, int64_t n) {
  if constexpr (std::is_integral_v<S>) {
    uint64_t acc = 1;
    for (int64_t i = 0; i < n; ++i) acc *= static_cast<uint64_t>(x[i]);
    return static_cast<S>(acc);
  } else {
    double m = 1;
    int64_t exponent = 0;
    for (int64_t i = 0; i < n; ++i) {
      m *= widen(x[i]);
      if (m != 0 && std::isfinite(m)) {
        int e;
        m = std::frexp(m, &e);
        exponent += e;
      }
    }
    if (m != 0 && std::isfinite(m)) {
      // ldexp takes an int; beyond ±100000 the result is 0 or infinity anyway.
      m = std::ldexp(m, static_cast<int>(std::clamp<int64_t>(exponent, -100000, 100000)));
    }
    return narrow<S>(m);
  }
}

// A copy of `data` with its axes in the order `perm` (contiguous).
Tensor permuted_copy(const Tensor& data, const std::vector<size_t>& perm) {
  const Shape& in = data.shape();
  const size_t r = in.size();
  std::vector<int64_t> strides(r, 1);
  for (size_t d = r; d-- > 1;) strides[d - 1] = strides[d] * in[d];
  Shape shape(r);
  for (size_t k = 0; k < r; ++k) shape[k] = in[perm[k]];
  Tensor out = Tensor::uninitialized(data.type(), shape);
  if (out.element_count() == 0) return out;
  const int64_t inner = shape[r - 1], inner_stride = strides[perm[r - 1]];
  std::vector<int64_t> idx(r, 0);
  int64_t src = 0, dst = 0;
  while (true) {
    gather_strided(data, src, inner_stride, out, dst, inner);
    dst += inner;
    size_t k = r - 1;
    for (; k-- > 0;) {
      ++idx[k];
      src += strides[perm[k]];
      if (idx[k] < shape[k]) break;
      src -= strides[perm[k]] * shape[k];
      idx[k] = 0;
    }
    if (k == static_cast<size_t>(-1)) break;
  }
  return out;
}

}  // namespace

Tensor reduce_tensor(const Tensor& data, std::span<const int64_t> axes, bool keepdims, ReduceKind kind) {
  const Shape& in = data.shape();
  const std::vector<bool> mask = reduced_mask(in.size(), axes);
  Tensor out = Tensor::uninitialized(data.type(), reduce_output_shape(in, axes, keepdims));
  // Kept axes first, reduced axes last: each output element is then one contiguous run.
  std::vector<size_t> perm;
  int64_t run = 1;
  for (size_t d = 0; d < in.size(); ++d)
    if (!mask[d]) perm.push_back(d);
  for (size_t d = 0; d < in.size(); ++d)
    if (mask[d]) {
      perm.push_back(d);
      run *= in[d];
    }
  // Axes of size 1 do not change the order of elements; the copy is needed only when the rest are
  // out of order.
  bool in_order = true;
  size_t last = 0;
  bool any = false;
  for (size_t d : perm) {
    if (in[d] == 1) continue;
    if (any && d < last) in_order = false;
    last = d;
    any = true;
  }
  const int64_t rows = out.element_count();
  if (rows == 0) return out;
  const Tensor source = in_order || run == 0 ? data : permuted_copy(data, perm);
  dispatch_real(data.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_same_v<S, BoolByte>) {
      throw std::logic_error("reduce_tensor: no kernel for bool");
    } else {
      const S* x = source.template data_as<S>();
      S* y = reinterpret_cast<S*>(out.mutable_data());
      for (int64_t r = 0; r < rows; ++r)
        y[r] = kind == ReduceKind::Sum ? sum_run(x + r * run, run) : prod_run(x + r * run, run);
    }
  });
  return out;
}

// ------------------------------------------------------------------------------------------------
// Operator versions

namespace {

void check_flag(const Attributes& attrs, const char* name) {
  const int64_t v = attrs.get_int(name);
  if (v != 0 && v != 1) throw Error(std::string("attribute '") + name + "' must be 0 or 1, got " + std::to_string(v));
}

// ReduceSum-1 and ReduceProd-1 do not state an axis range; ONNX's own shape inference for them
// counts a negative axis from the back, as version 11 spells out, so every version takes [-r, r-1].
std::vector<Value> reduce_with_axes_attribute(const KernelContext& ctx, ReduceKind kind) {
  const Tensor& data = ctx.input(0);
  std::vector<int64_t> axes;
  if (ctx.attrs.has("axes")) axes = normalize_reduce_axes(ctx.attrs.get_ints("axes"), data.rank(), true);
  // An empty `axes` list, set or not, reduces every axis (the spec's default).
  return {reduce_tensor(data, axes, ctx.attrs.get_int("keepdims") != 0, kind)};
}

std::vector<Value> reduce_with_axes_input(const KernelContext& ctx, ReduceKind kind) {
  const Tensor& data = ctx.input(0);
  std::vector<int64_t> axes;
  if (ctx.has_input(1)) {
    const Tensor& a = ctx.input(1);
    if (a.rank() != 1) throw Error("the axes input must be 1-D, but it is " + a.describe());
    axes = normalize_reduce_axes(read_shape_input(a), data.rank(), true);
  }
  // Absent or empty axes: every axis, or nothing at all under noop_with_empty_axes = 1.
  if (axes.empty() && ctx.attrs.get_int("noop_with_empty_axes") != 0) return {data};
  return {reduce_tensor(data, axes, ctx.attrs.get_int("keepdims") != 0, kind)};
}

}  // namespace

OpVersion make_reduce_version(const std::string& op_type, int since_version, const TypeSet& types, bool axes_input,
                              ReduceKind kind) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since_version;
  v.outputs = {{"reduced", "T"}};
  if (axes_input) {
    v.inputs = {{"data", "T"}, {"axes", "tensor(int64)", ParamOption::Optional}};
    v.attributes = {{"keepdims", AttrType::Int, false, int64_t{1}}, {"noop_with_empty_axes", AttrType::Int, false, int64_t{0}}};
    v.type_constraints = {{"T", types}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
    v.check_attributes = [](const Attributes& attrs) {
      check_flag(attrs, "keepdims");
      check_flag(attrs, "noop_with_empty_axes");
    };
    v.kernel = [kind](const KernelContext& ctx) { return reduce_with_axes_input(ctx, kind); };
  } else {
    v.inputs = {{"data", "T"}};
    v.attributes = {{"axes", AttrType::Ints, false}, {"keepdims", AttrType::Int, false, int64_t{1}}};
    v.type_constraints = {{"T", types}};
    v.check_attributes = [](const Attributes& attrs) { check_flag(attrs, "keepdims"); };
    v.kernel = [kind](const KernelContext& ctx) { return reduce_with_axes_attribute(ctx, kind); };
  }
  return v;
}

}  // namespace onnx_ref
