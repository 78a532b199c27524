// ONNX Tile, every version (1, 6, 13).
//
// Tile-6 and 13 (13 adds bfloat16) take `repeats`, a 1-D int64 tensor with one entry per input
// dimension. Tile-1 takes two more inputs, `tiles` (how many copies) and `axis` (along which
// dimension), which its schema types as T, the float type of the data, while describing them as
// counts; the schema also declares a T1 = int64 that no input uses. onnx-ref follows the typing the
// schema states (it is what a loader checks against): tiles and axis are float16/float/double
// tensors of the data's type, each holding one value that must be a whole number; axis ranges over
// 0 to rank-1 (no negative axes before opset 11, like the other version-1 operators), tiles must
// not be negative.
//
// The kernel copies each input row once and replicates rows, then whole blocks, inside the output
// by doubling copies, so it runs at about memcpy speed whatever the repeats.
#include "ops/movement/tile.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "ops/movement/expand.h"
#include "ops/movement/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref {

Shape tile_output_shape(const Shape& input, std::span<const int64_t> repeats) {
  if (repeats.size() != input.size())
    throw Error("repeats has " + std::to_string(repeats.size()) + " entries but the input has rank " +
                std::to_string(input.size()) + "; it needs one per input dimension");
  Shape out(input.size());
  for (size_t i = 0; i < input.size(); ++i) {
    if (repeats[i] < 0)
      throw Error("repeats[" + std::to_string(i) + "] = " + std::to_string(repeats[i]) + " is negative");
    if (__builtin_mul_overflow(input[i], repeats[i], &out[i]))
      throw Error("repeats[" + std::to_string(i) + "] = " + std::to_string(repeats[i]) + " times input dimension " +
                  std::to_string(i) + " (" + std::to_string(input[i]) + ") overflows int64");
  }
  if (!checked_element_count(out))
    throw Error("tiling " + shape_to_string(input) + " gives the shape " + shape_to_string(out) +
                ", whose element count overflows int64");
  return out;
}

std::vector<int64_t> tile1_repeats(const Shape& input, int64_t tiles, int64_t axis) {
  const auto rank = static_cast<int64_t>(input.size());
  if (axis < 0 || axis >= rank)
    throw Error("axis = " + std::to_string(axis) + " is out of range for rank " + std::to_string(rank) +
                (rank > 0 ? " (valid: 0 to " + std::to_string(rank - 1) + ")" : " (a scalar has no axis)"));
  if (tiles < 0) throw Error("tiles = " + std::to_string(tiles) + " is negative");
  std::vector<int64_t> repeats(input.size(), 1);
  repeats[static_cast<size_t>(axis)] = tiles;
  return repeats;
}

int64_t integer_from_float_tensor(const Tensor& t, const char* what) {
  if (t.element_count() != 1) throw Error(std::string(what) + " must hold one value, but it is " + t.describe());
  const double v = read_real(t.type(), t.data(), 0);
  // 2^63 is exactly representable; everything below it that is whole converts exactly.
  if (!(v == std::trunc(v)) || v < -9223372036854775808.0 || v >= 9223372036854775808.0) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);
    throw Error(std::string(what) + " = " + text + " is not an integer that fits int64");
  }
  return static_cast<int64_t>(v);
}

namespace {

// One loop of the copy: `in` input elements, repeated `repeats` times.
struct TileLoop {
  int64_t in;
  int64_t repeats;
};

struct TileWalk {
  const Tensor& in;
  Tensor& out;
  std::vector<TileLoop> loops;
  std::vector<int64_t> src_strides, dst_strides;  // per loop: one step of its input index

  void run(size_t d, int64_t src, int64_t dst) {
    const TileLoop& l = loops[d];
    if (d + 1 == loops.size()) {
      copy_elements(in, src, out, dst, l.in);
    } else {
      for (int64_t i = 0; i < l.in; ++i) run(d + 1, src + i * src_strides[d], dst + i * dst_strides[d]);
    }
    replicate_block(out, dst, l.in * dst_strides[d], l.repeats);
  }
};

}  // namespace

Tensor tile(const Tensor& input, std::span<const int64_t> repeats) {
  Tensor out = Tensor::uninitialized(input.type(), tile_output_shape(input.shape(), repeats));
  if (out.element_count() == 0) return out;
  TileWalk walk{input, out, {}, {}, {}};
  for (size_t i = 0; i < repeats.size(); ++i) {
    const int64_t d = input.shape()[i];
    if (d == 1 && repeats[i] == 1) continue;
    // Neighbouring dimensions that are not repeated are one contiguous run.
    if (repeats[i] == 1 && !walk.loops.empty() && walk.loops.back().repeats == 1) {
      walk.loops.back().in *= d;
      continue;
    }
    walk.loops.push_back({d, repeats[i]});
  }
  if (walk.loops.empty()) {
    copy_elements(input, 0, out, 0, 1);
    return out;
  }
  const size_t n = walk.loops.size();
  walk.src_strides.resize(n);
  walk.dst_strides.resize(n);
  int64_t src = 1, dst = 1;
  for (size_t i = n; i-- > 0;) {
    walk.src_strides[i] = src;
    walk.dst_strides[i] = dst;
    src *= walk.loops[i].in;
    dst *= walk.loops[i].in * walk.loops[i].repeats;
  }
  walk.run(0, 0, 0);
  return out;
}

namespace {

std::vector<int64_t> read_repeats(const Tensor& t) {
  if (t.rank() != 1) throw Error("repeats must be 1-D, but it is " + t.describe());
  std::vector<int64_t> values(static_cast<size_t>(t.element_count()));
  for (int64_t i = 0; i < t.element_count(); ++i) values[static_cast<size_t>(i)] = read_int64(t.type(), t.data(), i);
  return values;
}

std::vector<Value> tile_kernel(const KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  return {tile(input, read_repeats(ctx.input(1)))};
}

std::vector<Value> tile1_kernel(const KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  const int64_t tiles = integer_from_float_tensor(ctx.input(1), "tiles");
  const int64_t axis = integer_from_float_tensor(ctx.input(2), "axis");
  return {tile(input, tile1_repeats(input.shape(), tiles, axis))};
}

OpVersion tile_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Tile";
  v.since_version = since_version;
  v.inputs = {{"input", "T"}, {"repeats", "T1"}};
  v.outputs = {{"output", "T"}};
  v.type_constraints = {{"T", types}, {"T1", type_sets::kInt64}};
  v.kernel = tile_kernel;
  return v;
}

OpVersion tile_v1() {
  OpVersion v;
  v.op_type = "Tile";
  v.since_version = 1;
  v.inputs = {{"input", "T"}, {"tiles", "T"}, {"axis", "T"}};
  v.outputs = {{"output", "T"}};
  // T1 is declared by the schema and bound by no input.
  v.type_constraints = {{"T", type_sets::kFloats}, {"T1", type_sets::kInt64}};
  v.kernel = tile1_kernel;
  return v;
}

}  // namespace

void register_tile(Registry& registry) {
  registry.add(tile_v1());
  registry.add(tile_version(6, type_sets::kClassic));
  registry.add(tile_version(13, type_sets::kWithBFloat16));  // + bfloat16
  registry.declare_accuracy("Tile", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
