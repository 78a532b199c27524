# Bad inputs of the ai.onnx.ml operators (ops/ml/): LabelEncoder keys and values of different
# lengths, a tree node pointing outside its tree, a cycle in a tree, an unknown post_transform,
# SVMClassifier attributes of inconsistent sizes and an input of the wrong feature count.
# Sourced by tests/scripts/bad_inputs.sh.

# ml_model NAME ML_OPSET GRAPH_BODY: a model importing ai.onnx 17 and ai.onnx.ml at ML_OPSET.
ml_model() {
  new_case "$1"
  encode ModelProto "$cases/$1/model.onnx" <<EOF
ir_version: 8
opset_import { domain: "" version: 17 }
opset_import { domain: "ai.onnx.ml" version: $2 }
graph { name: "g" $3 }
EOF
}
ml_node() { echo "node { name: \"m\" op_type: \"$1\" domain: \"ai.onnx.ml\" input: \"x\" output: \"y\" $2 }"; }
ml_x_float_1x2="$(declared x 1 1 2)"
ml_x_float_1x2_data='name: "x" data_type: 1 dims: 1 dims: 2 float_data: [0.5, 1]'

# LabelEncoder: three keys, two values.
ml_model ml_label_encoder_lengths 2 "$(ml_node LabelEncoder 'attribute { name: "keys_strings" type: STRINGS strings: ["a", "b", "c"] }
  attribute { name: "values_int64s" type: INTS ints: [1, 2] }') $(declared x 8 2) $y_out"
input ml_label_encoder_lengths 'name: "x" data_type: 8 dims: 2 string_data: ["a", "b"]'
expect_both ml_label_encoder_lengths "node 'm' (#0, ai.onnx.ml:LabelEncoder-2): attribute 'keys_strings' has 3 values, 'values_int64s' 2"

