// ONNX RoiAlign, every version (10, 16, 22): bilinear samples averaged (or maximized) over each bin
// of each region of interest, X [N, C, H, W], rois [R, 4] as (x1, y1, x2, y2), batch_indices [R]
// to Y [R, C, output_height, output_width]. Contract: rounded at named points — the geometry is
// the Mask R-CNN algorithm the spec cites, step by step in double: each ROI corner is
// coordinate * spatial_scale - offset (offset 0.5 for half_pixel, 0 for output_half_pixel, the only
// mode of version 10), each extent end - start (at least 1 with output_half_pixel), each bin size
// extent / output size, each sample position start + p * bin + (i + 0.5) * bin / grid, and the
// bilinear weights (1 - ly)(1 - lx), (1 - ly) lx, ly (1 - lx), ly lx, every operation rounded to
// double. A sample outside [-1, H] x [-1, W] contributes 0; one inside is clamped to the image as
// the algorithm does. Then:
//  - avg: the exact sum over the bin's samples of the exact products weight * element, divided by
//    the sample count, rounded once to the element type (gemm/exact_quotient.h);
//  - max: the largest of the weighted corner values weight * element (each rounded to double, as
//    the algorithm and the official tests take the maximum of the weighted corners, not of the
//    interpolated values), rounded to the element type.
// The grid is sampling_ratio per axis, or ceil(extent / output size) when it is 0 (at least 1 sample
// counted); a bin of more than 2^24 samples is refused, as is a non-finite ROI coordinate or a
// batch index outside [0, N).
//   10: float16, float, double; output_half_pixel.  16: + coordinate_transformation_mode.
//   22: + bfloat16.
#include <cmath>

#include "gemm/exact_quotient.h"
#include "numeric/exact_sum.h"
#include "ops/float_dispatch.h"
#include "ops/pool/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// One sample's four corners (flat offsets in an H x W plane) and weights; all weights 0 outside.
struct RoiAlignSample {
  int64_t pos[4] = {0, 0, 0, 0};
  double w[4] = {0, 0, 0, 0};
};

RoiAlignSample roi_align_sample(double y, double x, int64_t H, int64_t W) {
  RoiAlignSample s;
  if (y < -1.0 || y > static_cast<double>(H) || x < -1.0 || x > static_cast<double>(W)) return s;
  y = std::max(y, 0.0);
  x = std::max(x, 0.0);
  int64_t y_low = static_cast<int64_t>(y), x_low = static_cast<int64_t>(x), y_high = 0, x_high = 0;
  if (y_low >= H - 1) {
    y_high = y_low = H - 1;
    y = static_cast<double>(y_low);
  } else {
    y_high = y_low + 1;
  }
  if (x_low >= W - 1) {
    x_high = x_low = W - 1;
    x = static_cast<double>(x_low);
  } else {
    x_high = x_low + 1;
  }
  const double ly = y - static_cast<double>(y_low), lx = x - static_cast<double>(x_low);
  const double hy = 1.0 - ly, hx = 1.0 - lx;
  s.pos[0] = y_low * W + x_low;
  s.pos[1] = y_low * W + x_high;
  s.pos[2] = y_high * W + x_low;
  s.pos[3] = y_high * W + x_high;
  s.w[0] = hy * hx;
  s.w[1] = hy * lx;
  s.w[2] = ly * hx;
  s.w[3] = ly * lx;
  return s;
}

// RoiAlign's attributes, parsed at load: the modes known, the sizes and the scale in range.
struct RoiAlignParams {
  int64_t OH = 1, OW = 1, ratio = 0;
  double scale = 1;
  bool avg = true;
  bool half_pixel = false;  // 16 on; before, output_half_pixel is the only mapping
};

