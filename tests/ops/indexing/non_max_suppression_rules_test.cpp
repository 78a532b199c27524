// NonMaxSuppression-10 and -11: the box format default of the ONNX 1.22.0 text, cited.
#include <doctest/doctest.h>

#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace non_max_suppression_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// Boxes [0, 0, 1, 1] and [0.5, 0.5, 1, 1]. As corners (y1, x1, y2, x2), the second is a quarter of
// the first: IOU 0.25 / 1 = 0.25 > 0.2, suppressed. As centres and sizes, two unit squares offset by
// half a side: IOU 0.25 / 1.75 < 0.2, kept.
// spec: NonMaxSuppression-10,11: "The default is 0."
TEST_CASE("NonMaxSuppression, every version: corner boxes (center_point_box 0) by default") {
  const Tensor boxes = Tensor::from_values<float>(T::Float, {1, 2, 4}, {0, 0, 1, 1, 0.5f, 0.5f, 1, 1});
  const Tensor scores = Tensor::from_values<float>(T::Float, {1, 1, 2}, {0.9f, 0.8f});
  const Tensor count = Tensor::from_values<int64_t>(T::Int64, {}, {2});
  const Tensor iou = Tensor::from_values<float>(T::Float, {}, {0.2f});
  for (int64_t v : {10, 11}) {
    INFO("NonMaxSuppression-", v);
    const auto selected = [&](std::optional<int64_t> center) {
      OpTester t("NonMaxSuppression", v);
      t.input(Value(boxes)).input(Value(scores)).input(Value(count)).input(Value(iou));
      if (center) t.attribute("center_point_box", *center);
      return t.run_tensor().shape()[0];
    };
    CHECK(selected(std::nullopt) == 1);
    CHECK(selected(0) == 1);
    CHECK(selected(1) == 2);
  }
}

}  // namespace non_max_suppression_rules_tests
