// ONNX RandomUniform, every version (1, 22; 22 adds bfloat16).
// Draws uniform on [low, high]; the output has the shape of attribute 'shape' and the type 'dtype' (default float).
// Contract: random (the streams and how each element is made: ops/random/random_rules.h).
#include "ops/random/random_rules.h"
#include "ops/random/register.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_random_uniform(Registry& registry) {
  registry.add(random_shape_version("RandomUniform", 1, type_sets::kFloats, false));
  registry.add(random_shape_version("RandomUniform", 22, type_sets::kFloatsIR4, false));
  registry.declare_accuracy(
      "RandomUniform",
      {AccuracyKind::Random, "low + (high - low) u, u = k / 2^53 from the node's Philox stream, rounded once"});
}

}  // namespace onnx_ref
