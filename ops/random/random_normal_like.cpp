// ONNX RandomNormalLike, every version (1, 22; 22 adds bfloat16).
// Draws normal(mean, scale); the output has the input's shape and the type 'dtype' (default: the input's, which must then be floating).
// Contract: random (the streams and how each element is made: ops/random/random_rules.h).
#include "ops/random/random_rules.h"
#include "ops/random/register.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_random_normal_like(Registry& registry) {
  // The input only gives the shape: any tensor type (22 adds bfloat16).
  registry.add(random_like_version("RandomNormalLike", 1, type_sets::kClassic, type_sets::kFloats, true));
  registry.add(random_like_version("RandomNormalLike", 22, type_sets::kWithBFloat16, type_sets::kFloatsIR4, true));
  registry.declare_accuracy(
      "RandomNormalLike",
      {AccuracyKind::Random, "mean + scale z, z by Box-Muller in double from the node's Philox stream, rounded once"});
}

}  // namespace onnx_ref
