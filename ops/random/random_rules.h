#pragma once
// What the random operators (RandomUniform, RandomNormal, their -Like forms, Bernoulli, Multinomial)
// share: the stream each node draws from, the dtype attribute, and how one element is made.
//
// Contract: random. Element i of a node's output is a pure function of the node's stream and i
// (numeric/random.h: Philox4x64-10, word i), so the thread count never changes a bit:
//  - with a `seed` attribute the stream is RandomStream(seed_from_attribute(seed), 0): the same seed
//    gives the same numbers in every run (not numpy's, which ONNX's reference draws from);
//  - without one it is RandomStream(run.stream_seed(node path), 1): fixed by the run's seed
//    (`onnx-ref run --seed N`), different for each node (and each call) in the run.
// Uniform elements are low + (high - low) u with u = uniform_double(i) = k / 2^53 in [0, 1), the
// exact value rounded once to the element type (so in [low, high]; high itself only by rounding).
// Normal elements are mean + scale z by the Box-Muller transform in double (glibc's log, sqrt and
// cos): z = sqrt(-2 ln(1 - u1)) cos(2 pi u2), u1 = uniform_double(2 i), u2 = uniform_double(2 i + 1),
// rounded once to the element type.
#include <cstdint>
#include <optional>
#include <string>

#include "numeric/random.h"
#include "ops/registry.h"

namespace onnx_ref {

// The `seed` attribute, when the node gives one (parsed at load).
std::optional<float> random_seed(const Attributes& attrs);
// The stream of this node, as above, for its parsed seed.
RandomStream random_node_stream(const KernelContext& ctx, std::optional<float> seed);

// The element type a dtype attribute names; Error unless it is one of `allowed`.
ElementType random_dtype(int64_t code, const TypeSet& allowed);

// low + (high - low) u, exactly, rounded once to the storage type's format (returned as the double
// holding the rounded value; float16 and bfloat16 via their narrow()).
double random_uniform_value(double low, double high, double u, bool to_double);

// mean + scale z for the Box-Muller pair (u1, u2), in double.
double random_normal_value(double mean, double scale, double u1, double u2);

// Fills a floating output (float, double, float16, bfloat16) of `count` elements from the stream:
// uniform in [low, high] or normal(mean, scale).
void random_fill_uniform(Tensor& out, const RandomStream& stream, double low, double high);
void random_fill_normal(Tensor& out, const RandomStream& stream, double mean, double scale);

}  // namespace onnx_ref

namespace onnx_ref {

// The versions of RandomUniform and RandomNormal (output shape from `shape`, type from `dtype`) and
// of their -Like forms (shape of the input, type `dtype` or the input's): `normal` picks the
// distribution and its attributes (mean, scale or low, high).
OpVersion random_shape_version(const char* op_type, int since_version, const TypeSet& types, bool normal);
OpVersion random_like_version(const char* op_type, int since_version, const TypeSet& input_types,
                              const TypeSet& output_types, bool normal);

}  // namespace onnx_ref
