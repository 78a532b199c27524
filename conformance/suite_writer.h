#pragma once
// Turning a candidate into a test folder: onnx-ref runs it (its outputs are the goldens), and the
// model, inputs and outputs are written in the backend-test layout with a manifest entry giving the
// version's contract and the tolerance a float32 backend may take.
#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "conformance/harness.h"
#include "conformance/suite_recipes.h"

namespace onnx_ref::suite {

// "test_Add_v14_what", "test_ai.onnx.ml.TreeEnsemble_v5_what" (characters other than letters,
// digits, '_', '-' and '.' in `what` become '_').
std::string test_name(const OpVersion& version, const std::string& what);

// Runs `candidate` at `version` and writes it as `name` below out/node, or, for a candidate that
// must be refused and is, below out/node-errors with the rule onnx-ref gave. nullopt when the
// candidate is dropped (refused when it should run, or run when it should be refused). The returned
// entry is the test's manifest record.
std::optional<nlohmann::json> write_case(const OpVersion& version, const Candidate& candidate, const std::string& name,
                                         const std::filesystem::path& out);

// The tolerance a float32 backend may take on a version's outputs (the manifest's "tolerance").
nlohmann::json backend_tolerance(const OpVersion& version, const std::vector<std::pair<std::string, Value>>& inputs,
                                 const std::vector<std::pair<std::string, Value>>& outputs);

}  // namespace onnx_ref::suite
