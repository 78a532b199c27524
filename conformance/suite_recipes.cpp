// Building the candidate cases of one operator version.
#include "conformance/suite_recipes.h"

#include <algorithm>
#include <optional>

#include "conformance/suite_op_recipes.h"
#include "conformance/suite_values.h"
#include "runtime/cast.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref::suite {

namespace {

constexpr ValueFlavor kFlavors[] = {ValueFlavor::Ordinary, ValueFlavor::Special, ValueFlavor::Ties,
                                    ValueFlavor::Subnormal, ValueFlavor::Extremes};

std::string type_tag(ElementType type) { return std::string(name_of(type)); }

std::vector<ElementType> tensor_types(const OpVersion& version, const std::string& type_var) {
  for (const auto& c : version.type_constraints)
    if (c.type_var == type_var) return c.allowed.types();
  return {};
}

// The opset import of the version's domain set to its since_version, so the node resolves to it.
onnx::ModelProto retargeted(const onnx::ModelProto& model, const OpVersion& version) {
  onnx::ModelProto out = model;
  bool found = false;
  for (auto& opset : *out.mutable_opset_import())
    if (canonical_domain(opset.domain()) == canonical_domain(version.domain)) {
      opset.set_version(version.since_version);
      found = true;
    }
  if (!found) {
    auto* opset = out.add_opset_import();
    opset->set_domain(version.domain);
    opset->set_version(version.since_version);
  }
  return out;
}

// Round-robin over the lists: the first of each list, then the second of each ...
std::vector<Candidate> interleave(std::vector<std::vector<Candidate>> lists) {
  std::vector<Candidate> out;
  for (size_t round = 0;; ++round) {
    bool any = false;
    for (auto& list : lists)
      if (round < list.size()) {
        out.push_back(std::move(list[round]));
        any = true;
      }
    if (!any) return out;
  }
}

// A tensor of type `to` with `original`'s values where Cast defines them, ordinary values otherwise.
Tensor converted(const Tensor& original, ElementType to, uint64_t seed) {
  if (original.type() == to) return original;
  try {
    return cast_tensor(original, to);
  } catch (const Error&) {
    return flavored_tensor(to, original.shape(), ValueFlavor::Ordinary, seed);
  }
}

struct SeedBinding {
  std::vector<std::string> type_vars;  // per fed input: its formal parameter's type variable ("" unknown)
  std::string primary;                 // the first type variable with a choice of tensor types
};

SeedBinding bind_seed(const OpVersion& version, const SeedCase& seed) {
  SeedBinding b;
  const auto& node = seed.model->graph().node(0);
  for (const auto& [name, value] : seed.inputs) {
    std::string type_var;
    for (int j = 0; j < node.input_size(); ++j)
      if (node.input(j) == name)
        if (const FormalParam* p = version.input_param(j)) {
          type_var = p->type_var;
          break;
        }
    b.type_vars.push_back(type_var);
    if (b.primary.empty() && value.is_tensor() && !type_var.empty() && tensor_types(version, type_var).size() > 1)
      b.primary = type_var;
  }
  return b;
}

std::vector<Candidate> seed_candidates(const OpVersion& version, const SeedCase& seed, uint64_t rng) {
  std::vector<Candidate> out;
  const onnx::ModelProto model = retargeted(*seed.model, version);
  const SeedBinding b = bind_seed(version, seed);
  auto make = [&](const std::string& what, auto&& value_of) {
    Candidate c;
    c.what = what;
    c.model = model;
    for (size_t i = 0; i < seed.inputs.size(); ++i) c.feeds.emplace_back(seed.inputs[i].first, value_of(i));
    out.push_back(std::move(c));
  };
  if (b.primary.empty()) {
    make(seed.name, [&](size_t i) { return seed.inputs[i].second; });
    return out;
  }
  auto varied = [&](size_t i) { return b.type_vars[i] == b.primary && seed.inputs[i].second.is_tensor(); };
  std::optional<ElementType> original;
  for (size_t i = 0; i < seed.inputs.size() && !original; ++i)
    if (varied(i)) original = seed.inputs[i].second.tensor().type();
  std::vector<ElementType> types = tensor_types(version, b.primary);
  // The seed's own type first.
  std::stable_partition(types.begin(), types.end(), [&](ElementType t) { return t == original; });
  for (ValueFlavor flavor : kFlavors)
    for (ElementType type : types) {
      if (!flavor_applies(type, flavor)) continue;
      std::string what = seed.name + "_" + type_tag(type);
      if (flavor != ValueFlavor::Ordinary) what += "_" + std::string(flavor_name(flavor));
      make(what, [&](size_t i) -> Value {
        const Value& v = seed.inputs[i].second;
        if (!varied(i)) return v;
        if (flavor == ValueFlavor::Ordinary) return converted(v.tensor(), type, rng + i);
        return flavored_tensor(type, v.tensor().shape(), flavor, rng + i);
      });
    }
  // Empty tensors: the varied inputs with their first dimension 0.
  if (original)
    make(seed.name + "_empty", [&](size_t i) -> Value {
      const Value& v = seed.inputs[i].second;
      if (!varied(i) || v.tensor().rank() == 0) return v;
      Shape shape = v.tensor().shape();
      shape[0] = 0;
      return flavored_tensor(v.tensor().type(), shape, ValueFlavor::Ordinary, rng);
    });
  return out;
}

// A one-node model of `version` over the registry's formal parameters: every single input, two of a
// variadic one, trailing optional inputs left out, defaults for every attribute.
struct GenericNode {
  std::vector<std::string> input_type_vars;  // per node input
  size_t outputs = 0;
};

std::optional<GenericNode> generic_node(const OpVersion& version) {
  for (const auto& a : version.attributes)
    if (a.required) return std::nullopt;
  GenericNode g;
  size_t last_single = 0;
  for (size_t i = 0; i < version.inputs.size(); ++i)
    if (version.inputs[i].option != ParamOption::Optional) last_single = i + 1;
  for (size_t i = 0; i < last_single; ++i) {
    const FormalParam& p = version.inputs[i];
    if (tensor_types(version, p.type_var).empty()) return std::nullopt;
    const int count = p.option == ParamOption::Variadic ? std::max(p.min_arity, 2) : 1;
    for (int k = 0; k < count; ++k) g.input_type_vars.push_back(p.option == ParamOption::Optional ? "" : p.type_var);
  }
  for (const auto& p : version.outputs) {
    if (p.option == ParamOption::Optional) break;
    ++g.outputs;
  }
  if (g.input_type_vars.empty() || g.outputs == 0) return std::nullopt;
  return g;
}

onnx::ModelProto generic_model(const OpVersion& version, const GenericNode& g) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  auto* opset = model.add_opset_import();
  opset->set_domain(version.domain);
  opset->set_version(version.since_version);
  auto* graph = model.mutable_graph();
  graph->set_name("gen_suite");
  auto* node = graph->add_node();
  node->set_op_type(version.op_type);
  node->set_domain(version.domain);
  node->set_name("node");
  for (size_t i = 0; i < g.input_type_vars.size(); ++i) {
    const std::string name = g.input_type_vars[i].empty() ? "" : "x" + std::to_string(i);
    node->add_input(name);
    if (!name.empty()) graph->add_input()->set_name(name);
  }
  for (size_t i = 0; i < g.outputs; ++i) {
    node->add_output("y" + std::to_string(i));
    graph->add_output()->set_name("y" + std::to_string(i));
  }
  return model;
}

