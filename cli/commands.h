#pragma once
// The subcommands of `onnx-ref`. Each adds itself to the CLI11 app and runs when chosen; each
// returns the process exit code.
#include <functional>

#include <CLI/CLI.hpp>

#include "interpreter/model.h"
#include "runtime/run_context.h"

namespace onnx_ref::cli {

// The run options every command starts from: the program's --max-memory (or --max-tensor-mib) and
// --timeout, set once by main before any command runs.
onnx_ref::RunOptions& program_run_options();
// The program's --max-nodes: the most nodes a model may compile to (interpreter/model.h).
int64_t& program_max_nodes();

// A command's loader options with the program's --max-nodes.
inline LoadOptions with_program_limits(LoadOptions load) {
  load.max_nodes = program_max_nodes();
  return load;
}

using Command = std::function<int()>;

inline constexpr const char* kVersionText = "onnx-ref 0.1.0";

// The loader's opt-ins, one name on every command that loads a model (run, test, make-test, compare).
inline void add_load_options(CLI::App* cmd, LoadOptions& options) {
  cmd->add_flag("--sort-nodes", options.sort_nodes,
                "Sort a graph whose nodes are not in topological order (IR.md requires the order) and run it, with a "
                "warning; by default such a graph is refused");
  cmd->add_flag("--allow-deprecated", options.allow_deprecated,
                "Run the deprecated Upsample-10, Scatter-11, GroupNormalization-18, TreeEnsembleClassifier-5 and "
                "TreeEnsembleRegressor-5 with their last defined semantics; by default they are refused");
}

Command add_test_command(CLI::App& app);
Command add_run_command(CLI::App& app);
Command add_make_test_command(CLI::App& app);
Command add_ops_command(CLI::App& app);
Command add_info_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_compare_command(CLI::App& app);
Command add_gen_suite_command(CLI::App& app);
Command add_report_command(CLI::App& app);

}  // namespace onnx_ref::cli
