// Model load time: a small official test model, and a Reshape of a large initializer kept inline
// (raw_data, parsed through protobuf) or as external data (mapped, not read).
#include <unistd.h>

#include <filesystem>
#include <string>

#include <benchmark/benchmark.h>

#include "bench/big_model.h"
#include "interpreter/model.h"

namespace {

namespace fs = std::filesystem;

const fs::path kSmallModel =
    fs::path(ONNX_REF_SHARED_DIR) / "onnx-node-tests/v1.20.0/test_reshape_reordered_all_dims/model.onnx";
constexpr uint64_t kInlineBytes = uint64_t{64} << 20;
constexpr uint64_t kExternalBytes = uint64_t{256} << 20;

// The generated models live in a scratch folder for the life of the process.
class ScratchModels {
 public:
  ScratchModels() : root_(fs::temp_directory_path() / ("onnx-ref-bench-" + std::to_string(getpid()))) {
    onnx_ref::bench::write_big_reshape_model(root_ / "inline", kInlineBytes, false);
    onnx_ref::bench::write_big_reshape_model(root_ / "external", kExternalBytes, true);
  }
  ~ScratchModels() {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  fs::path model(const char* kind) const { return root_ / kind / "model.onnx"; }

 private:
  fs::path root_;
};

const ScratchModels& scratch() {
  static const ScratchModels models;
  return models;
}

void load_repeatedly(benchmark::State& state, const fs::path& path, uint64_t tensor_bytes) {
  if (!fs::exists(path)) {
    state.SkipWithError(("missing " + path.string()).c_str());
    return;
  }
  for (auto _ : state) {
    auto model = onnx_ref::Model::load_file(path);
    benchmark::DoNotOptimize(model);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * fs::file_size(path)));
  state.SetLabel(path.filename().string() + ", " + std::to_string(fs::file_size(path)) + " bytes file, " +
                 std::to_string(tensor_bytes >> 20) + " MiB initializer");
}

void BM_ModelLoad_SharedReshapeTest(benchmark::State& state) { load_repeatedly(state, kSmallModel, 0); }
void BM_ModelLoad_Inline64MiB(benchmark::State& state) {
  load_repeatedly(state, scratch().model("inline"), kInlineBytes);
}
void BM_ModelLoad_External256MiB(benchmark::State& state) {
  load_repeatedly(state, scratch().model("external"), kExternalBytes);
}

BENCHMARK(BM_ModelLoad_SharedReshapeTest);
BENCHMARK(BM_ModelLoad_Inline64MiB)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ModelLoad_External256MiB)->Unit(benchmark::kMicrosecond);

}  // namespace
