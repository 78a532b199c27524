// The conformance harness over every official node test in ../shared/onnx-node-tests: all of
// them, and the 188 in the model.onnx layout that onnxruntime's runner can also read (every
// release but v1.1.0, whose node.pb layout it cannot).
#include <filesystem>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "conformance/harness.h"

namespace {

namespace fs = std::filesystem;
using onnx_ref::BackendTest;

const fs::path kNodeTests = fs::path(ONNX_REF_SHARED_DIR) / "onnx-node-tests";

void run_tests(benchmark::State& state, const std::vector<BackendTest>& tests) {
  if (tests.empty()) {
    state.SkipWithError(("no tests found in " + kNodeTests.string()).c_str());
    return;
  }
  const onnx_ref::Tolerance tolerance;
  for (auto _ : state) {
    int failed = 0;
    for (const auto& test : tests)
      if (onnx_ref::run_backend_test(test, tolerance).status != onnx_ref::TestStatus::Passed) ++failed;
    if (failed > 0) {
      state.SkipWithError((std::to_string(failed) + " of the tests did not pass").c_str());
      return;
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(tests.size()));
  state.SetLabel(std::to_string(tests.size()) + " tests");
}

std::vector<BackendTest> all_tests() {
  std::error_code ec;
  if (!fs::is_directory(kNodeTests, ec)) return {};
  return onnx_ref::discover_tests({kNodeTests});
}

void BM_HarnessSharedNodeTests(benchmark::State& state) {
  static const auto tests = all_tests();
  run_tests(state, tests);
}

void BM_HarnessSharedNodeTests_ModelLayout(benchmark::State& state) {
  static const auto tests = [] {
    auto tests = all_tests();
    std::erase_if(tests, [](const BackendTest& t) { return t.layout != BackendTest::Layout::Model; });
    return tests;
  }();
  run_tests(state, tests);
}

BENCHMARK(BM_HarnessSharedNodeTests)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HarnessSharedNodeTests_ModelLayout)->Unit(benchmark::kMillisecond);

}  // namespace
