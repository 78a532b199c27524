// Unit tests of ops/recurrent/gru.cpp.
#include "helpers/recurrent.h"
#include "helpers/recurrent_rules.h"

TEST_CASE("GRU: both linear_before_reset forms, bidirectional, against the MPFR oracle") {
  const int64_t S = 3, N = 1, I = 2, H = 3;
  const Mat w{6 * H, I, data(6 * H * I, 11)}, r{6 * H, H, data(6 * H * H, 12)};
  const std::vector<float> bias = data(12 * H, 13), x = data(S * N * I, 14);
  for (int lbr = 0; lbr <= 1; ++lbr) {
    CAPTURE(lbr);
    const auto got = run_recurrent(
        "GRU", 14,
        {floats({S, N, I}, x), floats({2, 3 * H, I}, w.v), floats({2, 3 * H, H}, r.v), floats({2, 6 * H}, bias)}, 2,
        [&](onnx::NodeProto& n) {
          set_int(n, "hidden_size", H);
          set_int(n, "linear_before_reset", lbr);
          set_string(n, "direction", "bidirectional");
        });
    REQUIRE(got[0].shape() == Shape{S, 2, N, H});
    const auto y = values(got[0]), yh = values(got[1]);
    for (int64_t d = 0; d < 2; ++d) {
      const Mat wd{3 * H, I, {w.v.begin() + d * 3 * H * I, w.v.begin() + (d + 1) * 3 * H * I}};
      const Mat rd{3 * H, H, {r.v.begin() + d * 3 * H * H, r.v.begin() + (d + 1) * 3 * H * H}};
      const std::vector<float> wb(bias.begin() + d * 6 * H, bias.begin() + d * 6 * H + 3 * H),
          rb(bias.begin() + d * 6 * H + 3 * H, bias.begin() + (d + 1) * 6 * H);
      const std::vector<float> zeros(static_cast<size_t>(3 * H)), none;
      std::vector<float> h(static_cast<size_t>(H));
      for (int64_t s = 0; s < S; ++s) {
        const int64_t t = d == 0 ? s : S - 1 - s;
        const std::vector<float> xt(x.begin() + t * I, x.begin() + (t + 1) * I);
        std::vector<float> h_new(static_cast<size_t>(H));
        for (int64_t j = 0; j < H; ++j) {
          const size_t u = static_cast<size_t>(j);
          const float z = o_sigmoid(o_gate(xt, h, wd, rd, wb, rb, j));
          std::vector<float> rh(static_cast<size_t>(H));
          float cand;
          if (lbr == 0) {
            for (int64_t k = 0; k < H; ++k)
              rh[static_cast<size_t>(k)] =
                  o_mul(o_sigmoid(o_gate(xt, h, wd, rd, wb, rb, H + k)), h[static_cast<size_t>(k)]);
            cand = o_tanh(o_gate(xt, rh, wd, rd, wb, rb, 2 * H + j));
          } else {
            const float rj = o_sigmoid(o_gate(xt, h, wd, rd, wb, rb, H + j));
            const float inner = o_gate({}, h, wd, rd, zeros, rb, 2 * H + j);  // H R_h^T + Rb_h
            const float v = o_mul(rj, inner);
            cand =
                o_tanh(o_gate(xt, {}, wd, rd, wb, std::vector<float>(static_cast<size_t>(3 * H)), 2 * H + j, 1.0f, v));
          }
          h_new[u] = o_add(o_mul(o_one_minus(z), cand), o_mul(z, h[u]));
          CHECK(y[static_cast<size_t>(((t * 2 + d) * N) * H + j)] == h_new[u]);
        }
        h = h_new;
      }
      for (int64_t j = 0; j < H; ++j) CHECK(yh[static_cast<size_t>(d * H + j)] == h[static_cast<size_t>(j)]);
    }
  }
}

namespace recurrent_rules_tests {

// spec: GRU-3,7,14,22: "Default values are the same as of corresponding ONNX operators.For example with LeakyRelu, the default alpha is 0.01."
// spec: LSTM-*: "Default values are the same as of corresponding ONNX operators.For example with LeakyRelu, the default alpha is 0.01."
TEST_CASE("GRU (3 on), LSTM: the candidate activation LeakyRelu takes alpha 0.01") {
  // GRU: h = (1 - z) h~ = LeakyRelu(-2) / 2 = -0.01. LSTM with h = LeakyRelu too: c = LeakyRelu(-2) / 2,
  // h = LeakyRelu(c) / 2 = 0.01 * (-0.01) / 2, with c = -0.01f exactly half of -0.02f.
  for (int64_t v : {3, 7, 14, 22}) {
    OpTester gru = recurrent(kGru, v, f3({-2.0f}));
    gru.attribute("activations", std::vector<std::string>{"Sigmoid", "LeakyRelu"});
    CHECK(last_h(gru) == 0.5f * (-2.0f * 0.01f));
  }
  for (int64_t v : kLstm.versions) {
    OpTester lstm = recurrent(kLstm, v, f3({-2.0f}));
    lstm.attribute("activations", std::vector<std::string>{"Sigmoid", "LeakyRelu", "LeakyRelu"});
    const float c = 0.5f * (-2.0f * 0.01f);
    CHECK(last_h(lstm) == 0.5f * (c * 0.01f));
  }
}

// GRU with Rbh = 1, x = 0.5, h0 = 0, z = r = 1/2: linear_before_reset = 0 (the default) gives
// h~ = tanh(0.5 + (r h0) Rh + Rbh) = tanh(1.5); = 1 gives tanh(0.5 + r (h0 Rh + Rbh)) = tanh(1).
// spec: GRU-1,3: "- ht = g(Xt*(Wh^T) + (rt (.) Ht-1)*Rh + Rbh + Wbh) # default, when linear_before_reset = 0"
// spec: GRU-7: "- ht = g(Xt*(Wh^T) + (rt (.) Ht-1)*(Rh^T) + Rbh + Wbh) # default, when linear_before_reset = 0"
// spec: GRU-14,22: "ht = g(Xt*(Wh^T) + (rt (.) Ht-1)*(Rh^T) + Rbh + Wbh) # default, when linear_before_reset = 0"
TEST_CASE("GRU, every version: linear_before_reset defaults to 0") {
  const Tensor bias = Tensor::from_values<float>(T::Float, {1, 6}, {0, 0, 0, 0, 0, 1});
  for (int64_t v : kGru.versions) {
    INFO("GRU-", v);
    CHECK(last_h(recurrent(kGru, v, f3({0.5f}), {Value(bias)})) == 0.5f * tanh_f(1.5));
    if (v < 3) continue;
    OpTester linear = recurrent(kGru, v, f3({0.5f}), {Value(bias)});
    linear.attribute("linear_before_reset", int64_t{1});
    CHECK(last_h(linear) == 0.5f * tanh_f(1.0));
  }
}

}  // namespace recurrent_rules_tests
