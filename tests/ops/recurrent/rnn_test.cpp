// Unit tests of ops/recurrent/rnn.cpp.
#include "helpers/recurrent.h"
#include "helpers/recurrent_rules.h"

TEST_CASE("RNN: layout 1, reverse, Y left out, against the MPFR oracle") {
  const int64_t S = 4, N = 2, I = 2, H = 2;
  const Mat w{H, I, data(H * I, 21)}, r{H, H, data(H * H, 22)};
  const std::vector<float> x = data(N * S * I, 23), zeros(static_cast<size_t>(H));
  const std::vector<int32_t> lens{0, 3};
  const auto got = run_recurrent("RNN", 22,
                                 {floats({N, S, I}, x), floats({1, H, I}, w.v), floats({1, H, H}, r.v), std::nullopt,
                                  Tensor::from_values<int32_t>(T::Int32, {N}, lens)},
                                 2, [&](onnx::NodeProto& n) {
                                   set_int(n, "hidden_size", H);
                                   set_int(n, "layout", 1);
                                   set_string(n, "direction", "reverse");
                                 });
  REQUIRE(got[0].shape() == Shape{N, S, 1, H});
  REQUIRE(got[1].shape() == Shape{N, 1, H});
  const auto y = values(got[0]), yh = values(got[1]);
  for (int64_t b = 0; b < N; ++b) {
    std::vector<float> h(static_cast<size_t>(H));
    for (int64_t t = lens[static_cast<size_t>(b)] - 1; t >= 0; --t) {
      const std::vector<float> xt(x.begin() + (b * S + t) * I, x.begin() + (b * S + t + 1) * I);
      std::vector<float> h_new(static_cast<size_t>(H));
      for (int64_t j = 0; j < H; ++j) h_new[static_cast<size_t>(j)] = o_tanh(o_gate(xt, h, w, r, zeros, zeros, j));
      for (int64_t j = 0; j < H; ++j)
        CHECK(y[static_cast<size_t>((b * S + t) * H + j)] == h_new[static_cast<size_t>(j)]);
      h = h_new;
    }
    for (int64_t t = lens[static_cast<size_t>(b)]; t < S; ++t)
      for (int64_t j = 0; j < H; ++j) CHECK(y[static_cast<size_t>((b * S + t) * H + j)] == 0.0f);
    for (int64_t j = 0; j < H; ++j) CHECK(yh[static_cast<size_t>(b * H + j)] == h[static_cast<size_t>(j)]);
  }
}

TEST_CASE("RNN: the pre-activation is one exact sum rounded once") {
  // x·W = 1 + 2^-24 + 2^-60 (an exact sum rounds up to 1 + 2^-23; summing in float gives 1), and
  // Affine with alpha 1, beta 0 passes it through; ThresholdedRelu (x >= alpha, alpha 1) too.
  for (const char* act : {"Affine", "ThresholdedRelu"}) {
    const auto got = run_recurrent("RNN", 7,
                                   {floats({1, 1, 3}, {1.0f, 0x1p-24f, 0x1p-30f}),
                                    floats({1, 1, 3}, {1.0f, 1.0f, 0x1p-30f}), floats({1, 1, 1}, {0.0f})},
                                   2, [&](onnx::NodeProto& n) {
                                     set_int(n, "hidden_size", 1);
                                     set_strings(n, "activations", {act});
                                   });
    CHECK(values(got[1])[0] == 1.0f + 0x1p-23f);
  }
}

namespace recurrent_rules_tests {

// spec: RNN-*: "The activation function must be one of the activation functions specified above."
// spec: GRU-*: "The activation functions must be one of the activation functions specified above."
// spec: LSTM-*: "The activation functions must be one of the activation functions specified above."
// spec: RNN-*: "Default values are the same as of corresponding ONNX operators.For example with LeakyRelu, the default alpha is 0.01."
TEST_CASE("RNN, every version: a named activation takes its operator's default alpha; unknown names are refused") {
  for (int64_t v : kRnn.versions) {
    INFO("RNN-", v);
    OpTester leaky = recurrent(kRnn, v, f3({-2.0f}));
    leaky.attribute("activations", std::vector<std::string>{"LeakyRelu"});
    CHECK(last_h(leaky) == -2.0f * 0.01f);  // 2 * 0.01f is exact
    OpTester bogus = recurrent(kRnn, v, f3({-2.0f}));
    bogus.attribute("activations", std::vector<std::string>{"Bogus"});
    CHECK_THROWS_AS(bogus.run(), Error);
  }
  for (const Recurrent* op : {&kGru, &kLstm})
    for (int64_t v : op->versions) {
      INFO(op->name, "-", v);
      OpTester bogus = recurrent(*op, v, f3({1.0f}));
      bogus.attribute("activations", std::vector<std::string>(op->gates == 3 ? 2 : 3, "Bogus"));
      CHECK_THROWS_AS(bogus.run(), Error);
    }
}

}  // namespace recurrent_rules_tests
