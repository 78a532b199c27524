#pragma once
// A tensor is an element type, a shape and shared, immutable storage. Reshape-like operators make a
// new Tensor over the same Storage, so no element data ever moves for them.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/element_type.h"
#include "runtime/run_limits.h"

namespace onnx_ref {

using Shape = std::vector<int64_t>;

// "[2, 3, 0]"; "[]" for a scalar.
std::string shape_to_string(const Shape& shape);

// Every Storage this file allocates is charged to the current run's memory budget while it lives
// (runtime/run_limits.h): beyond it, Tensor::zeros, Tensor::uninitialized and Storage::allocate
// throw Error before touching memory. These two are the older names of memory_headroom() and
// set_default_memory_limit(), per thread.
uint64_t tensor_memory_limit();
void set_tensor_memory_limit(uint64_t bytes);

// The product of the dims, or nullopt when a dim is negative or the product overflows int64.
std::optional<int64_t> checked_element_count(const Shape& shape);

// A block of bytes that is never written once a tensor refers to it. It either owns its bytes
// (charged to the run that allocated them) or points into memory kept alive by `owner` (a parsed
// protobuf message).
class Storage {
 public:
  // Zero-filled, owned bytes. Fill through mutable_data() before handing the storage to a tensor.
  // `what` names them in the error when the budget refuses them ("float[3, 4]").
  static std::shared_ptr<Storage> allocate(size_t bytes, std::string_view what = {});
  // Owned bytes left as the allocator gives them, for a kernel that writes every byte.
  static std::shared_ptr<Storage> allocate_uninitialized(size_t bytes, std::string_view what = {});
  // Bytes owned elsewhere; `owner` keeps them alive for as long as this storage lives.
  static std::shared_ptr<Storage> view(const std::byte* data, size_t bytes, std::shared_ptr<const void> owner);

  const std::byte* data() const { return data_; }
  std::byte* mutable_data();  // only for storage made by allocate()
  size_t size() const { return size_; }

 private:
  Storage() = default;
  std::unique_ptr<std::byte[]> owned_;
  const std::byte* data_ = nullptr;
  size_t size_ = 0;
  std::shared_ptr<const void> owner_;
  MemoryCharge charge_;
};

class Tensor {
 public:
  Tensor() = default;
  // Numeric tensor over `storage`, which must hold exactly storage_bytes(type, count) bytes.
  // Throws Error naming the mismatch otherwise.
  static Tensor from_storage(ElementType type, Shape shape, std::shared_ptr<const Storage> storage);
  // A zero-filled numeric tensor; write it through mutable_data() before sharing it.
  static Tensor zeros(ElementType type, Shape shape);
  // Like zeros(), without the zero fill: for kernels that write every element (strings are empty).
  static Tensor uninitialized(ElementType type, Shape shape);
  static Tensor from_strings(Shape shape, std::vector<std::string> values);
  // Convenience for tests and small constants: copies `values` (plain C++ element type).
  template <class V>
  static Tensor from_values(ElementType type, Shape shape, const std::vector<V>& values);

  ElementType type() const { return type_; }
  const Shape& shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  int64_t element_count() const { return count_; }
  bool is_string() const { return type_ == ElementType::String; }

  // Raw little-endian bytes of a numeric tensor (packed for 4- and 2-bit types).
  const std::byte* data() const;
  std::span<const std::byte> bytes() const;
  std::byte* mutable_data();  // only while the tensor is being built (storage from zeros())
  // Only while a string tensor is being built (from zeros() or uninitialized()).
  std::vector<std::string>& mutable_strings();
  template <class V>
  const V* data_as() const {
    return reinterpret_cast<const V*>(data());
  }
  const std::vector<std::string>& strings() const;

  // Same elements, same storage, new shape. The element counts must be equal.
  Tensor reshaped(Shape new_shape) const;
  // True when both tensors refer to the very same storage object.
  bool shares_storage_with(const Tensor& other) const;
  const std::shared_ptr<const Storage>& storage() const { return storage_; }

  // Exact equality of type, shape and every bit of the data.
  bool identical_to(const Tensor& other) const;
  // "float16[2, 3]"
  std::string describe() const;

 private:
  static Tensor allocate_tensor(ElementType type, Shape shape, bool zero_fill);
  // Keeps `charge` for as long as the strings live (a string tensor has no Storage to hold it).
  void attach_charge(MemoryCharge charge);
  ElementType type_ = ElementType::Undefined;
  Shape shape_;
  int64_t count_ = 0;
  std::shared_ptr<const Storage> storage_;
  std::shared_ptr<const std::vector<std::string>> strings_;
};

template <class V>
Tensor Tensor::from_values(ElementType type, Shape shape, const std::vector<V>& values) {
  Tensor t = zeros(type, std::move(shape));
  if (static_cast<int64_t>(values.size()) != t.element_count() || sizeof(V) * 8 != static_cast<size_t>(bits_of(type)))
    throw std::logic_error("Tensor::from_values: value count or width does not match");
  if (!values.empty()) std::memcpy(t.mutable_data(), values.data(), values.size() * sizeof(V));
  return t;
}

}  // namespace onnx_ref