# TreeEnsemble-5 with one node whose false branch is FALSE_ID (a leaf when FALSE_LEAF is 1).
ml_tree5() {
  echo "attribute { name: \"n_targets\" type: INT i: 1 } attribute { name: \"tree_roots\" type: INTS ints: [0] }
  attribute { name: \"nodes_modes\" type: TENSOR t { data_type: 2 dims: 1 int32_data: [0] } }
  attribute { name: \"nodes_featureids\" type: INTS ints: [0] }
  attribute { name: \"nodes_splits\" type: TENSOR t { data_type: 1 dims: 1 float_data: [0.75] } }
  attribute { name: \"nodes_truenodeids\" type: INTS ints: [0] } attribute { name: \"nodes_trueleafs\" type: INTS ints: [1] }
  attribute { name: \"nodes_falsenodeids\" type: INTS ints: [$1] } attribute { name: \"nodes_falseleafs\" type: INTS ints: [$2] }
  attribute { name: \"leaf_targetids\" type: INTS ints: [0, 0] }
  attribute { name: \"leaf_weights\" type: TENSOR t { data_type: 1 dims: 2 float_data: [1, 2] } }"
}

# Node 0's false branch points to node 7 of a one-node tree.
ml_model ml_tree_outside 5 "$(ml_node TreeEnsemble "$(ml_tree5 7 0)") $ml_x_float_1x2 $y_out"
input ml_tree_outside "$ml_x_float_1x2_data"
expect_both ml_tree_outside "node 'm' (#0, ai.onnx.ml:TreeEnsemble-5): node 0's false branch points to node 7, outside the tree's 1 nodes and 2 leaves"

# Node 0's false branch is node 0 itself: a walk would never end.
ml_model ml_tree_cycle 5 "$(ml_node TreeEnsemble "$(ml_tree5 0 0)") $ml_x_float_1x2 $y_out"
input ml_tree_cycle "$ml_x_float_1x2_data"
expect_both ml_tree_cycle "node 'm' (#0, ai.onnx.ml:TreeEnsemble-5): node 0 leads back to node 0: the trees have a cycle"

# TreeEnsembleRegressor-3: tree 0 node 0's true branch names node id 5, which the tree lacks.
ml_model ml_tree_regressor_outside 3 "$(ml_node TreeEnsembleRegressor 'attribute { name: "n_targets" type: INT i: 1 }
  attribute { name: "nodes_treeids" type: INTS ints: [0, 0, 0] } attribute { name: "nodes_nodeids" type: INTS ints: [0, 1, 2] }
  attribute { name: "nodes_modes" type: STRINGS strings: ["BRANCH_LEQ", "LEAF", "LEAF"] }
  attribute { name: "nodes_featureids" type: INTS ints: [0, 0, 0] } attribute { name: "nodes_values" type: FLOATS floats: [0.5, 0, 0] }
  attribute { name: "nodes_truenodeids" type: INTS ints: [5, 0, 0] } attribute { name: "nodes_falsenodeids" type: INTS ints: [2, 0, 0] }
  attribute { name: "target_treeids" type: INTS ints: [0, 0] } attribute { name: "target_nodeids" type: INTS ints: [1, 2] }
  attribute { name: "target_ids" type: INTS ints: [0, 0] } attribute { name: "target_weights" type: FLOATS floats: [1, 2] }') $ml_x_float_1x2 $y_out"
input ml_tree_regressor_outside "$ml_x_float_1x2_data"
expect_both ml_tree_regressor_outside "node 'm' (#0, ai.onnx.ml:TreeEnsembleRegressor-3): tree 0 node 0's true branch points to node id 5, which tree 0 does not have"

# LinearRegressor: post_transform must be one of the five names.
ml_model ml_post_transform 1 "$(ml_node LinearRegressor 'attribute { name: "coefficients" type: FLOATS floats: [1, 2] }
  attribute { name: "post_transform" type: STRING s: "SOFTPLUS" }') $ml_x_float_1x2 $y_out"
input ml_post_transform "$ml_x_float_1x2_data"
expect_both ml_post_transform "node 'm' (#0, ai.onnx.ml:LinearRegressor-1): attribute 'post_transform' = 'SOFTPLUS' is none of NONE, SOFTMAX, LOGISTIC, SOFTMAX_ZERO, PROBIT"

# SVMClassifier: nodes with outputs y (labels) and z (scores), two classes of one support vector each.
ml_svmc_node() {
  echo "node { name: \"m\" op_type: \"SVMClassifier\" domain: \"ai.onnx.ml\" input: \"x\" output: [\"y\", \"z\"]
  attribute { name: \"classlabels_ints\" type: INTS ints: [0, 1] } $1 } $ml_x_float_1x2 $y_out output { name: \"z\" }"
}
ml_svmc_vectors='attribute { name: "vectors_per_class" type: INTS ints: [1, 1] }
  attribute { name: "support_vectors" type: FLOATS floats: [1, 2, 3, 4] }'

# vectors_per_class counts 2 support vectors, coefficients have 3 values (classes - 1 rows of 2).
ml_model ml_svm_classifier_coefficients 1 "$(ml_svmc_node "$ml_svmc_vectors
  attribute { name: \"coefficients\" type: FLOATS floats: [1, -1, 2] } attribute { name: \"rho\" type: FLOATS floats: [0] }")"
input ml_svm_classifier_coefficients "$ml_x_float_1x2_data"
expect_both ml_svm_classifier_coefficients "node 'm' (#0, ai.onnx.ml:SVMClassifier-1): attribute 'coefficients' has 3 values, not 1 x 2 (classes - 1 rows of one per support vector)"

# Two classes make one pair: rho needs 1 value, not 2.
ml_model ml_svm_classifier_rho 1 "$(ml_svmc_node "$ml_svmc_vectors
  attribute { name: \"coefficients\" type: FLOATS floats: [1, -1] } attribute { name: \"rho\" type: FLOATS floats: [0, 1] }")"
input ml_svm_classifier_rho "$ml_x_float_1x2_data"
expect_both ml_svm_classifier_rho "node 'm' (#0, ai.onnx.ml:SVMClassifier-1): attribute 'rho' has 2 values, not 1 (one per pair of the 2 classes)"

# prob_a without prob_b.
ml_model ml_svm_classifier_prob 1 "$(ml_svmc_node "$ml_svmc_vectors
  attribute { name: \"coefficients\" type: FLOATS floats: [1, -1] } attribute { name: \"rho\" type: FLOATS floats: [0] }
  attribute { name: \"prob_a\" type: FLOATS floats: [-1] }")"
input ml_svm_classifier_prob "$ml_x_float_1x2_data"
expect_both ml_svm_classifier_prob "node 'm' (#0, ai.onnx.ml:SVMClassifier-1): attributes 'prob_a' and 'prob_b' have 1 and 0 values; they must have the same size"

# Support vectors of 2 features, X of 3.
ml_model ml_svm_classifier_features 1 "$(ml_svmc_node "$ml_svmc_vectors
  attribute { name: \"coefficients\" type: FLOATS floats: [1, -1] } attribute { name: \"rho\" type: FLOATS floats: [0] }" |
  sed 's/dim_value: 2/dim_value: 3/')"
input ml_svm_classifier_features 'name: "x" data_type: 1 dims: 1 dims: 3 float_data: [0.5, 1, 2]'
expect_both ml_svm_classifier_features "node 'm' (#0, ai.onnx.ml:SVMClassifier-1): X has 3 features, the support vectors 2"
