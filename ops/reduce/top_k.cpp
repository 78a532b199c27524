// ONNX TopK, every version (1, 10, 11, 24): the k largest (or smallest) elements along `axis` and
// their indices.
//   1: k an attribute; float16, float, double.  10: k the input K (a 1-D tensor of one int64).
//   11: `largest`, `sorted`, the integer types, k may be 0.  24: adds bfloat16.
// Contract: exact. Values are the elements themselves, copied bit for bit. Order: by value
// (descending for largest = 1, ascending otherwise), equal values by the lower index first, as the
// spec says; -0 and +0 are equal; NaN is above every number (first for largest = 1, last for
// largest = 0), NaNs among themselves by index. sorted = 0 gives the same (sorted) order, one of
// the orders the spec allows. k above the axis length, or below 1 (versions 1 and 10, which ask
// for a positive k) or below 0 (11 and 24), is an Error.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "ops/axis.h"
#include "ops/reduce/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// Whether element a comes before element b in TopK's order (a, b: positions in the line).
template <class S>
bool top_k_before(S a, S b, bool largest) {
  if constexpr (std::is_integral_v<S>) {
    return largest ? a > b : a < b;
  } else {
    const double x = widen(a), y = widen(b);
    const bool nx = std::isnan(x), ny = std::isnan(y);
    if (nx || ny) return largest ? nx && !ny : ny && !nx;
    return largest ? x > y : x < y;
  }
}

std::vector<Value> top_k_run(const Tensor& x, int64_t axis_attr, int64_t k, bool largest, int64_t min_k) {
  const int64_t rank = x.rank();
  const int64_t axis = normalize_axis(axis_attr, rank, AxisRange::Signed);
  const int64_t count = x.shape()[static_cast<size_t>(axis)];
  if (k < min_k || k > count)
    throw Error("k = " + std::to_string(k) + " is out of range: it must lie in [" + std::to_string(min_k) + ", " +
                std::to_string(count) + "] (the length of axis " + std::to_string(axis) + ")");
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x.shape()[static_cast<size_t>(d)];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= x.shape()[static_cast<size_t>(d)];
  Shape out_shape = x.shape();
  out_shape[static_cast<size_t>(axis)] = k;
  Tensor values = Tensor::uninitialized(x.type(), out_shape);
  Tensor indices = Tensor::uninitialized(ElementType::Int64, out_shape);
  auto* idx = reinterpret_cast<int64_t*>(indices.mutable_data());
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_same_v<S, BoolByte>) {
      throw std::logic_error("TopK: no bool kernel");
    } else {
      const S* in = x.template data_as<S>();
      S* out = reinterpret_cast<S*>(values.mutable_data());
      const MemoryCharge order_charge = charge_scratch<int64_t>(static_cast<uint64_t>(count), "TopK's sort buffer");
      std::vector<int64_t> order(static_cast<size_t>(count));
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
          const S* line = in + o * count * inner + i;
          std::iota(order.begin(), order.end(), int64_t{0});
          // A strict weak order with the index as the last key: the result is unique.
          std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int64_t a, int64_t b) {
            const S va = line[a * inner], vb = line[b * inner];
            if (top_k_before(va, vb, largest)) return true;
            if (top_k_before(vb, va, largest)) return false;
            return a < b;
          });
          const int64_t base = o * k * inner + i;
          for (int64_t j = 0; j < k; ++j) {
            out[base + j * inner] = line[order[static_cast<size_t>(j)] * inner];
            idx[base + j * inner] = order[static_cast<size_t>(j)];
          }
        }
    }
  });
  return {Value(std::move(values)), Value(std::move(indices))};
}

int64_t top_k_from_input(const Tensor& k) {
  if (k.rank() != 1 || k.element_count() != 1)
    throw Error("input K must be a 1-D tensor of one element, but it is " + k.describe());
  return k.data_as<int64_t>()[0];
}

// TopK's attributes, parsed at load (largest and sorted 0 or 1; k only in version 1).
struct TopKParams {
  int64_t axis = -1, k = 0;
  bool largest = true;
};

TopKParams parse_top_k_params(const Attributes& attrs) {
  return {attrs.get_int("axis"), attrs.has("k") ? attrs.get_int("k") : 0,
          !attrs.has("largest") || attrs.get_flag("largest")};
}

OpVersion top_k_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "TopK";
  v.since_version = since;
  v.outputs = {{"Values", "T"}, {"Indices", "I"}};
  v.type_constraints = {{"T", types}, {"I", type_sets::kInt64}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{-1}}};
  if (since == 1) {
    v.inputs = {{"X", "T"}};
    v.attributes.push_back({"k", AttrType::Int, true});
    v.set_kernel(parse_top_k_params, [](const KernelContext& ctx, const TopKParams& params) {
      return top_k_run(ctx.input(0), params.axis, params.k, true, 1);
    });
    return v;
  }
  v.inputs = {{"X", "T"}, {"K", "tensor(int64)"}};
  v.type_constraints.push_back({"tensor(int64)", type_sets::kInt64, "tensor(int64)"});
  if (since == 10) {
    v.set_kernel(parse_top_k_params, [](const KernelContext& ctx, const TopKParams& params) {
      return top_k_run(ctx.input(0), params.axis, top_k_from_input(ctx.input(1)), true, 1);
    });
    return v;
  }
  v.attributes.push_back({"largest", AttrType::Int, false, int64_t{1}});
  v.attributes.push_back({"sorted", AttrType::Int, false, int64_t{1}});
  // sorted is only checked: the outputs are always sorted, which the spec allows either way.
  v.set_kernel(
      [](const Attributes& attrs) {
        attrs.get_flag("sorted");
        return parse_top_k_params(attrs);
      },
      [](const KernelContext& ctx, const TopKParams& params) {
        return top_k_run(ctx.input(0), params.axis, top_k_from_input(ctx.input(1)), params.largest, 0);
      });
  return v;
}

}  // namespace

void register_top_k(Registry& registry) {
  using namespace type_sets;
  const TypeSet numeric = kIntegers.with({ElementType::Float16, ElementType::Float, ElementType::Double});
  registry.add(top_k_version(1, kFloats));
  registry.add(top_k_version(10, kFloats));
  registry.add(top_k_version(11, numeric));
  registry.add(top_k_version(24, numeric.with({ElementType::BFloat16})));
  registry.declare_accuracy("TopK",
                            {AccuracyKind::Exact, "the k extreme elements copied bit for bit, and their indices"});
}

}  // namespace onnx_ref
