// LSTM, GRU and RNN against an oracle written apart from them: GNU MPFR at 1000 bits evaluates the
// spec's equations (the gate sums exactly, sigmoid and tanh to 1000 bits) and rounds each named
// point of the contract (ops/recurrent/recurrent_rules.h) to float once, emulating IEEE float with
// mpfr_subnormalize (tests/mpfr_oracle.h). Results must agree bit for bit.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cstring>
#include <functional>

#include "model_builder.h"
#include "mpfr_oracle.h"
#include "runtime/cast.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// ---- the oracle ------------------------------------------------------------------------------

class Big {
 public:
  Big() { mpfr_init2(v_, 1000); mpfr_set_zero(v_, 1); }
  explicit Big(double x) : Big() { mpfr_set_d(v_, x, MPFR_RNDN); }
  Big(const Big& o) : Big() { mpfr_set(v_, o.v_, MPFR_RNDN); }
  Big& operator=(const Big& o) { mpfr_set(v_, o.v_, MPFR_RNDN); return *this; }
  ~Big() { mpfr_clear(v_); }
  mpfr_ptr get() { return v_; }
  mpfr_srcptr get() const { return v_; }

 private:
  mpfr_t v_;
};

// Exact at 1000 bits for the float data of these tests (products of floats have 48 bits; the sums
// span far fewer than 1000 bits of exponent).
Big operator+(const Big& a, const Big& b) { Big r; mpfr_add(r.get(), a.get(), b.get(), MPFR_RNDN); return r; }
Big operator*(const Big& a, const Big& b) { Big r; mpfr_mul(r.get(), a.get(), b.get(), MPFR_RNDN); return r; }

float to_float(const Big& v, int ternary = 0) {
  return static_cast<float>(oracle::round_ieee(v.get(), ternary, numeric::Format::Float));
}
float o_mul(float a, float b) { return to_float(Big(a) * Big(b)); }
float o_add(float a, float b) { return to_float(Big(a) + Big(b)); }
float o_one_minus(float a) { return to_float(Big(1.0) + Big(-static_cast<double>(a))); }
float o_sigmoid(float x) {  // 1 / (1 + e^-x)
  Big t(-static_cast<double>(x));
  mpfr_exp(t.get(), t.get(), MPFR_RNDN);
  mpfr_add_ui(t.get(), t.get(), 1, MPFR_RNDN);
  mpfr_ui_div(t.get(), 1, t.get(), MPFR_RNDN);
  return to_float(t, 1);
}
float o_tanh(float x) {
  Big t(x);
  mpfr_tanh(t.get(), t.get(), MPFR_RNDN);
  return to_float(t, x == 0 ? 0 : 1);
}

// Row-major matrices of floats as the operators take them.
struct Mat {
  int64_t rows = 0, cols = 0;
  std::vector<float> v;
  float at(int64_t r, int64_t c) const { return v[static_cast<size_t>(r * cols + c)]; }
};

// The exact value of x·W[gate rows]^T + h·R[...]^T + Wb + Rb (+ p ∘ c) at unit j, rounded once.
float o_gate(const std::vector<float>& x, const std::vector<float>& h, const Mat& w, const Mat& r,
             const std::vector<float>& wb, const std::vector<float>& rb, int64_t row, float peep = 0, float cell = 0) {
  Big s;
  for (size_t k = 0; k < x.size(); ++k) s = s + Big(x[k]) * Big(w.at(row, static_cast<int64_t>(k)));
  for (size_t k = 0; k < h.size(); ++k) s = s + Big(h[k]) * Big(r.at(row, static_cast<int64_t>(k)));
  s = s + Big(wb[static_cast<size_t>(row)]) + Big(rb[static_cast<size_t>(row)]) + Big(peep) * Big(cell);
  return to_float(s);
}

// Deterministic floats in [-1, 1) with full 24-bit significands.
std::vector<float> data(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  uint32_t s = seed;
  for (auto& x : v) {
    s = s * 1664525u + 1013904223u;
    x = static_cast<float>(static_cast<int32_t>(s >> 8) - (1 << 23)) * 0x1p-23f;
  }
  return v;
}

// ---- running one node ------------------------------------------------------------------------

Tensor floats(Shape shape, const std::vector<float>& v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }

std::vector<float> values(const Tensor& t) {
  std::vector<float> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(float));
  return v;
}

void set_string(onnx::NodeProto& node, const std::string& name, const std::string& value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(value);
}

void set_strings(onnx::NodeProto& node, const std::string& name, const std::vector<std::string>& values) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRINGS);
  for (const auto& v : values) a->add_strings(v);
}

