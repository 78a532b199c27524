// Unit tests of ops/recurrent/lstm.cpp.
#include "helpers/recurrent.h"
#include "helpers/recurrent_rules.h"

TEST_CASE("LSTM: peepholes, biases, initial state and sequence_lens against the MPFR oracle") {
  const int64_t S = 3, N = 2, I = 3, H = 2;
  const Mat w{4 * H, I, data(4 * H * I, 1)}, r{4 * H, H, data(4 * H * H, 2)};
  const std::vector<float> bias = data(8 * H, 3), p = data(3 * H, 4), x = data(S * N * I, 5), h0 = data(N * H, 6),
                           c0 = data(N * H, 7);
  const std::vector<int32_t> lens{3, 2};
  const auto got = run_recurrent("LSTM", 22,
                                 {floats({S, N, I}, x), floats({1, 4 * H, I}, w.v), floats({1, 4 * H, H}, r.v),
                                  floats({1, 8 * H}, bias), Tensor::from_values<int32_t>(T::Int32, {N}, lens),
                                  floats({1, N, H}, h0), floats({1, N, H}, c0), floats({1, 3 * H}, p)},
                                 3, [&](onnx::NodeProto& n) { set_int(n, "hidden_size", H); });
  REQUIRE(got[0].shape() == Shape{S, 1, N, H});
  const std::vector<float> wb(bias.begin(), bias.begin() + 4 * H), rb(bias.begin() + 4 * H, bias.end());
  const auto y = values(got[0]), yh = values(got[1]), yc = values(got[2]);
  for (int64_t b = 0; b < N; ++b) {
    std::vector<float> h(h0.begin() + b * H, h0.begin() + (b + 1) * H), c(c0.begin() + b * H, c0.begin() + (b + 1) * H);
    for (int64_t t = 0; t < S; ++t) {
      if (t >= lens[static_cast<size_t>(b)]) {
        for (int64_t j = 0; j < H; ++j) CHECK(y[static_cast<size_t>((t * N + b) * H + j)] == 0.0f);
        continue;
      }
      const std::vector<float> xt(x.begin() + (t * N + b) * I, x.begin() + (t * N + b + 1) * I);
      std::vector<float> c_new(static_cast<size_t>(H)), h_new(static_cast<size_t>(H));
      for (int64_t j = 0; j < H; ++j) {  // gate rows: i = j, o = H + j, f = 2H + j, c = 3H + j
        const size_t u = static_cast<size_t>(j);
        const float i = o_sigmoid(o_gate(xt, h, w, r, wb, rb, j, p[u], c[u]));
        const float f = o_sigmoid(o_gate(xt, h, w, r, wb, rb, 2 * H + j, p[u + 2 * H], c[u]));
        const float g = o_tanh(o_gate(xt, h, w, r, wb, rb, 3 * H + j));
        c_new[u] = o_add(o_mul(f, c[u]), o_mul(i, g));
      }
      for (int64_t j = 0; j < H; ++j) {
        const size_t u = static_cast<size_t>(j);
        const float o = o_sigmoid(o_gate(xt, h, w, r, wb, rb, H + j, p[u + H], c_new[u]));
        h_new[u] = o_mul(o, o_tanh(c_new[u]));
        CHECK(y[static_cast<size_t>((t * N + b) * H + j)] == h_new[u]);
      }
      h = h_new;
      c = c_new;
    }
    for (int64_t j = 0; j < H; ++j) {
      CHECK(yh[static_cast<size_t>(b * H + j)] == h[static_cast<size_t>(j)]);
      CHECK(yc[static_cast<size_t>(b * H + j)] == c[static_cast<size_t>(j)]);
    }
  }
}

