// The recipe table.
#include "conformance/suite_op_recipes.h"

namespace onnx_ref::suite {

namespace {

using Node = onnx::NodeProto;

void set_int(Node& n, const std::string& name, int64_t v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(v);
}
void set_float(Node& n, const std::string& name, float v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(v);
}
void set_string(Node& n, const std::string& name, const std::string& v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(v);
}
void set_ints(Node& n, const std::string& name, std::vector<int64_t> v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INTS);
  for (auto x : v) a->add_ints(x);
}
void set_floats(Node& n, const std::string& name, std::vector<float> v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::FLOATS);
  for (auto x : v) a->add_floats(x);
}
void set_strings(Node& n, const std::string& name, std::vector<std::string> v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRINGS);
  for (auto& x : v) a->add_strings(x);
}

RecipeInput varied(Shape shape) { return {std::move(shape)}; }
RecipeInput fixed(Shape shape, ElementType type, std::vector<double> values) {
  return {std::move(shape), type, std::move(values)};
}
RecipeInput fixed_varied(Shape shape, std::vector<double> values) {
  return {std::move(shape), std::nullopt, std::move(values)};
}
RecipeInput sequence_of(Shape shape) {
  RecipeInput in;
  in.make = [shape](ElementType t) {
    return Value::sequence(
        t, {flavored_tensor(t, shape, ValueFlavor::Ordinary, 1), flavored_tensor(t, shape, ValueFlavor::Ordinary, 4)});
  };
  return in;
}
RecipeInput omitted() {
  RecipeInput in;
  in.omitted = true;
  return in;
}

ElementType same_width_int(ElementType t) {
  switch (bits_of(t)) {
    case 2:
      return ElementType::UInt2;
    case 4:
      return ElementType::UInt4;
    case 8:
      return ElementType::UInt8;
    case 16:
      return ElementType::UInt16;
    case 32:
      return ElementType::Int32;
    case 64:
      return ElementType::Int64;
    default:
      return t;
  }
}

void tree_nodes(Node& n) {
  set_ints(n, "nodes_treeids", {0, 0, 0});
  set_ints(n, "nodes_nodeids", {0, 1, 2});
  set_ints(n, "nodes_featureids", {0, 0, 0});
  set_floats(n, "nodes_values", {0.5f, 0, 0});
  set_strings(n, "nodes_modes", {"BRANCH_LEQ", "LEAF", "LEAF"});
  set_ints(n, "nodes_truenodeids", {1, 0, 0});
  set_ints(n, "nodes_falsenodeids", {2, 0, 0});
}

// Loop-1's body: (iteration, condition, x) -> (condition, x), x of type t.
void loop_body(Node& n, ElementType t) {
  auto* a = n.add_attribute();
  a->set_name("body");
  a->set_type(onnx::AttributeProto::GRAPH);
  auto* g = a->mutable_g();
  g->set_name("body");
  auto declare = [](onnx::ValueInfoProto* v, const std::string& name, ElementType type, bool scalar) {
    v->set_name(name);
    auto* tt = v->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(code_of(type));
    if (scalar) tt->mutable_shape();
  };
  declare(g->add_input(), "i", ElementType::Int64, true);
  declare(g->add_input(), "c", ElementType::Bool, true);
  declare(g->add_input(), "v", t, false);
  auto* keep = g->add_node();
  keep->set_op_type("Identity");
  keep->add_input("c");
  keep->add_output("c_out");
  auto* pass = g->add_node();
  pass->set_op_type("Identity");
  pass->add_input("v");
  pass->add_output("v_out");
  declare(g->add_output(), "c_out", ElementType::Bool, true);
  declare(g->add_output(), "v_out", t, false);
}

}  // namespace