ElementType secondary_type(const std::vector<ElementType>& allowed) {
  for (ElementType t : {ElementType::Int64, ElementType::Float})
    if (std::find(allowed.begin(), allowed.end(), t) != allowed.end()) return t;
  return allowed.front();
}

struct ShapeVariant {
  const char* name;
  Shape first, others;
  size_t min_inputs;
};

std::vector<std::vector<Candidate>> generic_candidates(const OpVersion& version, uint64_t rng) {
  const auto g = generic_node(version);
  if (!g) return {};
  const onnx::ModelProto model = generic_model(version, *g);
  const std::string primary = g->input_type_vars.front();
  size_t fed = 0;
  for (const auto& tv : g->input_type_vars) fed += !tv.empty();
  const std::vector<ShapeVariant> variants = {
      {"2x3", {2, 3}, {2, 3}, 1}, {"bcast", {2, 3}, {3}, 2},    {"bcast_left", {3}, {2, 1, 3}, 2},
      {"scalar", {}, {}, 1},      {"empty", {0, 3}, {0, 3}, 1}, {"4d", {1, 2, 3, 2}, {1, 2, 3, 2}, 1},
  };
  std::vector<std::vector<Candidate>> lists;
  for (const auto& variant : variants) {
    if (fed < variant.min_inputs) continue;
    std::vector<Candidate> list;
    for (ValueFlavor flavor : kFlavors)
      for (ElementType type : tensor_types(version, primary)) {
        if (!flavor_applies(type, flavor)) continue;
        Candidate c;
        c.what = std::string("gen_") + variant.name + "_" + type_tag(type);
        if (flavor != ValueFlavor::Ordinary) c.what += "_" + std::string(flavor_name(flavor));
        c.model = model;
        size_t k = 0;
        for (size_t i = 0; i < g->input_type_vars.size(); ++i) {
          const std::string& tv = g->input_type_vars[i];
          if (tv.empty()) continue;
          const Shape& shape = k++ == 0 ? variant.first : variant.others;
          if (tv == primary)
            c.feeds.emplace_back("x" + std::to_string(i), flavored_tensor(type, shape, flavor, rng + i));
          else
            c.feeds.emplace_back("x" + std::to_string(i), flavored_tensor(secondary_type(tensor_types(version, tv)),
                                                                          shape, ValueFlavor::Ordinary, rng + i));
        }
        list.push_back(std::move(c));
      }
    lists.push_back(std::move(list));
  }
  return lists;
}

