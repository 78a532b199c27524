// ONNX StringSplit, every version (20).
// Y holds the substrings of each element along a new last axis, padded with empty strings to the
// largest count; Z (int64, X's shape) the count of each element. Contract: exact.
// - With a non-empty `delimiter`: every occurrence, left to right, delimits (consecutive ones delimit
//   empty strings); an empty element gives one empty substring. This is Python's str.split(sep),
//   which ONNX's reference runs.
// - Without one (unset or ""): runs of whitespace separate, leading and trailing whitespace is
//   dropped, an element of only whitespace gives no substring (str.split()). Whitespace is what
//   Python's str.isspace accepts, decoded from UTF-8: U+0009-000D, U+001C-001F, U+0020, U+0085,
//   U+00A0, U+1680, U+2000-200A, U+2028, U+2029, U+202F, U+205F, U+3000; bytes that are not valid
//   UTF-8 are never whitespace.
// - `maxsplit` >= 0 limits the splits from the left; the rest of the element (from the start of
//   the next substring: whitespace after the last split is dropped in whitespace mode, as Python
//   does) is the last substring. Unset: no limit. A negative maxsplit is refused.
// The padded output's size is checked before it is allocated.
#include <string>
#include <string_view>

#include "ops/text/register.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// The length of the whitespace character at s[i], or 0 when there is none.
size_t string_split_whitespace_at(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  const unsigned c = b(i);
  if ((c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20)) return 1;
  if (c == 0xC2 && (b(i + 1) == 0x85 || b(i + 1) == 0xA0)) return 2;
  if (c == 0xE1 && b(i + 1) == 0x9A && b(i + 2) == 0x80) return 3;  // U+1680
  if (c == 0xE2 && b(i + 1) == 0x80) {
    const unsigned d = b(i + 2);
    if ((d >= 0x80 && d <= 0x8A) || d == 0xA8 || d == 0xA9 || d == 0xAF) return 3;  // U+2000-200A, 2028, 2029, 202F
  }
  if (c == 0xE2 && b(i + 1) == 0x81 && b(i + 2) == 0x9F) return 3;  // U+205F
  if (c == 0xE3 && b(i + 1) == 0x80 && b(i + 2) == 0x80) return 3;  // U+3000
  return 0;
}

std::vector<std::string> string_split_one(std::string_view s, const std::string& delimiter, int64_t maxsplit) {
  std::vector<std::string> parts;
  int64_t splits = 0;
  if (!delimiter.empty()) {
    size_t start = 0;
    while (maxsplit < 0 || splits < maxsplit) {
      const size_t at = s.find(delimiter, start);
      if (at == std::string_view::npos) break;
      parts.emplace_back(s.substr(start, at - start));
      start = at + delimiter.size();
      ++splits;
    }
    parts.emplace_back(s.substr(start));
    return parts;
  }
  size_t i = 0;
  for (;;) {
    while (i < s.size()) {
      const size_t w = string_split_whitespace_at(s, i);
      if (!w) break;
      i += w;
    }
    if (i >= s.size()) break;
    if (maxsplit >= 0 && splits >= maxsplit) {
      parts.emplace_back(s.substr(i));  // the rest, trailing whitespace kept
      break;
    }
    const size_t start = i;
    while (i < s.size() && !string_split_whitespace_at(s, i)) ++i;
    parts.emplace_back(s.substr(start, i - start));
    ++splits;
  }
  return parts;
}

// delimiter and maxsplit, parsed and checked at load (-1: no limit).
struct StringSplitParams {
  std::string delimiter;
  int64_t maxsplit = -1;
};

StringSplitParams parse_string_split(const Attributes& attrs) {
  StringSplitParams p;
  if (attrs.has("delimiter")) p.delimiter = std::get<std::string>(attrs.get("delimiter"));
  if (attrs.has("maxsplit")) {
    p.maxsplit = attrs.get_int("maxsplit");
    if (p.maxsplit < 0) throw Error("attribute 'maxsplit' = " + std::to_string(p.maxsplit) + " is negative");
  }
  return p;
}

std::vector<Value> string_split(const KernelContext& ctx, const StringSplitParams& params) {
  const Tensor& x = ctx.input(0);
  const std::string& delimiter = params.delimiter;
  const int64_t maxsplit = params.maxsplit;
  std::vector<std::vector<std::string>> split;
  split.reserve(x.strings().size());
  size_t widest = 0;
  // The substrings of each element, charged as each element is split (at most its characters and
  // one std::string per piece, so an element is never more than a bounded multiple of its size).
  MemoryCharge split_charge = charge_scratch<std::vector<std::string>>(x.strings().size(), "StringSplit's substrings");
  for (const std::string& s : x.strings()) {
    split_charge.absorb(charge_memory(checked_bytes(s.size() / std::max<size_t>(delimiter.size(), 1) + 1,
                                                    sizeof(std::string), "StringSplit's substrings") +
                                          s.size(),
                                      "StringSplit's substrings"));
    split.push_back(string_split_one(s, delimiter, maxsplit));
    widest = std::max(widest, split.back().size());
  }
  Shape y_shape = x.shape();
  y_shape.push_back(static_cast<int64_t>(widest));
  // Each substring is at most its element; the padding is empty strings: refuse absurd counts.
  if (widest && static_cast<unsigned __int128>(split.size()) * widest > (uint64_t{1} << 32))
    throw Error("the padded output would hold " + std::to_string(split.size()) + " x " + std::to_string(widest) +
                " strings, beyond 2^32");
  Tensor y = Tensor::uninitialized(ElementType::String, y_shape);
  Tensor z = Tensor::uninitialized(ElementType::Int64, x.shape());
  std::vector<std::string>& ys = y.mutable_strings();
  int64_t* counts = x.element_count() ? reinterpret_cast<int64_t*>(z.mutable_data()) : nullptr;
  for (size_t e = 0; e < split.size(); ++e) {
    counts[e] = static_cast<int64_t>(split[e].size());
    for (size_t k = 0; k < split[e].size(); ++k) ys[e * widest + k] = std::move(split[e][k]);
  }
  return {y, z};
}

}  // namespace

void register_string_split(Registry& registry) {
  OpVersion v;
  v.op_type = "StringSplit";
  v.since_version = 20;
  v.inputs = {{"X", "T1"}};
  v.outputs = {{"Y", "T2"}, {"Z", "T3"}};
  v.attributes = {{"delimiter", AttrType::String}, {"maxsplit", AttrType::Int}};
  v.type_constraints = {
      {"T1", TypeSet{ElementType::String}}, {"T2", TypeSet{ElementType::String}}, {"T3", TypeSet{ElementType::Int64}}};
  v.set_kernel(parse_string_split, string_split);
  registry.add(std::move(v));
  registry.declare_accuracy("StringSplit", {AccuracyKind::Exact, "substrings and counts"});
}

}  // namespace onnx_ref
