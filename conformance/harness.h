#pragma once
// The conformance harness: finds ONNX backend-test folders, runs them and compares the outputs the
// way ONNX and onnxruntime do.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/model.h"
#include "runtime/run_context.h"
#include "runtime/tensor.h"

namespace onnx_ref {

struct BackendTest {
  enum class Layout {
    Model,   // model.onnx with test_data_set_N/input_K.pb and output_K.pb
    NodePb,  // the old layout of ONNX 1.1: node.pb with input_K.pb and output_K.pb, run at kNodePbOpset
  };
  std::string name;  // the folder's name, e.g. test_reshape_reduced_dims
  std::filesystem::path dir;
  Layout layout = Layout::Model;
};

// A place below a root that discovery could not search, so tests there may be missing: a folder it
// cannot read, a path longer than PATH_MAX, a symlink loop.
struct DiscoveryProblem {
  std::filesystem::path path;
  std::string reason;  // "cannot be read: Permission denied", "is a symlink loop", ...
};

// Every backend-test folder below each root, at any depth, sorted by path. A root that is itself a
// test folder counts. A root that does not exist is an Error. Symlinked folders are not followed;
// what cannot be searched is added to `problems` (when given) instead of being left out unseen.
std::vector<BackendTest> discover_tests(const std::vector<std::filesystem::path>& roots,
                                        std::vector<DiscoveryProblem>* problems = nullptr);

struct Tolerance {
  double rtol = 1e-3;
  double atol = 1e-7;
  // Bit for bit instead (onnx-ref test --exact, for golden checks of onnx-ref's own outputs): every
  // floating element has the expected bits, except that a NaN matches a NaN of any sign or payload;
  // -0 and +0 differ. rtol and atol are then not used.
  bool exact = false;
  // Error unless both are finite and >= 0: a negative or NaN one would fail or pass every
  // comparison. Names the option as given on the command line ("--rtol -1 ...").
  void check() const;
};

// nullopt when `actual` matches `expected`: same element type and shape; integers, bool and strings
// exactly; floating types within atol + rtol * |expected|, NaN matching NaN and infinities of the
// same sign (with tolerance.exact: the same bits, NaN matching NaN). Otherwise the first difference, e.g. "element [1, 2]: got 0.5, expected 0.25".
std::optional<std::string> compare_tensors(const Tensor& actual, const Tensor& expected, const Tolerance& tolerance);

// How far `actual` is from `expected`, element by element (onnx-ref compare's table): for real and
// complex tensors the largest absolute and relative errors over finite pairs and, for real ones,
// the largest distance in ulps of the element type; how many elements fall outside the tolerance.
struct TensorErrors {
  std::optional<std::string> mismatch;  // the compare_tensors message; nullopt when within tolerance
  double max_abs = 0, max_rel = 0;
  std::optional<uint64_t> max_ulp;  // real element types only
};
TensorErrors measure_errors(const Tensor& actual, const Tensor& expected, const Tolerance& tolerance);

enum class TestStatus { Passed, Failed, Skipped };
std::string_view status_name(TestStatus status);

struct TestResult {
  BackendTest test;
  TestStatus status = TestStatus::Failed;
  std::string message;               // why it failed or was skipped
  std::vector<std::string> kernels;  // operator versions the test ran, "Reshape-14"
  double seconds = 0;
  // Set by `onnx-ref test --expect` when the manifest lists this failure: the manifest's reason.
  // Reports show such a test as an expected failure, apart from the failures nobody expected.
  std::optional<std::string> expected_reason;
  bool is_expected_failure() const { return status == TestStatus::Failed && expected_reason.has_value(); }
};

// "passed", "failed", "skipped", or "expected failure" for a failure the manifest lists.
std::string_view report_status(const TestResult& result);

// ONNX 1.1.0 generated its node.pb tests at that release's opset, 4: its Reshape uses the attribute
// (Reshape-1), its Pad `pads` (Pad-2), its Cast a string `to` (Cast-1). The layout names no opset.
inline constexpr int64_t kNodePbOpset = 4;

// A test folder holding this file (its first line: the rule) is a refusal test: it passes when
// loading or running its model fails with an error, and fails when the model runs.
inline constexpr const char* kRefusalMarkerFile = "expected_error.txt";

// Runs one test folder (every test_data_set_N in it); a node.pb test runs at `node_pb_opset`, each
// model loaded with `load` (the loader's opt-ins --sort-nodes, --allow-deprecated, its node limit)
// and run with `run` (memory budget, time limit). Never throws: every problem is a failure with its
// message, and an operator onnx-ref does not implement is a skip.
TestResult run_backend_test(const BackendTest& test, const Tolerance& tolerance, int64_t node_pb_opset = kNodePbOpset,
                            const LoadOptions& load = {}, const RunOptions& run = {});

}  // namespace onnx_ref
