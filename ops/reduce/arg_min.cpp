// ONNX ArgMin, every version (1, 11, 12, 13): the index of the smallest element along `axis`.
// Contract: exact. Ties (numerically equal values, +0 equal to -0) go to the lower index, or to the
// higher with select_last_index = 1 (12+); a NaN counts as the smallest value, so the first NaN
// (the last with select_last_index) wins, as numpy's argmin in the ONNX reference. An axis of
// size 0 is an Error. The kernel is shared with ArgMax (ops/reduce/arg_extremum.cpp).
#include "ops/reduce/arg_extremum.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_arg_min(Registry& registry) {
  add_arg_extremum_ladder(registry, "ArgMin", {AccuracyKind::Exact, "the index of the smallest element"}, false);
}

}  // namespace onnx_ref
