// Kernel scratch against a run's memory budget (issue 30): one node run through Model with
// RunOptions::max_memory, and the check that the one-line refusal names the node, its operator
// version, what the scratch is for and the bytes it asked for. Each case pairs the refusal with a
// run of the same operator that fits, whose outputs are worked out by hand.
#pragma once
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "op_tester.h"
#include "runtime/run_context.h"

namespace onnx_ref::testing {

// The error of running `tester` with a budget of `bytes`, "" when it ran.
inline std::string error_under_budget(OpTester tester, uint64_t bytes) {
  RunOptions options;
  options.max_memory = bytes;
  tester.run_options(options);
  return tester.error_of();
}

// The outputs of running `tester` with a budget of `bytes`.
inline std::vector<Value> run_under_budget(OpTester tester, uint64_t bytes) {
  RunOptions options;
  options.max_memory = bytes;
  tester.run_options(options);
  return tester.run();
}

// `error` is one line naming node 'n' as `op_version` ("Gather-13"), and says that `what` needs
// `bytes` bytes, over the budget the run was given.
inline void check_scratch_refused(const std::string& error, const std::string& op_version, const std::string& what,
                                  uint64_t bytes) {
  INFO(error);
  CHECK(error.find('\n') == std::string::npos);
  CHECK(error.find("node 'n'") != std::string::npos);
  CHECK(error.find(op_version) != std::string::npos);
  CHECK(error.find(what + " needs " + std::to_string(bytes) + " bytes") != std::string::npos);
  CHECK(error.find("--max-memory") != std::string::npos);
}

}  // namespace onnx_ref::testing
