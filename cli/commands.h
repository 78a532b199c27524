#pragma once
// The subcommands of `onnx-ref`. Each adds itself to the CLI11 app and runs when chosen; each
// returns the process exit code.
#include <functional>

#include <CLI/CLI.hpp>

#include "runtime/run_context.h"

namespace onnx_ref::cli {

// The run options every command starts from: the program's --max-memory (or --max-tensor-mib) and
// --timeout, set once by main before any command runs.
onnx_ref::RunOptions& program_run_options();
// The program's --max-nodes: the most nodes a model may compile to (interpreter/model.h).
int64_t& program_max_nodes();

using Command = std::function<int()>;

inline constexpr const char* kVersionText = "onnx-ref 0.1.0";

Command add_test_command(CLI::App& app);
Command add_run_command(CLI::App& app);
Command add_make_test_command(CLI::App& app);
Command add_ops_command(CLI::App& app);
Command add_info_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_compare_command(CLI::App& app);

}  // namespace onnx_ref::cli
