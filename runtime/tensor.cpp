#include "runtime/tensor.h"

#include <algorithm>
#include <cstring>
#include <new>

#include <sys/mman.h>
#include <unistd.h>

#include "runtime/error.h"

namespace onnx_ref {

std::string shape_to_string(const Shape& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

std::optional<int64_t> checked_element_count(const Shape& shape) {
  int64_t count = 1;
  for (int64_t d : shape) {
    if (d < 0) return std::nullopt;
    if (__builtin_mul_overflow(count, d, &count)) return std::nullopt;
  }
  return count;
}

namespace {
// The budget is charged before the allocator is asked; an allocator that still fails (the
// address-space limit, fragmentation) is reported as the same one-line error.
std::unique_ptr<std::byte[]> new_bytes(size_t bytes, bool zero_fill, std::string_view what) {
  try {
    return std::unique_ptr<std::byte[]>(zero_fill ? new std::byte[bytes > 0 ? bytes : 1]()
                                                  : new std::byte[bytes > 0 ? bytes : 1]);
  } catch (const std::bad_alloc&) {
    throw Error("asked for " + std::to_string(bytes) + " bytes" + (what.empty() ? "" : " (" + std::string(what) + ")") +
                ", more memory than can be allocated");
  }
}
}  // namespace

std::shared_ptr<Storage> Storage::allocate(size_t bytes, std::string_view what) {
  auto s = std::shared_ptr<Storage>(new Storage());
  s->charge_ = charge_memory(bytes, what);
  s->owned_ = new_bytes(bytes, true, what);
  s->data_ = s->owned_.get();
  s->size_ = bytes;
  return s;
}

namespace {
// A large uninitialized buffer is written once, right after allocation, by a kernel that streams
// through it; with 4 KiB pages the page faults cost more than the writes (a 64 MiB element-wise
// output: about 30 ms of faults against 8 ms of arithmetic). Transparent huge pages on the
// page-aligned interior cut the faults 512-fold where the system allows them (THP "madvise"
// mode). It is only advice: when it is refused nothing changes.
void advise_huge_pages(std::byte* data, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr size_t kMinBytes = size_t{4} << 20;
  if (bytes < kMinBytes) return;
  const long page_size = sysconf(_SC_PAGESIZE);
  if (page_size <= 0) return;
  const auto page = static_cast<uintptr_t>(page_size);
  const auto begin = (reinterpret_cast<uintptr_t>(data) + page - 1) & ~(page - 1);
  const auto end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(page - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}
}  // namespace

std::shared_ptr<Storage> Storage::allocate_uninitialized(size_t bytes, std::string_view what) {
  auto s = std::shared_ptr<Storage>(new Storage());
  s->charge_ = charge_memory(bytes, what);
  s->owned_ = new_bytes(bytes, false, what);
  advise_huge_pages(s->owned_.get(), bytes);
  s->data_ = s->owned_.get();
  s->size_ = bytes;
  return s;
}

std::shared_ptr<Storage> Storage::view(const std::byte* data, size_t bytes, std::shared_ptr<const void> owner) {
  auto s = std::shared_ptr<Storage>(new Storage());
  s->data_ = data;
  s->size_ = bytes;
  s->owner_ = std::move(owner);
  return s;
}

std::byte* Storage::mutable_data() {
  if (!owned_) throw std::logic_error("Storage::mutable_data on a view");
  return owned_.get();
}

uint64_t tensor_memory_limit() { return memory_headroom(); }

void set_tensor_memory_limit(uint64_t bytes) { set_default_memory_limit(bytes); }

namespace {
int64_t count_or_throw(const Shape& shape) {
  auto count = checked_element_count(shape);
  if (!count)
    throw Error("shape " + shape_to_string(shape) +
                (std::any_of(shape.begin(), shape.end(), [](int64_t d) { return d < 0; })
                     ? " has a negative dimension"
                     : " has an element count that overflows int64"));
  return *count;
}
}  // namespace

Tensor Tensor::from_storage(ElementType type, Shape shape, std::shared_ptr<const Storage> storage) {
  if (type == ElementType::String || !element_type_from_code(code_of(type)))
    throw std::logic_error("Tensor::from_storage needs a numeric element type");
  Tensor t;
  t.type_ = type;
  t.count_ = count_or_throw(shape);
  t.shape_ = std::move(shape);
  const uint64_t expected = storage_bytes(type, static_cast<uint64_t>(t.count_));
  const uint64_t present = storage ? storage->size() : 0;
  if (expected != present)
    throw Error(std::string(name_of(type)) + shape_to_string(t.shape_) + " needs " + std::to_string(expected) +
                " bytes but " + std::to_string(present) + " are present");
  t.storage_ = std::move(storage);
  return t;
}

Tensor Tensor::zeros(ElementType type, Shape shape) { return allocate_tensor(type, std::move(shape), true); }

Tensor Tensor::uninitialized(ElementType type, Shape shape) { return allocate_tensor(type, std::move(shape), false); }

Tensor Tensor::allocate_tensor(ElementType type, Shape shape, bool zero_fill) {
  const int64_t count = count_or_throw(shape);
  // Bytes the elements take (a string element is at least one std::string object), checked for
  // overflow: a byte count that wrapped around would pass the memory check below.
  const uint64_t unit = type == ElementType::String ? sizeof(std::string) : static_cast<uint64_t>(bits_of(type)) / 8;
  uint64_t bytes = unit == 0 ? storage_bytes(type, static_cast<uint64_t>(count)) : 0;
  if (unit != 0 && __builtin_mul_overflow(static_cast<uint64_t>(count), unit, &bytes))
    throw Error(std::string(name_of(type)) + shape_to_string(shape) + " needs more bytes than memory can address");
  // Refuse what the budget cannot hold before touching memory: zero-filling an overcommitted
  // block would otherwise end in the OOM killer rather than in an error message. The text naming
  // the tensor is made only for large blocks, the ones likely to be refused.
  const std::string what =
      bytes >= (uint64_t{1} << 20) ? std::string(name_of(type)) + shape_to_string(shape) : std::string();
  if (type == ElementType::String) {
    MemoryCharge charge = charge_memory(bytes, what);
    Tensor t;
    try {
      t = from_strings(shape, std::vector<std::string>(static_cast<size_t>(count)));
    } catch (const std::bad_alloc&) {
      throw Error("asked for " + std::to_string(bytes) + " bytes (" + what + "), more memory than can be allocated");
    }
    t.attach_charge(std::move(charge));
    return t;
  }
  // Packed types are always zeroed: unused high bits of the last byte must be zero.
  std::shared_ptr<Storage> storage =
      zero_fill || is_sub_byte(type) ? Storage::allocate(bytes, what) : Storage::allocate_uninitialized(bytes, what);
  return from_storage(type, std::move(shape), std::move(storage));
}

void Tensor::attach_charge(MemoryCharge charge) {
  struct Charged {
    std::vector<std::string> values;
    MemoryCharge charge;
  };
  auto holder = std::make_shared<Charged>(
      Charged{std::move(const_cast<std::vector<std::string>&>(*strings_)), std::move(charge)});
  strings_ = std::shared_ptr<const std::vector<std::string>>(holder, &holder->values);
}

Tensor Tensor::from_strings(Shape shape, std::vector<std::string> values) {
  Tensor t;
  t.type_ = ElementType::String;
  t.count_ = count_or_throw(shape);
  if (static_cast<uint64_t>(t.count_) != values.size())
    throw Error("string" + shape_to_string(shape) + " needs " + std::to_string(t.count_) + " strings but " +
                std::to_string(values.size()) + " are present");
  t.shape_ = std::move(shape);
  t.strings_ = std::make_shared<const std::vector<std::string>>(std::move(values));
  return t;
}

const std::byte* Tensor::data() const {
  if (!storage_) throw std::logic_error("Tensor::data on a string or empty tensor");
  return storage_->data();
}

std::span<const std::byte> Tensor::bytes() const { return {data(), storage_->size()}; }

std::byte* Tensor::mutable_data() {
  // Only the storage created by zeros() is ever written, and only before it is shared.
  return const_cast<Storage*>(storage_.get())->mutable_data();
}

std::vector<std::string>& Tensor::mutable_strings() {
  if (!strings_) throw std::logic_error("Tensor::mutable_strings on a numeric tensor");
  // Only a string tensor under construction is written, before it is shared.
  return const_cast<std::vector<std::string>&>(*strings_);
}

const std::vector<std::string>& Tensor::strings() const {
  if (!strings_) throw std::logic_error("Tensor::strings on a numeric tensor");
  return *strings_;
}

Tensor Tensor::reshaped(Shape new_shape) const {
  const int64_t count = count_or_throw(new_shape);
  if (count != count_) throw std::logic_error("Tensor::reshaped with a different element count");
  Tensor t = *this;
  t.shape_ = std::move(new_shape);
  return t;
}

bool Tensor::shares_storage_with(const Tensor& other) const {
  if (storage_) return storage_ == other.storage_;
  return strings_ && strings_ == other.strings_;
}

bool Tensor::identical_to(const Tensor& other) const {
  if (type_ != other.type_ || shape_ != other.shape_) return false;
  if (is_string()) return strings() == other.strings();
  return storage_->size() == other.storage_->size() &&
         std::memcmp(storage_->data(), other.storage_->data(), storage_->size()) == 0;
}

std::string Tensor::describe() const { return std::string(name_of(type_)) + shape_to_string(shape_); }

}  // namespace onnx_ref
