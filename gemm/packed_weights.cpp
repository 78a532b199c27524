// The process's cache of packed float weights (gemm/packed_weights.h).
#include "gemm/packed_weights.h"

#include <algorithm>
#include <mutex>
#include <utility>

#include "gemm/tiled.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace onnx_ref::gemm {

namespace {

constexpr size_t kMaxEntryBytes = size_t{32} << 20;
constexpr size_t kMaxTotalBytes = size_t{256} << 20;

struct Entry {
  std::weak_ptr<const Storage> owner;
  const Storage* owner_address;
  std::shared_ptr<const PackedWeights> packed;
};

struct Cache {
  std::mutex mutex;
  std::vector<Entry> entries;
  size_t bytes = 0;

  // Drops the entries whose storage is gone (its model was freed). Called with the mutex held.
  void sweep() {
    auto gone = [&](const Entry& e) {
      if (!e.owner.expired()) return false;
      bytes -= e.packed->bytes();
      return true;
    };
    entries.erase(std::remove_if(entries.begin(), entries.end(), gone), entries.end());
  }

  // The entry for A in `owner`; null when there is none. Called with the mutex held.
  std::shared_ptr<const PackedWeights> find(const std::shared_ptr<const Storage>& owner, const float* a, int64_t M,
                                            int64_t K, int64_t lda, bool vector) const {
    for (const Entry& e : entries) {
      if (e.owner_address != owner.get() || e.packed->source != static_cast<const void*>(a) || e.packed->M != M ||
          e.packed->K != K || e.packed->lda != lda || e.packed->vector != vector)
        continue;
      // The same address may belong to a newer storage once the old one is freed: only a live
      // owner that is this very storage counts.
      if (e.owner.lock() == owner) return e.packed;
    }
    return nullptr;
  }
};

Cache& cache() {
  static Cache* c = new Cache;  // never destroyed: kernels may run during static destruction
  return *c;
}

}  // namespace

std::shared_ptr<const PackedWeights> cached_packed_weights(const std::shared_ptr<const Storage>& owner, const float* a,
                                                           int64_t M, int64_t K, int64_t lda) {
  if (!owner || M <= 0 || K <= 0) return nullptr;
  const uint64_t rows = static_cast<uint64_t>((M + 7) / 8 * 8);
  if (rows * static_cast<uint64_t>(K + 3) * sizeof(double) > kMaxEntryBytes) return nullptr;
  const bool vector = gemm_uses_avx512();
  Cache& c = cache();
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    if (auto found = c.find(owner, a, M, K, lda, vector)) return found;
  }
  std::shared_ptr<PackedWeights> packed = tiled::pack_weights(a, M, K, lda);
  if (packed->vector != vector) return nullptr;  // the path changed meanwhile (tests switch it)
  try {
    packed->charge = charge_memory(packed->bytes(), "packed weights");
  } catch (const Error&) {
    return nullptr;  // over the run's budget: pack per tile instead
  }
  std::lock_guard<std::mutex> lock(c.mutex);
  if (auto found = c.find(owner, a, M, K, lda, vector)) return found;  // another thread was first
  c.sweep();
  if (c.bytes + packed->bytes() > kMaxTotalBytes) return packed;  // used for this product, not kept
  c.bytes += packed->bytes();
  c.entries.push_back({owner, owner.get(), packed});
  return packed;
}

size_t packed_weights_entries() {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  c.sweep();
  return c.entries.size();
}

}  // namespace onnx_ref::gemm
