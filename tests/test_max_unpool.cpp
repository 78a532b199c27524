// MaxUnpool: the unpooled length inverts MaxPool's window rule (checked exhaustively over small
// sizes against ops/window_rules.h), and values placed by hand.
#include <doctest/doctest.h>

#include <cstring>

#include "node_runner.h"
#include "ops/pool/unpool_rules.h"
#include "ops/window_rules.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

std::vector<float> unpool_values(const Tensor& t) {
  std::vector<float> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(float));
  return v;
}

Tensor unpool_run(const std::vector<std::optional<Tensor>>& inputs, const std::vector<int64_t>& kernel,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& pads = {}) {
  return run_single_node("MaxUnpool", 22, inputs, [&](onnx::NodeProto& n) {
    set_ints(n, "kernel_shape", kernel);
    set_ints(n, "strides", strides);
    if (!pads.empty()) set_ints(n, "pads", pads);
  });
}

}  // namespace

TEST_CASE("MaxUnpool rules: the unpooled length of a MaxPool output is the pooled length minus what the windows miss") {
  for (int64_t len = 1; len <= 9; ++len)
    for (int64_t k = 1; k <= 4; ++k)
      for (int64_t s = 1; s <= 3; ++s)
        for (int64_t pb = 0; pb < k; ++pb)
          for (int64_t pe = 0; pe < k; ++pe) {
            if (len + pb + pe < k) continue;
            const AxisWindow w = window_axis(len, k, s, 1, pb, pe, AutoPad::NotSet, false);
            // The windows cover the padded input up to (len + pb + pe - k) % s positions at its end;
            // when those are more than the input (padding only), no unpooled length exists.
            const int64_t want = len - (len + pb + pe - k) % s;
            if (want >= 0) CHECK(pool::unpool_axis_length(w.out, k, s, pb, pe, 0) == want);
            else CHECK_THROWS_AS(pool::unpool_axis_length(w.out, k, s, pb, pe, 0), Error);
          }
  CHECK_THROWS_WITH_AS(pool::unpool_axis_length(1, 1, 1, 1, 1, 2), doctest::Contains("is negative (spatial axis 2)"), Error);
  CHECK_THROWS_WITH_AS(pool::unpool_axis_length(3, 0, 1, 0, 0, 0), doctest::Contains("kernel_shape 0 must be at least 1"), Error);
  CHECK_THROWS_WITH_AS(pool::unpool_axis_length(int64_t{1} << 40, 1, int64_t{1} << 40, 0, 0, 0),
                       doctest::Contains("beyond 2^62"), Error);
  CHECK(pool::unpooled_shape({2, 3, 2, 2}, {2, 2}, nullptr, nullptr) == Shape{2, 3, 3, 3});
}

TEST_CASE("MaxUnpool: elements go to their indices; output_shape pads at the end") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 1, 2, 2}, {1, 2, 3, 4});
  const Tensor i = Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {5, 7, 13, 15});
  const Tensor y = unpool_run({x, i}, {2, 2}, {2, 2});
  REQUIRE(y.shape() == Shape{1, 1, 4, 4});
  CHECK(unpool_values(y) == std::vector<float>{0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 3, 0, 4});
  const Tensor y5 = unpool_run({x, i, Tensor::from_values<int64_t>(T::Int64, {4}, {1, 1, 5, 5})}, {2, 2}, {2, 2});
  REQUIRE(y5.shape() == Shape{1, 1, 5, 5});
  CHECK(unpool_values(y5) == std::vector<float>{0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 4, 0, 0, 0, 0, 0, 0});
  // Pads shrink the unpooled shape: (2 - 1) * 2 - 2 + 2 = 2; a repeated index keeps the later element.
  const Tensor yp = unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 3, 3, 1})}, {2, 2}, {2, 2},
                               {1, 1, 1, 1});
  CHECK(yp.shape() == Shape{1, 1, 2, 2});
  CHECK(unpool_values(yp) == std::vector<float>{1, 4, 0, 3});
}

TEST_CASE("MaxUnpool: bad indices and shapes are one-line errors") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 1, 2, 2}, {1, 2, 3, 4});
  CHECK_THROWS_WITH_AS(unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 1, 16, 2})}, {2, 2}, {2, 2}),
                       doctest::Contains("I element 2 is 16, outside [0, 16)"), Error);
  CHECK_THROWS_WITH_AS(unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, -1, 2, 3})}, {2, 2}, {2, 2}),
                       doctest::Contains("I element 1 is -1"), Error);
  CHECK_THROWS_WITH_AS(unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 4}, {0, 1, 2, 3})}, {2, 2}, {2, 2}),
                       doctest::Contains("must have X's shape"), Error);
  CHECK_THROWS_WITH_AS(unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 1, 2, 3}),
                                   Tensor::from_values<int64_t>(T::Int64, {4}, {1, 1, 3, 5})},
                                  {2, 2}, {2, 2}),
                       doctest::Contains("at least the unpooled shape [1, 1, 4, 4]"), Error);
  CHECK_THROWS_WITH_AS(unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 1, 2, 3})}, {2}, {2}),
                       doctest::Contains("attribute 'kernel_shape' [2] must have 2 values"), Error);
}
