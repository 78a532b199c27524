// Every operator version ONNX 1.22.0 defines (../shared/onnx-schemas/onnx-operators.json) is
// registered, but Gradient-1, which is refused as defined and not implemented (docs/DEPARTURES.md).
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "ops/registry.h"

namespace operator_set_tests {
using namespace onnx_ref;
using nlohmann::json;

// spec: IR.md: "An implementation MAY extend ONNX by adding operators expressing semantics beyond the standard set of operators that all implementations MUST support."
TEST_CASE("operator sets: every operator version ONNX 1.22.0 defines is registered, Gradient-1 aside") {
  const std::string file = std::string(ONNX_REF_SHARED_DIR) + "/onnx-schemas/onnx-operators.json";
  std::ifstream in(file);
  REQUIRE_MESSAGE(in.good(), file << " is missing");
  const json schemas = json::parse(in);
  int checked = 0;
  for (const auto& s : schemas) {
    const std::string domain = s["domain"].get<std::string>(), op = s["op_type"].get<std::string>();
    const int since = s["since_version"].get<int>();
    if (domain == "ai.onnx.preview.training" && op == "Gradient") continue;
    CAPTURE(domain);
    CAPTURE(op);
    CAPTURE(since);
    const OpVersion* v = Registry::builtin().resolve(domain == "ai.onnx" ? "" : domain, op, since);
    REQUIRE(v != nullptr);
    CHECK(v->since_version == since);
    ++checked;
  }
  CHECK(checked >= 638);
}

}  // namespace operator_set_tests
