// Nesting depth from the protobuf wire format, and the message for models nested too deeply.
#include <doctest/doctest.h>

#include <string>

#include "interpreter/model.h"
#include "runtime/error.h"
#include "runtime/wire_depth.h"

using namespace onnx_ref;

namespace {

std::string varint(uint64_t v) {
  std::string s;
  do {
    s += static_cast<char>((v & 0x7F) | (v > 0x7F ? 0x80 : 0));
    v >>= 7;
  } while (v);
  return s;
}
std::string field(int number, const std::string& payload) {
  return varint(static_cast<uint64_t>(number) << 3 | 2) + varint(payload.size()) + payload;
}

// A ModelProto whose graph holds a node whose attribute holds a graph ... `levels` times.
std::string deep_model(int levels) {
  std::string graph = field(2, "leaf");                                          // GraphProto.name
  for (int i = 0; i < levels; ++i) graph = field(1, field(5, field(6, graph)));  // node / attribute / g
  return varint(1 << 3) + varint(8) + field(7, graph);                           // ir_version 8, graph
}

size_t depth(const std::string& bytes, size_t stop = 1000) {
  return wire_nesting_depth(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), stop);
}

}  // namespace

TEST_CASE("wire depth counts nested messages") {
  CHECK(depth(varint(8) + varint(3)) == 1);
  CHECK(depth(field(7, field(2, "g"))) == 2);  // "g" is not well-formed fields: a string, not a message
  CHECK(depth(deep_model(1)) == 5);
  CHECK(depth(deep_model(10)) == 32);
  CHECK(depth(deep_model(5000), 100) == 101);  // stops counting past the limit
  CHECK(depth("\xff\xff") == 0);               // not well-formed at the top
  CHECK(depth(deep_model(3), 1000) == wire_nesting_depth(reinterpret_cast<const uint8_t*>(deep_model(3).data()),
                                                         deep_model(3).size(), 1000, 1 << 20));
  CHECK(wire_nesting_depth(reinterpret_cast<const uint8_t*>(deep_model(100).data()), deep_model(100).size(), 1000,
                           64) == 0);  // over the byte budget
}

TEST_CASE("a model nested beyond protobuf's recursion limit says so") {
  CHECK_THROWS_WITH_AS(Model::load_bytes(deep_model(5000), {}, "deep.onnx"),
                       "deep.onnx: the model's messages nest more than 100 levels deep (graphs inside node attributes "
                       "inside graphs ...), beyond protobuf's recursion limit",
                       Error);
  CHECK_THROWS_WITH_AS(Model::load_bytes(std::string("\x08\x08\xff", 3), {}, "junk.onnx"),
                       "junk.onnx: not an ONNX model (the bytes do not parse as a ModelProto protobuf)", Error);
}
