// ONNX MatMul, every version (1, 9, 13): numpy.matmul. Contract: correctly rounded — each output is
// the exact sum of the exact products rounded once to the element type (nearest, ties to even);
// integers wrap (two's complement). 1: float16, float, double; 9: + int32, int64, uint32, uint64;
// 13: + bfloat16. Shapes: ops/linalg/matmul_rules.h; arithmetic: gemm/dot.h.
#include "ops/linalg/matmul_rules.h"
#include "ops/linalg/register.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

OpVersion matmul_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "MatMul";
  v.since_version = since;
  v.inputs = {{"A", "T"}, {"B", "T"}};
  v.outputs = {{"Y", "T"}};
  v.type_constraints = {{"T", types}};
  v.kernel = [](const KernelContext& ctx) -> std::vector<Value> {
    return {linalg::matmul(ctx.input(0), ctx.input(1))};
  };
  return v;
}

}  // namespace

void register_matmul(Registry& registry) {
  using ET = ElementType;
  const TypeSet floats = type_sets::kFloats;
  const TypeSet with_ints = floats.with({ET::Int32, ET::Int64, ET::UInt32, ET::UInt64});
  registry.add(matmul_version(1, floats));
  registry.add(matmul_version(9, with_ints));
  registry.add(matmul_version(13, with_ints.with({ET::BFloat16})));
  registry.declare_accuracy("MatMul", {AccuracyKind::CorrectlyRounded,
                                       "each output the exact sum of exact products rounded once; integers wrap"});
}

}  // namespace onnx_ref
