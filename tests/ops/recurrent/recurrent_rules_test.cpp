// RNN, GRU and LSTM, every version: the defaults and rules of the ONNX 1.22.0 text (activations,
// biases and initial states of 0, full sequences, direction, clip, missing inputs), each check citing
// its sentence. One hidden unit and one input feature, with weights that make every gate's
// pre-activation exact, so each expected value is MPFR's correctly rounded tanh (tests/mpfr_oracle.h)
// of an exact argument, scaled by exact halves.
#include <doctest/doctest.h>

#include "helpers/recurrent_rules.h"

namespace recurrent_rules_tests {

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
      OpTester one_step =
          recurrent(*op, v, f3(xs), {std::nullopt, Value(Tensor::from_values<int32_t>(T::Int32, {1}, {1}))});
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

}  // namespace recurrent_rules_tests
