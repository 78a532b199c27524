// ONNX MaxPool, every version (1, 8, 10, 11, 12, 22): the largest element of each window (padding is
// not an element). Contract: exact — the output is one of the input elements, copied bit for bit.
// A NaN in the window gives that NaN (the first one); among equal maxima the first in row-major
// kernel order is taken. The optional Indices output (8 and later) is that element's flat index in
// X, its spatial part row-major (storage_order 0) or column-major (storage_order 1). A window that
// reads only padding is an Error.
//   1: auto_pad, kernel_shape, pads, strides.  8: + storage_order, Indices.
//   10: + ceil_mode, dilations.  11: the same rules, restated.  12: + int8, uint8.  22: + bfloat16.
#include "ops/pool/pooling.h"
#include "ops/pool/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

template <class S>
bool is_nan_value(S v) {
  if constexpr (is_float_storage<S>)
    return widen(v) != widen(v);
  else
    return false;
}

template <class S>
bool greater(S a, S b) {
  if constexpr (is_float_storage<S>)
    return widen(a) > widen(b);
  else
    return a > b;
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

std::vector<Value> max_pool(const KernelContext& ctx, const MaxPoolParams& params) {
  const Tensor& x = ctx.input(0);
  const pool::PoolPlan p = pool::plan_pool(x, params.window);
  const bool column_major = params.column_major;
  const bool want_indices = ctx.output_count() > 1;
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
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (!is_float_storage<S> && !std::is_same_v<S, int8_t> && !std::is_same_v<S, uint8_t>) {
      throw std::logic_error("MaxPool: no kernel for " + std::string(name_of(x.type())));
    } else {
      const S* px = x.data_as<S>();
      S* py = reinterpret_cast<S*>(y.mutable_data());
      int64_t* pi = want_indices ? reinterpret_cast<int64_t*>(idx.mutable_data()) : nullptr;
      pool::for_each_window(p, [&](int64_t o, const pool::WindowTaps& taps) {
        for (int64_t nc = 0; nc < p.N * p.C; ++nc) {
          const S* xc = px + nc * p.in_size;
          int64_t b = -1;
          for (int64_t t : taps.index) {
            if (t < 0) continue;
            if (b < 0) {
              b = t;
              continue;
            }
            if (is_nan_value(xc[b])) break;
            if (is_nan_value(xc[t]) || greater(xc[t], xc[b])) b = t;
          }
          if (b < 0) throw Error("the window of output position " + std::to_string(o) + " reads only padding");
          py[nc * p.out_size + o] = xc[b];
          if (pi) pi[nc * p.out_size + o] = nc * p.in_size + spatial_index(b);
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
