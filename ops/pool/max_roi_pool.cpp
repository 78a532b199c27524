// ONNX MaxRoiPool (1, 22): max pooling over each region of interest, X [N, C, H, W] and rois
// [R, 5] as (batch_id, x1, y1, x2, y2) to Y [R, C, pooled_h, pooled_w]. Contract: exact — each
// output is an element of X copied bit for bit (its bin's maximum, NaN propagating), or 0 for an
// empty bin. The spec gives no geometry; this is Caffe's RoIPool (Fast R-CNN), the one onnxruntime
// implements, with its divisions exact:
//  - each corner is round(coordinate * spatial_scale), half away from zero (the product of two
//    floats is exact in double); the ROI spans roi_h = max(y2 - y1 + 1, 1) rows and
//    roi_w = max(x2 - x1 + 1, 1) columns;
//  - bin (ph, pw) covers rows y1 + floor(ph * roi_h / pooled_h) to y1 + ceil((ph + 1) * roi_h /
//    pooled_h), exclusive, clipped to [0, H] (columns likewise), in exact integer arithmetic.
// batch_id must be a whole number in [0, N); coordinates must be finite with |value| <= 2^40 after
// scaling.
//   1: float16, float, double.  22: + bfloat16.
#include <cmath>

#include "ops/float_dispatch.h"
#include "ops/pool/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// floor(a / b) and ceil(a / b) for a >= 0, b > 0.
int64_t max_roi_floor_div(int64_t a, int64_t b) { return a / b; }
int64_t max_roi_ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// pooled_shape and spatial_scale, parsed and checked at load.
struct MaxRoiPoolParams {
  std::vector<int64_t> pooled;
  double scale;
};

MaxRoiPoolParams parse_max_roi_pool_params(const Attributes& attrs) {
  const std::vector<int64_t>& pooled = attrs.get_ints("pooled_shape");
  if (pooled.size() != 2 || pooled[0] < 1 || pooled[1] < 1 || pooled[0] > (int64_t{1} << 31) ||
      pooled[1] > (int64_t{1} << 31))
    throw Error("attribute 'pooled_shape' " + shape_to_string(pooled) + " must be two values from 1 to 2^31");
  return {pooled, std::get<float>(attrs.get("spatial_scale"))};
}

std::vector<Value> max_roi_pool(const KernelContext& ctx, const MaxRoiPoolParams& params) {
  const Tensor& x = ctx.input(0);
  const Tensor& rois = ctx.input(1);
  if (x.rank() != 4) throw Error("X must have rank 4 [N, C, H, W], but it is " + x.describe());
  if (rois.rank() != 2 || rois.shape()[1] != 5)
    throw Error("rois must have shape [num_rois, 5] (batch_id, x1, y1, x2, y2), but it is " + rois.describe());
  const std::vector<int64_t>& pooled = params.pooled;
  const double scale = params.scale;
  const int64_t R = rois.shape()[0], N = x.shape()[0], C = x.shape()[1], H = x.shape()[2], W = x.shape()[3];
  const int64_t PH = pooled[0], PW = pooled[1];
  Tensor y = Tensor::uninitialized(x.type(), {R, C, PH, PW});
  dispatch_float(x.type(), "MaxRoiPool", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = x.data_as<S>();
    const S* pr = rois.data_as<S>();
    S* py = reinterpret_cast<S*>(y.mutable_data());
    for (int64_t r = 0; r < R; ++r) {
      const double b = widen(pr[r * 5]);
      if (!(b >= 0 && b < static_cast<double>(N) && b == std::floor(b)))
        throw Error("rois element [" + std::to_string(r) + ", 0] (batch_id) must be a whole number in [0, " +
                    std::to_string(N) + ")");
      int64_t c[4];
      for (int k = 0; k < 4; ++k) {
        const double v = std::round(widen(pr[r * 5 + 1 + k]) * scale);
        if (!(std::fabs(v) <= 0x1p40))
          throw Error("rois element [" + std::to_string(r) + ", " + std::to_string(k + 1) +
                      "] times spatial_scale must be finite and at most 2^40 in magnitude");
        c[k] = static_cast<int64_t>(v);
      }
      const int64_t x1 = c[0], y1 = c[1];
      const int64_t roi_w = std::max<int64_t>(c[2] - x1 + 1, 1), roi_h = std::max<int64_t>(c[3] - y1 + 1, 1);
      const int64_t batch = static_cast<int64_t>(b);
      for (int64_t ph = 0; ph < PH; ++ph) {
        // ph * roi_h < 2^31 * 2^41: no overflow.
        const int64_t h0 = std::clamp<int64_t>(y1 + max_roi_floor_div(ph * roi_h, PH), 0, H);
        const int64_t h1 = std::clamp<int64_t>(y1 + max_roi_ceil_div((ph + 1) * roi_h, PH), 0, H);
        for (int64_t pw = 0; pw < PW; ++pw) {
          const int64_t w0 = std::clamp<int64_t>(x1 + max_roi_floor_div(pw * roi_w, PW), 0, W);
          const int64_t w1 = std::clamp<int64_t>(x1 + max_roi_ceil_div((pw + 1) * roi_w, PW), 0, W);
          for (int64_t ch = 0; ch < C; ++ch) {
            S& out = py[((r * C + ch) * PH + ph) * PW + pw];
            const S* plane = px + (batch * C + ch) * H * W;
            if (h1 <= h0 || w1 <= w0) {
              out = narrow<S>(0.0);
              continue;
            }
            int64_t best = h0 * W + w0;
            for (int64_t i = h0; i < h1; ++i)
              for (int64_t j = w0; j < w1; ++j) {
                const double bv = widen(plane[best]), v = widen(plane[i * W + j]);
                if (bv != bv) break;
                if (v != v || v > bv) best = i * W + j;
              }
            out = plane[best];
          }
        }
      }
    }
  });
  return {std::move(y)};
}

OpVersion max_roi_pool_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "MaxRoiPool";
  v.since_version = since;
  v.inputs = {{"X", "T"}, {"rois", "T"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"pooled_shape", AttrType::Ints, true}, {"spatial_scale", AttrType::Float, false, 1.0f}};
  v.type_constraints = {{"T", types}};
  v.set_kernel(parse_max_roi_pool_params, max_roi_pool);
  return v;
}

}  // namespace

void register_max_roi_pool(Registry& registry) {
  registry.add(max_roi_pool_version(1, type_sets::kFloats));
  registry.add(max_roi_pool_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("MaxRoiPool", {AccuracyKind::Exact, "each bin's largest element copied bit for bit, or 0"});
}

}  // namespace onnx_ref
