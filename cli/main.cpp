// onnx-ref: run ONNX models as the spec defines them, generate golden test cases, and score
// backend-test folders per operator version.
#include <iostream>

#include "cli/commands.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace {

// The subcommand named on the command line, if parsing got that far.
std::string parsed_subcommand_name(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands()) return sub->get_name();
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"onnx-ref: a reference interpreter for ONNX graphs"};
  app.require_subcommand(1);
  // Subcommands inherit this, so options of the whole program (--max-tensor-mib) may also follow
  // the subcommand: `onnx-ref run --max-tensor-mib 64 m.onnx`.
  app.fallthrough();
  app.set_version_flag("--version", onnx_ref::cli::kVersionText);
  uint64_t max_tensor_mib = 0;
  app.add_option("--max-tensor-mib", max_tensor_mib,
                 "Refuse any tensor larger than this many MiB with an error (default: the machine's memory)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
  using namespace onnx_ref::cli;
  const std::vector<std::pair<CLI::App*, Command>> commands = [&] {
    std::vector<std::pair<CLI::App*, Command>> list;
    for (auto add : {add_run_command, add_test_command, add_make_test_command, add_ops_command, add_info_command, add_check_command, add_compare_command, add_gen_suite_command, add_report_command}) {
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
  if (max_tensor_mib) onnx_ref::set_tensor_memory_limit(max_tensor_mib << 20);
  try {
    for (const auto& [sub, command] : commands)
      if (sub->parsed()) return command();
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
