// ONNX MaxPool, every version (1, 8, 10, 11, 12, 22): the largest element of each window (padding is
// not an element). Contract: exact — the output is one of the input elements, copied bit for bit.
// A NaN in the window gives that NaN (the first one); among equal maxima the first in row-major
// kernel order is taken. The optional Indices output (8 and later) is that element's flat index in
// X, its spatial part row-major (storage_order 0) or column-major (storage_order 1). A window that
// reads only padding is an Error.
//   1: auto_pad, kernel_shape, pads, strides.  8: + storage_order, Indices.
//   10: + ceil_mode, dilations.  11: the same rules, restated.  12: + int8, uint8.  22: + bfloat16.
#include "ops/pool/pool_rows.h"
#include "ops/pool/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

template <class S>
bool is_nan_value(S v) {
  if constexpr (is_float_storage<S>)
    return widen(v) != widen(v);
  else
    return false;
}

// Whether `v` replaces the window's maximum so far `b`: not once b is a NaN (the first NaN stays),
// and otherwise when v is a NaN or larger. Equal values keep the earlier one, so among equal
// maxima (+0 and -0 too) the first in kernel order is taken.
template <class S>
bool replaces(S v, S b) {
  if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>)
    return b == b && !(v <= b);
  else if constexpr (is_float_storage<S>)
    return !is_nan_value(b) && (is_nan_value(v) || widen(v) > widen(b));
  else
    return v > b;
}

// MaxPool's attributes, parsed at load.
struct MaxPoolParams {
  WindowSpec window;
  bool column_major = false;  // storage_order 1
};

MaxPoolParams parse_max_pool_params(const Attributes& attrs, bool since8, bool since10) {
  MaxPoolParams params{parse_window_spec(attrs, since10, since10), false};
  if (since8) {
    const int64_t s = attrs.get_int("storage_order");
    if (s != 0 && s != 1) throw Error("attribute 'storage_order' must be 0 or 1, got " + std::to_string(s));
    params.column_major = s == 1;
  }
  return params;
}

// One window given by its row's leading box and its last-axis offsets [lo, hi) (not empty); `first`
// is the input coordinate of last-axis offset 0. Returns the chosen element's offset in the channel.
template <class S>
int64_t max_window(const S* xc, const pool::RowWindows& rw, int64_t first, int64_t lo, int64_t hi, int64_t dilation) {
  int64_t b = rw.starts[0] + first + lo * dilation;
  for (int64_t start : rw.starts)
    for (int64_t k = lo; k < hi; ++k) {
      const int64_t t = start + first + k * dilation;
      if (replaces(xc[t], xc[b])) b = t;
    }
  return b;
}

constexpr int kBlock = 8;  // outputs compared side by side

// kBlock consecutive outputs whose windows read the input at every offset, each taking its taps in
// kernel order by the same rule as max_window (the elements are copied, never converted).
template <class S, int kStride>
void max_block(const S* xc, const pool::RowWindows& rw, int64_t first, int64_t stride, int64_t kernel, int64_t dilation,
               S* out) {
  const int64_t st = kStride > 0 ? kStride : stride;
  S b[kBlock];
  const S* p0 = xc + rw.starts[0] + first;
  for (int j = 0; j < kBlock; ++j) b[j] = p0[j * st];
  for (int64_t start : rw.starts) {
    const S* row = xc + start + first;
    for (int64_t k = 0; k < kernel; ++k) {
      const S* p = row + k * dilation;
      for (int j = 0; j < kBlock; ++j) {
        const S v = p[j * st];
        b[j] = replaces(v, b[j]) ? v : b[j];
      }
    }
  }
  for (int j = 0; j < kBlock; ++j) out[j] = b[j];
}

// One output row of one channel; `indices` (or null) gets each chosen element's flat index in X.
template <class S, class IndexOf>
void max_row(const S* xc, S* yr, int64_t* indices, const pool::PoolRows& g, const pool::RowWindows& rw,
             const IndexOf& index_of) {
  const pool::AxisTaps& t = g.axes.back();
  auto one = [&](int64_t o) {
    const size_t i = static_cast<size_t>(o);
    const int64_t b = max_window(xc, rw, o * t.stride - t.pad_begin, t.lo[i], t.hi[i], t.dilation);
    yr[o] = xc[b];
    if (indices) indices[o] = index_of(b);
  };
  int64_t o = 0;
  if (!indices) {
    for (; o < t.full_lo; ++o) one(o);
    for (; o + kBlock <= t.full_hi; o += kBlock) {
      const int64_t first = o * t.stride - t.pad_begin;
      if (t.stride == 1)
        max_block<S, 1>(xc, rw, first, 1, t.kernel, t.dilation, yr + o);
      else if (t.stride == 2)
        max_block<S, 2>(xc, rw, first, 2, t.kernel, t.dilation, yr + o);
      else
        max_block<S, 0>(xc, rw, first, t.stride, t.kernel, t.dilation, yr + o);
    }
  }
  for (; o < g.row_length; ++o) one(o);
}

