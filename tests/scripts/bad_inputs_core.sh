# The bad inputs that belong to no operator family, first half: files, graphs and types (the second,
# bad_inputs_core_data.sh: shapes, data, external data, resources and the command line). Sourced by
# tests/scripts/bad_inputs.sh after its control, whose generators (model, input, expect_both,
# json_case, npy_case, ...) it uses.
echo "== files"
new_case file_model_not_protobuf
printf 'this is a text file, not an ONNX model\n' > "$cases/file_model_not_protobuf/model.onnx"
expect_both file_model_not_protobuf "model.onnx: not an ONNX model (the bytes do not parse as a ModelProto protobuf)"
new_case file_model_random_bytes
printf '\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01' > "$cases/file_model_random_bytes/model.onnx"
expect_both file_model_random_bytes "model.onnx: not an ONNX model (the bytes do not parse as a ModelProto protobuf)"
new_case file_model_truncated
head -c $((model_bytes / 2)) "$good" > "$cases/file_model_truncated/model.onnx"
expect_both file_model_truncated "model.onnx: not an ONNX model (the bytes do not parse as a ModelProto"
new_case file_model_truncated_by_one
head -c $((model_bytes - 1)) "$good" > "$cases/file_model_truncated_by_one/model.onnx"
expect_both file_model_truncated_by_one "model.onnx: not an ONNX model (the bytes do not parse as a ModelProto"
new_case file_model_empty
: > "$cases/file_model_empty/model.onnx"
expect_both file_model_empty "model.onnx: the file is empty, not an ONNX model"
new_case file_model_is_a_tensor
tensor "$cases/file_model_is_a_tensor/model.onnx" <<< "$good_x"
expect_both file_model_is_a_tensor "model.onnx: not an ONNX model (the bytes do not parse as a ModelProto protobuf)"
new_case file_model_is_a_nameless_tensor
tensor "$cases/file_model_is_a_nameless_tensor/model.onnx" <<< "data_type: 1 dims: 2 dims: 6 $floats12"
expect_both file_model_is_a_nameless_tensor "model.onnx: not an ONNX model: it has no graph"
expect_run_error "run  file_model_missing" "no-such-model.onnx: no such file" "$work/no-such-model.onnx"
expect_run_error "run  file_model_is_a_folder" "test_data_set_0: not a regular file" "$work/good/test_data_set_0"

# input_0.pb files (both commands) and a ModelProto given as one.
for c in not_protobuf truncated empty is_a_model wrong_dtype wrong_shape wrong_rank extra_file no_file \
         unknown_dtype negative_dim too_few_values two_files_one_name gap_in_numbers fifo folder; do
  new_case "file_input_pb_$c"; cp "$good" "$cases/file_input_pb_$c/model.onnx"
