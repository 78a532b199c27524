// Every registered operator version of the domains ai.onnx and ai.onnx.ml against the spec: the
// schemas of ONNX 1.22.0 in ../shared/onnx-schemas/onnx-operators.json. Map types
// ("map(int64, float)", "seq(map(string, float))") are compared as written, like tensor types. Inputs and outputs (names, options, type variables,
// arity), attributes (name, type, required, default), type constraints (every allowed type) and the
// deprecation flag must agree, and every version the spec defines of a registered operator must be
// registered. Deliberate departures are listed below with their reasons; nothing else may differ.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "ops/param_option_name.h"
#include "ops/registry.h"

using namespace onnx_ref;
using nlohmann::json;

namespace {

const std::string kSchemaFile = std::string(ONNX_REF_SHARED_DIR) + "/onnx-schemas/onnx-operators.json";

const json& schemas() {
  static const json all = [] {
    std::ifstream in(kSchemaFile);
    REQUIRE_MESSAGE(in.good(), kSchemaFile << " is missing");
    return json::parse(in);
  }();
  return all;
}

const json* find_schema(const std::string& domain, const std::string& op, int since) {
  for (const auto& s : schemas())
    if (s["domain"] == domain && s["op_type"] == op && s["since_version"] == since) return &s;
  return nullptr;
}

// True when the schema file describes `domain` (ONNX's own domains; not org.openvinotoolkit).
bool schema_has_domain(const std::string& domain) {
  for (const auto& s : schemas())
    if (s["domain"] == domain) return true;
  return false;
}

// Where onnx-ref knowingly departs from the schema, and why. Key: "Label attribute-or-input".
const std::map<std::string, std::string> kDepartures = {
    {"Reshape-1 attribute shape required",
     "the schema marks `shape` optional but defines no output without it, so a node must set it"},
};

// The domains whose schemas the file holds, all checked ("" is ai.onnx; every ONNX domain, not
// org.openvinotoolkit).
bool has_schemas(const std::string& domain) { return domain.empty() || schema_has_domain(domain); }

bool departs(const OpVersion& v, const std::string& what) { return kDepartures.count(v.label() + " " + what) != 0; }

std::string attr_type_upper(AttrType t) {
  std::string s(attr_type_name(t));
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

json default_json(const AttrValue& v) {
  return std::visit(
      [](const auto& x) -> json {
        using X = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<X, Tensor>)
          return "tensor";
        else if constexpr (std::is_same_v<X, GraphRef>)
          return "graph";
        else if constexpr (std::is_same_v<X, ValueType>)
          return x.to_string();
        else
          return json(x);
      },
      v);
}

void check_params(const OpVersion& v, const std::vector<FormalParam>& ours, const json& theirs,
                  const std::string& role) {
  REQUIRE_MESSAGE(ours.size() == theirs.size(),
                  v.label() << " has " << ours.size() << " " << role << ", the spec " << theirs.size());
  for (size_t i = 0; i < ours.size(); ++i) {
    const auto& p = ours[i];
    const auto& s = theirs[i];
    CAPTURE(role);
    CAPTURE(i);
    CHECK(p.name == s["name"].get<std::string>());
    CHECK(p.type_var == s["type_str"].get<std::string>());
    CHECK(param_option_name(p.option) == s["option"].get<std::string>());
    if (p.option == ParamOption::Variadic) {
      CHECK(p.min_arity == s["min_arity"].get<int>());
      CHECK(p.homogeneous == s["homogeneous"].get<bool>());
    }
  }
}

}  // namespace

