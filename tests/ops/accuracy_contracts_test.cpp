// Every registered operator version declares its accuracy contract (numeric/ACCURACY.md, "Accuracy
// contracts"): a known kind and a sentence. The expected kinds of the spot checks come from the
// operator files' header comments, read by hand.
#include <doctest/doctest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "ops/registry.h"

using namespace onnx_ref;

namespace {

AccuracyKind kind_of(const std::string& op, int since, const std::string& domain = "") {
  for (const OpVersion* v : Registry::builtin().versions(domain, op))
    if (v->since_version == since) return v->accuracy.kind;
  FAIL("not registered: " << op << "-" << since);
  return AccuracyKind::Undeclared;
}

}  // namespace

TEST_CASE("accuracy.every_registered_version_declares_a_known_kind_and_a_sentence") {
  const std::set<std::string> kinds{"exact", "correctly rounded", "rounded at named points", "random"};
  size_t versions = 0;
  std::string undeclared;
  for (const OpVersion* v : Registry::builtin().all()) {
    ++versions;
    const std::string name(accuracy_kind_name(v->accuracy.kind));
    if (!kinds.count(name) || v->accuracy.summary.empty() || v->accuracy.summary.find('\n') != std::string::npos)
      undeclared += " " + v->label() + " (" + name + ")";
  }
  INFO("versions without a declaration:" << undeclared);
  CHECK(undeclared.empty());
  CHECK(versions > 600);
}

TEST_CASE("accuracy.kind_names_are_the_documented_vocabulary") {
  CHECK(accuracy_kind_name(AccuracyKind::Exact) == "exact");
  CHECK(accuracy_kind_name(AccuracyKind::CorrectlyRounded) == "correctly rounded");
  CHECK(accuracy_kind_name(AccuracyKind::RoundedAtNamedPoints) == "rounded at named points");
  CHECK(accuracy_kind_name(AccuracyKind::Random) == "random");
  CHECK(accuracy_kind_name(AccuracyKind::Undeclared) == "undeclared");
}

TEST_CASE("accuracy.versions_that_differ_declare_apart") {
  // Clip-1/6 round their float32 attribute bounds to X's type; from 11 the bounds are X's type.
  CHECK(kind_of("Clip", 6) == AccuracyKind::CorrectlyRounded);
  CHECK(kind_of("Clip", 11) == AccuracyKind::Exact);
  // Dropout-7/10 only pass data through; 1, 6 and 12 on can train, drawing a mask.
  CHECK(kind_of("Dropout", 1) == AccuracyKind::Random);
  CHECK(kind_of("Dropout", 10) == AccuracyKind::Exact);
  CHECK(kind_of("Dropout", 22) == AccuracyKind::Random);
  // Pow-12 brings integer bases with floating exponents: x^y rounded to double, then truncated.
  CHECK(kind_of("Pow", 7) == AccuracyKind::CorrectlyRounded);
  CHECK(kind_of("Pow", 12) == AccuracyKind::RoundedAtNamedPoints);
  // ScatterElements-16 brings add and mul reductions, each update rounded in index order.
  CHECK(kind_of("ScatterElements", 13) == AccuracyKind::Exact);
  CHECK(kind_of("ScatterElements", 16) == AccuracyKind::RoundedAtNamedPoints);
}

TEST_CASE("accuracy.ladders_pass_the_operator_files_declaration") {
  CHECK(kind_of("Add", 1) == AccuracyKind::CorrectlyRounded);      // register_arithmetic
  CHECK(kind_of("Relu", 14) == AccuracyKind::Exact);               // register_unary_ladder
  CHECK(kind_of("Exp", 13) == AccuracyKind::CorrectlyRounded);     // register_classic_unary
  CHECK(kind_of("Softmax", 1) == AccuracyKind::CorrectlyRounded);  // add_softmax_ladder
  CHECK(kind_of("Hardmax", 13) == AccuracyKind::Exact);
  CHECK(kind_of("ReduceProd", 18) == AccuracyKind::RoundedAtNamedPoints);
  CHECK(kind_of("ReduceMax", 20) == AccuracyKind::Exact);
  CHECK(kind_of("Mean", 13) == AccuracyKind::CorrectlyRounded);
  CHECK(kind_of("LSTM", 22) == AccuracyKind::RoundedAtNamedPoints);
  CHECK(kind_of("RandomNormal", 22) == AccuracyKind::Random);
  CHECK(kind_of("Reshape", 1, "org.openvinotoolkit") == AccuracyKind::Exact);
}

TEST_CASE("accuracy.a_declaration_for_an_unregistered_operator_or_version_is_refused") {
  Registry registry;
  OpVersion v;
  v.op_type = "Probe";
  v.since_version = 3;
  registry.add(v);
  CHECK_THROWS_AS(registry.declare_accuracy("Prob", {AccuracyKind::Exact, "x"}), std::logic_error);
  CHECK_THROWS_AS(registry.declare_accuracy("Probe", {AccuracyKind::Exact, "x"}, {4}), std::logic_error);
  registry.declare_accuracy("Probe", {AccuracyKind::Random, "drawn"}, {3});
  REQUIRE(registry.versions("", "Probe").size() == 1);
  CHECK(registry.versions("", "Probe")[0]->accuracy.kind == AccuracyKind::Random);
  CHECK(registry.versions("", "Probe")[0]->accuracy.summary == "drawn");
}
