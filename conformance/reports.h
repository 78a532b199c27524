#pragma once
// What `onnx-ref test` prints and writes: the per-operator-version scoreboard, the JSON report and
// the JUnit XML file.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "conformance/harness.h"

namespace onnx_ref {

// The row that scores a test no operator version was resolved for (its model did not load).
inline constexpr const char* kNoOperator = "(no operator resolved)";

// Failures the --expect manifest lists count as `expected`, not as `failed`.
struct Score {
  int passed = 0, failed = 0, skipped = 0, expected = 0;
  void add(const TestResult& result);
};

// How the reports name the run they describe: the command, the tool's version and the date.
struct RunDetails {
  std::string command;  // "onnx-ref test --rtol 0.001 --atol 1e-07 ... PATHS"
  std::string version;  // "onnx-ref 0.1.0"
  std::string date;     // UTC, "2026-11-26 07:40:12 UTC"
  double rtol = 0, atol = 0;
  std::string expect;  // the manifest, or empty
};

// Tests per operator version ("Reshape-5" apart from "Reshape-14"), ordered by domain, operator
// and version number. A test skipped for what onnx-ref lacks counts under it ("Foo at opset 17 (not
// implemented)"); other tests that never resolved an operator under "(no operator resolved)".
std::vector<std::pair<std::string, Score>> scoreboard(const std::vector<TestResult>& results);
std::string format_scoreboard(const std::vector<std::pair<std::string, Score>>& board);

// A Markdown table: one row per folder holding tests (an ONNX release) and operator version, with
// the tests passed out of those run. Rows follow version order of the folder names (v1.2.1 < v1.12.0).
std::string format_conformance_table(const std::vector<TestResult>& results);

// "v1.12.0" sorts after "v1.2.1": runs of digits compare as numbers.
bool natural_less(const std::string& a, const std::string& b);
// Where a test comes from: the name of the folder holding its folder (an ONNX release such as
// "v1.12.0", or a suite such as "pytorch-converted").
std::string test_source(const TestResult& result);

void write_json_report(const std::filesystem::path& path, const std::vector<TestResult>& results,
                       const RunDetails& run);
void write_junit_report(const std::filesystem::path& path, const std::vector<TestResult>& results,
                        const RunDetails& run);

}  // namespace onnx_ref
