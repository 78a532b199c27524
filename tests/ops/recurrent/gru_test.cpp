// Unit tests of ops/recurrent/gru.cpp.
#include "helpers/recurrent.h"

TEST_CASE("GRU: both linear_before_reset forms, bidirectional, against the MPFR oracle") {
  const int64_t S = 3, N = 1, I = 2, H = 3;
  const Mat w{6 * H, I, data(6 * H * I, 11)}, r{6 * H, H, data(6 * H * H, 12)};
  const std::vector<float> bias = data(12 * H, 13), x = data(S * N * I, 14);
  for (int lbr = 0; lbr <= 1; ++lbr) {
    CAPTURE(lbr);
    const auto got = run_recurrent(
        "GRU", 14, {floats({S, N, I}, x), floats({2, 3 * H, I}, w.v), floats({2, 3 * H, H}, r.v), floats({2, 6 * H}, bias)}, 2,
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
              rh[static_cast<size_t>(k)] = o_mul(o_sigmoid(o_gate(xt, h, wd, rd, wb, rb, H + k)), h[static_cast<size_t>(k)]);
            cand = o_tanh(o_gate(xt, rh, wd, rd, wb, rb, 2 * H + j));
          } else {
            const float rj = o_sigmoid(o_gate(xt, h, wd, rd, wb, rb, H + j));
            const float inner = o_gate({}, h, wd, rd, zeros, rb, 2 * H + j);  // H R_h^T + Rb_h
            const float v = o_mul(rj, inner);
            cand = o_tanh(o_gate(xt, {}, wd, rd, wb, std::vector<float>(static_cast<size_t>(3 * H)), 2 * H + j, 1.0f, v));
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