// The element types a type variable allows: its tensor types, else its sequences' or optionals'.
std::vector<ElementType> element_types_of(const OpVersion& version, const std::string& type_var) {
  for (const auto& c : version.type_constraints)
    if (c.type_var == type_var) {
      if (!c.allowed.types().empty()) return c.allowed.types();
      if (!c.sequences.types().empty()) return c.sequences.types();
      return c.optional_tensors.types();
    }
  return {};
}

Tensor fixed_tensor(ElementType type, const Shape& shape, const std::vector<double>& values) {
  Tensor t = Tensor::zeros(type, shape);
  for (int64_t i = 0; i < t.element_count(); ++i) write_real(type, t.mutable_data(), i, values[i % values.size()]);
  return t;
}

std::vector<std::vector<Candidate>> recipe_candidates(const OpVersion& version, uint64_t rng) {
  std::vector<std::vector<Candidate>> lists;
  size_t outputs = 0;
  for (const auto& p : version.outputs) {
    if (p.option == ParamOption::Optional) break;
    ++outputs;
  }
  for (const OpRecipe& recipe : op_recipes(version)) {
    onnx::ModelProto model = generic_model(version, GenericNode{{}, outputs});
    auto* graph = model.mutable_graph();
    auto* node = graph->mutable_node(0);
    std::vector<ElementType> types = {ElementType::Undefined};
    if (!recipe.type_var.empty()) types = element_types_of(version, recipe.type_var);
    std::vector<Candidate> list;
    for (ValueFlavor flavor : kFlavors) {
      if (flavor != ValueFlavor::Ordinary && !recipe.vary_flavors) break;
      for (ElementType type : types) {
        if (type != ElementType::Undefined && !flavor_applies(type, flavor)) continue;
        if (type == ElementType::Undefined && flavor != ValueFlavor::Ordinary) continue;
        Candidate c;
        c.what = recipe.what;
        if (type != ElementType::Undefined) c.what.append("_").append(name_of(type));
        if (flavor != ValueFlavor::Ordinary) c.what.append("_").append(flavor_name(flavor));
        c.model = model;
        auto* n = c.model.mutable_graph()->mutable_node(0);
        if (recipe.attributes) recipe.attributes(*n, type);
        for (size_t i = 0; i < recipe.inputs.size(); ++i) {
          const RecipeInput& in = recipe.inputs[i];
          if (in.omitted) {
            n->add_input("");
            continue;
          }
          std::string name = std::to_string(i);
          name.insert(name.begin(), 'x');
          n->add_input(name);
          c.model.mutable_graph()->add_input()->set_name(name);
          const ElementType t = in.type.value_or(type);
          Value value;
          if (in.make)
            value = in.make(type);
          else if (!in.values.empty() || (in.type && !in.shape.empty() && in.shape[0] == 0))
            value = fixed_tensor(t, in.shape, in.values.empty() ? std::vector<double>{0} : in.values);
          else
            value = flavored_tensor(t, in.shape, in.type ? ValueFlavor::Ordinary : flavor, rng + i);
          c.feeds.emplace_back(name, std::move(value));
        }
        list.push_back(std::move(c));
      }
    }
    lists.push_back(std::move(list));
    (void)node;
  }
  return lists;
}

}  // namespace