TEST_CASE("LSTM, GRU, RNN: bad inputs and attributes are one-line errors") {
  const Tensor x = floats({2, 1, 3}, std::vector<float>(6));
  auto lstm = [&](const std::vector<std::optional<Tensor>>& in, const std::function<void(onnx::NodeProto&)>& attrs) {
    return run_recurrent("LSTM", 14, in, 2, attrs);
  };
  const auto hidden2 = [](onnx::NodeProto& n) { set_int(n, "hidden_size", 2); };
  CHECK_THROWS_WITH_AS(
      lstm({x, floats({1, 4, 3}, std::vector<float>(12)), floats({1, 8, 2}, std::vector<float>(16))}, hidden2),
      doctest::Contains("W must have shape [num_directions, 4*hidden_size, input_size] = [1, 8, 3]"), Error);
  CHECK_THROWS_WITH_AS(
      lstm({x, floats({2, 8, 3}, std::vector<float>(48)), floats({2, 8, 2}, std::vector<float>(32))}, hidden2),
      doctest::Contains("W must have shape"), Error);
  const Tensor w = floats({1, 8, 3}, std::vector<float>(24)), r = floats({1, 8, 2}, std::vector<float>(16));
  CHECK_THROWS_WITH_AS(lstm({x, w, r, std::nullopt, Tensor::from_values<int32_t>(T::Int32, {1}, {3})}, hidden2),
                       doctest::Contains("sequence_lens[0] = 3 is outside [0, seq_length = 2]"), Error);
  CHECK_THROWS_WITH_AS(lstm({x, w, r, std::nullopt, Tensor::from_values<int32_t>(T::Int32, {1}, {-1})}, hidden2),
                       doctest::Contains("is outside [0, seq_length = 2]"), Error);
  CHECK_THROWS_WITH_AS(lstm({x, w, r},
                            [](onnx::NodeProto& n) {
                              set_int(n, "hidden_size", 2);
                              set_strings(n, "activations", {"Sigmoid", "tanh", "Tanh"});
                            }),
                       doctest::Contains("activation 'tanh' is not one the spec lists"), Error);
  CHECK_THROWS_WITH_AS(lstm({x, w, r},
                            [](onnx::NodeProto& n) {
                              set_int(n, "hidden_size", 2);
                              set_strings(n, "activations", {"Sigmoid", "Tanh"});
                            }),
                       doctest::Contains("must list 3 function(s) per direction"), Error);
  CHECK_THROWS_WITH_AS(lstm({x, w, r},
                            [](onnx::NodeProto& n) {
                              set_int(n, "hidden_size", 2);
                              set_string(n, "direction", "sideways");
                            }),
                       doctest::Contains("must be forward, reverse or bidirectional"), Error);
  CHECK_THROWS_WITH_AS(lstm({x, w, r, std::nullopt, std::nullopt, floats({1, 2, 2}, std::vector<float>(4))}, hidden2),
                       doctest::Contains("initial_h must have shape [1, 1, 2]"), Error);
  CHECK_THROWS_WITH_AS(
      run_recurrent("GRU", 7, {x, floats({1, 6, 3}, std::vector<float>(18)), floats({1, 6, 2}, std::vector<float>(12))},
                    2, [](onnx::NodeProto& n) { set_int(n, "hidden_size", 3); }),
      doctest::Contains("W must have shape [num_directions, 3*hidden_size, input_size] = [1, 9, 3]"), Error);
}

TEST_CASE("LSTM: float16, bfloat16 and double; an absent hidden_size is R's last dimension") {
  // Zero weights and Wb_c = 1: every sigmoid gate is 1/2 and c = tanh(1), so C = tanh(1) / 2 (exact
  // halving) and H = tanh(C) / 2, each tanh correctly rounded (the MPFR oracle of tests/mpfr_oracle.h).
  const std::pair<T, numeric::Format> cases[] = {{T::Float16, numeric::Format::Float16},
                                                 {T::BFloat16, numeric::Format::BFloat16},
                                                 {T::Double, numeric::Format::Double}};
  for (const auto& entry : cases) {  // no structured binding: clang 14 cannot capture one
    const auto& type = std::get<0>(entry);
    const auto& format = std::get<1>(entry);
    CAPTURE(name_of(type));
    std::vector<float> bias(8, 0.0f);
    bias[3] = 1.0f;  // Wb_c for hidden_size 1
    const auto cast = [&](Shape shape, std::vector<float> v) { return cast_tensor(floats(std::move(shape), v), type); };
    const auto got = run_recurrent("LSTM", 22,
                                   {cast({1, 1, 1}, {0.5f}), cast({1, 4, 1}, std::vector<float>(4)),
                                    cast({1, 4, 1}, std::vector<float>(4)), cast({1, 8}, bias)},
                                   3, [](onnx::NodeProto&) {});
    const double g = oracle::reference(numeric::Fn::Tanh, format, 1.0);
    const double want_h = oracle::reference(numeric::Fn::Tanh, format, g / 2) / 2;
    CHECK(values(cast_tensor(got[2], T::Float))[0] == static_cast<float>(g / 2));
    const Tensor h = cast_tensor(got[1], T::Double);
    double hv;
    std::memcpy(&hv, h.data(), sizeof hv);
    CHECK(hv == want_h);
  }
}

namespace recurrent_rules_tests {

// LSTM-1 with the input gate reading X too (W = 1 for i and c): over two steps the forget gate
// matters, and input_forget = 1 (f = 1 - i) changes the result; the default is 0.
// spec: LSTM-1: "Couple the input and forget gates if 1, default 0."
TEST_CASE("LSTM-1: input_forget 0 by default") {
  auto last = [](std::optional<int64_t> input_forget) {
    OpTester t("LSTM", 1);
    t.input(Value(f3({0.5f, -1}))).input(Value(weights({1, 0, 0, 1}))).input(Value(weights({0, 0, 0, 0})));
    t.attribute("hidden_size", int64_t{1}).output_names({"y", "y_h"});
    if (input_forget) t.attribute("input_forget", *input_forget);
    return last_h(t);
  };
  CHECK(last(std::nullopt) == last(0));
  CHECK(last(std::nullopt) != last(1));
}

}  // namespace recurrent_rules_tests
