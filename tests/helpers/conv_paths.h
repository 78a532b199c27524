// Conv-22 cases checked on every GEMM path and thread count against an exact answer: random floats
// of full precision, and one runner that runs the node on the AVX-512 and the portable kernels and
// on 1, 2 and 3 threads and compares the output with the oracle's bits.
// Shared by tests/ops/linalg/conv_depthwise_test.cpp and conv_im2col_blocks_test.cpp.
#pragma once
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "gemm/dot.h"
#include "op_tester.h"

namespace {

using namespace onnx_ref;
using namespace onnx_ref::testing;

// n floats m * 2^(e - 24), |m| < 2^24, e in [-6, 6]: full significands, products and sums exact in
// a 600-bit MPFR number.
std::vector<float> random_conv_floats(std::mt19937_64& rng, int64_t n) {
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << 24) + 1, (int64_t{1} << 24) - 1);
  std::uniform_int_distribution<int> ex(-6, 6);
  std::vector<float> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(std::ldexp(static_cast<float>(mant(rng)), ex(rng) - 24));
  return v;
}

struct ConvNode {
  Shape x_shape, w_shape;
  std::vector<float> x, w, b;  // b empty: no bias input
  int64_t group = 1;
  std::vector<int64_t> pads, strides, dilations;
};

// Runs the node on the Automatic (AVX-512 where the CPU has it) and TiledPortable paths and on 1, 2
// and 3 threads; each output must be `want` bit for bit.
void check_conv_every_path(const ConvNode& c, const Shape& out_shape, const std::vector<float>& want) {
  for (const auto path : {gemm::GemmPath::Automatic, gemm::GemmPath::TiledPortable})
    for (int threads : {1, 2, 3}) {
      const gemm::GemmPath saved = gemm::gemm_path();
      gemm::set_gemm_path(path);
      OpTester t("Conv", 22);
      t.input(Value(Tensor::from_values<float>(ElementType::Float, c.x_shape, c.x)));
      t.input(Value(Tensor::from_values<float>(ElementType::Float, c.w_shape, c.w)));
      if (!c.b.empty()) t.input(Value(Tensor::from_values<float>(ElementType::Float, {c.w_shape[0]}, c.b)));
      t.attribute("group", c.group)
          .attribute("pads", c.pads)
          .attribute("strides", c.strides)
          .attribute("dilations", c.dilations);
      RunOptions options;
      options.threads = threads;
      t.run_options(options);
      const Tensor y = t.run_tensor();
      gemm::set_gemm_path(saved);
      INFO("path " << static_cast<int>(path) << ", threads " << threads);
      REQUIRE(y.shape() == out_shape);
      REQUIRE(static_cast<size_t>(y.element_count()) == want.size());
      CHECK(std::memcmp(y.data(), want.data(), want.size() * sizeof(float)) == 0);
    }
}

}  // namespace
