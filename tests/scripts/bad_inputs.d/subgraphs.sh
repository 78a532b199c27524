# Bad inputs of graphs inside graphs (If, Loop, Scan, SequenceMap) and of the sequence and optional
# operators (sourced by tests/scripts/bad_inputs.sh).

sg_x="initializer { name: \"x\" data_type: 1 dims: 2 float_data: [1, 2] }"
sg_t="initializer { name: \"t\" data_type: 9 int32_data: [1] }"
sg_f="initializer { name: \"fl\" data_type: 1 float_data: [1] }"
# sg_branch NAME BODY: a graph attribute of one output 'o_NAME' computed by BODY.
sg_branch() { echo "attribute { name: \"$1\" type: GRAPH g { name: \"$1\" $2 output { name: \"o_$1\" } } }"; }
sg_identity() { echo "node { op_type: \"Identity\" input: \"$1\" output: \"$2\" }"; }

model if_cond_float 8 16 "node { name: \"if\" op_type: \"If\" input: \"fl\" output: \"y\"
  $(sg_branch then_branch "$(sg_identity x o_then_branch)") $(sg_branch else_branch "$(sg_identity x o_else_branch)") }
  $sg_x $sg_f $y_out"
expect_both if_cond_float "node 'if' (#0, If-16): input 0 ('cond') is tensor(float), which If-16 does not allow for B"
model if_branch_counts 8 16 "node { name: \"if\" op_type: \"If\" input: \"t\" output: \"y\"
  $(sg_branch then_branch "$(sg_identity x o_then_branch)")
  attribute { name: \"else_branch\" type: GRAPH g { name: \"e\" $(sg_identity x a) $(sg_identity x b) output { name: \"a\" } output { name: \"b\" } } } }
  $sg_x $sg_t $y_out"
expect_both if_branch_counts "node 'if' (#0, If-16): graph 'else_branch' has 0 input(s) and 2 output(s), but the node needs 0 and 1"
model if_branch_shadows 8 16 "node { name: \"if\" op_type: \"If\" input: \"t\" output: \"y\"
  $(sg_branch then_branch "$(sg_identity x t) $(sg_identity t o_then_branch)") $(sg_branch else_branch "$(sg_identity x o_else_branch)") }
  $sg_x $sg_t $y_out"
expect_both if_branch_shadows "node 'if' (#0, If-16) › then_branch › node #0 (Identity-16): 't' is assigned by node #0 but an enclosing graph already defines it"
model if_branch_undefined 8 16 "node { name: \"if\" op_type: \"If\" input: \"t\" output: \"y\"
  $(sg_branch then_branch "$(sg_identity nowhere o_then_branch)") $(sg_branch else_branch "$(sg_identity x o_else_branch)") }
  $sg_x $sg_t $y_out"
expect_both if_branch_undefined "› then_branch › node #0 (Identity-16): input 'nowhere' is not defined by any graph input, initializer or earlier node of this graph or an enclosing one"
model loop_body_signature 8 16 "node { name: \"loop\" op_type: \"Loop\" input: \"\" input: \"t\" input: \"x\" output: \"y\"
  $(sg_branch body "$(sg_identity x o_body)") } $sg_x $sg_t $y_out"
expect_both loop_body_signature "node 'loop' (#0, Loop-16): graph 'body' has 0 input(s) and 1 output(s), but the node needs 3 and 2"
model scan_num_inputs 8 16 "node { name: \"scan\" op_type: \"Scan\" input: \"x\" output: \"y\"
  attribute { name: \"num_scan_inputs\" i: 3 type: INT } $(sg_branch body "$(sg_identity x o_body)") } $sg_x $y_out"
expect_both scan_num_inputs "node 'scan' (#0, Scan-16): num_scan_inputs is 3 but the node has 1 state and scan input(s)"
model sequence_at_out_of_range 8 17 "node { op_type: \"SequenceConstruct\" input: \"x\" output: \"s\" }
  node { name: \"at\" op_type: \"SequenceAt\" input: \"s\" input: \"p\" output: \"y\" }
  initializer { name: \"p\" data_type: 7 int64_data: [1] } $sg_x $y_out"
expect_both sequence_at_out_of_range "node 'at' (#1, SequenceAt-11): position 1 is out of range for a sequence of 1 tensor(s) (valid: -1 to 0)"
model sequence_insert_other_type 8 17 "node { op_type: \"SequenceConstruct\" input: \"x\" output: \"s\" }
  node { name: \"ins\" op_type: \"SequenceInsert\" input: \"s\" input: \"t\" output: \"y\" } $sg_x $sg_t $y_out"
expect_both sequence_insert_other_type "node 'ins' (#1, SequenceInsert-11): the tensor to insert is tensor(bool) but the sequence holds tensor(float)"
model optional_get_empty 8 18 "node { op_type: \"Optional\" output: \"o\" attribute { name: \"type\" type: TYPE_PROTO tp { tensor_type { elem_type: 1 } } } }
  node { name: \"get\" op_type: \"OptionalGetElement\" input: \"o\" output: \"y\" } $y_out"
expect_both optional_get_empty "node 'get' (#1, OptionalGetElement-18): the optional is empty (optional(tensor(float))): it has no element to get"