RoiAlignParams parse_roi_align_params(const Attributes& attrs, int since) {
  const std::string& mode = std::get<std::string>(attrs.get("mode"));
  if (mode != "avg" && mode != "max") throw Error("attribute 'mode' must be 'avg' or 'max', got " + quote_text(mode));
  RoiAlignParams p;
  p.avg = mode == "avg";
  if (since >= 16) {
    const std::string& m = std::get<std::string>(attrs.get("coordinate_transformation_mode"));
    if (m != "half_pixel" && m != "output_half_pixel")
      throw Error("attribute 'coordinate_transformation_mode' must be 'half_pixel' or 'output_half_pixel', got " +
                  quote_text(m));
    p.half_pixel = m == "half_pixel";
  }
  for (const char* name : {"output_height", "output_width"})
    if (attrs.get_int(name) < 1 || attrs.get_int(name) > (int64_t{1} << 31))
      throw Error(std::string("attribute '") + name + "' must be from 1 to 2^31, got " +
                  std::to_string(attrs.get_int(name)));
  p.OH = attrs.get_int("output_height");
  p.OW = attrs.get_int("output_width");
  p.ratio = attrs.get_int("sampling_ratio");
  if (p.ratio < 0 || p.ratio > 4096)
    throw Error("attribute 'sampling_ratio' must be from 0 to 4096, got " + std::to_string(p.ratio));
  p.scale = std::get<float>(attrs.get("spatial_scale"));
  if (!std::isfinite(p.scale)) throw Error("attribute 'spatial_scale' must be finite");
  return p;
}

std::vector<Value> roi_align(const KernelContext& ctx, const RoiAlignParams& params) {
  const Tensor& x = ctx.input(0);
  const Tensor& rois = ctx.input(1);
  const Tensor& batch = ctx.input(2);
  if (x.rank() != 4) throw Error("X must have rank 4 [N, C, H, W], but it is " + x.describe());
  if (rois.rank() != 2 || rois.shape()[1] != 4)
    throw Error("rois must have shape [num_rois, 4], but it is " + rois.describe());
  const int64_t R = rois.shape()[0];
  if (batch.shape() != Shape{R})
    throw Error("batch_indices must have shape [" + std::to_string(R) + "] (one per ROI), but it is " +
                batch.describe());
  const int64_t N = x.shape()[0], C = x.shape()[1], H = x.shape()[2], W = x.shape()[3];
  const int64_t OH = params.OH, OW = params.OW, ratio = params.ratio;
  const double scale = params.scale;
  const bool avg = params.avg, half_pixel = params.half_pixel;
  const int64_t* pb = batch.data_as<int64_t>();
  for (int64_t r = 0; r < R; ++r)
    if (pb[r] < 0 || pb[r] >= N)
      throw Error("batch_indices element " + std::to_string(r) + " is " + std::to_string(pb[r]) + ", outside [0, " +
                  std::to_string(N) + ")");
  if ((H == 0 || W == 0) && R > 0 && C > 0) throw Error("X " + x.describe() + " has no element to sample");
  Tensor y = Tensor::uninitialized(x.type(), {R, C, OH, OW});
  dispatch_float(x.type(), "RoiAlign", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = x.data_as<S>();
    const S* pr = rois.data_as<S>();
    S* py = reinterpret_cast<S*>(y.mutable_data());
    std::vector<RoiAlignSample> samples;
    for (int64_t r = 0; r < R; ++r) {
      double c[4];
      for (int k = 0; k < 4; ++k) {
        c[k] = widen(pr[r * 4 + k]);
        if (!std::isfinite(c[k]))
          throw Error("rois element [" + std::to_string(r) + ", " + std::to_string(k) + "] is not finite");
      }
      const double offset = half_pixel ? 0.5 : 0.0;
      const double start_w = c[0] * scale - offset, start_h = c[1] * scale - offset;
      const double end_w = c[2] * scale - offset, end_h = c[3] * scale - offset;
      double roi_w = end_w - start_w, roi_h = end_h - start_h;
      if (!half_pixel) {
        roi_w = std::max(roi_w, 1.0);
        roi_h = std::max(roi_h, 1.0);
      }
      const double bin_h = roi_h / static_cast<double>(OH), bin_w = roi_w / static_cast<double>(OW);
      const double gh_d = ratio > 0 ? static_cast<double>(ratio) : std::ceil(roi_h / static_cast<double>(OH));
      const double gw_d = ratio > 0 ? static_cast<double>(ratio) : std::ceil(roi_w / static_cast<double>(OW));
      // A negative extent (half_pixel keeps it) gives no sample; the count is still at least 1.
      const int64_t gh = gh_d > 0 ? static_cast<int64_t>(std::min(gh_d, 0x1p40)) : 0;
      const int64_t gw = gw_d > 0 ? static_cast<int64_t>(std::min(gw_d, 0x1p40)) : 0;
      if (gh > 0 && gw > 0 && (gh > (int64_t{1} << 24) || gw > (int64_t{1} << 24) || gh * gw > (int64_t{1} << 24)))
        throw Error("ROI " + std::to_string(r) + " needs a sampling grid of " + std::to_string(gh) + " x " +
                    std::to_string(gw) + " per bin, beyond 2^24 samples");
      const int64_t count = std::max<int64_t>(gh * gw, 1);
      for (int64_t ph = 0; ph < OH; ++ph)
        for (int64_t pw = 0; pw < OW; ++pw) {
          samples.clear();
          for (int64_t iy = 0; iy < gh; ++iy) {
            const double yy = start_h + static_cast<double>(ph) * bin_h +
                              (static_cast<double>(iy) + 0.5) * bin_h / static_cast<double>(gh);
            for (int64_t ix = 0; ix < gw; ++ix) {
              const double xx = start_w + static_cast<double>(pw) * bin_w +
                                (static_cast<double>(ix) + 0.5) * bin_w / static_cast<double>(gw);
              samples.push_back(roi_align_sample(yy, xx, H, W));
            }
          }
          for (int64_t ch = 0; ch < C; ++ch) {
            const S* plane = px + (pb[r] * C + ch) * H * W;
            S& out = py[((r * C + ch) * OH + ph) * OW + pw];
            if (avg) {
              ExactSum sum;
              for (const RoiAlignSample& sm : samples)
                for (int q = 0; q < 4; ++q) {
                  const double v = widen(plane[sm.pos[q]]);
                  const double prod = sm.w[q] * v;
                  sum.add(prod);
                  if (std::isfinite(prod)) sum.add(std::fma(sm.w[q], v, -prod));  // the exact product as two doubles
                }
              out = gemm::round_quotient<S>(sum, static_cast<uint64_t>(count));
            } else {
              double best = 0;
              bool any = false;
              for (const RoiAlignSample& sm : samples)
                for (int q = 0; q < 4; ++q) {
                  const double v = sm.w[q] * widen(plane[sm.pos[q]]);
                  if (!any)
                    best = v;
                  else if (!std::isnan(best) && (std::isnan(v) || v > best))
                    best = v;
                  any = true;
                }
              out = narrow<S>(best);
            }
          }
        }
    }
  });
  return {std::move(y)};
}