done
set0() { echo "$cases/file_input_pb_$1/test_data_set_0"; }
printf 'not a tensor\n' > "$(set0 not_protobuf)/input_0.pb"
expect_both file_input_pb_not_protobuf "input_0.pb: not a TensorProto (the protobuf encoding is invalid)"
head -c 20 "$work/good_x.pb" > "$(set0 truncated)/input_0.pb"
expect_both file_input_pb_truncated "input_0.pb: not a TensorProto (the protobuf encoding is invalid)"
: > "$(set0 empty)/input_0.pb"
expect_both file_input_pb_empty "input_0.pb: not a TensorProto (data_type is unset)"
cp "$good" "$(set0 is_a_model)/input_0.pb"
expect_both file_input_pb_is_a_model "input_0.pb: not a TensorProto (data_type is unset)"
input file_input_pb_wrong_dtype 'name: "x" data_type: 6 dims: 2 dims: 6 int32_data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]'
expect_both file_input_pb_wrong_dtype "model.onnx: input 'x' is int32[2, 6] but the model declares tensor(float)[2, 6]"
input file_input_pb_wrong_shape "name: \"x\" data_type: 1 dims: 3 dims: 4 $floats12"
expect_both file_input_pb_wrong_shape "model.onnx: input 'x' is float[3, 4] but the model declares tensor(float)[2, 6] (dimension 0)"
input file_input_pb_wrong_rank "name: \"x\" data_type: 1 dims: 12 $floats12"
expect_both file_input_pb_wrong_rank "model.onnx: input 'x' is float[12] but the model declares tensor(float)[2, 6] (rank 2)"
cp "$work/good_x.pb" "$(set0 extra_file)/input_0.pb"
tensor "$(set0 extra_file)/input_1.pb" <<< "name: \"z\" data_type: 1 dims: 2 dims: 6 $floats12"
expect_both file_input_pb_extra_file "input_1.pb: the model has no graph input for it (it takes 1)"
expect_both file_input_pb_no_file "test_data_set_0: holds no input_0.pb (a test_data_set_N folder has input_K.pb for each of the model's 1 input(s) to feed)"
input file_input_pb_unknown_dtype 'name: "x" data_type: 99 dims: 2 dims: 6 raw_data: "abcdefghijkl"'
expect_both file_input_pb_unknown_dtype "input_0.pb: tensor 'x': data_type 99 is not a defined element type"
input file_input_pb_negative_dim 'name: "x" data_type: 1 dims: 2 dims: -6'
expect_both file_input_pb_negative_dim "input_0.pb: tensor 'x': dims[1] is -6; dimensions must be non-negative"
input file_input_pb_too_few_values 'name: "x" data_type: 1 dims: 2 dims: 6 float_data: [1, 2, 3]'
expect_both file_input_pb_too_few_values "input_0.pb: tensor 'x': float[2, 6] needs 12 values in float_data, found 3"
cp "$work/good_x.pb" "$(set0 two_files_one_name)/input_0.pb"
cp "$work/good_x.pb" "$(set0 two_files_one_name)/input_1.pb"
expect_both file_input_pb_two_files_one_name "input_1.pb: input 'x' is given twice"
cp "$work/good_x.pb" "$(set0 gap_in_numbers)/input_1.pb"
expect_both file_input_pb_gap_in_numbers "input_0.pb is missing (the files are numbered from 0 without gaps)"
# Files that are not regular: a FIFO would block a reader until a writer comes (a hang).
mkfifo "$(set0 fifo)/input_0.pb"
expect_both file_input_pb_fifo "input_0.pb: not a regular file"
mkdir "$(set0 folder)/input_0.pb"
expect_both file_input_pb_folder "input_0.pb: not a regular file"
new_case file_output_pb_fifo && cp "$good" "$cases/file_output_pb_fifo/model.onnx"
cp "$work/good_x.pb" "$cases/file_output_pb_fifo/test_data_set_0/input_0.pb" && mkfifo "$cases/file_output_pb_fifo/test_data_set_0/output_0.pb"
expect_test_failure "test file_output_pb_fifo" "output_0.pb: not a regular file" "$cases/file_output_pb_fifo"
mkfifo "$work/run/model_fifo.onnx"
expect_run_error "run  file_model_fifo" "model_fifo.onnx: not a regular file" "$work/run/model_fifo.onnx"
# A pipe named as INPUTS is read (the user is writing to it, as with <(...)); a device is refused.
expect_run_error "run  file_inputs_device" "/dev/null: not a regular file or a pipe" "$good" /dev/null

# JSON inputs and the .npy files they name (`run` only: the harness reads input_K.pb files).
json_case corrupt "corrupt.json: not valid JSON" '{"x": [1, 2,'
json_case not_an_object "not_an_object.json: expected an object from input name to tensor" '[1, 2, 3]'
json_case unknown_input "unknown_input.json: 'z' is not an input of the model" '{"z": [1]}'
json_case missing_input "model.onnx: input 'x' (tensor(float)[2, 6]) is not fed" '{}'
json_case wrong_dtype "wrong_dtype.json: input 'x': dtype int32 does not match the model's declared tensor(float)" \
  '{"x": {"dtype": "int32", "shape": [2, 6], "data": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}}'
json_case wrong_shape "model.onnx: input 'x' is float[3, 4] but the model declares tensor(float)[2, 6] (dimension 0)" \
  '{"x": {"shape": [3, 4], "data": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}}'
json_case too_few_values "too_few_values.json: input 'x': data has 3 values where the shape [2, 6] needs 12" \
  '{"x": {"shape": [2, 6], "data": [1, 2, 3]}}'
