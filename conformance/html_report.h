#pragma once
// `onnx-ref test --html FILE`: one self-contained HTML page (inline CSS and JavaScript, nothing
// fetched) with the conformance matrix of a run.
//
// Rows are operator versions, grouped by operator in scoreboard order (domain, operator, version
// number), with "(no operator resolved)" last for tests that skipped or failed before any operator
// was resolved. Columns are test sources, the folder holding each test folder (each ONNX release,
// each other suite), in natural order (v1.2.1 < v1.12.0). A test that runs several operator
// versions counts in each of their rows, as on the scoreboard.
//
// Each cell holds its passed, failed, skipped and expected-failure counts (also as data-p, data-f,
// data-s and data-x attributes, with data-row and data-col naming it; a failure the --expect
// manifest lists is an expected failure, shown with the manifest's reason) and is coloured: red
// with a failure, amber with only expected ones, green when
// everything ran passed, pale green for passes mixed with skips, grey when all skipped. Hovering a
// cell lists its tests in the side panel, with the message of each failure or skip; clicking pins
// the list, and so does opening the page with "#cell=ROW|COL" in its address. When the script has
// run, <body> carries data-ready="1". A summary line, the run's details (version, date, tolerances,
// manifest, command) and per-source totals head the page; headers and the first column are sticky.
#include <filesystem>
#include <string>
#include <vector>

#include "conformance/harness.h"
#include "conformance/reports.h"

namespace onnx_ref {

std::string render_html_report(const std::vector<TestResult>& results, const std::string& title, const RunDetails& run);
void write_html_report(const std::filesystem::path& path, const std::vector<TestResult>& results,
                       const RunDetails& run);

}  // namespace onnx_ref
