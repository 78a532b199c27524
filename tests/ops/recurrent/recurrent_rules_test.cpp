// RNN, GRU and LSTM, every version: the defaults and rules of the ONNX 1.22.0 text (activations,
// biases and initial states of 0, full sequences, direction, clip, missing inputs), each check citing
// its sentence. One hidden unit and one input feature, with weights that make every gate's
// pre-activation exact, so each expected value is MPFR's correctly rounded tanh (tests/mpfr_oracle.h)
// of an exact argument, scaled by exact halves.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "mpfr_oracle.h"
#include "op_tester.h"
#include "runtime/error.h"

namespace recurrent_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

float tanh_f(double x) { return static_cast<float>(oracle::reference(numeric::Fn::Tanh, numeric::Format::Float, x)); }
Tensor f3(std::vector<float> v) { return Tensor::from_values<float>(T::Float, {static_cast<int64_t>(v.size()), 1, 1}, v); }
Tensor weights(std::vector<float> v) { return Tensor::from_values<float>(T::Float, {1, static_cast<int64_t>(v.size()), 1}, v); }

struct Recurrent {
  const char* name;
  std::vector<int64_t> versions;
  int gates;  // RNN 1, GRU 3, LSTM 4
};
const Recurrent kRnn{"RNN", {1, 7, 14, 22}, 1};
const Recurrent kGru{"GRU", {1, 3, 7, 14, 22}, 3};
const Recurrent kLstm{"LSTM", {1, 7, 14, 22}, 4};

// W: only the candidate gate (RNN's one gate, GRU's h, LSTM's c) reads X, with weight 1; R = 0.
Tensor candidate_weights(const Recurrent& op) {
  std::vector<float> w(static_cast<size_t>(op.gates), 0.0f);
  w[op.gates == 4 ? 3 : static_cast<size_t>(op.gates - 1)] = 1.0f;
  return weights(w);
}

OpTester recurrent(const Recurrent& op, int64_t v, const Tensor& x, std::vector<std::optional<Value>> extra = {}) {
  OpTester t(op.name, v);
  t.input(Value(x)).input(Value(candidate_weights(op))).input(Value(weights(std::vector<float>(static_cast<size_t>(op.gates), 0.0f))));
  for (auto& e : extra) t.input(std::move(e));
  t.attribute("hidden_size", int64_t{1}).output_names({"y", "y_h"});
  return t;
}

// The last hidden state after a forward pass over xs, by hand: with every gate's weight 0 the
// sigmoid gates are 1/2, so RNN: h = tanh(x); GRU: h = h/2 + tanh(x)/2; LSTM: c = c/2 + tanh(x)/2,
// h = tanh(c)/2.
float expected_last(const Recurrent& op, const std::vector<float>& xs) {
  float h = 0, c = 0;
  for (float x : xs) {
    const std::string name = op.name;
    if (name == "RNN") h = tanh_f(x);
    if (name == "GRU") h = 0.5f * h + 0.5f * tanh_f(x);
    if (name == "LSTM") {
      c = 0.5f * c + 0.5f * tanh_f(x);
      h = 0.5f * tanh_f(c);
    }
  }
  return h;
}

float last_h(const OpTester& t) {
  const auto out = t.run();
  REQUIRE(out.size() == 2);
  return out[1].tensor().data_as<float>()[0];
}