TEST_CASE("schema: every registered ONNX operator version matches ONNX 1.22.0's schema") {
  int checked = 0;
  for (const OpVersion* v : Registry::builtin().all()) {
    if (!has_schemas(v->domain)) continue;
    CAPTURE(v->label());
    const json* s = find_schema(v->domain, v->op_type, v->since_version);
    REQUIRE_MESSAGE(s, v->label() << " is not a version the spec defines");
    ++checked;
    CHECK(v->deprecated == (*s)["deprecated"].get<bool>());
    check_params(*v, v->inputs, (*s)["inputs"], "inputs");
    check_params(*v, v->outputs, (*s)["outputs"], "outputs");

    std::map<std::string, const json*> spec_attrs;
    for (const auto& a : (*s)["attributes"]) spec_attrs[a["name"].get<std::string>()] = &a;
    std::set<std::string> our_attrs;
    for (const auto& a : v->attributes) {
      CAPTURE(a.name);
      our_attrs.insert(a.name);
      auto it = spec_attrs.find(a.name);
      REQUIRE_MESSAGE(it != spec_attrs.end(), v->label() << " has attribute " << a.name << ", which the spec does not");
      const json& sa = *it->second;
      CHECK(attr_type_upper(a.type) == sa["type"].get<std::string>());
      if (!departs(*v, "attribute " + a.name + " required")) CHECK(a.required == sa["required"].get<bool>());
      if (sa["default"].is_null()) {
        CHECK_MESSAGE(!a.default_value, "onnx-ref gives a default the spec does not");
      } else {
        REQUIRE_MESSAGE(a.default_value, "the spec's default " << sa["default"].dump() << " is missing");
        const json ours = default_json(*a.default_value);
        if (a.type == AttrType::Float)
          CHECK(ours.get<double>() == doctest::Approx(sa["default"].get<double>()));
        else
          CHECK(ours == sa["default"]);
      }
    }
    for (const auto& entry : spec_attrs) {  // no structured binding: clang 14 cannot capture one
      const auto& name = std::get<0>(entry);
      const auto& a = std::get<1>(entry);
      CAPTURE(name);
      CHECK_MESSAGE(our_attrs.count(name), v->label() << " lacks the spec's attribute " << name);
    }

    std::map<std::string, std::vector<std::string>> spec_types;
    for (const auto& c : (*s)["type_constraints"]) {
      auto types = c["allowed_type_strs"].get<std::vector<std::string>>();
      std::sort(types.begin(), types.end());
      spec_types[c["type_param_str"].get<std::string>()] = types;
    }
    std::set<std::string> our_vars;
    for (const auto& c : v->type_constraints) {
      if (!c.spec_text.empty()) {  // a fixed type written in place, e.g. tensor(int64)
        CHECK(c.type_strings() == std::vector<std::string>{c.spec_text});
        continue;
      }
      CAPTURE(c.type_var);
      our_vars.insert(c.type_var);
      REQUIRE_MESSAGE(spec_types.count(c.type_var), "the spec has no type variable " << c.type_var);
      CHECK(c.type_strings() == spec_types[c.type_var]);
    }
    for (const auto& entry : spec_types)
      CHECK_MESSAGE(our_vars.count(entry.first), "missing type variable " << entry.first);
  }
  CHECK(checked > 0);
}

TEST_CASE("schema: every version the spec defines of a registered operator is registered") {
  std::set<std::pair<std::string, std::string>> ops;
  for (const OpVersion* v : Registry::builtin().all())
    if (has_schemas(v->domain)) ops.insert({v->domain, v->op_type});
  for (const auto& op : ops) {
    std::set<int> spec, ours;
    for (const auto& s : schemas())
      if (s["domain"] == op.first && s["op_type"] == op.second) spec.insert(s["since_version"].get<int>());
    for (const OpVersion* v : Registry::builtin().versions(op.first, op.second)) ours.insert(v->since_version);
    CAPTURE(op.first);
    CAPTURE(op.second);
    CHECK(ours == spec);
  }
  CHECK(ops.size() >= 2);
}

TEST_CASE("schema: the departures listed are real ones") {
  // Each listed departure names a registered version whose attribute does differ from the spec.
  for (const auto& entry : kDepartures) {  // no structured binding: clang 14 cannot capture one
    const auto& key = std::get<0>(entry);
    const auto& why = std::get<1>(entry);
    CAPTURE(key);
    const auto label = key.substr(0, key.find(' '));
    const auto dash = label.rfind('-');
    const OpVersion* v = Registry::builtin().resolve("", label.substr(0, dash), std::stoi(label.substr(dash + 1)));
    REQUIRE(v);
    CHECK(v->label() == label);
    const auto attr_name = key.substr(key.find("attribute ") + 10, key.rfind(' ') - key.find("attribute ") - 10);
    const AttributeSpec* a = v->attribute(attr_name);
    REQUIRE(a);
    const json* s = find_schema("", v->op_type, v->since_version);
    REQUIRE(s);
    for (const auto& sa : (*s)["attributes"])
      if (sa["name"] == attr_name) CHECK(sa["required"].get<bool>() != a->required);
  }
}
