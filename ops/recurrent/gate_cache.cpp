// The process's cache of recurrent gate matrices (gate_cache.h).
#include "ops/recurrent/gate_cache.h"

#include <algorithm>
#include <cstring>
#include <mutex>

#include "runtime/error.h"

namespace onnx_ref::recurrent {

namespace {

constexpr size_t kMaxTotalBytes = size_t{64} << 20;

struct Input {
  std::weak_ptr<const Storage> storage;
  const std::byte* data = nullptr;  // where the tensor's bytes were in that storage
  std::vector<std::byte> bytes;     // a copy of them
};

struct Entry {
  detail::GateKey key;
  std::vector<Input> inputs;
  std::shared_ptr<const void> value;
  size_t bytes = 0;
  uint64_t last_use = 0;
  MemoryCharge charge;

  bool matches(const detail::GateKey& k, const std::vector<const Tensor*>& tensors) const {
    if (!(key == k)) return false;
    for (size_t i = 0; i < tensors.size(); ++i) {
      const Tensor* t = tensors[i];
      if (!t) continue;  // absent here, and in the entry (the shapes say so)
      const Input& in = inputs[i];
      const std::span<const std::byte> now = t->bytes();
      if (now.data() == in.data && t->storage() && in.storage.lock() == t->storage()) continue;  // the same storage
      if (now.size() != in.bytes.size() || std::memcmp(now.data(), in.bytes.data(), now.size()) != 0) return false;
    }
    return true;
  }
};

struct Cache {
  std::mutex mutex;
  std::vector<std::unique_ptr<Entry>> entries;
  size_t bytes = 0;
  uint64_t clock = 0;

  // Called with the mutex held.
  std::shared_ptr<const void> find(const detail::GateKey& key, const std::vector<const Tensor*>& tensors) {
    for (auto& e : entries)
      if (e->matches(key, tensors)) {
        e->last_use = ++clock;
        return e->value;
      }
    return nullptr;
  }

  // Drops the least recently used entries until `incoming` more bytes fit. Called with the mutex held.
  void make_room(size_t incoming) {
    while (!entries.empty() && bytes + incoming > kMaxTotalBytes) {
      auto oldest = std::min_element(entries.begin(), entries.end(),
                                     [](const auto& a, const auto& b) { return a->last_use < b->last_use; });
      bytes -= (*oldest)->bytes;
      entries.erase(oldest);
    }
  }
};

Cache& cache() {
  static Cache* c = new Cache;  // never destroyed: kernels may run during static destruction
  return *c;
}

}  // namespace

std::shared_ptr<const void> detail::cached_gates(
    const GateKey& key, const std::vector<const Tensor*>& inputs,
    const std::function<std::pair<std::shared_ptr<const void>, size_t>()>& build) {
  Cache& c = cache();
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    if (auto found = c.find(key, inputs)) return found;
  }
  auto [value, bytes] = build();
  auto entry = std::make_unique<Entry>();
  entry->key = key;
  entry->value = value;
  for (const Tensor* t : inputs) {
    Input in;
    if (t) {
      const std::span<const std::byte> b = t->bytes();
      in.storage = t->storage();
      in.data = b.data();
      in.bytes.assign(b.begin(), b.end());
      bytes += b.size();
    }
    entry->inputs.push_back(std::move(in));
  }
  entry->bytes = bytes;
  if (bytes > kMaxTotalBytes) return value;
  try {
    entry->charge = charge_memory(bytes, "recurrent gate matrices");
  } catch (const Error&) {
    return value;  // over the run's budget: this run's alone
  }
  std::lock_guard<std::mutex> lock(c.mutex);
  if (auto found = c.find(key, inputs)) return found;  // another thread was first
  c.make_room(bytes);
  entry->last_use = ++c.clock;
  c.bytes += bytes;
  c.entries.push_back(std::move(entry));
  return value;
}

size_t gate_cache_entries() {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  return c.entries.size();
}

void clear_gate_cache() {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  c.entries.clear();
  c.bytes = 0;
}

}  // namespace onnx_ref::recurrent