std::vector<OpRecipe> op_recipes(const OpVersion& v) {
  const std::string& op = v.op_type;
  const int ver = v.since_version;
  const std::string domain = canonical_domain(v.domain);
  auto none = [](Node&, ElementType) {};
  std::vector<OpRecipe> r;
  if (domain.empty()) {
    if (op == "BatchNormalization" && ver == 1)
      r.push_back({"recipe_test_mode",
                   "T",
                   [](Node& n, ElementType) {
                     set_ints(n, "consumed_inputs", {0, 0, 0, 0, 0});
                     set_int(n, "is_test", 1);
                   },
                   {varied({1, 2, 2, 2}), varied({2}), varied({2}), varied({2}), fixed_varied({2}, {0.5, 2})}});
    if (op == "BitCast")
      r.push_back({"recipe_to_int",
                   "T1",
                   [](Node& n, ElementType t) { set_int(n, "to", code_of(same_width_int(t))); },
                   {varied({2, 4})}});
    if (op == "Cast" && ver == 1)
      for (const char* to : {"FLOAT", "DOUBLE", "INT32"})
        r.push_back({std::string("recipe_to_") + to,
                     "T1",
                     [to](Node& n, ElementType) { set_string(n, "to", to); },
                     {varied({2, 3})}});
    if (op == "CausalConvWithState")
      r.push_back({"recipe", "T", none, {varied({1, 2, 4}), varied({2, 1, 3}), varied({2}), varied({1, 2, 2})}});
    if (op == "ConcatFromSequence")
      for (int64_t axis : {0, 1})
        r.push_back({"recipe_axis" + std::to_string(axis),
                     "S",
                     [axis](Node& n, ElementType) { set_int(n, "axis", axis); },
                     {sequence_of({2, 3})}});
    if (op == "CumProd")
      for (int64_t axis : {0, 1, -1})
        r.push_back({"recipe_axis" + std::to_string(axis),
                     "T",
                     none,
                     {varied({2, 3}), fixed({}, ElementType::Int64, {double(axis)})}});
    if (op == "GroupNormalization" && ver == 18)
      r.push_back({"recipe_2_groups",
                   "T",
                   [](Node& n, ElementType) { set_int(n, "num_groups", 2); },
                   {varied({1, 4, 2, 2}), varied({2}), varied({2})}});
    if (op == "LinearAttention") {
      r.push_back({"recipe_linear",
                   "T",
                   [](Node& n, ElementType) {
                     set_int(n, "q_num_heads", 1);
                     set_int(n, "kv_num_heads", 1);
                     set_string(n, "update_rule", "linear");
                   },
                   {varied({1, 3, 2}), varied({1, 3, 2}), varied({1, 3, 2})}});
      r.push_back({"recipe_gated_delta",
                   "T",
                   [](Node& n, ElementType) {
                     set_int(n, "q_num_heads", 1);
                     set_int(n, "kv_num_heads", 1);
                   },
                   {varied({1, 3, 2}), varied({1, 3, 2}), varied({1, 3, 2}), omitted(),
                    fixed_varied({1, 3, 1}, {-0.5, -0.25}), fixed_varied({1, 3, 1}, {0.5, 0.75})}});
    }
    if (op == "Loop" && ver == 1)
      r.push_back({"recipe_identity_body",
                   "V",
                   loop_body,
                   {fixed({}, ElementType::Int64, {3}), fixed({}, ElementType::Bool, {1}), varied({2, 3})},
                   false});
    if (op == "LpPool" && ver == 1)
      r.push_back({"recipe_2x2",
                   "T",
                   [](Node& n, ElementType) {
                     set_ints(n, "kernel_shape", {2, 2});
                   },
                   {varied({1, 1, 3, 3})}});
    if (op == "MaxRoiPool")
      r.push_back({"recipe",
                   "T",
                   [](Node& n, ElementType) {
                     set_ints(n, "pooled_shape", {2, 2});
                   },
                   {varied({1, 1, 4, 4}), fixed_varied({1, 5}, {0, 0, 0, 3, 3})}});
    if (op == "Optional") r.push_back({"recipe_tensor", "V", none, {varied({2, 3})}});
    if (op == "Pad" && ver == 1)
      r.push_back({"recipe_constant",
                   "T",
                   [](Node& n, ElementType) {
                     set_ints(n, "paddings", {0, 1, 1, 0});
                     set_float(n, "value", 1.5f);
                   },
                   {varied({2, 3})}});
    if ((op == "RandomNormal" || op == "RandomUniform"))
      r.push_back({"recipe_seeded",
                   "T",
                   [](Node& n, ElementType t) {
                     set_ints(n, "shape", {2, 3});
                     set_float(n, "seed", 3);
                     set_int(n, "dtype", code_of(t));
                   },
                   {}});
    if (op == "Reshape" && ver == 1)
      r.push_back({"recipe_3x2", "T", [](Node& n, ElementType) { set_ints(n, "shape", {3, 2}); }, {varied({2, 3})}});
    if (op == "Resize" && ver == 10)
      r.push_back(
          {"recipe_nearest_x2", "T", none, {varied({1, 1, 2, 2}), fixed({4}, ElementType::Float, {1, 1, 2, 2})}});
    if (op == "Resize" && ver == 11)
      for (const char* mode : {"nearest", "linear"})
        r.push_back(
            {std::string("recipe_") + mode + "_x2",
             "T1",
             [mode](Node& n, ElementType) { set_string(n, "mode", mode); },
             {varied({1, 1, 2, 2}), fixed({0}, ElementType::Float, {}), fixed({4}, ElementType::Float, {1, 1, 2, 2})}});
    if (op == "SequenceAt")
      for (int64_t pos : {0, -1})
        r.push_back({"recipe_at" + std::to_string(pos),
                     "S",
                     none,
                     {sequence_of({2, 3}), fixed({}, ElementType::Int64, {double(pos)})}});
    if (op == "SequenceErase")
      r.push_back({"recipe_erase0", "S", none, {sequence_of({2, 3}), fixed({}, ElementType::Int64, {0})}});
    if (op == "SequenceLength") r.push_back({"recipe", "S", none, {sequence_of({2, 3})}});
    if (op == "SequenceEmpty")
      r.push_back({"recipe", "S", [](Node& n, ElementType t) { set_int(n, "dtype", code_of(t)); }, {}});
    if (op == "Slice" && ver == 1)
      r.push_back({"recipe",
                   "T",
                   [](Node& n, ElementType) {
                     set_ints(n, "starts", {0, 1});
                     set_ints(n, "ends", {2, 3});
                   },
                   {varied({2, 3})}});
    if (op == "Tile" && ver == 1)
      r.push_back({"recipe", "T", none, {varied({2, 3}), fixed_varied({}, {2}), fixed_varied({}, {1})}, false});
    if (op == "TopK" && ver == 1)
      r.push_back({"recipe_k2", "T", [](Node& n, ElementType) { set_int(n, "k", 2); }, {varied({2, 3})}});
    if (op == "Upsample" && ver == 7)
      r.push_back({"recipe_nearest",
                   "T",
                   [](Node& n, ElementType) {
                     set_floats(n, "scales", {1, 2});
                   },
                   {varied({2, 3})}});
  }
  if (domain == "ai.onnx.ml") {
    if (op == "CastMap")
      r.push_back(
          {"recipe", "", none, {RecipeInput{{}, std::nullopt, {}, [](ElementType) {
                                              return Value::map(MapEntries::make(
                                                  Tensor::from_values<int64_t>(ElementType::Int64, {3}, {1, 3, 5}),
                                                  Tensor::from_values<float>(ElementType::Float, {3}, {0.5f, -1, 2})));
                                            }}}});
    if (op == "DictVectorizer")
      r.push_back({"recipe",
                   "",
                   [](Node& n, ElementType) {
                     set_strings(n, "string_vocabulary", {"a", "b", "c"});
                   },
                   {RecipeInput{{}, std::nullopt, {}, [](ElementType) {
                                  return Value::map(MapEntries::make(
                                      Tensor::from_strings({2}, {"c", "a"}),
                                      Tensor::from_values<float>(ElementType::Float, {2}, {0.5f, -1})));
                                }}}});
    if (op == "FeatureVectorizer")
      r.push_back({"recipe",
                   "T1",
                   [](Node& n, ElementType) {
                     set_ints(n, "inputdimensions", {2, 3});
                   },
                   {varied({2, 2}), varied({2, 3})}});
    if (op == "Imputer")
      r.push_back({"recipe",
                   "T",
                   [](Node& n, ElementType) {
                     set_floats(n, "imputed_value_floats", {9.5f});
                     set_float(n, "replaced_value_float", 0.5f);
                   },
                   {varied({2, 3})}});
    if (op == "LinearClassifier")
      r.push_back({"recipe",
                   "T1",
                   [](Node& n, ElementType) {
                     set_floats(n, "coefficients", {1, -0.5f, 0.25f, -1, 2, 0.5f});
                     set_floats(n, "intercepts", {0.5f, -0.25f});
                     set_ints(n, "classlabels_ints", {3, 7});
                   },
                   {varied({2, 3})}});
    if (op == "LinearRegressor")
      r.push_back({"recipe",
                   "T",
                   [](Node& n, ElementType) {
                     set_floats(n, "coefficients", {1, -0.5f, 0.25f});
                     set_floats(n, "intercepts", {0.5f});
                   },
                   {varied({2, 3})}});
    if (op == "OneHotEncoder")
      r.push_back({"recipe",
                   "T",
                   [](Node& n, ElementType t) {
                     if (t == ElementType::String)
                       set_strings(n, "cats_strings", {"onnx", "a", "123"});
                     else
                       set_ints(n, "cats_int64s", {-1, 0, 1, 2});
                   },
                   {varied({2, 3})}});
    if (op == "Scaler")
      r.push_back({"recipe",
                   "T",
                   [](Node& n, ElementType) {
                     set_floats(n, "scale", {2});
                     set_floats(n, "offset", {0.5f});
                   },
                   {varied({2, 3})}});
    if (op == "SVMClassifier")
      r.push_back({"recipe_linear",
                   "T1",
                   [](Node& n, ElementType) {
                     set_string(n, "kernel_type", "LINEAR");
                     set_floats(n, "support_vectors", {1, 0, -1, 0.5f, 0.5f, 2});
                     set_ints(n, "vectors_per_class", {1, 1});
                     set_floats(n, "coefficients", {1, -1});
                     set_floats(n, "rho", {0.5f});
                     set_ints(n, "classlabels_ints", {0, 1});
                   },
                   {varied({2, 3})}});
    if (op == "SVMRegressor")
      r.push_back({"recipe_linear",
                   "T",
                   [](Node& n, ElementType) {
                     set_string(n, "kernel_type", "LINEAR");
                     set_floats(n, "support_vectors", {1, 0, -1, 0.5f, 0.5f, 2});
                     set_floats(n, "coefficients", {1, -0.5f});
                     set_floats(n, "rho", {0.25f});
                     set_int(n, "n_supports", 2);
                   },
                   {varied({2, 3})}});
    if (op == "TreeEnsembleClassifier")
      r.push_back({"recipe_stump",
                   "T1",
                   [](Node& n, ElementType) {
                     tree_nodes(n);
                     set_ints(n, "class_treeids", {0, 0});
                     set_ints(n, "class_nodeids", {1, 2});
                     set_ints(n, "class_ids", {0, 1});
                     set_floats(n, "class_weights", {1, 1});
                     set_ints(n, "classlabels_int64s", {0, 1});
                   },
                   {varied({2, 3})}});
    if (op == "TreeEnsembleRegressor")
      r.push_back({"recipe_stump",
                   "T",
                   [](Node& n, ElementType) {
                     tree_nodes(n);
                     set_ints(n, "target_treeids", {0, 0});
                     set_ints(n, "target_nodeids", {1, 2});
                     set_ints(n, "target_ids", {0, 0});
                     set_floats(n, "target_weights", {1, 2.5f});
                     set_int(n, "n_targets", 1);
                   },
                   {varied({2, 3})}});
    if (op == "ZipMap")
      r.push_back({"recipe_int_labels",
                   "",
                   [](Node& n, ElementType) {
                     set_ints(n, "classlabels_int64s", {0, 1, 2});
                   },
                   {fixed({2, 3}, ElementType::Float, {0.25, 0.5, 0.125, -1, 2, 0})}});
  }
  if (domain == "org.openvinotoolkit" && op == "Reshape")
    for (int64_t special_zero : {0, 1})
      r.push_back({"recipe_special_zero" + std::to_string(special_zero),
                   "T",
                   [special_zero](Node& n, ElementType) { set_int(n, "special_zero", special_zero); },
                   {varied({2, 3}), fixed({2}, ElementType::Int64, {special_zero ? 0.0 : 3.0, -1})}});
  (void)omitted;
  return r;
}

}  // namespace onnx_ref::suite
