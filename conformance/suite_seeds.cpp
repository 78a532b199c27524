// Reading seed cases from backend-test folders.
#include "conformance/suite_seeds.h"

#include <fstream>
#include <sstream>

#include "conformance/harness.h"
#include "conformance/reports.h"
#include "interpreter/feeds.h"
#include "interpreter/model.h"
#include "runtime/error.h"

namespace onnx_ref::suite {

namespace fs = std::filesystem;

namespace {

// Seeds whose inputs hold more elements than this are left out: the suite stays small and fast.
constexpr int64_t kMaxSeedElements = 1 << 14;

int64_t element_count(const Value& value) {
  if (value.is_tensor()) return value.tensor().element_count();
  if (value.is_sequence()) {
    int64_t n = 0;
    for (const auto& t : value.items()) n += t.element_count();
    return n;
  }
  return 0;
}

}  // namespace

SeedIndex load_seeds(const std::vector<fs::path>& roots) {
  std::vector<fs::path> existing;
  for (const auto& root : roots)
    if (fs::is_directory(root)) existing.push_back(root);
  if (existing.empty()) return {};
  // The newest release's folder of each name: folders sort by path with releases in natural order.
  std::map<std::string, BackendTest> newest;
  std::map<std::string, std::string> newest_release;
  for (const auto& test : discover_tests(existing)) {
    if (test.layout != BackendTest::Layout::Model) continue;
    const std::string release = test.dir.parent_path().string();
    auto it = newest_release.find(test.name);
    if (it != newest_release.end() && !natural_less(it->second, release)) continue;
    newest_release[test.name] = release;
    newest[test.name] = test;
  }
  SeedIndex index;
  for (const auto& [name, test] : newest) {
    if (name.size() > 9 && name.ends_with("_expanded")) continue;
    try {
      const Model model = Model::load_file(test.dir / "model.onnx");
      if (model.proto().graph().node_size() != 1) continue;
      const fs::path set = test.dir / "test_data_set_0";
      if (!fs::is_directory(set)) continue;
      const Feeds feeds = feeds_from_pb_folder(model, set);
      SeedCase seed;
      seed.name = name.starts_with("test_") ? name.substr(5) : name;
      seed.model = std::make_shared<onnx::ModelProto>(model.proto());
      int64_t elements = 0;
      bool complete = true;
      for (const auto& input : model.required_inputs()) {
        auto f = feeds.find(input.name);
        if (f == feeds.end()) {
          complete = false;
          break;
        }
        elements += element_count(f->second);
        seed.inputs.emplace_back(input.name, f->second);
      }
      if (!complete || elements > kMaxSeedElements) continue;
      const auto& node = model.proto().graph().node(0);
      index[{canonical_domain(node.domain()), node.op_type()}].push_back(std::move(seed));
    } catch (const std::exception&) {
      // A seed onnx-ref does not run is no seed.
    }
  }
  return index;
}

}  // namespace onnx_ref::suite
