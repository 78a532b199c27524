#pragma once
// How deeply the messages of a protobuf encoding nest, read from the wire format alone, so that a
// model protobuf refuses for its recursion limit (100 levels) can be reported as nested too deeply
// rather than as bytes that do not parse.
#include <cstddef>
#include <cstdint>

namespace onnx_ref {

// protobuf's default recursion limit, which ModelProto parsing keeps.
inline constexpr size_t kProtobufRecursionLimit = 100;

// The nesting depth of the message in `data`, counting a length-delimited field as a nested message
// when its payload is itself a well-formed sequence of fields. Stops counting past `stop_after`
// levels (returns stop_after + 1 then) and gives 0 when `data` is not well-formed at the top or the
// scan would read more than `max_bytes` bytes in all.
size_t wire_nesting_depth(const uint8_t* data, size_t size, size_t stop_after, uint64_t max_bytes = uint64_t{1} << 28);

}  // namespace onnx_ref
