// onnx-ref report merge A.json B.json ...: one report from the --report files of sharded runs
// (onnx-ref test --shard K/N), the same as the unsharded run's.
#include <iostream>

#include "cli/commands.h"
#include "conformance/html_report.h"
#include "conformance/reports.h"
#include "conformance/shards.h"

namespace onnx_ref::cli {

namespace {

struct MergeOptions {
  std::vector<std::string> reports;
  std::string json, junit, html;
};

int merge_command(const MergeOptions& options) {
  std::vector<std::filesystem::path> paths(options.reports.begin(), options.reports.end());
  RunDetails run;
  const auto results = merge_json_reports(paths, &run);
  if (!options.json.empty()) write_json_report(options.json, results, run);
  if (!options.junit.empty()) write_junit_report(options.junit, results, run);
  if (!options.html.empty()) write_html_report(options.html, results, run);
  Score total;
  for (const auto& r : results) total.add(r);
  std::cout << "merged " << paths.size() << " report(s): " << total.passed << " passed, " << total.failed << " failed, "
            << total.skipped << " skipped, " << total.expected << " expected failures\n";
  return total.failed ? 1 : 0;
}

}  // namespace

Command add_report_command(CLI::App& app) {
  auto options = std::make_shared<MergeOptions>();
  auto* cmd = app.add_subcommand("report", "Work with onnx-ref test --report files");
  cmd->require_subcommand(1);
  auto* merge =
      cmd->add_subcommand("merge", "Merge the --report files of sharded runs (test --shard K/N) into one report");
  merge->add_option("reports", options->reports, "JSON reports of onnx-ref test --report")->required();
  merge->add_option("--json", options->json, "Write the merged JSON report to this file");
  merge->add_option("--junit", options->junit, "Write the merged JUnit XML report to this file");
  merge->add_option("--html", options->html, "Write the merged HTML conformance matrix to this file");
  return [options] { return merge_command(*options); };
}

}  // namespace onnx_ref::cli
