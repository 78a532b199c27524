// The global pools (see global_pool.h): the average is the exact sum divided by the count, rounded
// once (gemm/exact_quotient.h); the maximum is an element copied bit for bit, NaN propagating.
#include "ops/pool/global_pool.h"

#include <algorithm>
#include <cmath>

#include "gemm/exact_quotient.h"
#include "numeric/interval_rounding.h"
#include "ops/float_dispatch.h"
#include "ops/type_sets.h"
#include "ops/unary_signature.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::pool {

namespace {

// The mean of float, float16 or bfloat16 values from a double sum with an error bound: blocks of
// 256 elements are summed in 8 interleaved lanes (32 additions each), the lanes added in order,
// and the block sums added in order, so an element passes through at most 40 + n / 256 additions
// (d); the elements are exact in double and their sums never underflow inexactly, so the sum is
// within gamma_d sum|x| <= 2 d u sum|x| of the exact sum (d u < 0.01), and the division adds half
// an ulp, which decide_small allows for. True and the correctly rounded mean when the interval
// rounds to one value of S.
template <class S>
bool fast_mean(const S* x, int64_t n, S& out) {
  constexpr int64_t kBlock = 256, kLanes = 8;
  double total = 0, mag = 0;
  for (int64_t b = 0; b < n; b += kBlock) {
    const int64_t m = std::min(kBlock, n - b);
    double lane[kLanes] = {0, 0, 0, 0, 0, 0, 0, 0}, lane_mag[kLanes] = {0, 0, 0, 0, 0, 0, 0, 0};
    int64_t i = 0;
    for (; i + kLanes <= m; i += kLanes)
      for (int64_t j = 0; j < kLanes; ++j) {
        const double v = widen(x[b + i + j]);
        lane[j] += v;
        lane_mag[j] += std::fabs(v);
      }
    for (; i < m; ++i) {
      const double v = widen(x[b + i]);
      lane[0] += v;
      lane_mag[0] += std::fabs(v);
    }
    double block = 0, block_mag = 0;
    for (int64_t j = 0; j < kLanes; ++j) {
      block += lane[j];
      block_mag += lane_mag[j];
    }
    total += block;
    mag += block_mag;
  }
  const double depth = 42 + static_cast<double>(n / kBlock);
  if (!(depth * 0x1p-53 < 0.01) || !(static_cast<double>(n) * 0x1p-53 < 0.01)) return false;
  const double count = static_cast<double>(n);
  return numeric::decide_small<S>(total / count, 2 * depth * 0x1p-53 * mag / count, out);
}

std::vector<Value> global_pool(const KernelContext& ctx, GlobalKind kind) {
  const Tensor& x = ctx.input(0);
  const GlobalWindows windows = global_windows(x);
  const int64_t size = windows.size, channels = windows.channels;
  if (size == 0 && channels > 0) throw Error("the input " + x.describe() + " has no spatial element to pool");
  Tensor y = Tensor::uninitialized(x.type(), windows.out);
  dispatch_float(x.type(), "global pool", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = x.data_as<S>();
    S* py = reinterpret_cast<S*>(y.mutable_data());
    for (int64_t c = 0; c < channels; ++c) {
      const S* xc = px + c * size;
      if (kind == GlobalKind::Average) {
        if constexpr (!std::is_same_v<S, double>) {
          S out;
          if (fast_mean(xc, size, out)) {
            py[c] = out;
            continue;
          }
        }
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
  });
  return {y};
}

}  // namespace

GlobalWindows global_windows(const Tensor& x) {
  if (x.rank() < 3) throw Error("the input must have rank 3 or more [N, C, spatial...], but it is " + x.describe());
  GlobalWindows w;
  w.out = {x.shape()[0], x.shape()[1]};
  w.out.resize(x.shape().size(), 1);
  for (size_t i = 2; i < x.shape().size(); ++i) w.size *= x.shape()[i];
  w.channels = x.shape()[0] * x.shape()[1];
  return w;
}

namespace {

OpVersion global_pool_version(const std::string& op_type, int since, const TypeSet& types, GlobalKind kind) {
  OpVersion v = x_to_y_version(op_type, since, types);
  v.kernel = [kind](const KernelContext& ctx) { return global_pool(ctx, kind); };
  return v;
}

}  // namespace

void register_global_pool(Registry& registry, const std::string& op_type, GlobalKind kind, const Accuracy& accuracy) {
  registry.add(global_pool_version(op_type, 1, type_sets::kFloats, kind));
  registry.add(global_pool_version(op_type, 22, type_sets::kFloatsIR4, kind));
  registry.declare_accuracy(op_type, accuracy);
}

}  // namespace onnx_ref::pool
