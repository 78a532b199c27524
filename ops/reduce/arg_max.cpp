// ONNX ArgMax, every version (1, 11, 12, 13): the index of the largest element along `axis`.
// Contract: exact. Ties (numerically equal values, +0 equal to -0) go to the lower index, or to the
// higher with select_last_index = 1 (12+); a NaN counts as the largest value, so the first NaN
// (the last with select_last_index) wins, as numpy's argmax in the ONNX reference. An axis of
// size 0 is an Error. The kernel is shared with ArgMin (ops/reduce/arg_extremum.cpp).
#include "ops/reduce/arg_extremum.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_arg_max(Registry& registry) {
  add_arg_extremum_ladder(registry, "ArgMax", {AccuracyKind::Exact, "the index of the largest element"}, true);
}

}  // namespace onnx_ref
