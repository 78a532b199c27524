// ONNX NonMaxSuppression, every version (10, 11; 11 has the same schema and rules). Exact: the
// intersection-over-union of two boxes is compared with iou_threshold in exact rational arithmetic
// (GMP), so every suppression decision is the one the real numbers make.
//
// For each batch and class, the boxes whose score is at least score_threshold (the spec removes
// those "with score less than" it; without the input none is removed) are taken in descending
// score order, ties by lower box index, NaN scores last. A box is selected unless its IoU with an
// already selected box of that batch and class exceeds iou_threshold; selection stops at
// max_output_boxes_per_class (absent: 0, so nothing is selected). selected_indices lists
// [batch, class, box] by batch, then class, then selection order.
//
// Box extents: center_point_box = 0 gives two corners in either order ([y1, x1, y2, x2]), = 1 gives
// [x_center, y_center, width, height] spanning center ± size / 2 (a negative size spans nothing).
// Boxes meet only where both extents overlap with positive length; IoU = intersection / (area1 +
// area2 - intersection). Box coordinates must be finite, iou_threshold lie in [0, 1],
// max_output_boxes_per_class be non-negative, and each threshold input hold one value.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>
#include <string>

#include <gmpxx.h>

#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

struct NmsBox {
  mpq_class x_lo, x_hi, y_lo, y_hi, area;
  bool empty = false;  // spans nothing on some axis: overlaps no box
};

// The shortest text that reads back as `v` ("nan", "inf" included).
std::string nms_float_text(float v) {
  char buf[48];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  return std::string(buf, end);
}

// The single value of an optional scalar input; nullopt when the input is absent.
std::optional<int64_t> nms_scalar_index(const KernelContext& ctx, size_t i, const char* name) {
  if (!ctx.has_input(i)) return std::nullopt;
  const Tensor& t = ctx.input(i);
  if (t.element_count() != 1 || t.rank() > 1)
    throw Error(std::string(name) + " must hold one value, but it is " + t.describe());
  return i;
}

NmsBox nms_box(const float* c, bool center_point_box) {
  NmsBox b;
  if (center_point_box) {
    const mpq_class xc(static_cast<double>(c[0])), yc(static_cast<double>(c[1]));
    const mpq_class half_w = mpq_class(static_cast<double>(c[2])) / 2,
                    half_h = mpq_class(static_cast<double>(c[3])) / 2;
    b.x_lo = xc - half_w, b.x_hi = xc + half_w, b.y_lo = yc - half_h, b.y_hi = yc + half_h;
  } else {
    b.y_lo = std::min(c[0], c[2]), b.y_hi = std::max(c[0], c[2]);
    b.x_lo = std::min(c[1], c[3]), b.x_hi = std::max(c[1], c[3]);
  }
  b.empty = !(b.x_lo < b.x_hi && b.y_lo < b.y_hi);
  if (!b.empty) b.area = (b.x_hi - b.x_lo) * (b.y_hi - b.y_lo);
  return b;
}

// IoU(a, b) > threshold, exactly.
bool nms_suppresses(const NmsBox& a, const NmsBox& b, const mpq_class& threshold) {
  if (a.empty || b.empty) return false;
  const mpq_class& x_lo = std::max(a.x_lo, b.x_lo);
  const mpq_class& x_hi = std::min(a.x_hi, b.x_hi);
  if (!(x_lo < x_hi)) return false;
  const mpq_class& y_lo = std::max(a.y_lo, b.y_lo);
  const mpq_class& y_hi = std::min(a.y_hi, b.y_hi);
  if (!(y_lo < y_hi)) return false;
  const mpq_class intersection = (x_hi - x_lo) * (y_hi - y_lo);
  // union > 0: both areas are positive and the intersection is at most the smaller one.
  return intersection > threshold * (a.area + b.area - intersection);
}

