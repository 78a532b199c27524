# Bad inputs of the attention operators: Attention, CausalConvWithState, LinearAttention (sourced by
# tests/scripts/bad_inputs.sh). Every case's data are initializers, so the run needs no input files.

# at_zeros NAME DIMS...: a float initializer of zeros
at_zeros() {
  local name=$1 dims="" n=1 d data=""; shift
  for d in "$@"; do dims="$dims dims: $d"; n=$((n * d)); done
  for ((d = 0; d < n; d++)); do data="$data${data:+, }0"; done
  echo "initializer { name: \"$name\" data_type: 1$dims float_data: [$data] }"
}
# at_node OP INPUTS [MORE]: one node named 'n' whose first output is y; MORE adds outputs and attributes
at_node() { echo "node { name: \"n\" op_type: \"$1\" $2 output: \"y\" ${3-} }"; }
at_qkv='input: "q" input: "k" input: "v"'

model attention_head_sizes 10 24 "$(at_node Attention "$at_qkv") $(at_zeros q 1 1 2 4) $(at_zeros k 1 1 3 3) $(at_zeros v 1 1 3 4) $y_out"
expect_both attention_head_sizes "node 'n' (#0, Attention-24): Q's head size 4 and K's head size 3 differ (Q float[1, 1, 2, 4], K float[1, 1, 3, 3])"
model attention_cache_length 10 24 "$(at_node Attention "$at_qkv input: \"\" input: \"pk\" input: \"pv\"") $(at_zeros q 1 1 2 4) $(at_zeros k 1 1 3 4) $(at_zeros v 1 1 3 4) $(at_zeros pk 1 1 2 4) $(at_zeros pv 1 1 3 4) $y_out"
expect_both attention_cache_length "node 'n' (#0, Attention-24): past_value is float[1, 1, 3, 4] but must be (1, 1, 2, 4) to match past_key float[1, 1, 2, 4]"
model attention_mask_broadcast 10 24 "$(at_node Attention "$at_qkv input: \"m\"") $(at_zeros q 1 1 2 4) $(at_zeros k 1 1 3 4) $(at_zeros v 1 1 3 4) $(at_zeros m 3 3) $y_out"
expect_both attention_mask_broadcast "node 'n' (#0, Attention-24): attn_mask float[3, 3] does not broadcast to (batch, q_num_heads, q_sequence_length, total_sequence_length) = (1, 1, 2, 3)"
model attention_3d_heads 10 23 "$(at_node Attention "$at_qkv" 'attribute { name: "q_num_heads" i: 3 type: INT } attribute { name: "kv_num_heads" i: 1 type: INT }') $(at_zeros q 1 2 4) $(at_zeros k 1 3 4) $(at_zeros v 1 3 4) $y_out"
expect_both attention_3d_heads "node 'n' (#0, Attention-23): q_num_heads = 3 does not divide Q's hidden size in float[1, 2, 4]"
model causal_conv_state 10 27 "$(at_node CausalConvWithState 'input: "x" input: "w" input: "" input: "s"' 'output: "state"') $(at_zeros x 1 2 3) $(at_zeros w 2 1 3) $(at_zeros s 1 2 3) $y_out"
expect_both causal_conv_state "node 'n' (#0, CausalConvWithState-27): past_state is float[1, 2, 3] but must be (batch_size, channels, k - 1) = (1, 2, 2)"
model linear_attention_decay 10 27 "$(at_node LinearAttention 'input: "q" input: "k" input: "v"' 'output: "state" attribute { name: "q_num_heads" i: 1 type: INT } attribute { name: "kv_num_heads" i: 1 type: INT }') $(at_zeros q 1 2 2) $(at_zeros k 1 2 2) $(at_zeros v 1 2 2) $y_out"
expect_both linear_attention_decay "node 'n' (#0, LinearAttention-27): decay must be given for update_rule 'gated_delta'"
