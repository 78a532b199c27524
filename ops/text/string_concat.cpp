// ONNX StringConcat, every version (20).
// Z = X + Y element by element, bytes appended as they are, with multidirectional (NumPy)
// broadcasting (ops/broadcast.h). Contract: exact.
#include "ops/broadcast.h"
#include "ops/text/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

std::vector<Value> string_concat(const KernelContext& ctx) {
  const Tensor& x = ctx.input(0);
  const Tensor& y = ctx.input(1);
  const Shape out_shape = broadcast_shapes(x.shape(), y.shape());
  const std::vector<std::string>& xs = x.strings();
  const std::vector<std::string>& ys = y.strings();
  const std::array<const Shape*, 2> ins = {&x.shape(), &y.shape()};
  // Broadcasting repeats a long string as often as the other input has elements: the characters of
  // the output are counted and checked against the run's budget before any is written.
  if (checked_element_count(out_shape)) {
    unsigned __int128 characters = 0;
    for_each_broadcast_row<2>(
        out_shape, ins,
        [&](int64_t, const std::array<int64_t, 2>& offsets, const std::array<int64_t, 2>& steps, int64_t row) {
          for (int64_t i = 0; i < row; ++i)
            characters += xs[offsets[0] + i * steps[0]].size() + ys[offsets[1] + i * steps[1]].size();
        });
    check_memory(static_cast<uint64_t>(std::min<unsigned __int128>(characters, UINT64_MAX)),
                 "StringConcat's characters");
  }
  Tensor out = Tensor::uninitialized(ElementType::String, out_shape);
  std::vector<std::string>& z = out.mutable_strings();
  for_each_broadcast_row<2>(
      out_shape, ins,
      [&](int64_t out_offset, const std::array<int64_t, 2>& offsets, const std::array<int64_t, 2>& steps, int64_t row) {
        for (int64_t i = 0; i < row; ++i) {
          const std::string& a = xs[offsets[0] + i * steps[0]];
          const std::string& b = ys[offsets[1] + i * steps[1]];
          std::string& r = z[out_offset + i];
          r.reserve(a.size() + b.size());
          r = a;
          r += b;
        }
      });
  return {out};
}

}  // namespace

void register_string_concat(Registry& registry) {
  OpVersion v;
  v.op_type = "StringConcat";
  v.since_version = 20;
  v.inputs = {{"X", "T"}, {"Y", "T"}};
  v.outputs = {{"Z", "T"}};
  v.type_constraints = {{"T", TypeSet{ElementType::String}}};
  v.kernel = string_concat;
  registry.add(std::move(v));
  registry.declare_accuracy("StringConcat", {AccuracyKind::Exact, "the bytes appended"});
}

}  // namespace onnx_ref