std::vector<Value> non_max_suppression_kernel(const KernelContext& ctx, bool center_point_box) {
  const Tensor& boxes = ctx.input(0);
  const Tensor& scores = ctx.input(1);
  if (boxes.rank() != 3 || boxes.shape()[2] != 4)
    throw Error("boxes must be [num_batches, spatial_dimension, 4], but it is " + boxes.describe());
  if (scores.rank() != 3)
    throw Error("scores must be [num_batches, num_classes, spatial_dimension], but it is " + scores.describe());
  const int64_t batches = boxes.shape()[0], count = boxes.shape()[1], classes = scores.shape()[1];
  if (scores.shape()[0] != batches || scores.shape()[2] != count)
    throw Error("scores " + scores.describe() + " does not fit boxes " + boxes.describe() + ": it must be [" +
                std::to_string(batches) + ", num_classes, " + std::to_string(count) + "]");
  int64_t max_per_class = 0;
  if (auto i = nms_scalar_index(ctx, 2, "max_output_boxes_per_class")) {
    max_per_class = read_int64(ElementType::Int64, ctx.input(*i).data(), 0);
    if (max_per_class < 0)
      throw Error("max_output_boxes_per_class = " + std::to_string(max_per_class) + " is negative");
  }
  float iou = 0;
  if (auto i = nms_scalar_index(ctx, 3, "iou_threshold")) {
    iou = ctx.input(*i).data_as<float>()[0];
    if (!(iou >= 0 && iou <= 1)) throw Error("iou_threshold = " + nms_float_text(iou) + " is outside [0, 1]");
  }
  std::optional<float> score_threshold;
  if (auto i = nms_scalar_index(ctx, 4, "score_threshold")) score_threshold = ctx.input(*i).data_as<float>()[0];
  const float* box_data = boxes.data_as<float>();
  for (int64_t k = 0; k < boxes.element_count(); ++k)
    if (!std::isfinite(box_data[k]))
      throw Error("boxes[" + std::to_string(k / (count * 4)) + ", " + std::to_string(k / 4 % count) + ", " +
                  std::to_string(k % 4) + "] = " + nms_float_text(box_data[k]) + " is not finite");
  const float* score_data = scores.data_as<float>();
  const mpq_class threshold(static_cast<double>(iou));
  std::vector<int64_t> selected_rows;  // batch, class, box triples
  std::vector<NmsBox> batch_boxes;
  for (int64_t b = 0; b < batches; ++b) {
    batch_boxes.clear();
    if (max_per_class > 0)
      for (int64_t n = 0; n < count; ++n)
        batch_boxes.push_back(nms_box(box_data + (b * count + n) * 4, center_point_box));
    for (int64_t c = 0; c < classes && max_per_class > 0; ++c) {
      const float* s = score_data + (b * classes + c) * count;
      std::vector<int64_t> candidates;
      for (int64_t n = 0; n < count; ++n)
        if (!score_threshold || s[n] >= *score_threshold) candidates.push_back(n);
      std::stable_sort(candidates.begin(), candidates.end(), [s](int64_t x, int64_t y) {
        if (std::isnan(s[y])) return !std::isnan(s[x]);
        return s[x] > s[y];
      });
      std::vector<int64_t> kept;
      for (int64_t n : candidates) {
        if (static_cast<int64_t>(kept.size()) >= max_per_class) break;
        const NmsBox& box = batch_boxes[static_cast<size_t>(n)];
        const bool suppressed = std::any_of(kept.begin(), kept.end(), [&](int64_t k) {
          return nms_suppresses(batch_boxes[static_cast<size_t>(k)], box, threshold);
        });
        if (suppressed) continue;
        kept.push_back(n);
        selected_rows.insert(selected_rows.end(), {b, c, n});
      }
    }
  }
  return {Tensor::from_values<int64_t>(ElementType::Int64, {static_cast<int64_t>(selected_rows.size() / 3), 3},
                                       selected_rows)};
}

OpVersion non_max_suppression_version(int since) {
  OpVersion v;
  v.op_type = "NonMaxSuppression";
  v.since_version = since;
  v.inputs = {{"boxes", "tensor(float)"},
              {"scores", "tensor(float)"},
              {"max_output_boxes_per_class", "tensor(int64)", ParamOption::Optional},
              {"iou_threshold", "tensor(float)", ParamOption::Optional},
              {"score_threshold", "tensor(float)", ParamOption::Optional}};
  v.outputs = {{"selected_indices", "tensor(int64)"}};
  v.attributes = {{"center_point_box", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"},
                        {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  v.check_attributes = [](const Attributes& a) {
    const int64_t c = a.get_int("center_point_box");
    if (c != 0 && c != 1) throw Error("center_point_box = " + std::to_string(c) + " must be 0 or 1");
  };
  v.set_kernel([](const Attributes& attrs) { return attrs.get_int("center_point_box") == 1; },
               non_max_suppression_kernel);
  return v;
}

}  // namespace

void register_non_max_suppression(Registry& registry) {
  registry.add(non_max_suppression_version(10));
  registry.add(non_max_suppression_version(11));  // the same rules; 11 only restated the spec
  registry.declare_accuracy("NonMaxSuppression",
                            {AccuracyKind::Exact, "box indices chosen by exact rational IoU comparisons"});
}

}  // namespace onnx_ref