std::vector<Candidate> version_candidates(const OpVersion& version, const std::vector<SeedCase>* seeds, uint64_t seed) {
  std::vector<std::vector<Candidate>> lists = recipe_candidates(version, seed);
  for (auto& list : generic_candidates(version, seed)) lists.push_back(std::move(list));
  if (seeds)
    for (const auto& s : *seeds) lists.push_back(seed_candidates(version, s, seed));
  return interleave(std::move(lists));
}

std::vector<Candidate> refusal_candidates(const OpVersion& version, const std::vector<SeedCase>* seeds) {
  // The version's first seed, or its generic node, with the first input of a type variable given a
  // type the variable does not allow.
  std::vector<Candidate> base;
  if (seeds && !seeds->empty()) {
    const SeedCase& s = seeds->front();
    Candidate c;
    c.model = retargeted(*s.model, version);
    c.feeds = s.inputs;
    c.what = s.name;
    base.push_back(std::move(c));
  } else if (auto lists = generic_candidates(version, 0); !lists.empty() && !lists.front().empty()) {
    base.push_back(std::move(lists.front().front()));
    base.back().what = "gen";
  } else if (auto recipes = recipe_candidates(version, 0); !recipes.empty() && !recipes.front().empty()) {
    base.push_back(std::move(recipes.front().front()));
    base.back().what = "recipe";
  }
  std::vector<Candidate> out;
  if (base.empty()) return out;
  const Candidate& b = base.front();
  const auto& node = b.model.graph().node(0);
  for (size_t i = 0; i < b.feeds.size(); ++i) {
    if (!b.feeds[i].second.is_tensor()) continue;
    const FormalParam* p = nullptr;
    for (int j = 0; j < node.input_size() && !p; ++j)
      if (node.input(j) == b.feeds[i].first) p = version.input_param(j);
    if (!p) continue;
    const auto allowed = tensor_types(version, p->type_var);
    if (allowed.empty()) continue;
    int made = 0;
    for (ElementType wrong : {ElementType::String, ElementType::Float, ElementType::Int64, ElementType::Bool,
                              ElementType::Float16, ElementType::UInt8}) {
      if (std::find(allowed.begin(), allowed.end(), wrong) != allowed.end()) continue;
      Candidate c = b;
      c.what = "refuse_" + b.what + "_" + b.feeds[i].first + "_" + type_tag(wrong);
      c.feeds[i].second = flavored_tensor(wrong, b.feeds[i].second.tensor().shape(), ValueFlavor::Ordinary, 0);
      c.must_refuse = true;
      out.push_back(std::move(c));
      if (++made == 2) break;
    }
    break;
  }
  return out;
}

}  // namespace onnx_ref::suite
