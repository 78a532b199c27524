// ONNX Unique, every version (11). Exact: elements are compared, never converted, and Y copies them.
//
// Without `axis` the input is flattened and its elements are the items; with it, the items are the
// slices along the axis, compared element by element in row-major order (lexicographically, as
// NumPy's unique does). Y holds each distinct item once: ascending when `sorted` = 1, else in the
// order of first occurrence; indices the first occurrence of each, inverse_indices the position in
// Y of every item of X, counts how often each occurs.
//
// The order: integers and bool by value; floats by value with -0 equal to +0 and every NaN (any
// sign or payload) one value above +inf; complex numbers by real part, then imaginary part, each by
// that rule; strings by their bytes (std::string order). Equal items that differ in bits (-0 and
// +0, NaN payloads) are represented in Y by their first occurrence.
#include <algorithm>
#include <complex>
#include <functional>
#include <numeric>
#include <string>

#include "ops/axis.h"
#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// -1, 0 or 1; every NaN is one value above +inf.
int unique_float_order(double x, double y) {
  const bool x_nan = x != x, y_nan = y != y;
  if (x_nan || y_nan) return x_nan == y_nan ? 0 : (x_nan ? 1 : -1);
  return x < y ? -1 : (x > y ? 1 : 0);
}

// Compares elements a and b of the flat tensor: -1, 0 or 1.
std::function<int(int64_t, int64_t)> unique_element_order(const Tensor& x) {
  if (x.is_string()) {
    const auto* s = &x.strings();
    return [s](int64_t a, int64_t b) {
      const int c = (*s)[static_cast<size_t>(a)].compare((*s)[static_cast<size_t>(b)]);
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    };
  }
  const std::byte* data = x.data();
  if (x.type() == ElementType::Complex64 || x.type() == ElementType::Complex128) {
    return [data, wide = x.type() == ElementType::Complex128](int64_t a, int64_t b) {
      double ar, ai, br, bi;
      if (wide) {
        const auto* c = reinterpret_cast<const std::complex<double>*>(data);
        ar = c[a].real(), ai = c[a].imag(), br = c[b].real(), bi = c[b].imag();
      } else {
        const auto* c = reinterpret_cast<const std::complex<float>*>(data);
        ar = c[a].real(), ai = c[a].imag(), br = c[b].real(), bi = c[b].imag();
      }
      const int r = unique_float_order(ar, br);
      return r != 0 ? r : unique_float_order(ai, bi);
    };
  }
  return dispatch_real(x.type(), [data](auto tag) -> std::function<int(int64_t, int64_t)> {
    using S = typename decltype(tag)::type;
    const S* v = reinterpret_cast<const S*>(data);
    if constexpr (is_float_storage<S>) {
      return [v](int64_t a, int64_t b) { return unique_float_order(widen(v[a]), widen(v[b])); };
    } else if constexpr (std::is_same_v<S, BoolByte>) {
      return
          [v](int64_t a, int64_t b) { return (v[a].value != 0) == (v[b].value != 0) ? 0 : (v[a].value != 0 ? 1 : -1); };
    } else {
      return [v](int64_t a, int64_t b) { return v[a] < v[b] ? -1 : (v[a] > v[b] ? 1 : 0); };
    }
  });
}

Tensor unique_int64_tensor(const std::vector<int64_t>& values) {
  return Tensor::from_values<int64_t>(ElementType::Int64, {static_cast<int64_t>(values.size())}, values);
}

// sorted and axis, parsed at load (axis nullopt: the flattened input).
struct UniqueParams {
  bool sorted = true;
  std::optional<int64_t> axis;
};

UniqueParams parse_unique_params(const Attributes& attrs) {
  UniqueParams p;
  p.sorted = attrs.get_flag("sorted");
  if (attrs.has("axis")) p.axis = attrs.get_int("axis");
  return p;
}

