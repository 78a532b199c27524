#pragma once
// ArgMax and ArgMin share one kernel and one version ladder: 1 and 11 (axis, keepdims), 12 (+
// select_last_index), 13 (+ bfloat16).
#include <string>

#include "ops/registry.h"

namespace onnx_ref {

void add_arg_extremum_ladder(Registry& registry, const std::string& op_type, const Accuracy& accuracy, bool largest);

}  // namespace onnx_ref