// Inputs by position; a null optional is an empty name. Returns the named outputs' tensors.
std::vector<Tensor> run_recurrent(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs,
                                  size_t outputs, const std::function<void(onnx::NodeProto&)>& attrs) {
  ModelBuilder b(opset);
  std::vector<std::string> names, outs;
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i]) {
      names.push_back("");
      continue;
    }
    names.push_back("i" + std::to_string(i));
    b.input(names.back(), inputs[i]->type(), inputs[i]->shape());
    feeds.emplace(names.back(), *inputs[i]);
  }
  for (size_t i = 0; i < outputs; ++i) {
    outs.push_back("y" + std::to_string(i));
    b.output(outs.back());
  }
  auto& node = b.node(op, names, outs);
  attrs(node);
  std::vector<Tensor> result;
  for (auto& [name, v] : b.build().run(feeds)) result.push_back(v.tensor());
  return result;
}

}  // namespace

TEST_CASE("LSTM: peepholes, biases, initial state and sequence_lens against the MPFR oracle") {
  const int64_t S = 3, N = 2, I = 3, H = 2;
  const Mat w{4 * H, I, data(4 * H * I, 1)}, r{4 * H, H, data(4 * H * H, 2)};
  const std::vector<float> bias = data(8 * H, 3), p = data(3 * H, 4), x = data(S * N * I, 5), h0 = data(N * H, 6),
                           c0 = data(N * H, 7);
  const std::vector<int32_t> lens{3, 2};
  const auto got = run_recurrent(
      "LSTM", 22,
      {floats({S, N, I}, x), floats({1, 4 * H, I}, w.v), floats({1, 4 * H, H}, r.v), floats({1, 8 * H}, bias),
       Tensor::from_values<int32_t>(T::Int32, {N}, lens), floats({1, N, H}, h0), floats({1, N, H}, c0), floats({1, 3 * H}, p)},
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
      for (int64_t j = 0; j < H; ++j) CHECK(y[static_cast<size_t>((b * S + t) * H + j)] == h_new[static_cast<size_t>(j)]);
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
                                   {floats({1, 1, 3}, {1.0f, 0x1p-24f, 0x1p-30f}), floats({1, 1, 3}, {1.0f, 1.0f, 0x1p-30f}),
                                    floats({1, 1, 1}, {0.0f})},
                                   2, [&](onnx::NodeProto& n) {
                                     set_int(n, "hidden_size", 1);
                                     set_strings(n, "activations", {act});
                                   });
    CHECK(values(got[1])[0] == 1.0f + 0x1p-23f);
  }
}

TEST_CASE("LSTM, GRU, RNN: bad inputs and attributes are one-line errors") {
  const Tensor x = floats({2, 1, 3}, std::vector<float>(6));
  auto lstm = [&](const std::vector<std::optional<Tensor>>& in, const std::function<void(onnx::NodeProto&)>& attrs) {
    return run_recurrent("LSTM", 14, in, 2, attrs);
  };
  const auto hidden2 = [](onnx::NodeProto& n) { set_int(n, "hidden_size", 2); };
  CHECK_THROWS_WITH_AS(lstm({x, floats({1, 4, 3}, std::vector<float>(12)), floats({1, 8, 2}, std::vector<float>(16))}, hidden2),
                       doctest::Contains("W must have shape [num_directions, 4*hidden_size, input_size] = [1, 8, 3]"), Error);
  CHECK_THROWS_WITH_AS(lstm({x, floats({2, 8, 3}, std::vector<float>(48)), floats({2, 8, 2}, std::vector<float>(32))}, hidden2),
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
  CHECK_THROWS_WITH_AS(run_recurrent("GRU", 7, {x, floats({1, 6, 3}, std::vector<float>(18)), floats({1, 6, 2}, std::vector<float>(12))}, 2,
                                     [](onnx::NodeProto& n) {
                                       set_int(n, "hidden_size", 3);
                                     }),
                       doctest::Contains("W must have shape [num_directions, 3*hidden_size, input_size] = [1, 9, 3]"), Error);
}

TEST_CASE("LSTM: float16, bfloat16 and double; an absent hidden_size is R's last dimension") {
  // Zero weights and Wb_c = 1: every sigmoid gate is 1/2 and c = tanh(1), so C = tanh(1) / 2 (exact
  // halving) and H = tanh(C) / 2, each tanh correctly rounded (the MPFR oracle of tests/mpfr_oracle.h).
  const std::pair<T, numeric::Format> cases[] = {
      {T::Float16, numeric::Format::Float16}, {T::BFloat16, numeric::Format::BFloat16}, {T::Double, numeric::Format::Double}};
  for (const auto& entry : cases) {  // no structured binding: clang 14 cannot capture one
    const auto& type = std::get<0>(entry);
    const auto& format = std::get<1>(entry);
    CAPTURE(name_of(type));
    std::vector<float> bias(8, 0.0f);
    bias[3] = 1.0f;  // Wb_c for hidden_size 1
    const auto cast = [&](Shape shape, std::vector<float> v) { return cast_tensor(floats(std::move(shape), v), type); };
    const auto got = run_recurrent("LSTM", 22,
                                   {cast({1, 1, 1}, {0.5f}), cast({1, 4, 1}, std::vector<float>(4)), cast({1, 4, 1}, std::vector<float>(4)),
                                    cast({1, 8}, bias)},
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
