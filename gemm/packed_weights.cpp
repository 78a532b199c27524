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

  // The entry for `key` (its source, shape, layout and norm routine) in `owner`; null when there is
  // none. Called with the mutex held.
  std::shared_ptr<const PackedWeights> find(const std::shared_ptr<const Storage>& owner,
                                            const PackedWeights& key) const {
    for (const Entry& e : entries) {
      const PackedWeights& p = *e.packed;
      if (e.owner_address != owner.get() || p.is_b != key.is_b || p.source != key.source || p.rows != key.rows ||
          p.cols != key.cols || p.row_stride != key.row_stride || p.col_stride != key.col_stride ||
          p.vector != key.vector)
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

// The cached entry for `key`, or the one `pack` makes (kept when the cache has room).
template <class Pack>
std::shared_ptr<const PackedWeights> cached(const std::shared_ptr<const Storage>& owner, const PackedWeights& key,
                                            Pack&& pack) {
  Cache& c = cache();
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    if (auto found = c.find(owner, key)) return found;
  }
  std::shared_ptr<PackedWeights> packed = pack();
  if (packed->vector != key.vector) return nullptr;  // the path changed meanwhile (tests switch it)
  try {
    packed->charge = charge_memory(packed->bytes(), "packed weights");
  } catch (const Error&) {
    return nullptr;  // over the run's budget: pack per tile instead
  }
  std::lock_guard<std::mutex> lock(c.mutex);
  if (auto found = c.find(owner, key)) return found;  // another thread was first
  c.sweep();
  if (c.bytes + packed->bytes() > kMaxTotalBytes) return packed;  // used for this product, not kept
  c.bytes += packed->bytes();
  c.entries.push_back({owner, owner.get(), packed});
  return packed;
}

bool too_large(int64_t rows, int64_t cols) {
  const uint64_t padded = static_cast<uint64_t>(rows + kPanelWidth) * static_cast<uint64_t>(cols + kPanelWidth);
  return padded * sizeof(double) > kMaxEntryBytes;
}

}  // namespace

std::shared_ptr<const PackedWeights> cached_packed_weights(const std::shared_ptr<const Storage>& owner, const float* a,
                                                           int64_t M, int64_t K, int64_t lda) {
  if (!owner || M <= 0 || K <= 0 || too_large(M, K)) return nullptr;
  PackedWeights key;
  key.source = a;
  key.rows = M;
  key.cols = K;
  key.row_stride = lda;
  key.col_stride = 1;
  key.vector = gemm_uses_avx512();
  return cached(owner, key, [&] { return tiled::pack_weights(a, M, K, lda); });
}

std::shared_ptr<const PackedWeights> cached_packed_b(const std::shared_ptr<const Storage>& owner,
                                                     const MatrixView<float>& b, int64_t K, int64_t N) {
  if (!owner || K <= 0 || N <= 0 || too_large(K, N)) return nullptr;
  PackedWeights key;
  key.is_b = true;
  key.source = b.data;
  key.rows = K;
  key.cols = N;
  key.row_stride = b.row_stride;
  key.col_stride = b.col_stride;
  key.vector = gemm_uses_avx512();
  return cached(owner, key, [&] { return tiled::pack_b(b, K, N); });
}

std::shared_ptr<const PackedWeights> pack_b_uncached(const MatrixView<float>& b, int64_t K, int64_t N) {
  if (K <= 0 || N <= 0 || too_large(K, N)) return nullptr;
  return tiled::pack_b(b, K, N);
}

size_t packed_weights_entries() {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  c.sweep();
  return c.entries.size();
}

}  // namespace onnx_ref::gemm
