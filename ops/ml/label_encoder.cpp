// ai.onnx.ml LabelEncoder-1, -2 and -4: maps each element of X to a value, same shape.
//  - Version 1: classes_strings; a string input gives its index in the list (the first match) or
//    default_int64, an int64 input gives classes_strings[i] or default_string when i is outside.
//  - Versions 2 and 4: keys and values, one list of each (keys_* and values_*: strings, int64s,
//    floats, and in version 4 keys_tensor/values_tensor of string, int16, int32, int64, float or
//    double), of the same length (refused otherwise). X's type must be the keys' type; Y has the
//    values' type. A missing element gives the default matching the values: default_tensor
//    (version 4, one element of the values' type), else default_string, default_int64 or
//    default_float for string, int64 and float values, -1 for int16/int32 and -0.0 for double
//    values_tensor. A repeated key maps to its last value; float keys match numerically (NaN matches
//    any NaN, -0 matches 0).
// Contract: exact (values are copied, never converted).
#include <cmath>
#include <cstring>
#include <unordered_map>

#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// A typed attribute list as a 1-D tensor, with the attribute's name.
struct LabelList {
  Tensor values;
  std::string name;
};

// The one list among keys_strings, keys_int64s, keys_floats (and keys_tensor at version 4).
LabelList label_encoder_list(const Attributes& attrs, const std::string& prefix, bool tensors) {
  std::vector<LabelList> set;
  if (attrs.has(prefix + "_strings")) {
    auto s = std::get<std::vector<std::string>>(attrs.get(prefix + "_strings"));
    const auto n = static_cast<int64_t>(s.size());
    set.push_back({Tensor::from_strings({n}, std::move(s)), prefix + "_strings"});
  }
  if (attrs.has(prefix + "_int64s")) {
    const auto& v = std::get<std::vector<int64_t>>(attrs.get(prefix + "_int64s"));
    set.push_back(
        {Tensor::from_values<int64_t>(ElementType::Int64, {static_cast<int64_t>(v.size())}, v), prefix + "_int64s"});
  }
  if (attrs.has(prefix + "_floats")) {
    const auto& v = std::get<std::vector<float>>(attrs.get(prefix + "_floats"));
    set.push_back(
        {Tensor::from_values<float>(ElementType::Float, {static_cast<int64_t>(v.size())}, v), prefix + "_floats"});
  }
  if (tensors && attrs.has(prefix + "_tensor")) {
    const Tensor& t = std::get<Tensor>(attrs.get(prefix + "_tensor"));
    switch (t.type()) {
      case ElementType::String:
      case ElementType::Int16:
      case ElementType::Int32:
      case ElementType::Int64:
      case ElementType::Float:
      case ElementType::Double:
        break;
      default:
        throw Error("attribute '" + prefix + "_tensor' holds " + std::string(name_of(t.type())) +
                    ", not string, int16, int32, int64, float or double");
    }
    set.push_back({t.reshaped({t.element_count()}), prefix + "_tensor"});
  }
  if (set.size() != 1)
    throw Error("exactly one of the '" + prefix + "_*' attributes must be set, got " + std::to_string(set.size()));
  return set.front();
}

// A key for the lookup table: the bytes of a string, the value of an integer, or the value of a
// float (NaN and -0 made canonical), tagged so that types never collide.
std::string label_key(const Tensor& t, int64_t i) {
  if (t.is_string()) return "s" + t.strings()[static_cast<size_t>(i)];
  std::string key(9, '\0');
  return dispatch_real(t.type(), [&](auto tag) -> std::string {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<S>) {
      double v = t.template data_as<S>()[i];
      if (std::isnan(v)) v = std::numeric_limits<double>::quiet_NaN();
      if (v == 0) v = 0;
      key[0] = 'f';
      std::memcpy(&key[1], &v, 8);
    } else if constexpr (std::is_integral_v<S>) {
      const int64_t v = static_cast<int64_t>(t.template data_as<S>()[i]);
      key[0] = 'i';
      std::memcpy(&key[1], &v, 8);
    }
    return key;
  });
}

struct LabelMapping {
  LabelList keys, values;
  Tensor fallback;  // one element of the values' type
};

LabelMapping label_encoder_mapping(const Attributes& attrs, bool tensors) {
  LabelMapping m{label_encoder_list(attrs, "keys", tensors), label_encoder_list(attrs, "values", tensors), {}};
  if (m.keys.values.element_count() != m.values.values.element_count())
    throw Error("attribute '" + m.keys.name + "' has " + std::to_string(m.keys.values.element_count()) + " values, '" +
                m.values.name + "' " + std::to_string(m.values.values.element_count()));
  const ElementType type = m.values.values.type();
  if (tensors && attrs.has("default_tensor")) {
    const Tensor& d = std::get<Tensor>(attrs.get("default_tensor"));
    if (d.type() != type || d.element_count() != 1)
      throw Error("attribute 'default_tensor' must hold one " + std::string(name_of(type)) + " value, got " +
                  std::to_string(d.element_count()) + " of " + std::string(name_of(d.type())));
    m.fallback = d.reshaped({1});
  } else if (type == ElementType::String) {
    m.fallback = Tensor::from_strings({1}, {std::get<std::string>(attrs.get("default_string"))});
  } else if (type == ElementType::Float) {
    m.fallback = Tensor::from_values<float>(type, {1}, {std::get<float>(attrs.get("default_float"))});
  } else if (type == ElementType::Double) {
    m.fallback = Tensor::from_values<double>(type, {1}, {-0.0});
  } else if (type == ElementType::Int64) {
    m.fallback = Tensor::from_values<int64_t>(type, {1}, {attrs.get_int("default_int64")});
  } else if (type == ElementType::Int32) {
    m.fallback = Tensor::from_values<int32_t>(type, {1}, {-1});
  } else {
    m.fallback = Tensor::from_values<int16_t>(type, {1}, {-1});
  }
  return m;
}

