# Bad inputs of the recurrent operators: LSTM, GRU, RNN. Every case's data are initializers, so
# the run needs no input files.

# recurrent_case NAME OPSET "expected text" GRAPH_BODY: the node is named 'n'; the text follows
# "model.onnx: node 'n' (#0, ".
recurrent_case() {
  model "$1" 8 "$2" "$4 $y_out"
  expect_both "$1" "model.onnx: node 'n' (#0, $3"
}
# fzeros NAME DIMS...: a float initializer of zeros
fzeros() {
  local name=$1 dims="" n=1 d data=""; shift
  for d in "$@"; do dims="$dims dims: $d"; n=$((n * d)); done
  for ((d = 0; d < n; d++)); do data="$data${data:+, }0"; done
  echo "initializer { name: \"$name\" data_type: 1$dims float_data: [$data] }"
}
# recurrent OP INPUTS ATTRIBUTES: one node whose second output is y
recurrent() { echo "node { name: \"n\" op_type: \"$1\" $2 output: \"\" output: \"y\" $3 }"; }
hidden() { echo "attribute { name: \"hidden_size\" i: $1 type: INT }"; }
xwr='input: "x" input: "w" input: "r"'

recurrent_case lstm_w_wrong_hidden 14 "LSTM-14): LSTM's W must have shape [num_directions, 4*hidden_size, input_size] = [1, 8, 3] for hidden_size 2" \
  "$(recurrent LSTM "$xwr" "$(hidden 2)") $(fzeros x 2 1 3) $(fzeros w 1 4 3) $(fzeros r 1 8 2)"
recurrent_case lstm_num_directions 7 "LSTM-7): LSTM's W must have shape [num_directions, 4*hidden_size, input_size] = [2, 4, 3]" \
  "$(recurrent LSTM "$xwr" "$(hidden 1) attribute { name: \"direction\" s: \"bidirectional\" type: STRING }") $(fzeros x 2 1 3) $(fzeros w 1 4 3) $(fzeros r 1 4 1)"
recurrent_case gru_sequence_lens_too_long 22 "GRU-22): GRU's sequence_lens[0] = 5 is outside [0, seq_length = 2]" \
  "$(recurrent GRU "$xwr input: \"\" input: \"lens\"" "$(hidden 1)") $(fzeros x 2 1 3) $(fzeros w 1 3 3) $(fzeros r 1 3 1)
   initializer { name: \"lens\" data_type: 6 dims: 1 int32_data: [5] }"
recurrent_case rnn_unknown_activation 14 "RNN-14): activation 'Gelu' is not one the spec lists" \
  "$(recurrent RNN "$xwr" "$(hidden 1) attribute { name: \"activations\" strings: \"Gelu\" type: STRINGS }") $(fzeros x 2 1 3) $(fzeros w 1 1 3) $(fzeros r 1 1 1)"
recurrent_case rnn_layout_2 14 "RNN-14): attribute 'layout' must be 0 or 1, got 2" \
  "$(recurrent RNN "$xwr" "$(hidden 1) attribute { name: \"layout\" i: 2 type: INT }") $(fzeros x 2 1 3) $(fzeros w 1 1 3) $(fzeros r 1 1 1)"
