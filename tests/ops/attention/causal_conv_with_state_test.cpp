// CausalConvWithState (27): hand-computed windows over the carried state, the sum rounded once
// (a case where summing in double first rounds wrongly), SiLU against the MPFR oracle, the rules.
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <optional>

#include "mpfr_oracle.h"
#include "op_tester.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;

namespace {

std::vector<Value> causal_conv_run(const std::vector<std::optional<Tensor>>& inputs,
                                   const std::string& activation = "none") {
  REQUIRE(Registry::builtin().resolve("", "CausalConvWithState", 27) != nullptr);
  Attributes attrs;
  attrs.set("activation", activation);
  std::vector<std::optional<Value>> in;
  for (const auto& t : inputs) in.push_back(t ? std::optional<Value>(Value(*t)) : std::nullopt);
  return testing::run_node_rule("CausalConvWithState", 27, in, attrs, 2);
}

Tensor causal_conv_f32(Shape shape, std::vector<float> values) {
  return Tensor::from_values<float>(ElementType::Float, std::move(shape), values);
}

std::vector<double> causal_conv_values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.element_count(); ++i) v.push_back(t.data_as<float>()[i]);
  return v;
}

}  // namespace

TEST_CASE("CausalConvWithState: windows over past_state and input, present_state, bias") {
  const Tensor x = causal_conv_f32({1, 1, 3}, {1, 2, 3});
  const Tensor w = causal_conv_f32({1, 1, 3}, {1, 10, 100});
  // x' = [0, 0, 1, 2, 3]: y[t] = x'[t] + 10 x'[t + 1] + 100 x'[t + 2].
  auto out = causal_conv_run({x, w});
  CHECK(causal_conv_values(out[0].tensor()) == std::vector<double>{100, 210, 321});
  CHECK(causal_conv_values(out[1].tensor()) == std::vector<double>{2, 3});
  // x' = [5, 6, 1, 2, 3], bias 0.5.
  out = causal_conv_run({x, w, causal_conv_f32({1}, {0.5f}), causal_conv_f32({1, 1, 2}, {5, 6})});
  CHECK(causal_conv_values(out[0].tensor()) == std::vector<double>{165.5, 216.5, 321.5});
  CHECK(causal_conv_values(out[1].tensor()) == std::vector<double>{2, 3});
  // An input shorter than k - 1: the state keeps part of the past (or of the zero padding).
  out = causal_conv_run({causal_conv_f32({1, 1, 1}, {1}), w, std::nullopt, causal_conv_f32({1, 1, 2}, {5, 6})});
  CHECK(causal_conv_values(out[0].tensor()) == std::vector<double>{165});
  CHECK(causal_conv_values(out[1].tensor()) == std::vector<double>{6, 1});
  out = causal_conv_run({causal_conv_f32({1, 1, 1}, {1}), w});
  CHECK(causal_conv_values(out[1].tensor()) == std::vector<double>{0, 1});
  // Two channels, two batch entries: each channel has its own kernel; y[t] reads x[t - 1] and x[t] only.
  // spec: CausalConvWithState-27: "The convolution is causal (looks only at current and past positions) and depthwise (each channel is convolved independently with its own kernel)."
  out = causal_conv_run(
      {causal_conv_f32({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}), causal_conv_f32({2, 1, 2}, {1, 1, 2, -1})});
  CHECK(causal_conv_values(out[0].tensor()) == std::vector<double>{1, 3, -3, 2, 5, 11, -7, 6});
  // k = 1: no state.
  out = causal_conv_run({x, causal_conv_f32({1, 1, 1}, {2})});
  CHECK(causal_conv_values(out[0].tensor()) == std::vector<double>{2, 4, 6});
  CHECK(out[1].tensor().shape() == Shape{1, 1, 0});
}

TEST_CASE("CausalConvWithState: the sum rounds once; SiLU correctly rounded (MPFR oracle)") {
  // 1 + 2^-24 + 2^-80: in double the last term is lost and the float tie goes to even (1); the
  // exact sum lies above the tie, so it rounds up to 1 + 2^-23.
  const Tensor w = causal_conv_f32({1, 1, 3}, {1, 1, 1});
  auto out = causal_conv_run(
      {causal_conv_f32({1, 1, 1}, {0x1p-80f}), w, std::nullopt, causal_conv_f32({1, 1, 2}, {1, 0x1p-24f})});
  CHECK(causal_conv_values(out[0].tensor())[0] == 1 + 0x1p-23);
  const std::vector<float> xs{1, -2.5f, 0.1f, 7, -30, 0};
  out = causal_conv_run({causal_conv_f32({1, 1, 6}, xs), causal_conv_f32({1, 1, 1}, {1})}, "silu");
  const std::vector<double> got = causal_conv_values(out[0].tensor());
  for (size_t i = 0; i < xs.size(); ++i) {
    const double want = oracle::reference(numeric::Fn::Swish, numeric::Format::Float, xs[i], {0, 1, 0});
    INFO("x ", xs[i], " got ", got[i], " want ", want);
    CHECK(oracle::same_result(got[i], want));
  }
  CHECK(causal_conv_values(
            causal_conv_run({causal_conv_f32({1, 1, 1}, {1}), causal_conv_f32({1, 1, 1}, {1})}, "swish")[0].tensor()) ==
        std::vector<double>{got[0]});
}

TEST_CASE("CausalConvWithState: the rules, each a one-line error") {
  const Tensor x = causal_conv_f32({1, 2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK_THROWS_WITH_AS(causal_conv_run({x, causal_conv_f32({1, 1, 2}, {1, 1})}),
                       doctest::Contains("weight is float[1, 1, 2] but must be (channels = 2, 1, k)"), Error);
  const Tensor w = causal_conv_f32({2, 1, 3}, {1, 1, 1, 1, 1, 1});
  CHECK_THROWS_WITH_AS(
      causal_conv_run({x, w, std::nullopt, causal_conv_f32({1, 2, 3}, {0, 0, 0, 0, 0, 0})}),
      doctest::Contains("past_state is float[1, 2, 3] but must be (batch_size, channels, k - 1) = (1, 2, 2)"), Error);
  CHECK_THROWS_WITH_AS(causal_conv_run({x, w, causal_conv_f32({3}, {0, 0, 0})}),
                       doctest::Contains("bias is float[3] but must be (2,)"), Error);
  // spec: CausalConvWithState-27: "One of: 'silu', 'swish', 'none'."
  CHECK_THROWS_WITH_AS(causal_conv_run({x, w}, "gelu"),
                       doctest::Contains("activation 'gelu' is not one of none, silu, swish"), Error);
  CHECK_THROWS_WITH_AS(causal_conv_run({causal_conv_f32({2, 3}, {0, 0, 0, 0, 0, 0}), w}),
                       doctest::Contains("input must be (batch_size, channels, length)"), Error);
}

TEST_CASE("CausalConvWithState: no activation attribute is 'none'") {
  // x' = [0, 0, 1, 2, 3] under the kernel (1, 10, 100): 100, 210, 321, with no SiLU applied.
  testing::OpTester t("CausalConvWithState", 27);
  t.input(Value(causal_conv_f32({1, 1, 3}, {1, 2, 3})))
      .input(Value(causal_conv_f32({1, 1, 3}, {1, 10, 100})))
      .outputs(2);
  // spec: CausalConvWithState-27: "Default is 'none'."
  CHECK(causal_conv_values(t.run()[0].tensor()) == std::vector<double>{100, 210, 321});
}