// The mapping and its lookup table, built once, at load.
struct LabelTable {
  LabelMapping mapping;
  std::unordered_map<std::string, int64_t> index;  // key -> its position in the values
};

LabelTable label_encoder_table(const Attributes& attrs, bool tensors) {
  LabelTable t{label_encoder_mapping(attrs, tensors), {}};
  const Tensor& keys = t.mapping.keys.values;
  for (int64_t i = 0; i < keys.element_count(); ++i) t.index[label_key(keys, i)] = i;  // the last wins
  return t;
}

std::vector<Value> label_encoder_map_kernel(const KernelContext& ctx, const LabelTable& lookup) {
  const LabelMapping& m = lookup.mapping;
  const auto& table = lookup.index;
  const Tensor& x = ctx.input(0);
  if (x.type() != m.keys.values.type())
    throw Error("X holds " + std::string(name_of(x.type())) + " but the keys ('" + m.keys.name + "') are " +
                std::string(name_of(m.keys.values.type())));
  Tensor y = Tensor::zeros(m.values.values.type(), x.shape());
  for (int64_t i = 0; i < x.element_count(); ++i) {
    auto it = table.find(label_key(x, i));
    if (it == table.end())
      copy_elements(m.fallback, 0, y, i, 1);
    else
      copy_elements(m.values.values, it->second, y, i, 1);
  }
  return {y};
}

// LabelEncoder-1's classes and defaults, parsed at load.
struct LabelEncoderV1Params {
  std::vector<std::string> classes;
  int64_t default_int64 = -1;
  std::string default_string;
  std::unordered_map<std::string, int64_t> index;  // class -> its position; the first wins
};

LabelEncoderV1Params parse_label_encoder_v1(const Attributes& attrs) {
  LabelEncoderV1Params p{ml::strings_or_empty(attrs, "classes_strings"),
                         attrs.get_int("default_int64"),
                         std::get<std::string>(attrs.get("default_string")),
                         {}};
  for (size_t i = p.classes.size(); i-- > 0;) p.index[p.classes[i]] = static_cast<int64_t>(i);
  return p;
}

std::vector<Value> label_encoder_v1_kernel(const KernelContext& ctx, const LabelEncoderV1Params& params) {
  const auto& classes = params.classes;
  const Tensor& x = ctx.input(0);
  if (x.is_string()) return {ml::look_up_strings(x, params.index, params.default_int64)};
  const std::string& fallback = params.default_string;
  const int64_t* in = x.data_as<int64_t>();
  std::vector<std::string> out;
  for (int64_t i = 0; i < x.element_count(); ++i)
    out.push_back(in[i] >= 0 && in[i] < static_cast<int64_t>(classes.size()) ? classes[static_cast<size_t>(in[i])]
                                                                             : fallback);
  return {Tensor::from_strings(x.shape(), std::move(out))};
}

}  // namespace

void register_ml_label_encoder(Registry& registry) {
  {
    OpVersion v;
    v.domain = ml::kMlDomain;
    v.op_type = "LabelEncoder";
    v.since_version = 1;
    v.inputs = {{"X", "T1"}};
    v.outputs = {{"Y", "T2"}};
    v.attributes = {{"classes_strings", AttrType::Strings},
                    {"default_int64", AttrType::Int, false, int64_t{-1}},
                    {"default_string", AttrType::String, false, std::string("_Unused")}};
    v.type_constraints = {{"T1", ml::kMlLabelTypes}, {"T2", ml::kMlLabelTypes}};
    v.infer_outputs = ml::string_int64_swapped;
    v.set_kernel(parse_label_encoder_v1, label_encoder_v1_kernel);
    registry.add(std::move(v));
  }
  for (int since : {2, 4}) {
    const bool tensors = since == 4;
    OpVersion v;
    v.domain = ml::kMlDomain;
    v.op_type = "LabelEncoder";
    v.since_version = since;
    v.inputs = {{"X", "T1"}};
    v.outputs = {{"Y", "T2"}};
    v.attributes = {{"default_float", AttrType::Float, false, -0.0f},
                    {"default_int64", AttrType::Int, false, int64_t{-1}},
                    {"default_string", AttrType::String, false, std::string("_Unused")},
                    {"keys_floats", AttrType::Floats},
                    {"keys_int64s", AttrType::Ints},
                    {"keys_strings", AttrType::Strings},
                    {"values_floats", AttrType::Floats},
                    {"values_int64s", AttrType::Ints},
                    {"values_strings", AttrType::Strings}};
    TypeSet types{ElementType::String, ElementType::Int64, ElementType::Float};
    if (tensors) {
      for (const char* name : {"default_tensor", "keys_tensor", "values_tensor"})
        v.attributes.push_back({name, AttrType::Tensor});
      types = types.with({ElementType::Int16, ElementType::Int32, ElementType::Double});
    }
    v.type_constraints = {{"T1", types}, {"T2", types}};
    v.attribute_type = [tensors](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
      if (var != "T2") return std::nullopt;
      return label_encoder_mapping(attrs, tensors).values.values.type();
    };
    v.set_kernel([tensors](const Attributes& attrs) { return label_encoder_table(attrs, tensors); },
                 label_encoder_map_kernel);
    registry.add(std::move(v));
  }
  registry.declare_accuracy("LabelEncoder", {AccuracyKind::Exact, "a table lookup"}, {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
