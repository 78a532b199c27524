// onnx-ref: run ONNX models as the spec defines them, generate golden test cases, and score
// backend-test folders per operator version.
#include <malloc.h>

#include <climits>
#include <filesystem>
#include <iostream>
#include <new>

#include "cli/commands.h"
#include "interpreter/model.h"
#include "runtime/error.h"
#include "runtime/run_limits.h"

namespace onnx_ref::cli {
onnx_ref::RunOptions& program_run_options() {
  static onnx_ref::RunOptions options;
  return options;
}
int64_t& program_max_nodes() {
  static int64_t max_nodes = onnx_ref::kDefaultMaxNodes;
  return max_nodes;
}
}  // namespace onnx_ref::cli

namespace {

// The subcommand named on the command line, if parsing got that far.
std::string parsed_subcommand_name(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands()) return sub->get_name();
  return {};
}

// A run allocates its tensors anew, and glibc hands blocks above 128 KiB back to the kernel when
// they are freed, so every run of `run --repeat` faulted and zeroed the same pages again (7 to 10%
// of a run). The program keeps freed memory for its next allocations instead; peak RSS stays the
// same, since a run's tensors reuse what the last one freed. The library leaves the host's malloc
// alone: a program embedding it decides this for itself (docs/library.md).
void keep_freed_memory() {
  mallopt(M_MMAP_THRESHOLD, INT_MAX);
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
}

}  // namespace

int main(int argc, char** argv) {
  keep_freed_memory();
  CLI::App app{"onnx-ref: a reference interpreter for ONNX graphs"};
  app.require_subcommand(1);
  // Subcommands inherit this, so options of the whole program (--max-tensor-mib) may also follow
  // the subcommand: `onnx-ref run --max-tensor-mib 64 m.onnx`.
  app.fallthrough();
  app.set_version_flag("--version", onnx_ref::cli::kVersionText);
  uint64_t max_tensor_mib = 0;
  app.add_option("--max-tensor-mib", max_tensor_mib, "The older name of --max-memory, in MiB")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
  std::string max_memory;
  app.add_option(
      "--max-memory", max_memory,
      "Memory a run may hold at once over every tensor, sequence and kernel buffer, in MiB or as a percentage "
      "of the default: what this process may still take (cgroup limit, MemAvailable, ulimit -v)");
  double timeout = 0;
  app.add_option("--timeout", timeout,
                 "Stop a run that takes longer than this many seconds, with an error naming the node")
      ->check(CLI::Range(0.0, 1e9));
  app.add_option("--max-nodes", onnx_ref::cli::program_max_nodes(),
                 "The most nodes a model may compile to, over its graphs and each distinct function instantiation")
      ->check(CLI::Range(int64_t{1}, INT64_MAX))
      ->capture_default_str();
  using namespace onnx_ref::cli;
  const std::vector<std::pair<CLI::App*, Command>> commands = [&] {
    std::vector<std::pair<CLI::App*, Command>> list;
    for (auto add : {add_run_command, add_test_command, add_make_test_command, add_ops_command, add_info_command,
                     add_check_command, add_compare_command, add_gen_suite_command, add_report_command}) {
      const size_t before = app.get_subcommands({}).size();
      Command command = add(app);
      list.emplace_back(app.get_subcommands({})[before], std::move(command));
    }
    return list;
  }();
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version: the text CLI11 prints, exit 0
  } catch (const CLI::ParseError& e) {
    // A usage error is one line and exit 1, like every other error of the program.
    std::cerr << "onnx-ref: " << onnx_ref::printable(e.what()) << " (see onnx-ref "
              << (parsed_subcommand_name(app).empty() ? "" : parsed_subcommand_name(app) + " ") << "--help)\n";
    return 1;
  }
  try {
    onnx_ref::RunOptions& run_options = program_run_options();
    if (max_tensor_mib) run_options.max_memory = max_tensor_mib << 20;
    if (!max_memory.empty()) run_options.max_memory = onnx_ref::parse_memory_amount(max_memory);
    run_options.timeout_seconds = timeout;
    // Memory the command takes outside a run (loading a model, reading inputs) meets the same limit.
    onnx_ref::set_default_memory_limit(run_options.max_memory);
    for (const auto& [sub, command] : commands)
      if (sub->parsed()) return command();
  } catch (const std::bad_alloc&) {
    std::cerr << "onnx-ref: out of memory outside a run's budget (lower --max-memory or free memory)\n";
    return 1;
  } catch (const std::filesystem::filesystem_error& e) {
    std::cerr << "onnx-ref: " << onnx_ref::printable(e.what()) << "\n";
    return 1;
  } catch (const onnx_ref::Error& e) {
    // Messages quote file paths as given, and a path may hold a newline: escaping control bytes
    // here keeps every error on one line.
    std::cerr << "onnx-ref: " << onnx_ref::printable(e.what()) << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "onnx-ref: internal error: " << onnx_ref::printable(e.what()) << "\n";
    return 3;
  }
  return 2;
}
