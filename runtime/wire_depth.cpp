#include "runtime/wire_depth.h"

#include <vector>

namespace onnx_ref {

namespace {

bool read_varint(const uint8_t*& p, const uint8_t* end, uint64_t* value) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64 && p < end; shift += 7) {
    const uint8_t b = *p++;
    v |= static_cast<uint64_t>(b & 0x7F) << shift;
    if (!(b & 0x80)) {
      *value = v;
      return true;
    }
  }
  return false;
}

// Calls on_payload(begin, end) for each length-delimited field; false when the bytes are not a
// well-formed sequence of fields (groups are not used by ONNX and count as malformed).
template <class F>
bool for_each_field(const uint8_t* p, const uint8_t* end, F&& on_payload) {
  while (p < end) {
    uint64_t tag = 0;
    if (!read_varint(p, end, &tag) || (tag >> 3) == 0) return false;
    switch (tag & 7) {
      case 0: {
        uint64_t ignored;
        if (!read_varint(p, end, &ignored)) return false;
        break;
      }
      case 1:
        if (end - p < 8) return false;
        p += 8;
        break;
      case 5:
        if (end - p < 4) return false;
        p += 4;
        break;
      case 2: {
        uint64_t length = 0;
        if (!read_varint(p, end, &length) || length > static_cast<uint64_t>(end - p)) return false;
        on_payload(p, p + length);
        p += length;
        break;
      }
      default:
        return false;
    }
  }
  return true;
}

}  // namespace

size_t wire_nesting_depth(const uint8_t* data, size_t size, size_t stop_after, uint64_t max_bytes) {
  struct Span {
    const uint8_t* begin;
    const uint8_t* end;
    size_t depth;
  };
  uint64_t read = size;
  if (!for_each_field(data, data + size, [](const uint8_t*, const uint8_t*) {})) return 0;
  std::vector<Span> stack{{data, data + size, 1}};
  size_t deepest = 1;
  while (!stack.empty()) {
    const Span s = stack.back();
    stack.pop_back();
    for_each_field(s.begin, s.end, [&](const uint8_t* b, const uint8_t* e) {
      if (b == e || deepest > stop_after || read > max_bytes) return;
      read += static_cast<uint64_t>(e - b);
      if (!for_each_field(b, e, [](const uint8_t*, const uint8_t*) {})) return;
      deepest = std::max(deepest, s.depth + 1);
      stack.push_back({b, e, s.depth + 1});
    });
    if (deepest > stop_after) return stop_after + 1;
    if (read > max_bytes) return 0;
  }
  return deepest;
}

}  // namespace onnx_ref