json_case not_a_number "not_a_number.json: input 'x' [0]" '{"x": {"shape": [1], "data": ["one"]}}'
json_case missing_file "missing_file.json: input 'x': file '$j/nope.pb' does not exist" '{"x": {"file": "nope.pb"}}'
json_case unknown_key "unknown_key.json: input 'x': unknown key \"dims\"" '{"x": {"dims": [2, 6], "data": [1]}}'
# A file that is neither JSON nor a .npy/.pb value (those feed a one-input model; see cli.first_steps).
printf 'x = 1\n' > "$work/not_json.txt"
expect_run_error "run  file_inputs_not_json" "not_json.txt: not valid JSON" "$good" "$work/not_json.txt"
expect_run_error "run  file_inputs_missing" "nothing-here: no such file or folder" "$good" "$work/nothing-here"

printf 'PK\x03\x04 not an npy file' > "$j/bad_magic.npy"
npy_case bad_magic "bad_magic.npy: not a .npy file (it does not start with \\x93NUMPY)"
mkfifo "$j/fifo.npy"
npy_case fifo "fifo.npy' is not a regular file"
npy "$j/truncated.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 6), }" 20
npy_case truncated "truncated.npy: the data is truncated: '<f4' (2, 6) needs 48 bytes, 20 follow the header"
npy "$j/too_long.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 6), }" 52
npy_case too_long "too_long.npy: 4 extra bytes after the 48 bytes of '<f4' (2, 6)"
npy "$j/bad_header.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 6) " 48
npy_case bad_header "bad_header.npy: malformed header: expected ','"
npy "$j/big_endian.npy" "{'descr': '>f4', 'fortran_order': False, 'shape': (2, 6), }" 48
npy_case big_endian "big_endian.npy: dtype '>f4' is big-endian; only little-endian data is supported"
npy "$j/fortran.npy" "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 6), }" 48
npy_case fortran "fortran.npy: fortran_order True (column-major data) is not supported"
npy "$j/wrong_dtype.npy" "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 6), }" 48
npy_case wrong_dtype "input 'x': dtype int32 does not match the model's declared tensor(float)"
npy "$j/wrong_shape.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }" 48
npy_case wrong_shape "model.onnx: input 'x' is float[3, 4] but the model declares tensor(float)[2, 6] (dimension 0)"
npy "$j/unicode.npy" "{'descr': '<U5', 'fortran_order': False, 'shape': (2, 6), }" 240
npy_case unicode "unicode.npy: unsupported dtype '<U5'"
# A .npy as INPUTS feeds the one input, checked as any feed is.
expect_run_error "run  file_npy_given_as_inputs" "model.onnx: input 'x' is int32[2, 6] but the model declares tensor(float)[2, 6]" "$good" "$j/wrong_dtype.npy"

