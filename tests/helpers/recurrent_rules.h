#pragma once
// The helpers of the recurrent_rules_test cases, shared by the operator test files they were
// split into.
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

inline float tanh_f(double x) {
  return static_cast<float>(oracle::reference(numeric::Fn::Tanh, numeric::Format::Float, x));
}
inline Tensor f3(std::vector<float> v) {
  return Tensor::from_values<float>(T::Float, {static_cast<int64_t>(v.size()), 1, 1}, v);
}
inline Tensor weights(std::vector<float> v) {
  return Tensor::from_values<float>(T::Float, {1, static_cast<int64_t>(v.size()), 1}, v);
}

struct Recurrent {
  const char* name;
  std::vector<int64_t> versions;
  int gates;  // RNN 1, GRU 3, LSTM 4
};
const Recurrent kRnn{"RNN", {1, 7, 14, 22}, 1};
const Recurrent kGru{"GRU", {1, 3, 7, 14, 22}, 3};
const Recurrent kLstm{"LSTM", {1, 7, 14, 22}, 4};

// W: only the candidate gate (RNN's one gate, GRU's h, LSTM's c) reads X, with weight 1; R = 0.
inline Tensor candidate_weights(const Recurrent& op) {
  std::vector<float> w(static_cast<size_t>(op.gates), 0.0f);
  w[op.gates == 4 ? 3 : static_cast<size_t>(op.gates - 1)] = 1.0f;
  return weights(w);
}

inline OpTester recurrent(const Recurrent& op, int64_t v, const Tensor& x,
                          std::vector<std::optional<Value>> extra = {}) {
  OpTester t(op.name, v);
  t.input(Value(x))
      .input(Value(candidate_weights(op)))
      .input(Value(weights(std::vector<float>(static_cast<size_t>(op.gates), 0.0f))));
  for (auto& e : extra) t.input(std::move(e));
  t.attribute("hidden_size", int64_t{1}).output_names({"y", "y_h"});
  return t;
}

// The last hidden state after a forward pass over xs, by hand: with every gate's weight 0 the
// sigmoid gates are 1/2, so RNN: h = tanh(x); GRU: h = h/2 + tanh(x)/2; LSTM: c = c/2 + tanh(x)/2,
// h = tanh(c)/2.
inline float expected_last(const Recurrent& op, const std::vector<float>& xs) {
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

inline float last_h(const OpTester& t) {
  const auto out = t.run();
  REQUIRE(out.size() == 2);
  return out[1].tensor().data_as<float>()[0];
}

}  // namespace recurrent_rules_tests
