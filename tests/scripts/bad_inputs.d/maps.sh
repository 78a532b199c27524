# Bad inputs of map values and the ai.onnx.ml operators that take or give maps (ops/ml/zip_map.cpp,
# cast_map.cpp, dict_vectorizer.cpp): MapProto files with duplicate keys, keys of another type, or
# keys and values of different lengths; a ZipMap row of the wrong width, a CastMap key outside
# max_map, a DictVectorizer key outside its vocabulary. Sourced by tests/scripts/bad_inputs.sh.

# ml_model NAME GRAPH_BODY: a model importing ai.onnx 17 and ai.onnx.ml 1.
ml_model() {
  new_case "$1"
  encode ModelProto "$cases/$1/model.onnx" <<EOF2
ir_version: 8
opset_import { domain: "" version: 17 }
opset_import { domain: "ai.onnx.ml" version: 1 }
graph { name: "g" $2 }
EOF2
}
# map_input NAME KEY_TYPE KEYS VALUES: $cases/NAME/test_data_set_0/input_0.pb holding a MapProto
# (Debian ships no onnx-data.proto for protoc, so it is written field by field): KEY_TYPE its
# key_type code, KEYS comma-separated integers (`keys`) or strings (`string_keys`, when KEY_TYPE is
# 8), VALUES comma-separated floats, each a scalar float TensorProto in `values`.
map_input() {
  python3 - "$cases/$1/test_data_set_0/input_0.pb" "$2" "$3" "$4" <<'PY'
import struct, sys
path, key_type, keys, values = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(","), sys.argv[4].split(",")
def varint(n):
    n &= (1 << 64) - 1
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])
def field(number, wire, payload):
    key = varint(number << 3 | wire)
    return key + (varint(payload) if wire == 0 else varint(len(payload)) + payload)
msg = field(2, 0, key_type)
for k in keys:
    msg += field(4, 2, k.encode()) if key_type == 8 else field(3, 0, int(k))
sequence = field(2, 0, 1)  # elem_type TENSOR
for v in values:
    sequence += field(3, 2, field(2, 0, 1) + field(9, 2, struct.pack("<f", float(v))))
msg += field(5, 2, sequence)
open(path, "wb").write(msg)
PY
}
# map_declared KEY_CODE VALUE_CODE: graph input x of type map(KEY, VALUE).
map_declared() { echo "input { name: \"x\" type { map_type { key_type: $1 value_type { tensor_type { elem_type: $2 } } } } }"; }
ml_node() { echo "node { name: \"m\" op_type: \"$1\" domain: \"ai.onnx.ml\" input: \"x\" output: \"y\" $2 }"; }
int_vocabulary='attribute { name: "int64_vocabulary" type: INTS ints: [1, 2, 3] }'

# A map with one key twice.
ml_model maps_duplicate_key "$(ml_node DictVectorizer "$int_vocabulary") $(map_declared 7 1) $y_out"
map_input maps_duplicate_key 7 2,2 0.5,1.5
expect_both maps_duplicate_key "input_0.pb: a map has the key at entry 1 twice (first at entry 0)"

# Keys and values of different lengths.
ml_model maps_lengths "$(ml_node DictVectorizer "$int_vocabulary") $(map_declared 7 1) $y_out"
map_input maps_lengths 7 1,2,3 0.5,1.5
expect_both maps_lengths "input_0.pb: the MapProto has 3 keys but 2 values"

# String keys where the model declares int64 keys.
ml_model maps_key_type "$(ml_node DictVectorizer "$int_vocabulary") $(map_declared 7 1) $y_out"
map_input maps_key_type 8 a 0.5
expect_both maps_key_type "input_0.pb: the map's keys are string but the model declares int64 keys"

# DictVectorizer: a key the vocabulary lacks.
ml_model maps_dict_vectorizer_key "$(ml_node DictVectorizer "$int_vocabulary") $(map_declared 7 1) $y_out"
map_input maps_dict_vectorizer_key 7 9 0.5
expect_both maps_dict_vectorizer_key "node 'm' (#0, ai.onnx.ml:DictVectorizer-1): the map's key 9 is not in the vocabulary"

# CastMap SPARSE: a key at or beyond max_map.
ml_model maps_cast_map_sparse "$(ml_node CastMap 'attribute { name: "map_form" type: STRING s: "SPARSE" }
  attribute { name: "max_map" type: INT i: 2 }') $(map_declared 7 1) $y_out"
map_input maps_cast_map_sparse 7 0,2 0.5,1.5
expect_both maps_cast_map_sparse "node 'm' (#0, ai.onnx.ml:CastMap-1): map key 2 lies outside [0, max_map) = [0, 2) of the SPARSE form"

# ZipMap: X has more columns than class labels.
ml_model maps_zip_map_width "$(ml_node ZipMap 'attribute { name: "classlabels_int64s" type: INTS ints: [0, 1] }') $(declared x 1 1 3) $y_out"
input maps_zip_map_width 'name: "x" data_type: 1 dims: 1 dims: 3 float_data: [0.1, 0.2, 0.7]'
expect_both maps_zip_map_width "node 'm' (#0, ai.onnx.ml:ZipMap-1): X has 3 columns but the node has 2 class labels; they must be as many"
