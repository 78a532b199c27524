// ONNX IsInf, every version (10, 20): Y = (X is an infinity the flags ask for), a bool tensor.
//   10: float, double.  20: + bfloat16, float16 and the four float8 types.
// detect_negative and detect_positive (default 1) choose -inf and +inf; each must be 0 or 1, and
// with both 0 nothing is reported. Contract: exact.
#include <cmath>

#include "ops/math/float_class.h"
#include "ops/math/register.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
namespace {
// detect_negative and detect_positive, parsed and checked at load.
using DetectFlags = std::pair<bool, bool>;

DetectFlags parse_detect_flags(const Attributes& attrs) {
  return {attrs.get_flag("detect_negative"), attrs.get_flag("detect_positive")};
}

std::vector<Value> is_inf_run(const KernelContext& ctx, const DetectFlags& flags) {
  const bool negative = flags.first, positive = flags.second;
  return {classify_floats(ctx.input(0), [=](double v) { return std::isinf(v) && (v > 0 ? positive : negative); })};
}

void set_is_inf_kernel(OpVersion& v) { v.set_kernel(parse_detect_flags, is_inf_run); }
}  // namespace
}  // namespace math

void register_is_inf(Registry& registry) {
  using namespace math;
  const UnaryNames names{"X", "Y", "T1", "T2", TypeSet{ET::Bool}};
  const TypeSet with_f8 =
      type_sets::kFloatsIR4.with({ET::Float8E4M3FN, ET::Float8E4M3FNUZ, ET::Float8E5M2, ET::Float8E5M2FNUZ});
  const std::vector<AttributeSpec> flags = {{"detect_negative", AttrType::Int, false, int64_t{1}},
                                            {"detect_positive", AttrType::Int, false, int64_t{1}}};
  register_unary_ladder(registry, "IsInf", {AccuracyKind::Exact, "a decision on each element"},
                        {{10, TypeSet{ET::Float, ET::Double}}, {20, with_f8}}, flags, set_is_inf_kernel, names);
}

}  // namespace onnx_ref
