// Subcommands still to be written register here so that the command line stays complete.
#include "interpreter/cli/commands.h"
#include "runtime/error.h"

namespace onnx_ref::cli {

namespace {
Command pending(CLI::App& app, const char* name, const char* help) {
  app.add_subcommand(name, help)->allow_extras();
  return [name]() -> int { throw Error(std::string("'") + name + "' is not available in this build"); };
}
}  // namespace

Command add_make_test_command(CLI::App& app) { return pending(app, "make-test", "Write a golden test case"); }

}  // namespace onnx_ref::cli
