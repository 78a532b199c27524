// ONNX RandomNormal, every version (1, 22; 22 adds bfloat16).
// Draws normal(mean, scale); the output has the shape of attribute 'shape' and the type 'dtype' (default float).
// Contract: random (the streams and how each element is made: ops/random/random_rules.h).
#include "ops/random/random_rules.h"
#include "ops/random/register.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_random_normal(Registry& registry) {
  registry.add(random_shape_version("RandomNormal", 1, type_sets::kFloats, true));
  registry.add(random_shape_version("RandomNormal", 22, type_sets::kFloatsIR4, true));
  registry.declare_accuracy(
      "RandomNormal",
      {AccuracyKind::Random, "mean + scale z, z by Box-Muller in double from the node's Philox stream, rounded once"});
}

}  // namespace onnx_ref
