// The global pools (see global_pool.h): the average is the exact sum divided by the count, rounded
// once (gemm/exact_quotient.h); the maximum is an element copied bit for bit, NaN propagating.
#include "ops/pool/global_pool.h"

#include "gemm/exact_quotient.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::pool {

namespace {

std::vector<Value> global_pool(const KernelContext& ctx, GlobalKind kind) {
  const Tensor& x = ctx.input(0);
  if (x.rank() < 3) throw Error("the input must have rank 3 or more [N, C, spatial...], but it is " + x.describe());
  Shape out_shape{x.shape()[0], x.shape()[1]};
  out_shape.resize(x.shape().size(), 1);
  int64_t size = 1;
  for (size_t i = 2; i < x.shape().size(); ++i) size *= x.shape()[i];
  const int64_t channels = x.shape()[0] * x.shape()[1];
  if (size == 0 && channels > 0) throw Error("the input " + x.describe() + " has no spatial element to pool");
  Tensor y = Tensor::uninitialized(x.type(), out_shape);
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (!is_float_storage<S>) {
      throw std::logic_error("global pool: no kernel for " + std::string(name_of(x.type())));
    } else {
      const S* px = x.data_as<S>();
      S* py = reinterpret_cast<S*>(y.mutable_data());
      for (int64_t c = 0; c < channels; ++c) {
        const S* xc = px + c * size;
        if (kind == GlobalKind::Average) {
          ExactSum sum;
          for (int64_t i = 0; i < size; ++i) sum.add(widen(xc[i]));
          py[c] = gemm::round_quotient<S>(sum, static_cast<uint64_t>(size));
        } else {
          int64_t best = 0;
          for (int64_t i = 1; i < size; ++i) {
            const double b = widen(xc[best]), v = widen(xc[i]);
            if (b != b) break;
            if (v != v || v > b) best = i;
          }
          py[c] = xc[best];
        }
      }
    }
  });
  return {y};
}

}  // namespace

OpVersion global_pool_version(const std::string& op_type, int since, const TypeSet& types, GlobalKind kind) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.type_constraints = {{"T", types}};
  v.kernel = [kind](const KernelContext& ctx) { return global_pool(ctx, kind); };
  return v;
}

}  // namespace onnx_ref::pool
