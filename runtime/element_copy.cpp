#include "runtime/element_copy.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "runtime/raw_elements.h"

namespace onnx_ref {

namespace {

void check_same_type(const Tensor& src, const Tensor& dst) {
  if (src.type() != dst.type())
    throw std::logic_error("element copy between " + src.describe() + " and " + dst.describe());
}

}  // namespace

void copy_elements(const Tensor& src, int64_t src_index, Tensor& dst, int64_t dst_index, int64_t count) {
  check_same_type(src, dst);
  if (count <= 0) return;
  if (src.is_string()) {
    const auto& in = src.strings();
    std::copy_n(in.begin() + src_index, count, dst.mutable_strings().begin() + dst_index);
    return;
  }
  const int bits = bits_of(src.type());
  if (bits >= 8) {
    const size_t width = static_cast<size_t>(bits / 8);
    std::memcpy(dst.mutable_data() + static_cast<size_t>(dst_index) * width,
                src.data() + static_cast<size_t>(src_index) * width, static_cast<size_t>(count) * width);
    return;
  }
  const int per_byte = 8 / bits;
  std::byte* out = dst.mutable_data();
  int64_t i = 0;
  // Whole bytes when both sides start on a byte boundary.
  if (src_index % per_byte == 0 && dst_index % per_byte == 0 && count >= per_byte) {
    const int64_t bytes = count / per_byte;
    std::memcpy(out + dst_index / per_byte, src.data() + src_index / per_byte, static_cast<size_t>(bytes));
    i = bytes * per_byte;
  }
  for (; i < count; ++i) raw::store_packed(out, dst_index + i, bits, raw::load_packed(src.data(), src_index + i, bits));
}

void fill_elements(const Tensor& src, int64_t src_index, Tensor& dst, int64_t dst_index, int64_t count) {
  check_same_type(src, dst);
  if (count <= 0) return;
  if (src.is_string()) {
    auto& out = dst.mutable_strings();
    std::fill_n(out.begin() + dst_index, count, src.strings()[static_cast<size_t>(src_index)]);
    return;
  }
  const int bits = bits_of(src.type());
  if (bits < 8) {
    const unsigned v = raw::load_packed(src.data(), src_index, bits);
    for (int64_t i = 0; i < count; ++i) raw::store_packed(dst.mutable_data(), dst_index + i, bits, v);
    return;
  }
  const size_t width = static_cast<size_t>(bits / 8);
  std::byte* out = dst.mutable_data() + static_cast<size_t>(dst_index) * width;
  const std::byte* in = src.data() + static_cast<size_t>(src_index) * width;
  if (width == 1) {
    std::memset(out, static_cast<int>(*in), static_cast<size_t>(count));
    return;
  }
  // Doubling copies: log2(count) memcpy calls.
  std::memcpy(out, in, width);
  size_t done = 1;
  const auto total = static_cast<size_t>(count);
  while (done < total) {
    const size_t n = std::min(done, total - done);
    std::memcpy(out + done * width, out, n * width);
    done += n;
  }
}

namespace {
template <class Word>
void strided_words(const std::byte* in, int64_t stride, std::byte* out, int64_t count) {
  const Word* src = reinterpret_cast<const Word*>(in);
  Word* dst = reinterpret_cast<Word*>(out);
  for (int64_t i = 0; i < count; ++i) std::memcpy(dst + i, src + i * stride, sizeof(Word));
}
}  // namespace

void gather_strided(const Tensor& src, int64_t src_index, int64_t src_stride, Tensor& dst, int64_t dst_index,
                    int64_t count) {
  check_same_type(src, dst);
  if (count <= 0) return;
  if (src_stride == 1) return copy_elements(src, src_index, dst, dst_index, count);
  if (src.is_string()) {
    const auto& in = src.strings();
    auto& out = dst.mutable_strings();
    for (int64_t i = 0; i < count; ++i)
      out[static_cast<size_t>(dst_index + i)] = in[static_cast<size_t>(src_index + i * src_stride)];
    return;
  }
  const int bits = bits_of(src.type());
  if (bits < 8) {
    std::byte* out = dst.mutable_data();
    for (int64_t i = 0; i < count; ++i)
      raw::store_packed(out, dst_index + i, bits, raw::load_packed(src.data(), src_index + i * src_stride, bits));
    return;
  }
  const size_t width = static_cast<size_t>(bits / 8);
  const std::byte* in = src.data() + static_cast<size_t>(src_index) * width;
  std::byte* out = dst.mutable_data() + static_cast<size_t>(dst_index) * width;
  switch (width) {
    case 1:
      return strided_words<uint8_t>(in, src_stride, out, count);
    case 2:
      return strided_words<uint16_t>(in, src_stride, out, count);
    case 4:
      return strided_words<uint32_t>(in, src_stride, out, count);
    case 8:
      return strided_words<uint64_t>(in, src_stride, out, count);
    case 16:
      return strided_words<Bytes16>(in, src_stride, out, count);
  }
  throw std::logic_error("gather_strided: element width " + std::to_string(width));
}

Tensor filled_tensor(const Tensor& value, int64_t index, Shape shape) {
  Tensor out = Tensor::uninitialized(value.type(), std::move(shape));
  fill_elements(value, index, out, 0, out.element_count());
  return out;
}

}  // namespace onnx_ref
