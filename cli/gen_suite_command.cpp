// onnx-ref gen-suite OUT: exact edge-case tests for every operator version, in the ONNX node-test
// layout (conformance/suite_generator.h).
#include <chrono>
#include <iostream>

#include "cli/commands.h"
#include "conformance/suite_generator.h"

namespace onnx_ref::cli {

namespace {

struct GenSuiteOptions {
  suite::SuiteOptions suite;
  std::string out;
  std::vector<std::string> seeds;
  int64_t opset = 0;
};

// ONNX's official node tests beside the source tree (../shared/onnx-node-tests), when present.
std::vector<std::filesystem::path> default_seed_roots() {
  std::vector<std::filesystem::path> roots;
#ifdef ONNX_REF_SOURCE_DIR
  const std::filesystem::path official =
      std::filesystem::path(ONNX_REF_SOURCE_DIR) / ".." / "shared" / "onnx-node-tests";
  if (std::filesystem::is_directory(official)) roots.push_back(official);
#endif
  return roots;
}

int gen_suite_command(GenSuiteOptions& options) {
  auto& s = options.suite;
  s.out = options.out;
  if (options.opset) s.opset = options.opset;
  if (options.seeds.empty())
    s.seed_roots = default_seed_roots();
  else
    s.seed_roots.assign(options.seeds.begin(), options.seeds.end());
  const auto start = std::chrono::steady_clock::now();
  const auto summary = suite::generate_suite(s);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "wrote " << summary.tests << " tests and " << summary.refusals << " refusal tests for "
            << summary.versions_covered << " of " << summary.versions << " operator versions in " << seconds << " s\n";
  if (!summary.uncovered.empty()) {
    std::cout << "no test for:";
    for (const auto& label : summary.uncovered) std::cout << " " << label;
    std::cout << "\n";
  }
  return 0;
}

}  // namespace

Command add_gen_suite_command(CLI::App& app) {
  auto options = std::make_shared<GenSuiteOptions>();
  auto* cmd = app.add_subcommand("gen-suite",
                                 "Write exact edge-case tests for every operator version in the ONNX node-test layout "
                                 "(OUT/node, OUT/node-errors, OUT/manifest.json)");
  cmd->add_option("out", options->out, "Folder to write the suite into")->required();
  cmd->add_option("--op", options->suite.ops, "Only this operator (e.g. Add; repeatable)")->allow_extra_args(false);
  cmd->add_option("--domain", options->suite.domain, "Only this domain (ai.onnx, ai.onnx.ml, ...)")
      ->each([options](const std::string&) { options->suite.domain_set = true; });
  cmd->add_option("--opset", options->opset, "Only the versions this opset resolves to")
      ->check(CLI::Range(int64_t{1}, int64_t{27}));
  cmd->add_option("--seed", options->suite.seed, "Seed of the value cycles (same seed, same bytes)")
      ->capture_default_str();
  cmd->add_option("-j,--jobs", options->suite.jobs, "Parallel workers")->check(CLI::Range(1, 256));
  cmd->add_option("--seeds", options->seeds,
                  "Backend-test folders whose one-node models seed cases (default: ../shared/onnx-node-tests beside "
                  "the source tree)");
  cmd->add_option("--max-per-version", options->suite.max_tests_per_version, "Most tests written per operator version")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  return [options] { return gen_suite_command(*options); };
}

}  // namespace onnx_ref::cli
