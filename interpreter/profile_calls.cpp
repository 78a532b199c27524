#include "interpreter/profile_calls.h"

#include <atomic>
#include <mutex>

namespace onnx_ref {

namespace {

// The registered ProfileCalls by RunProfile. Runs may go on in several threads at once (a Python
// Session), each with its own RunProfile.
std::mutex registry_mutex;
std::unordered_map<const RunProfile*, ProfileCalls*>& registry() {
  static std::unordered_map<const RunProfile*, ProfileCalls*> map;
  return map;
}
std::atomic<int> registered{0};  // record() returns at once while nobody listens

}  // namespace

ProfileCalls::ProfileCalls(const RunProfile& profile) : profile_(profile) {
  std::lock_guard lock(registry_mutex);
  registry()[&profile] = this;
  ++registered;
}

ProfileCalls::~ProfileCalls() {
  std::lock_guard lock(registry_mutex);
  registry().erase(&profile_);
  --registered;
}

void ProfileCalls::record(const RunProfile& profile, const void* key, int64_t start_ns, int64_t nanoseconds) {
  if (registered.load(std::memory_order_relaxed) == 0) return;
  std::lock_guard lock(registry_mutex);
  auto it = registry().find(&profile);
  if (it == registry().end()) return;
  ProfileCalls& self = *it->second;
  // add() has just run for this key: a key seen for the first time got the newest row.
  auto [row, fresh] = self.rows_.try_emplace(key, profile.rows().size() - 1);
  (void)fresh;
  self.calls_.push_back({row->second, start_ns, nanoseconds});
}

}  // namespace onnx_ref
