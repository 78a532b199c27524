#pragma once
// The subcommands of `onnx-ref`. Each adds itself to the CLI11 app and runs when chosen; each
// returns the process exit code.
#include <functional>

#include <CLI/CLI.hpp>

namespace onnx_ref::cli {

using Command = std::function<int()>;

inline constexpr const char* kVersionText = "onnx-ref 0.1.0";

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
