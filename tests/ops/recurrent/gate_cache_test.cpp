// Unit tests of ops/recurrent/gate_cache.h: LSTM's gate matrices built once per set of weight
// values and reused by later runs, checked against the MPFR oracle of helpers/recurrent.h (LSTM-22:
// "i = f(Xt*(Wi^T) + Ht-1*(Ri^T) + Pi (.) Ct-1 + Wbi + Rbi)", "Ct = ft (.) Ct-1 + it (.) ct",
// "Ht = ot (.) h(Ct)"; each named point rounded once, ops/recurrent/recurrent_rules.h).
#include "helpers/recurrent.h"

#include "ops/recurrent/gate_cache.h"

namespace {

struct LstmWeights {
  int64_t I = 0, H = 0;
  Mat w, r;
  std::vector<float> bias;
};

LstmWeights make_weights(int64_t I, int64_t H, uint32_t seed) {
  return {I, H, Mat{4 * H, I, data(static_cast<size_t>(4 * H * I), seed)},
          Mat{4 * H, H, data(static_cast<size_t>(4 * H * H), seed + 1)}, data(static_cast<size_t>(8 * H), seed + 2)};
}

// One forward LSTM over x [S, N, I] from zero state, by the oracle: Y [S, 1, N, H].
std::vector<float> oracle_y(const LstmWeights& p, const std::vector<float>& x, int64_t S, int64_t N) {
  const int64_t I = p.I, H = p.H;
  const std::vector<float> wb(p.bias.begin(), p.bias.begin() + 4 * H), rb(p.bias.begin() + 4 * H, p.bias.end());
  std::vector<float> y(static_cast<size_t>(S * N * H));
  for (int64_t b = 0; b < N; ++b) {
    std::vector<float> h(static_cast<size_t>(H), 0.0f), c(static_cast<size_t>(H), 0.0f);
    for (int64_t t = 0; t < S; ++t) {
      const std::vector<float> xt(x.begin() + (t * N + b) * I, x.begin() + (t * N + b + 1) * I);
      std::vector<float> c_new(static_cast<size_t>(H)), h_new(static_cast<size_t>(H));
      for (int64_t j = 0; j < H; ++j) {  // gate rows: i = j, o = H + j, f = 2H + j, c = 3H + j
        const size_t u = static_cast<size_t>(j);
        const float i = o_sigmoid(o_gate(xt, h, p.w, p.r, wb, rb, j));
        const float f = o_sigmoid(o_gate(xt, h, p.w, p.r, wb, rb, 2 * H + j));
        const float g = o_tanh(o_gate(xt, h, p.w, p.r, wb, rb, 3 * H + j));
        c_new[u] = o_add(o_mul(f, c[u]), o_mul(i, g));
      }
      for (int64_t j = 0; j < H; ++j) {
        const size_t u = static_cast<size_t>(j);
        const float o = o_sigmoid(o_gate(xt, h, p.w, p.r, wb, rb, H + j));
        h_new[u] = o_mul(o, o_tanh(c_new[u]));
        y[static_cast<size_t>((t * N + b) * H + j)] = h_new[u];
      }
      h = h_new;
      c = c_new;
    }
  }
  return y;
}

// Runs LSTM-22 on fresh tensors made from the values (new storage every call, as a model's
// Concat of constants makes them every run).
std::vector<float> run_lstm(const LstmWeights& p, const std::vector<float>& x, int64_t S, int64_t N, int threads = 1) {
  testing::OpTester t("LSTM", 22);
  for (const Tensor& in : {floats({S, N, p.I}, x), floats({1, 4 * p.H, p.I}, p.w.v), floats({1, 4 * p.H, p.H}, p.r.v),
                           floats({1, 8 * p.H}, p.bias)})
    t.input(Value(in));
  RunOptions options;
  options.threads = threads;
  t.outputs(1).run_options(options).edit_node([&](onnx::NodeProto& n) { set_int(n, "hidden_size", p.H); });
  return values(t.run()[0].tensor());
}

}  // namespace

TEST_CASE("LSTM-22 gate cache: equal weight values in fresh tensors reuse one entry; other values build another") {
  recurrent::clear_gate_cache();
  const int64_t S = 2, N = 2, I = 3, H = 2;
  const LstmWeights a = make_weights(I, H, 11);
  LstmWeights b = a;
  b.r.v[3] = -b.r.v[3];  // one element of R differs: the matrices must not be shared
  const std::vector<float> x = data(static_cast<size_t>(S * N * I), 5);
  const std::vector<float> want_a = oracle_y(a, x, S, N), want_b = oracle_y(b, x, S, N);
  REQUIRE(want_a != want_b);
  CHECK(run_lstm(a, x, S, N) == want_a);
  CHECK(recurrent::gate_cache_entries() == 1);
  CHECK(run_lstm(a, x, S, N) == want_a);  // the same bytes in new storage: the same entry
  CHECK(recurrent::gate_cache_entries() == 1);
  CHECK(run_lstm(b, x, S, N) == want_b);
  CHECK(recurrent::gate_cache_entries() == 2);
  CHECK(run_lstm(a, x, S, N) == want_a);
  CHECK(recurrent::gate_cache_entries() == 2);
}

TEST_CASE("LSTM-22 gate cache: packed gate matrices on the tiled engine, exact on every thread count") {
  // Batch 4, hidden 48, input 40: the i, f, c product is [4, 138] x [138, 144], large enough for
  // the tiled engine, which reads the matrix packed once.
  recurrent::clear_gate_cache();
  const int64_t S = 2, N = 4, I = 40, H = 48;
  const LstmWeights p = make_weights(I, H, 21);
  const std::vector<float> x = data(static_cast<size_t>(S * N * I), 6);
  const std::vector<float> want = oracle_y(p, x, S, N);
  for (int threads : {1, 2, 3}) {
    INFO("threads " << threads);
    CHECK(run_lstm(p, x, S, N, threads) == want);
  }
  CHECK(recurrent::gate_cache_entries() == 1);
}