std::vector<Value> max_pool(const KernelContext& ctx, const MaxPoolParams& params) {
  const Tensor& x = ctx.input(0);
  const pool::PoolPlan p = pool::plan_pool(x, params.window);
  const pool::PoolRows g = pool::plan_rows(p);
  const bool column_major = params.column_major;
  const bool want_indices = ctx.output_count() > 1;
  const int64_t empty = pool::first_empty_window(g, false);
  if (empty >= 0) throw Error("the window of output position " + std::to_string(empty) + " reads only padding");
  Tensor y = Tensor::uninitialized(x.type(), p.out_shape);
  Tensor idx = want_indices ? Tensor::uninitialized(ElementType::Int64, p.out_shape) : Tensor();
  // Column-major strides of the spatial axes, for storage_order 1.
  std::vector<int64_t> col_stride(p.in_spatial.size(), 1);
  for (size_t a = 1; a < p.in_spatial.size(); ++a) col_stride[a] = col_stride[a - 1] * p.in_spatial[a - 1];
  auto spatial_index = [&](int64_t flat) {
    if (!column_major) return flat;
    int64_t out = 0;
    for (size_t a = p.in_spatial.size(); a-- > 0;) {
      out += (flat % p.in_spatial[a]) * col_stride[a];
      flat /= p.in_spatial[a];
    }
    return out;
  };
  const MemoryCharge rows_charge = charge_scratch<int64_t>(
      static_cast<uint64_t>(pool::max_row_starts(g)) * static_cast<uint64_t>(thread_count()), "the pool's window rows");
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (!is_float_storage<S> && !std::is_same_v<S, int8_t> && !std::is_same_v<S, uint8_t>) {
      throw std::logic_error("MaxPool: no kernel for " + std::string(name_of(x.type())));
    } else {
      const S* px = x.data_as<S>();
      S* py = reinterpret_cast<S*>(y.mutable_data());
      int64_t* pi = want_indices ? reinterpret_cast<int64_t*>(idx.mutable_data()) : nullptr;
      // Every output is a function of its window alone, so the bits do not depend on the chunks.
      parallel_for(g.channels * g.rows, pool::rows_per_chunk(g, p, int64_t{1} << 15), [&](int64_t begin, int64_t end) {
        pool::RowWindows rw;
        for (int64_t i = begin; i < end; ++i) {
          const int64_t nc = i / g.rows, row = i % g.rows;
          pool::row_windows(g, row, rw);
          const int64_t out_offset = nc * g.out_size + row * g.row_length;
          max_row(px + nc * g.in_size, py + out_offset, pi ? pi + out_offset : nullptr, g, rw,
                  [&](int64_t b) { return nc * g.in_size + spatial_index(b); });
        }
      });
    }
  });
  if (want_indices) return {y, idx};
  return {y};
}

OpVersion max_pool_version(int since, const TypeSet& types) {
  const bool since8 = since >= 8, since10 = since >= 10;
  OpVersion v;
  v.op_type = "MaxPool";
  v.since_version = since;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  if (since8) v.outputs.push_back({"Indices", "I", ParamOption::Optional});
  v.attributes = {{"auto_pad", AttrType::String, false, std::string("NOTSET")},
                  {"kernel_shape", AttrType::Ints, true},
                  {"pads", AttrType::Ints},
                  {"strides", AttrType::Ints}};
  if (since8) v.attributes.push_back({"storage_order", AttrType::Int, false, int64_t{0}});
  if (since10) {
    v.attributes.push_back({"ceil_mode", AttrType::Int, false, int64_t{0}});
    v.attributes.push_back({"dilations", AttrType::Ints});
  }
  v.type_constraints = {{"T", types}};
  if (since8) v.type_constraints.push_back({"I", type_sets::kInt64});
  v.set_kernel([since8, since10](const Attributes& attrs) { return parse_max_pool_params(attrs, since8, since10); },
               max_pool);
  return v;
}

}  // namespace

void register_max_pool(Registry& registry) {
  using ET = ElementType;
  const TypeSet floats = type_sets::kFloats;
  const TypeSet with_bytes = floats.with({ET::Int8, ET::UInt8});
  registry.add(max_pool_version(1, floats));
  registry.add(max_pool_version(8, floats));
  registry.add(max_pool_version(10, floats));
  registry.add(max_pool_version(11, floats));
  registry.add(max_pool_version(12, with_bytes));
  registry.add(max_pool_version(22, with_bytes.with({ET::BFloat16})));
  registry.declare_accuracy("MaxPool",
                            {AccuracyKind::Exact, "the window's largest element copied bit for bit, and its index"});
}

}  // namespace onnx_ref
