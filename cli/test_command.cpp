// onnx-ref test PATH...: run backend-test folders and score every operator version.
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <ctime>
#include <iostream>
#include <mutex>
#include <regex>
#include <sstream>
#include <thread>

#include "cli/commands.h"
#include "conformance/expectations.h"
#include "conformance/harness.h"
#include "conformance/html_report.h"
#include "conformance/reports.h"
#include "conformance/shards.h"
#include "runtime/error.h"
#include "runtime/run_limits.h"

namespace onnx_ref::cli {

namespace {

struct TestOptions {
  std::vector<std::string> paths;
  Tolerance tolerance;
  int64_t node_pb_opset = kNodePbOpset;
  std::string filter;
  int jobs = 1;
  bool verbose = false;
  bool no_scoreboard = false;
  bool markdown_table = false;
  std::string report, junit, html, expect;
  std::string shard;  // "K/N": run only shard K of N
  LoadOptions load;
};

// "failed  DIR  MESSAGE", one line whatever the folder name or message holds (control bytes escaped).
std::string result_line(const TestResult& r) {
  return std::string(status_name(r.status)) + "  " + printable(r.test.dir.string()) +
         (r.message.empty() ? "" : "  " + printable(r.message));
}

std::vector<TestResult> run_all(const std::vector<BackendTest>& tests, const TestOptions& options) {
  std::vector<TestResult> results(tests.size());
  std::atomic<size_t> next{0}, done{0};
  std::mutex print;
  const bool progress = isatty(STDERR_FILENO) && !options.verbose;
  auto worker = [&] {
    set_default_memory_limit(program_run_options().max_memory);  // loading meets the limit too
    for (size_t i; (i = next++) < tests.size();) {
      results[i] = run_backend_test(tests[i], options.tolerance, options.node_pb_opset,
                                    with_program_limits(options.load), program_run_options());
      const size_t finished = ++done;
      std::lock_guard<std::mutex> lock(print);
      if (options.verbose)
        std::cout << result_line(results[i]) << "\n";
      else if (progress)
        std::cerr << "\r\033[K[" << finished << "/" << tests.size() << "] " << tests[i].name << std::flush;
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < options.jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (progress) std::cerr << "\r\033[K" << std::flush;
  return results;
}

RunDetails run_details(const TestOptions& options) {
  RunDetails run;
  std::ostringstream command;
  command << "onnx-ref test";
  if (options.tolerance.exact)
    command << " --exact";
  else
    command << " --rtol " << options.tolerance.rtol << " --atol " << options.tolerance.atol;
  command << " -j " << options.jobs;
  if (!options.shard.empty()) command << " --shard " << options.shard;
  if (options.node_pb_opset != kNodePbOpset) command << " --node-pb-opset " << options.node_pb_opset;
  if (!options.filter.empty()) command << " --filter " << quote_text(options.filter);
  if (!options.expect.empty()) command << " --expect " << quote_text(options.expect);
  for (const auto& path : options.paths) command << " " << quote_text(path);
  run.command = command.str();
  run.version = kVersionText;
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", &utc);
  run.date = date;
  run.rtol = options.tolerance.rtol;
  run.atol = options.tolerance.atol;
  run.expect = options.expect;
  return run;
}

int test_command(const TestOptions& options) {
  options.tolerance.check();
  std::vector<std::filesystem::path> roots(options.paths.begin(), options.paths.end());
  std::vector<DiscoveryProblem> problems;
  auto tests = discover_tests(roots, &problems);
  const size_t found = tests.size();
  std::regex filter;
  if (!options.filter.empty()) {
    try {
      filter = std::regex(options.filter);
    } catch (const std::regex_error& e) {
      throw Error("--filter '" + options.filter + "' is not a valid regular expression: " + e.what());
    }
    std::erase_if(tests, [&](const BackendTest& t) { return !std::regex_search(t.name, filter); });
    if (tests.empty() && found > 0)
      throw Error("--filter " + quote_text(options.filter) + " matches none of the " + std::to_string(found) +
                  " tests found below the given paths");
  }
  if (!options.shard.empty()) tests = select_shard(tests, parse_shard(options.shard));
  Expectations expectations;
  if (!options.expect.empty()) expectations = Expectations::load(options.expect);

  auto results = run_all(tests, options);
  // Places that could not be searched are failures of their own, in the summary and every report:
  // a suite that silently lost a folder would look smaller and green.
  for (const auto& problem : problems) {
    TestResult r;
    r.test = {problem.path.filename().string(), problem.path, BackendTest::Layout::Model};
    r.status = TestStatus::Failed;
    r.message = "not searched for tests: " + problem.reason;
    results.push_back(std::move(r));
  }
  Score total;
  int mismatches = 0;
  for (auto& r : results) {
    (r.status == TestStatus::Passed ? total.passed : r.status == TestStatus::Failed ? total.failed : total.skipped)++;
    const Expectation* expected = expectations.find(r.test);
    const TestStatus wanted = expected ? expected->status : TestStatus::Passed;
    if (expected && r.status == TestStatus::Failed && wanted == TestStatus::Failed)
      r.expected_reason = expected->reason;
    // A test not in the manifest may be skipped: its operator is not implemented yet (the harness
    // skips only on UnsupportedError). It is counted, not listed.
    if (r.status == wanted || (r.status == TestStatus::Skipped && wanted == TestStatus::Passed)) continue;
    if (!options.expect.empty() || r.status == TestStatus::Failed) {
      if (!options.verbose || !options.expect.empty()) std::cout << result_line(r) << "\n";
    }
    if (options.expect.empty()) continue;
    ++mismatches;
    if (r.status == TestStatus::Passed)
      std::cout << "  unexpected pass: the manifest (" << options.expect << ":" << expected->line << ") says "
                << status_name(wanted) << "; remove the entry\n";
    else
      std::cout << "  unexpected " << status_name(r.status) << ": the manifest expects " << status_name(wanted) << "\n";
  }
  // An entry for a test the filter leaves out is not a stale entry: only those it selects are noted.
  for (const auto& e : expectations.entries()) {
    const std::string name = e.pattern.substr(e.pattern.find_last_of('/') + 1);
    if (!e.matched && (options.filter.empty() || std::regex_search(name, filter)))
      std::cout << "note: " << options.expect << ":" << e.line << ": '" << e.pattern << "' matches no test\n";
  }

  if (!options.no_scoreboard && !results.empty()) std::cout << "\n" << format_scoreboard(scoreboard(results)) << "\n";
  if (options.markdown_table) std::cout << format_conformance_table(results) << "\n";
  const RunDetails run = run_details(options);
  if (!options.report.empty()) write_json_report(options.report, results, run);
  if (!options.junit.empty()) write_junit_report(options.junit, results, run);
  if (!options.html.empty()) write_html_report(options.html, results, run);
  std::cout << total.passed << " passed, " << total.failed << " failed, " << total.skipped << " skipped\n";
  if (results.empty() && options.shard.empty()) {
    std::cerr << "onnx-ref: no backend-test folder found below the given paths\n";
    return 1;
  }
  if (!options.expect.empty()) {
    if (mismatches) std::cout << mismatches << " test(s) differ from the manifest " << options.expect << "\n";
    return mismatches ? 1 : 0;
  }
  return total.failed ? 1 : 0;
}

}  // namespace

Command add_test_command(CLI::App& app) {
  auto options = std::make_shared<TestOptions>();
  auto* cmd = app.add_subcommand(
      "test", "Run ONNX backend-test folders (found at any depth below each PATH) and score every operator version");
  cmd->add_option("paths", options->paths, "Folders holding backend tests")->required();
  auto* rtol = cmd->add_option("--rtol", options->tolerance.rtol, "Relative tolerance for floating types")
                   ->capture_default_str();
  auto* atol = cmd->add_option("--atol", options->tolerance.atol, "Absolute tolerance for floating types")
                   ->capture_default_str();
  cmd->add_flag("--exact", options->tolerance.exact,
                "Floating outputs must match bit for bit (NaN matches any NaN; -0 and +0 differ), for golden checks "
                "of onnx-ref's own make-test output; --rtol and --atol are not used")
      ->excludes(rtol)
      ->excludes(atol);
  cmd->add_option("--filter", options->filter, "Only tests whose name matches this regular expression");
  cmd->add_option("-j,--jobs", options->jobs, "Parallel workers")->check(CLI::Range(1, 256));
  cmd->add_option("--node-pb-opset", options->node_pb_opset,
                  "Opset of the ai.onnx domain for tests in the old node.pb layout (ONNX 1.1.0 generated them at 4)")
      ->check(CLI::Range(int64_t{1}, int64_t{27}))
      ->capture_default_str();
  cmd->add_flag("-v,--verbose", options->verbose, "One line per test");
  cmd->add_flag("--no-scoreboard", options->no_scoreboard, "Do not print the per-version scoreboard");
  cmd->add_flag("--markdown-table", options->markdown_table,
                "Print a Markdown table of tests passed per folder (release) and operator version");
  cmd->add_option("--report", options->report, "Write a JSON report to this file");
  cmd->add_option("--junit", options->junit, "Write a JUnit XML report to this file");
  cmd->add_option("--html", options->html,
                  "Write a self-contained HTML conformance matrix (operator versions x test sources) to this file");
  cmd->add_option("--shard", options->shard,
                  "Run only shard K of N (K/N): the tests split deterministically, balanced by their files' size; "
                  "onnx-ref report merge joins the shards' --report files");
  cmd->add_option("--expect", options->expect, "Manifest of tests expected to fail or be skipped");
  add_load_options(cmd, options->load);
  return [options] { return test_command(*options); };
}

}  // namespace onnx_ref::cli
