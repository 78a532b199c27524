// ONNX SplitToSequence (11, 24): `input` cut along `axis` into a sequence.
// - no `split`: pieces of length 1; keepdims = 0 removes the axis from each piece;
// - a scalar `split`: pieces of that length, the last one shorter when it does not divide;
// - a 1-D `split`: those lengths, which add up to the axis length.
// keepdims applies only without `split`.
#include "ops/axis.h"
#include "ops/sequence/register.h"
#include "ops/sequence/sequence_rules.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// The pieces' lengths, with `charge` holding their bytes and those of the pieces' Tensor objects:
// an empty input of [10^9, 0] splits into 10^9 pieces, so the count is charged before either list
// is built.
std::vector<int64_t> piece_lengths(const KernelContext& ctx, int64_t dim, MemoryCharge& charge) {
  const auto charge_pieces = [&](uint64_t pieces) {
    charge = charge_memory(checked_bytes(pieces, sizeof(int64_t) + sizeof(Tensor), "SplitToSequence's pieces"),
                           "SplitToSequence's pieces");
  };
  if (!ctx.has_input(1)) {
    charge_pieces(static_cast<uint64_t>(dim));
    return std::vector<int64_t>(static_cast<size_t>(dim), 1);
  }
  const Tensor& split = ctx.input(1);
  if (split.rank() == 0) {
    const int64_t len = read_int64(split.type(), split.data(), 0);
    if (len <= 0) throw Error("split is " + std::to_string(len) + "; a piece length is positive");
    charge_pieces(static_cast<uint64_t>(dim / len + 1));
    std::vector<int64_t> lengths(static_cast<size_t>(dim / len), len);
    if (dim % len) lengths.push_back(dim % len);
    return lengths;
  }
  if (split.rank() != 1) throw Error("split is " + split.describe() + "; it is a scalar or 1-D");
  std::vector<int64_t> lengths;
  int64_t total = 0;
  for (int64_t i = 0; i < split.element_count(); ++i) {
    const int64_t len = read_int64(split.type(), split.data(), i);
    if (len < 0)
      throw Error("split[" + std::to_string(i) + "] is " + std::to_string(len) + "; lengths are not negative");
    if (len > dim - total) throw Error("the split lengths add up to more than the axis length " + std::to_string(dim));
    total += len;
    lengths.push_back(len);
  }
  if (total != dim)
    throw Error("the split lengths add up to " + std::to_string(total) + ", not the axis length " +
                std::to_string(dim));
  return lengths;
}

// axis and keepdims, parsed at load; the axis is checked against the rank per call.
struct SplitToSequenceParams {
  int64_t axis = 0, keepdims = 1;
};

SplitToSequenceParams parse_split_to_sequence(const Attributes& attrs) {
  const int64_t keepdims = attrs.get_int("keepdims");
  if (keepdims != 0 && keepdims != 1) throw Error("keepdims is " + std::to_string(keepdims) + "; it is 0 or 1");
  return {attrs.get_int("axis"), keepdims};
}

std::vector<Value> split_to_sequence(const KernelContext& ctx, const SplitToSequenceParams& params) {
  const Tensor& input = ctx.input(0);
  const int64_t axis = normalize_axis(params.axis, input.rank(), AxisRange::Signed);
  const int64_t keepdims = params.keepdims;
  const Shape& shape = input.shape();
  const int64_t dim = shape[static_cast<size_t>(axis)];
  MemoryCharge pieces_charge;
  const auto lengths = piece_lengths(ctx, dim, pieces_charge);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= shape[static_cast<size_t>(d)];
  for (size_t d = static_cast<size_t>(axis) + 1; d < shape.size(); ++d) inner *= shape[d];
  std::vector<Tensor> items;
  int64_t start = 0;
  for (int64_t len : lengths) {
    Shape piece_shape = shape;
    piece_shape[static_cast<size_t>(axis)] = len;
    Tensor piece = Tensor::uninitialized(input.type(), piece_shape);
    for (int64_t o = 0; o < outer && len * inner > 0; ++o)
      copy_elements(input, (o * dim + start) * inner, piece, o * len * inner, len * inner);
    if (!ctx.has_input(1) && keepdims == 0) {
      piece_shape.erase(piece_shape.begin() + axis);
      piece = piece.reshaped(piece_shape);
    }
    items.push_back(std::move(piece));
    start += len;
  }
  return {Value::sequence(input.type(), std::move(items))};
}

OpVersion split_to_sequence_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "SplitToSequence";
  v.since_version = since;
  v.inputs = {{"input", "T"}, {"split", "I", ParamOption::Optional}};
  v.outputs = {{"output_sequence", "S"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{0}}, {"keepdims", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T", types}, sequence::positions(), sequence::sequences(types)};
  v.infer_outputs = [](const Attributes&, const std::vector<std::optional<ValueType>>& in, size_t) {
    return std::vector<std::optional<ValueType>>{sequence::sequence_of(in[0])};
  };
  v.set_kernel(parse_split_to_sequence, split_to_sequence);
  return v;
}

}  // namespace

void register_split_to_sequence(Registry& registry) {
  registry.add(split_to_sequence_version(11, type_sets::kClassic));
  registry.add(split_to_sequence_version(24, type_sets::kWithBFloat16));  // + bfloat16
  registry.declare_accuracy("SplitToSequence", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
