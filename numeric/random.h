#pragma once
// Counter-based random numbers for the random operators (RandomUniform, RandomNormal, Bernoulli,
// Multinomial, Dropout's training mode).
//
// Philox4x64-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011) maps a
// 256-bit counter and a 128-bit key to 256 random bits. Because word i of a stream is a pure
// function of (seed, stream, i), an operator may compute its elements in any order or on any
// number of threads and still give the same bits: the stream is defined by index, not by state.
#include <array>
#include <cstdint>

namespace onnx_ref {

using PhiloxCounter = std::array<uint64_t, 4>;
using PhiloxKey = std::array<uint64_t, 2>;

// One Philox4x64 block with 10 rounds, as Random123 and numpy.random.Philox define it.
PhiloxCounter philox4x64(PhiloxCounter counter, PhiloxKey key);

// The random words of one (seed, stream) pair: word(i) is word i % 4 of the block whose counter
// is {i / 4, 0, 0, 0} under the key {seed, stream}.
class RandomStream {
 public:
  RandomStream(uint64_t seed, uint64_t stream) : key_{seed, stream} {}

  uint64_t word(uint64_t index) const;
  // Uniform in [0, 1), exactly k / 2^24 (float) or k / 2^53 (double) from the word's top bits:
  // every value of the grid is equally likely and no rounding happens.
  float uniform_float(uint64_t index) const;
  double uniform_double(uint64_t index) const;

 private:
  PhiloxKey key_;
};

// The key an operator's float `seed` attribute selects: its IEEE bit pattern, so every distinct
// seed value (including -0 against 0) names its own stream.
uint64_t seed_from_attribute(float seed);
// A node without a `seed` attribute takes its seed from the run instead: RunContext::stream_seed
// (runtime/run_context.h), so `onnx-ref run --seed N` reproduces a run.

}  // namespace onnx_ref