// spec: RNN-*: "Equations (Default: f=Tanh):"
// spec: RNN-*: "Optional: Default `Tanh` if not specified."
// spec: GRU-*: "Equations (Default: f=Sigmoid, g=Tanh):"
// spec: GRU-*: "Optional: See the equations for default if not specified."
// spec: LSTM-*: "Equations (Default: f=Sigmoid, g=Tanh, h=Tanh):"
// spec: LSTM-*: "Optional: See the equations for default if not specified."
// spec: RNN-*: "Optional: If not specified - assumed to be 0"
// spec: GRU-*: "Optional: If not specified - assumed to be 0"
// spec: LSTM-*: "Optional: If not specified - assumed to be 0"
// spec: RNN-*: "If not specified - assumed to be 0."
// spec: GRU-*: "If not specified - assumed to be 0."
// spec: LSTM-*: "If not specified - assumed to be 0."
// spec: RNN-*: "If not specified - assumed all sequences in the batch to have length `seq_length`."
// spec: GRU-*: "If not specified - assumed all sequences in the batch to have length `seq_length`."
// spec: LSTM-*: "If not specified - assumed all sequences in the batch to have length `seq_length`."
// spec: RNN-*: "Must be one of forward (default), reverse, or bidirectional."
// spec: GRU-*: "Must be one of forward (default), reverse, or bidirectional."
// spec: LSTM-*: "Must be one of forward (default), reverse, or bidirectional."
TEST_CASE("RNN, GRU, LSTM, every version: default activations, zero biases and states, full sequences, forward") {
  const std::vector<float> xs = {0.5f, -1.25f};
  for (const Recurrent* op : {&kRnn, &kGru, &kLstm})
    for (int64_t v : op->versions) {
      INFO(op->name, "-", v);
      const float forward = expected_last(*op, xs);
      CHECK(last_h(recurrent(*op, v, f3(xs))) == forward);
      // Given explicitly: forward, the same; reverse reads x backwards.
      OpTester fwd = recurrent(*op, v, f3(xs));
      fwd.attribute("direction", "forward");
      CHECK(last_h(fwd) == forward);
      OpTester rev = recurrent(*op, v, f3(xs));
      rev.attribute("direction", "reverse");
      CHECK(last_h(rev) == expected_last(*op, {xs[1], xs[0]}));
      OpTester sideways = recurrent(*op, v, f3(xs));
      sideways.attribute("direction", "sideways");
      CHECK_THROWS_AS(sideways.run(), Error);
      // sequence_lens = [1] stops after the first step.
      OpTester one_step = recurrent(*op, v, f3(xs), {std::nullopt, Value(Tensor::from_values<int32_t>(T::Int32, {1}, {1}))});
      CHECK(last_h(one_step) == expected_last(*op, {xs[0]}));
    }
}

// spec: RNN-7,14,22: "An empty string may be used in the place of an actual argument's name to indicate a missing argument."
// spec: GRU-7,14,22: "An empty string may be used in the place of an actual argument's name to indicate a missing argument."
// spec: LSTM-7,14,22: "An empty string may be used in the place of an actual argument's name to indicate a missing argument."
TEST_CASE("RNN, GRU, LSTM 7 and later: inputs left out with empty names, outputs too") {
  const std::vector<float> xs = {0.5f, -1.25f};
  for (const Recurrent* op : {&kRnn, &kGru, &kLstm})
    for (int64_t v : op->versions) {
      if (v < 7) continue;
      INFO(op->name, "-", v);
      // B and sequence_lens left out, initial_h given as zeros; Y left out.
      OpTester t = recurrent(*op, v, f3(xs), {std::nullopt, std::nullopt, Value(Tensor::zeros(T::Float, {1, 1, 1}))});
      t.output_names({"", "y_h"});
      const auto out = t.run();
      REQUIRE(out.size() == 1);
      CHECK(out[0].tensor().data_as<float>()[0] == expected_last(*op, xs));
    }
}

// x = 0.5 clipped to 0.25 before the activation: RNN h = tanh(0.25).
// spec: RNN-*: "Clipping bounds the elements of a tensor in the range of [-threshold, +threshold] and is applied to the input of activations."
// spec: GRU-*: "Clipping bounds the elements of a tensor in the range of [-threshold, +threshold] and is applied to the input of activations."
// spec: LSTM-*: "Clipping bounds the elements of a tensor in the range of [-threshold, +threshold] and is applied to the input of activations."
TEST_CASE("RNN, GRU, LSTM, every version: clip bounds the activations' inputs") {
  for (const Recurrent* op : {&kRnn, &kGru, &kLstm})
    for (int64_t v : op->versions) {
      INFO(op->name, "-", v);
      OpTester t = recurrent(*op, v, f3({0.5f}));
      t.attribute("clip", 0.25f);
      // The gates' pre-activations are 0, inside the bound: only the candidate's x = 0.5 is clipped.
      // LSTM's cell c = tanh(0.25) / 2 lies inside the bound too.
      CHECK(last_h(t) == expected_last(*op, {0.25f}));
    }
}

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

// spec: RNN-1: "Default 0."
// spec: GRU-1,3: "Default 0."
// spec: LSTM-1: "Default 0."
// spec: RNN-1: "The sequence output for the hidden is optional if 0."
TEST_CASE("RNN-1, GRU-1, GRU-3, LSTM-1: output_sequence 0 by default, so Y may be left out") {
  for (const Recurrent* op : {&kRnn, &kGru, &kLstm}) {
    for (int64_t v : {int64_t{1}, int64_t{3}}) {
      if (v == 3 && op != &kGru) continue;
      INFO(op->name, "-", v);
      OpTester t = recurrent(*op, v, f3({0.5f, -1}));
      t.output_names({"", "y_h"});
      const auto out = t.run();
      REQUIRE(out.size() == 1);
      CHECK(out[0].tensor().data_as<float>()[0] == expected_last(*op, {0.5f, -1}));
    }
  }
}

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
