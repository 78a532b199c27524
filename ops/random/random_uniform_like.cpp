// ONNX RandomUniformLike, every version (1, 22; 22 adds bfloat16).
// Draws uniform on [low, high]; the output has the input's shape and the type 'dtype' (default: the input's, which must then be floating).
// Contract: random (the streams and how each element is made: ops/random/random_rules.h).
#include "ops/random/random_rules.h"
#include "ops/random/register.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_random_uniform_like(Registry& registry) {
  // The input only gives the shape: any tensor type (22 adds bfloat16).
  registry.add(random_like_version("RandomUniformLike", 1, type_sets::kClassic, type_sets::kFloats, false));
  registry.add(random_like_version("RandomUniformLike", 22, type_sets::kWithBFloat16, type_sets::kFloatsIR4, false));
  registry.declare_accuracy(
      "RandomUniformLike",
      {AccuracyKind::Random, "low + (high - low) u, u = k / 2^53 from the node's Philox stream, rounded once"});
}

}  // namespace onnx_ref