std::vector<Value> unique_kernel(const KernelContext& ctx, const UniqueParams& params) {
  const Tensor& x = ctx.input(0);
  const bool sorted = params.sorted;
  // The items are `count` slices of outer x inner elements: item s holds the elements at
  // (o * count + s) * inner + i.
  int64_t outer = 1, count = x.element_count(), inner = 1;
  std::optional<size_t> axis;
  if (params.axis) {
    axis = static_cast<size_t>(normalize_axis(*params.axis, x.rank(), AxisRange::Signed));
    const Shape& shape = x.shape();
    count = shape[*axis];
    for (size_t d = 0; d < *axis; ++d) outer *= shape[d];
    for (size_t d = *axis + 1; d < shape.size(); ++d) inner *= shape[d];
  }
  const auto order = unique_element_order(x);
  auto compare_items = [&](int64_t a, int64_t b) {
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        const int c = order((o * count + a) * inner + i, (o * count + b) * inner + i);
        if (c != 0) return c;
      }
    return 0;
  };
  // The tables below (three of `count` entries, six of at most `count`) and stable_sort's buffer
  // (at most `count`), charged whole before the first is allocated.
  const MemoryCharge tables_charge =
      charge_scratch<int64_t>(checked_bytes(static_cast<uint64_t>(count), 10, "Unique's sort buffer and tables"),
                              "Unique's sort buffer and tables");
  // A stable sort puts each group of equal items together, its first occurrence first.
  std::vector<int64_t> by_value(static_cast<size_t>(count));
  std::iota(by_value.begin(), by_value.end(), int64_t{0});
  std::stable_sort(by_value.begin(), by_value.end(), [&](int64_t a, int64_t b) { return compare_items(a, b) < 0; });
  std::vector<int64_t> first, counts;                      // per distinct item, ascending
  std::vector<int64_t> group(static_cast<size_t>(count));  // item -> its distinct item
  for (size_t k = 0; k < by_value.size(); ++k) {
    if (k == 0 || compare_items(by_value[k - 1], by_value[k]) != 0) {
      first.push_back(by_value[k]);
      counts.push_back(0);
    }
    ++counts.back();
    group[static_cast<size_t>(by_value[k])] = static_cast<int64_t>(first.size()) - 1;
  }
  // position[g]: where distinct item g goes in Y.
  std::vector<int64_t> position(first.size());
  std::iota(position.begin(), position.end(), int64_t{0});
  if (!sorted) {
    std::vector<int64_t> by_occurrence(first.size());
    std::iota(by_occurrence.begin(), by_occurrence.end(), int64_t{0});
    std::sort(by_occurrence.begin(), by_occurrence.end(),
              [&](int64_t a, int64_t b) { return first[static_cast<size_t>(a)] < first[static_cast<size_t>(b)]; });
    for (size_t p = 0; p < by_occurrence.size(); ++p)
      position[static_cast<size_t>(by_occurrence[p])] = static_cast<int64_t>(p);
  }
  const auto distinct = static_cast<int64_t>(first.size());
  std::vector<int64_t> indices(first.size()), out_counts(first.size()), inverse(static_cast<size_t>(count));
  for (size_t g = 0; g < first.size(); ++g) {
    indices[static_cast<size_t>(position[g])] = first[g];
    out_counts[static_cast<size_t>(position[g])] = counts[g];
  }
  for (size_t s = 0; s < inverse.size(); ++s) inverse[s] = position[static_cast<size_t>(group[s])];

  Shape y_shape = axis ? x.shape() : Shape{distinct};
  if (axis) y_shape[*axis] = distinct;
  Tensor y = Tensor::uninitialized(x.type(), y_shape);
  if (y.element_count() != 0)
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t k = 0; k < distinct; ++k)
        copy_elements(x, (o * count + indices[static_cast<size_t>(k)]) * inner, y, (o * distinct + k) * inner, inner);
  std::vector<Value> out{y, unique_int64_tensor(indices), unique_int64_tensor(inverse),
                         unique_int64_tensor(out_counts)};
  out.resize(std::min<size_t>(ctx.output_count(), out.size()));
  return out;
}

}  // namespace

void register_unique(Registry& registry) {
  OpVersion v;
  v.op_type = "Unique";
  v.since_version = 11;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"},
               {"indices", "tensor(int64)", ParamOption::Optional},
               {"inverse_indices", "tensor(int64)", ParamOption::Optional},
               {"counts", "tensor(int64)", ParamOption::Optional}};
  v.attributes = {{"axis", AttrType::Int}, {"sorted", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T", type_sets::kClassic}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  v.check_attributes = [](const Attributes& a) { a.get_flag("sorted"); };
  v.set_kernel(parse_unique_params, unique_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("Unique",
                            {AccuracyKind::Exact, "the distinct elements copied, with exact indices and counts"});
}

}  // namespace onnx_ref
