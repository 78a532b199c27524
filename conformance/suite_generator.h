#pragma once
// gen-suite: exact edge-case tests for every operator version onnx-ref implements, in the ONNX
// node-test layout (OUT/node/test_<op>_v<version>_<what>/), models a strict backend must refuse
// (OUT/node-errors/), and OUT/manifest.json with each test's version, contract and the tolerance a
// float32 backend may take. The goldens are onnx-ref's outputs; each version's contract is
// deterministic, and the same options give the same bytes.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace onnx_ref::suite {

struct SuiteOptions {
  std::filesystem::path out;
  std::vector<std::string> ops;  // only these operators (empty: every one)
  std::string domain;            // only this domain ("" or "ai.onnx" for the default one); unset: every domain
  bool domain_set = false;
  std::optional<int64_t> opset;  // only the versions an opset of this number resolves to
  uint64_t seed = 0;
  int jobs = 1;
  std::vector<std::filesystem::path> seed_roots;  // backend-test folders whose one-node models seed cases
  int max_tests_per_version = 48;
};

struct SuiteSummary {
  size_t tests = 0;                    // below OUT/node
  size_t refusals = 0;                 // below OUT/node-errors
  size_t versions = 0;                 // versions selected
  size_t versions_covered = 0;         // with at least one test below OUT/node
  std::vector<std::string> uncovered;  // labels of the selected versions without one
};

// Writes the suite. OUT/node, OUT/node-errors and OUT/manifest.json are replaced; nothing else in
// OUT is touched. Error when the selection is empty.
SuiteSummary generate_suite(const SuiteOptions& options);

}  // namespace onnx_ref::suite
