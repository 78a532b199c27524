// ONNX DepthToSpace (1; 11 adds mode DCR/CRD; 13 adds bfloat16) and SpaceToDepth (1; 13 adds
// bfloat16). Both are a reshape, a transpose and a reshape of an NCHW tensor with block size b:
//   DepthToSpace DCR: [N, b, b, C/b², H, W] -> perm [0, 3, 4, 1, 5, 2] -> [N, C/b², H·b, W·b]
//   DepthToSpace CRD: [N, C/b², b, b, H, W] -> perm [0, 1, 4, 2, 5, 3] -> [N, C/b², H·b, W·b]
//   SpaceToDepth:     [N, C, H/b, b, W/b, b] -> perm [0, 3, 5, 1, 2, 4] -> [N, C·b², H/b, W/b]
// The copy is the 6-D transpose, one strided gather per output row.
#include <array>

#include "ops/movement/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// out = transpose(in viewed as `dims`, `perm`), written in row-major order.
Tensor transpose6(const Tensor& in, const std::array<int64_t, 6>& dims, const std::array<int, 6>& perm,
                  const Shape& out_shape) {
  Tensor out = Tensor::uninitialized(in.type(), out_shape);
  if (out.element_count() == 0) return out;
  std::array<int64_t, 6> in_strides{}, od{}, os{};
  in_strides[5] = 1;
  for (int d = 4; d >= 0; --d)
    in_strides[static_cast<size_t>(d)] = in_strides[static_cast<size_t>(d) + 1] * dims[static_cast<size_t>(d) + 1];
  for (size_t d = 0; d < 6; ++d) {
    od[d] = dims[static_cast<size_t>(perm[d])];
    os[d] = in_strides[static_cast<size_t>(perm[d])];
  }
  std::array<int64_t, 5> counter{};
  int64_t src = 0;
  for (int64_t dst = 0; dst < out.element_count(); dst += od[5]) {
    gather_strided(in, src, os[5], out, dst, od[5]);
    for (int d = 4; d >= 0; --d) {
      const auto du = static_cast<size_t>(d);
      if (++counter[du] < od[du]) {
        src += os[du];
        break;
      }
      src -= os[du] * (od[du] - 1);
      counter[du] = 0;
    }
  }
  return out;
}

// blocksize and mode, parsed at load. DepthToSpace-1 has no mode: it is DCR.
struct BlockParams {
  int64_t blocksize = 1;
  bool crd = false;
};

BlockParams parse_block(const Attributes& attrs) {
  BlockParams p;
  p.blocksize = attrs.get_int("blocksize");
  if (p.blocksize < 1) throw Error("blocksize = " + std::to_string(p.blocksize) + " must be at least 1");
  p.crd = attrs.has("mode") && std::get<std::string>(attrs.get("mode")) == "CRD";
  return p;
}

void check_rank_4(const Tensor& in) {
  if (in.rank() != 4) throw Error("the input must be 4-D (N, C, H, W), but it is " + in.describe());
}

std::vector<Value> depth_to_space(const KernelContext& ctx, const BlockParams& params) {
  const Tensor& in = ctx.input(0);
  check_rank_4(in);
  const int64_t b = params.blocksize;
  const auto& s = in.shape();
  int64_t bb = 0;
  if (__builtin_mul_overflow(b, b, &bb) || s[1] % bb != 0)
    throw Error("the input's " + std::to_string(s[1]) + " channels do not divide by blocksize² (blocksize " +
                std::to_string(b) + ")");
  const int64_t c = s[1] / bb;
  Shape out_shape{s[0], c, 0, 0};
  if (__builtin_mul_overflow(s[2], b, &out_shape[2]) || __builtin_mul_overflow(s[3], b, &out_shape[3]))
    throw Error("the output's height or width overflows int64");
  if (!params.crd) return {transpose6(in, {s[0], b, b, c, s[2], s[3]}, {0, 3, 4, 1, 5, 2}, out_shape)};
  return {transpose6(in, {s[0], c, b, b, s[2], s[3]}, {0, 1, 4, 2, 5, 3}, out_shape)};
}

std::vector<Value> space_to_depth(const KernelContext& ctx, const BlockParams& params) {
  const Tensor& in = ctx.input(0);
  check_rank_4(in);
  const int64_t b = params.blocksize;
  const auto& s = in.shape();
  if (s[2] % b != 0 || s[3] % b != 0)
    throw Error("the input's height " + std::to_string(s[2]) + " and width " + std::to_string(s[3]) +
                " must divide by blocksize " + std::to_string(b));
  Shape out_shape{s[0], 0, s[2] / b, s[3] / b};
  if (__builtin_mul_overflow(s[1], b * b, &out_shape[1])) throw Error("the output's channel count overflows int64");
  return {transpose6(in, {s[0], s[1], s[2] / b, b, s[3] / b, b}, {0, 3, 5, 1, 2, 4}, out_shape)};
}

void check_mode(const Attributes& a) {
  const auto& mode = std::get<std::string>(a.get("mode"));
  if (mode != "DCR" && mode != "CRD")
    throw Error("attribute 'mode' must be \"DCR\" or \"CRD\", got " + quote_text(mode));
}

OpVersion block_version(const char* op, int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = op;
  v.since_version = since;
  v.inputs = {{"input", "T"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"blocksize", AttrType::Int, true}};
  v.type_constraints = {{"T", types}};
  return v;
}

}  // namespace

void register_depth_to_space(Registry& registry) {
  using namespace type_sets;
  for (const auto& [since, types] : {std::pair<int, TypeSet>{1, kClassic}, {11, kClassic}, {13, kWithBFloat16}}) {
    OpVersion v = block_version("DepthToSpace", since, types);
    if (since >= 11) {
      v.attributes.push_back({"mode", AttrType::String, false, std::string("DCR")});
      v.check_attributes = check_mode;
    }
    v.set_kernel(parse_block, depth_to_space);
    registry.add(std::move(v));
  }
  registry.declare_accuracy("DepthToSpace", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

void register_space_to_depth(Registry& registry) {
  using namespace type_sets;
  for (const auto& [since, types] : {std::pair<int, TypeSet>{1, kClassic}, {13, kWithBFloat16}}) {
    OpVersion v = block_version("SpaceToDepth", since, types);
    v.set_kernel(parse_block, space_to_depth);
    registry.add(std::move(v));
  }
  registry.declare_accuracy("SpaceToDepth", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