echo "== graphs"
model graph_input_defined_nowhere 8 14 "$reshape_node $x_init_2x6 $y_out"
expect_both graph_input_defined_nowhere "model.onnx: node 'r' (#0, Reshape-14): input 'shape' is not defined by any graph input, initializer or earlier node"
model graph_input_defined_later 8 14 "$reshape_node
  node { name: \"s\" op_type: \"Reshape\" input: \"x\" input: \"s0\" output: \"shape\" }
  $x_init_2x6 $(shape_init 3 4 | sed 's/"shape"/"s0"/') $y_out"
expect_both graph_input_defined_later "model.onnx: node 'r' (#0, Reshape-14): input 'shape' is only produced by a later node, #1 's' (nodes must be in topological order; --sort-nodes sorts them)"
model graph_cycle 8 14 "node { name: \"a\" op_type: \"Reshape\" input: \"b_out\" input: \"shape\" output: \"a_out\" }
  node { name: \"b\" op_type: \"Reshape\" input: \"a_out\" input: \"shape\" output: \"b_out\" }
  $(shape_init 3 4) output { name: \"b_out\" }"
expect_both graph_cycle "model.onnx: node 'a' (#0, Reshape-14): input 'b_out' is produced by node #1 'b', which depends on this node's output: the graph has a cycle"
model graph_cycle_of_three 8 14 "node { name: \"a\" op_type: \"Flatten\" input: \"c_out\" output: \"a_out\" }
  node { op_type: \"Flatten\" input: \"a_out\" output: \"b_out\" }
  node { name: \"c\" op_type: \"Flatten\" input: \"b_out\" output: \"c_out\" } output { name: \"c_out\" }"
expect_both graph_cycle_of_three "model.onnx: node 'a' (#0, Flatten-13): input 'c_out' is produced by node #2 'c', which depends on this node's output: the graph has a cycle"
model graph_self_loop 8 14 "node { name: \"a\" op_type: \"Flatten\" input: \"y\" output: \"y\" } $y_out"
expect_both graph_self_loop "model.onnx: node 'a' (#0, Flatten-13): input 'y' is the node's own output: the graph has a cycle"
model graph_output_assigned_twice 8 14 "$reshape_node node { name: \"f\" op_type: \"Flatten\" input: \"x\" output: \"y\" }
  $(shape_init 3 4) $x_init_2x6 $y_out"
expect_both graph_output_assigned_twice "model.onnx: node 'f' (#1, Flatten-13): 'y' is assigned by node #1 but is already assigned by node #0 (every name is assigned once)"
model graph_output_is_an_input 8 14 "node { name: \"f\" op_type: \"Flatten\" input: \"x\" output: \"x\" } $x_float_2x6 output { name: \"x\" }"
expect_both graph_output_is_an_input "model.onnx: node 'f' (#0, Flatten-13): 'x' is assigned by node #0 but is already assigned by graph input 'x'"
model graph_initializer_twice 8 14 "$reshape_node $(shape_init 3 4) $(shape_init 4 3) $x_init_2x6 $y_out"
expect_both graph_initializer_twice "model.onnx: initializer 'shape' is defined twice"
model graph_output_produced_nowhere 8 14 "$flatten_node $x_init_2x6 output { name: \"z\" }"
expect_both graph_output_produced_nowhere "model.onnx: graph output 'z' is not produced by any node, graph input or initializer"
model graph_no_outputs 8 14 "$flatten_node $x_init_2x6"
expect_both graph_no_outputs "model.onnx: the graph has no outputs"

# An operator or domain onnx-ref does not implement: an error under `run`, a skip under `test`.
model graph_unknown_operator 8 14 "node { name: \"c\" op_type: \"NoSuchOperator\" input: \"x\" output: \"y\" } $x_init_2x6 $y_out"
expect_run_error "run  graph_unknown_operator" "model.onnx: node 'c' (#0, NoSuchOperator): unsupported operator NoSuchOperator (opset 14)" \
  "$cases/graph_unknown_operator/model.onnx"
expect_test_skip "test graph_unknown_operator" "unsupported operator NoSuchOperator (opset 14)" "$cases/graph_unknown_operator"
new_case graph_unknown_domain
encode ModelProto "$cases/graph_unknown_domain/model.onnx" <<EOF
ir_version: 8
opset_import { domain: "" version: 14 }
opset_import { domain: "com.example" version: 1 }
graph { name: "g" node { name: "c" domain: "com.example" op_type: "Reshape" input: "x" input: "shape" output: "y" }
  $x_init_2x6 $(shape_init 3 4) $y_out }
EOF
expect_run_error "run  graph_unknown_domain" "model.onnx: node 'c' (#0, com.example:Reshape): unsupported operator com.example:Reshape (opset 1)" \
  "$cases/graph_unknown_domain/model.onnx"
expect_test_skip "test graph_unknown_domain" "unsupported operator com.example:Reshape" "$cases/graph_unknown_domain"
model graph_unknown_domain_not_imported 8 14 "node { name: \"c\" domain: \"com.example\" op_type: \"Foo\" input: \"x\" output: \"y\" } $x_init_2x6 $y_out"
expect_run_error "run  graph_unknown_domain_not_imported" "(#0, com.example:Foo): unsupported operator com.example:Foo (domain 'com.example' is not imported either)" \
  "$cases/graph_unknown_domain_not_imported/model.onnx"
expect_test_skip "test graph_unknown_domain_not_imported" "unsupported operator com.example:Foo" "$cases/graph_unknown_domain_not_imported"

model graph_no_opset_for_domain 8 14 "node { name: \"o\" domain: \"org.openvinotoolkit\" op_type: \"Reshape\" input: \"x\" input: \"shape\" output: \"y\"
  attribute { name: \"special_zero\" i: 0 type: INT } } $x_init_2x6 $(shape_init 3 4) $y_out"
expect_both graph_no_opset_for_domain "model.onnx: node 'o' (#0, org.openvinotoolkit:Reshape): the model imports no opset for domain 'org.openvinotoolkit', which org.openvinotoolkit:Reshape belongs to"
new_case graph_no_opset_for_default_domain
encode ModelProto "$cases/graph_no_opset_for_default_domain/model.onnx" <<EOF
ir_version: 8
opset_import { domain: "org.openvinotoolkit" version: 1 }
graph { name: "g" $reshape_node $x_init_2x6 $(shape_init 3 4) $y_out }
EOF
expect_both graph_no_opset_for_default_domain "model.onnx: node 'r' (#0, Reshape): the model imports no opset for domain ai.onnx (\"\"), which Reshape belongs to"
model graph_opset_version_0 8 0 "$reshape_node $x_init_2x6 $(shape_init 3 4) $y_out"
expect_both graph_opset_version_0 "model.onnx: opset import for domain ai.onnx (\"\") has version 0; versions start at 1"
model graph_opset_version_negative 8 -1 "$reshape_node $x_init_2x6 $(shape_init 3 4) $y_out"
expect_both graph_opset_version_negative "model.onnx: opset import for domain ai.onnx (\"\") has version -1; versions start at 1"
# A domain imported twice is not a bad input: each node binds to the highest version (onnx.proto);
# tests/interpreter/opset_import_test.cpp checks it.
model graph_ir_version_99 99 14 "$reshape_node $x_init_2x6 $(shape_init 3 4) $y_out"
expect_both graph_ir_version_99 "model.onnx: IR version 99 is not one onnx-ref knows (1 to 13)"
model graph_ir_version_0 0 14 "$reshape_node $x_init_2x6 $(shape_init 3 4) $y_out"
expect_both graph_ir_version_0 "model.onnx: IR version 0 is not one onnx-ref knows (1 to 13)"
model graph_ir_version_negative -3 14 "$reshape_node $x_init_2x6 $(shape_init 3 4) $y_out"
expect_both graph_ir_version_negative "model.onnx: IR version -3 is not one onnx-ref knows (1 to 13)"
new_case graph_ir_version_unset
encode ModelProto "$cases/graph_ir_version_unset/model.onnx" <<EOF
opset_import { domain: "" version: 14 }
graph { name: "g" $reshape_node $x_init_2x6 $(shape_init 3 4) $y_out }
EOF
expect_both graph_ir_version_unset "model.onnx: not an ONNX model: ir_version is not set"

# Attributes.
model graph_attribute_unknown 8 14 "node { name: \"r\" op_type: \"Reshape\" input: \"x\" input: \"shape\" output: \"y\"
  attribute { name: \"axis\" i: 1 type: INT } } $x_init_2x6 $(shape_init 3 4) $y_out"
expect_both graph_attribute_unknown "model.onnx: node 'r' (#0, Reshape-14): attribute 'axis' is not an attribute of Reshape-14 (it has: allowzero)"
model graph_attribute_allowzero_2 8 14 "node { name: \"r\" op_type: \"Reshape\" input: \"x\" input: \"shape\" output: \"y\"
  attribute { name: \"allowzero\" i: 2 type: INT } } $x_init_2x6 $(shape_init 3 4) $y_out"
expect_both graph_attribute_allowzero_2 "model.onnx: node 'r' (#0, Reshape-14): attribute 'allowzero' must be 0 or 1, got 2"
model graph_attribute_wrong_type 8 14 "node { name: \"f\" op_type: \"Flatten\" input: \"x\" output: \"y\"
  attribute { name: \"axis\" f: 1 type: FLOAT } } $x_init_2x6 $y_out"
expect_both graph_attribute_wrong_type "model.onnx: node 'f' (#0, Flatten-13): attribute 'axis' must be of type int, got float"
model graph_attribute_missing 3 1 "node { name: \"r\" op_type: \"Reshape\" input: \"x\" output: \"y\" } $x_init_2x6 $y_out"
expect_both graph_attribute_missing "model.onnx: node 'r' (#0, Reshape-1): required attribute 'shape' is not set"
model graph_missing_required_input 8 14 "node { name: \"r\" op_type: \"Reshape\" input: \"x\" output: \"y\" } $x_init_2x6 $y_out"
expect_both graph_missing_required_input "model.onnx: node 'r' (#0, Reshape-14): required input 1 ('shape') is missing"
model graph_too_many_inputs 8 14 "node { name: \"r\" op_type: \"Reshape\" input: \"x\" input: \"shape\" input: \"x\" output: \"y\" }
  $(shape_init 3 4) $x_init_2x6 $y_out"
expect_both graph_too_many_inputs "model.onnx: node 'r' (#0, Reshape-14): Reshape-14 takes at most 2 inputs, the node has 3"
model graph_node_without_outputs 8 14 "node { name: \"f\" op_type: \"Flatten\" input: \"x\" } $x_init_2x6 output { name: \"x\" }"
expect_both graph_node_without_outputs "model.onnx: node 'f' (#0, Flatten-13): Flatten-13 has 1 output(s), the node lists 0"
model graph_attribute_twice 8 14 "node { name: \"f\" op_type: \"Flatten\" input: \"x\" output: \"y\"
  attribute { name: \"axis\" i: 1 type: INT } attribute { name: \"axis\" i: 0 type: INT } } $x_init_2x6 $y_out"
expect_both graph_attribute_twice "model.onnx: node 'f' (#0, Flatten-13): attribute 'axis' is set twice"
model graph_input_declared_twice 8 14 "$flatten_node $x_float_2x6 $x_float_2x6 $y_out"
expect_both graph_input_declared_twice "model.onnx: 'x' is assigned by graph input 'x' but is already assigned by graph input 'x'"
model graph_input_without_name 8 14 "$flatten_node $x_init_2x6 input { } $y_out"
expect_both graph_input_without_name "model.onnx: a graph input has no name"
model graph_map_input 8 14 "$flatten_node input { name: \"x\" type { map_type { key_type: 8 value_type { sequence_type { elem_type { tensor_type { elem_type: 1 } } } } } } } $y_out"
expect_run_error "run  graph_map_input" "model.onnx: graph input 'x' is a map whose values are not tensor elements; onnx-ref runs maps of tensor elements only" "$cases/graph_map_input/model.onnx"
expect_test_skip "test graph_map_input" "graph input 'x' is a map whose values are not tensor elements; onnx-ref runs maps of tensor elements only" "$cases/graph_map_input"
model graph_sequence_into_flatten 8 14 "$flatten_node input { name: \"x\" type { sequence_type { elem_type { tensor_type { elem_type: 1 } } } } } $y_out"
expect_run_error "run  graph_sequence_into_flatten" "node 'f' (#0, Flatten-13): input 0 ('input') is seq(tensor(float)), which Flatten-13 does not allow for T" "$cases/graph_sequence_into_flatten/model.onnx"
expect_test_failure "test graph_sequence_into_flatten" "input 0 ('input') is seq(tensor(float)), which Flatten-13 does not allow for T" "$cases/graph_sequence_into_flatten"

# Names from the file with control bytes in them are escaped: the message stays on one line.
model graph_name_with_newline 8 14 "node { name: \"two\\nlines\" op_type: \"Flatten\" input: \"x\" output: \"y\" }
  node { name: \"b\" op_type: \"Flatten\" input: \"x\" output: \"y\" } $x_init_2x6 $y_out"
expect_both graph_name_with_newline "model.onnx: node 'b' (#1, Flatten-13): 'y' is assigned by node #1 but is already assigned by node #0"
model graph_input_name_with_newline 8 14 "node { name: \"a\" op_type: \"Flatten\" input: \"x\\r\\n\" output: \"y\" } $x_init_2x6 $y_out"
expect_both graph_input_name_with_newline "model.onnx: node 'a' (#0, Flatten-13): input 'x\\x0d\\x0a' is not defined by any graph input"
model graph_op_type_with_newline 8 14 "node { name: \"c\" op_type: \"Co\\nnv\" input: \"x\" output: \"y\" } $x_init_2x6 $y_out"
expect_run_error "run  graph_op_type_with_newline" "model.onnx: node 'c' (#0, Co\\x0anv): unsupported operator Co\\x0anv (opset 14)" \
  "$cases/graph_op_type_with_newline/model.onnx"
expect_test_skip "test graph_op_type_with_newline" "unsupported operator Co\\x0anv (opset 14)" "$cases/graph_op_type_with_newline"
# A folder whose name holds a newline: the paths in the messages are escaped too.
nl_case=$'graph_folder_with\nnewline'
model "$nl_case" 8 14 "$reshape_node $x_init_2x6 $y_out"
expect_run_error "run  graph_folder_with_newline" 'graph_folder_with\x0anewline/model.onnx: node' "$cases/$nl_case/model.onnx"
expect_test_failure "test graph_folder_with_newline" 'graph_folder_with\x0anewline/model.onnx: node' "$cases/$nl_case"

echo "== types"
# type_case OP OPSET CODE TYPE LABEL: x of element type CODE into OP at OPSET, which resolves to the
# version LABEL that does not take it; the next opset that takes it is checked by the caller.
type_case() {
  local op=$1 opset=$2 code=$3 type=$4 label=$5 node ir=11 name
  name=type_${type}_${op,,}_opset_$opset
  [ "$opset" -ge 5 ] || ir=3
  if [ "$op" = Flatten ]; then node=$flatten_node
  elif [ "$opset" -ge 5 ]; then node="$reshape_node $(shape_init 3 4)"
  else node='node { name: "r" op_type: "Reshape" input: "x" output: "y" attribute { name: "shape" ints: [3, 4] type: INTS } }'; fi
  model "$name" $ir "$opset" "$node $(declared x "$code" 2 6) $y_out"
  local who="node 'r'"; [ "$op" = Flatten ] && who="node 'f'"
  local slot="input 0 ('data')"; [ "$op" = Flatten ] && slot="input 0 ('input')"
  expect_both "$name" "model.onnx: $who (#0, $label): $slot is tensor($type), which $label does not allow for T"
}
# accepted OP OPSET CODE TYPE: the same model one opset later loads (the boundary is exact).
accepted() {
  local name=accepted_${4}_${1,,}_opset_$2 node ir=11
  [ "$2" -ge 5 ] || ir=3
  if [ "$1" = Flatten ]; then node=$flatten_node
  elif [ "$2" -ge 5 ]; then node="$reshape_node $(shape_init 3 4)"
  else node='node { name: "r" op_type: "Reshape" input: "x" output: "y" attribute { name: "shape" ints: [3, 4] type: INTS } }'; fi
  encode ModelProto "$work/run/$name.onnx" <<EOF
ir_version: $ir
opset_import { domain: "" version: $2 }
graph { name: "g" $node $(declared x "$3" 2 6) $y_out }
EOF
  if "$onnx_ref" info "$work/run/$name.onnx" | grep -q "^check: the model is valid"; then pass "control $name"
  else fail "control $name" "$("$onnx_ref" info "$work/run/$name.onnx" | tail -n 1)"; fi
}
type_case Reshape 12 16 bfloat16 Reshape-5;          accepted Reshape 13 16 bfloat16
type_case Flatten 12 16 bfloat16 Flatten-11;         accepted Flatten 13 16 bfloat16
type_case Reshape 18 17 float8e4m3fn Reshape-14;     accepted Reshape 19 17 float8e4m3fn
type_case Flatten 20 17 float8e4m3fn Flatten-13;     accepted Flatten 21 17 float8e4m3fn
type_case Reshape 20 22 int4 Reshape-19;             accepted Reshape 21 22 int4
type_case Flatten 20 22 int4 Flatten-13;             accepted Flatten 21 22 int4
type_case Reshape 20 21 uint4 Reshape-19;            accepted Reshape 21 21 uint4
type_case Flatten 20 21 uint4 Flatten-13;            accepted Flatten 21 21 uint4
type_case Reshape 22 23 float4e2m1 Reshape-21;       accepted Reshape 23 23 float4e2m1
type_case Flatten 22 23 float4e2m1 Flatten-21;       accepted Flatten 23 23 float4e2m1
type_case Reshape 23 24 float8e8m0 Reshape-23;       accepted Reshape 24 24 float8e8m0
type_case Flatten 23 24 float8e8m0 Flatten-23;       accepted Flatten 24 24 float8e8m0
type_case Reshape 24 26 int2 Reshape-24;             accepted Reshape 25 26 int2
type_case Flatten 24 26 int2 Flatten-24;             accepted Flatten 25 26 int2
type_case Reshape 24 25 uint2 Reshape-24;            accepted Reshape 25 25 uint2
type_case Flatten 24 25 uint2 Flatten-24;            accepted Flatten 25 25 uint2
type_case Reshape 1 6 int32 Reshape-1
type_case Reshape 4 6 int32 Reshape-1;               accepted Reshape 5 6 int32
type_case Flatten 1 6 int32 Flatten-1
type_case Flatten 8 6 int32 Flatten-1;               accepted Flatten 9 6 int32

# The type of an undeclared input is checked when it arrives, still naming the node and version.
model type_undeclared_input_bfloat16 11 12 "$reshape_node $(shape_init 3 4) input { name: \"x\" } $y_out"
input type_undeclared_input_bfloat16 'name: "x" data_type: 16 dims: 2 dims: 6 int32_data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]'
expect_both type_undeclared_input_bfloat16 "model.onnx: node 'r' (#0, Reshape-5): input 0 ('data') is tensor(bfloat16), which Reshape-5 does not allow for T"
model type_shape_int32 8 14 "$reshape_node initializer { name: \"shape\" data_type: 6 dims: 2 int32_data: [3, 4] } $x_init_2x6 $y_out"
expect_both type_shape_int32 "model.onnx: node 'r' (#0, Reshape-14): input 1 ('shape') is tensor(int32), but Reshape-14 takes tensor(int64)"
model type_shape_int32_fed 8 14 "$reshape_node input { name: \"shape\" } $x_init_2x6 $y_out"
input type_shape_int32_fed 'name: "shape" data_type: 6 dims: 2 int32_data: [3, 4]'
expect_both type_shape_int32_fed "model.onnx: node 'r' (#0, Reshape-14): input 1 ('shape') is tensor(int32), but Reshape-14 takes tensor(int64)"
model type_shape_float 8 5 "$reshape_node initializer { name: \"shape\" data_type: 1 dims: 2 float_data: [3, 4] } $x_init_2x6 $y_out"
expect_both type_shape_float "model.onnx: node 'r' (#0, Reshape-5): input 1 ('shape') is tensor(float), but Reshape-5 takes tensor(int64)"
model type_unknown_code_initializer 8 14 "$reshape_node $(shape_init 3 4) initializer { name: \"x\" data_type: 99 dims: 2 raw_data: \"ab\" } $y_out"
expect_both type_unknown_code_initializer "model.onnx: initializer 'x': tensor 'x': data_type 99 is not a defined element type"
model type_undefined_code_initializer 8 14 "$reshape_node $(shape_init 3 4) initializer { name: \"x\" data_type: 0 dims: 2 raw_data: \"ab\" } $y_out"
expect_both type_undefined_code_initializer "model.onnx: initializer 'x': tensor 'x': data_type 0 is not a defined element type"
model type_unknown_code_declared 8 14 "$reshape_node $(shape_init 3 4) $(declared x 99 2 6) $y_out"
expect_both type_unknown_code_declared "model.onnx: graph input 'x' declares undefined element type code 99"
model type_output_declared_wrong 8 14 "$reshape_node $(shape_init 3 4) $x_init_2x6 output { name: \"y\" type { tensor_type { elem_type: 6 } } }"
expect_both type_output_declared_wrong "model.onnx: graph output 'y' is declared tensor(int32) but is tensor(float)"
model type_feed_symbolic_dim 8 14 "$reshape_node $(shape_init -1) input { name: \"x\" type { tensor_type { elem_type: 1 shape { dim { dim_param: \"N\" } dim { dim_value: 6 } } } } } $y_out"
input type_feed_symbolic_dim "name: \"x\" data_type: 1 dims: 3 dims: 4 $floats12"
expect_both type_feed_symbolic_dim "model.onnx: input 'x' is float[3, 4] but the model declares tensor(float)[N, 6] (dimension 1)"
model type_feed_float16_for_float 8 14 "$reshape_node $(shape_init -1) $x_float_2x6 $y_out"
input type_feed_float16_for_float 'name: "x" data_type: 10 dims: 2 dims: 6 int32_data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]'
expect_both type_feed_float16_for_float "model.onnx: input 'x' is float16[2, 6] but the model declares tensor(float)[2, 6]"
model type_initializer_default_mismatch 8 14 "$reshape_node $(shape_init 3 4) $x_float_2x6 initializer { name: \"x\" data_type: 7 dims: 2 dims: 6 int64_data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] } $y_out"
expect_both type_initializer_default_mismatch "model.onnx: initializer 'x' (default of the graph input) is int64[2, 6] but the model declares tensor(float)[2, 6]"

