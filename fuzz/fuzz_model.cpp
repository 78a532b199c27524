// Fuzz target: model bytes -> Model::load_bytes (parsing and every graph check) -> a run with
// zero-filled feeds made from the declared inputs. A refusal is an onnx_ref::Error; any other
// exception escapes and aborts, which libFuzzer reports as a crash.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "fuzz_check.h"
#include "interpreter/model.h"

using namespace onnx_ref;

namespace {

// Feeds are kept small: the point is to reach the kernels, not to allocate.
constexpr int64_t kMaxFeedElements = 1 << 16;

// A zero-filled tensor fitting a declared input: an unknown element type becomes float, an
// unknown rank a scalar and an unknown dimension 1. nullopt when it would be too large.
std::optional<Tensor> zero_feed(const ValueInfo& declared) {
  Shape shape;
  for (const auto& d : declared.dims) shape.push_back(d.value_or(1));
  const auto count = checked_element_count(shape);
  if (!count || *count > kMaxFeedElements) return std::nullopt;
  return Tensor::zeros(declared.type.value_or(ElementType::Float), shape);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Initializers can ask kernels for gigabytes (ConstantOfShape, Tile, Expand): each run's budget
  // is 256 MiB, far below the default (and below libFuzzer's -rss_limit_mb of 2048), so a resource
  // bomb is refused with an error rather than found as an out-of-memory.
  set_default_memory_limit(uint64_t{256} << 20);
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  std::optional<Model> model;
  try {
    // No base folder: external data is refused, so the fuzzer never reads other files.
    // Nested functions are compiled once per instantiation; the node cap bounds the rest.
    model.emplace(Model::load_bytes(bytes, {}, "<fuzz>", {}, LoadOptions{false, false, 100'000}));
  } catch (const Error& e) {
    fuzz::check_error(e);
    return 0;
  }
  // What `onnx-ref info` prints, from the checked model.
  for (const auto& v : model->required_inputs()) (void)v.describe();
  for (const auto& v : model->outputs()) (void)v.describe();
  for (const auto& node : model->nodes()) (void)node.describe();
  (void)model->kernel_labels();

  std::map<std::string, Value> feeds;
  for (const auto& input : model->required_inputs()) {
    auto feed = zero_feed(input);
    if (!feed) return 0;
    feeds.emplace(input.name, std::move(*feed));
  }
  try {
    // A time limit below libFuzzer's -timeout of 10 s: a slow model is an error, not a finding.
    RunOptions options;
    options.max_memory = uint64_t{256} << 20;
    options.timeout_seconds = 5;
    const auto outputs = model->run(feeds, options);
    fuzz::require(outputs.size() == model->outputs().size(), "run returned a different number of outputs");
  } catch (const Error& e) {
    fuzz::check_error(e);
  }
  return 0;
}