OpVersion roi_align_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "RoiAlign";
  v.since_version = since;
  v.inputs = {{"X", "T1"}, {"rois", "T1"}, {"batch_indices", "T2"}};
  v.outputs = {{"Y", "T1"}};
  v.attributes = {{"mode", AttrType::String, false, std::string("avg")},
                  {"output_height", AttrType::Int, false, int64_t{1}},
                  {"output_width", AttrType::Int, false, int64_t{1}},
                  {"sampling_ratio", AttrType::Int, false, int64_t{0}},
                  {"spatial_scale", AttrType::Float, false, 1.0f}};
  if (since >= 16)
    v.attributes.push_back({"coordinate_transformation_mode", AttrType::String, false, std::string("half_pixel")});
  v.type_constraints = {{"T1", types}, {"T2", TypeSet{ElementType::Int64}}};
  v.set_kernel([since](const Attributes& attrs) { return parse_roi_align_params(attrs, since); }, roi_align);
  return v;
}

}  // namespace

void register_roi_align(Registry& registry) {
  for (int since : {10, 16}) registry.add(roi_align_version(since, type_sets::kFloats));
  registry.add(roi_align_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy(
      "RoiAlign", {AccuracyKind::RoundedAtNamedPoints,
                   "geometry and bilinear weights each rounded to double; avg: the exact mean of the weighted samples "
                   "rounded once; max: the largest weighted corner rounded to double, then to T"});
}

}  // namespace onnx_ref
