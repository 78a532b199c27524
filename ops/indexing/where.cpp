// ONNX Where, every version (9, 16). 16 adds bfloat16.
//
// The output is visited row by row with for_each_broadcast_row. A row whose condition is one
// broadcast value is one copy (or fill) from X or Y. Otherwise, for elements of 1 to 16 bytes, a
// tight select loop; for strings and packed 4-/2-bit elements, each run of equal condition values
// is one copy or fill.
#include "ops/indexing/where.h"

#include <array>
#include <cstring>

#include "ops/broadcast.h"
#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"

namespace onnx_ref {

Shape where_output_shape(const Shape& condition, const Shape& x, const Shape& y) {
  const Shape all[] = {condition, x, y};
  Shape out = broadcast_shapes(all);
  if (!checked_element_count(out))
    throw Error("condition " + shape_to_string(condition) + ", X " + shape_to_string(x) + " and Y " +
                shape_to_string(y) + " broadcast to " + shape_to_string(out) + ", whose element count overflows int64");
  return out;
}

namespace {

template <class W>
void select_row(const uint8_t* cond, int64_t cond_step, const std::byte* x_bytes, int64_t x_step,
                const std::byte* y_bytes, int64_t y_step, std::byte* out_bytes, int64_t n) {
  const W* x = reinterpret_cast<const W*>(x_bytes);
  const W* y = reinterpret_cast<const W*>(y_bytes);
  W* out = reinterpret_cast<W*>(out_bytes);
  for (int64_t i = 0; i < n; ++i)
    std::memcpy(out + i, cond[i * cond_step] ? x + i * x_step : y + i * y_step, sizeof(W));
}

using SelectRow = void (*)(const uint8_t*, int64_t, const std::byte*, int64_t, const std::byte*, int64_t, std::byte*,
                           int64_t);

SelectRow select_row_for(ElementType type) {
  if (type == ElementType::String || is_sub_byte(type)) return nullptr;
  switch (bits_of(type) / 8) {
    case 1:
      return select_row<uint8_t>;
    case 2:
      return select_row<uint16_t>;
    case 4:
      return select_row<uint32_t>;
    case 8:
      return select_row<uint64_t>;
    case 16:
      return select_row<Bytes16>;
  }
  return nullptr;
}

// `count` elements of `src` from `index` (step 1) or its element `index` repeated (step 0).
void take(const Tensor& src, int64_t index, int64_t step, Tensor& out, int64_t at, int64_t count) {
  if (step == 0)
    fill_elements(src, index, out, at, count);
  else
    copy_elements(src, index, out, at, count);
}

}  // namespace

Tensor where(const Tensor& condition, const Tensor& x, const Tensor& y) {
  const Shape shape = where_output_shape(condition.shape(), x.shape(), y.shape());
  Tensor out = Tensor::uninitialized(x.type(), shape);
  if (out.element_count() == 0) return out;
  // bool is stored one byte per element, 0 or 1 (any non-zero byte counts as true).
  const auto* cond = reinterpret_cast<const uint8_t*>(condition.data());
  const SelectRow select = select_row_for(x.type());
  const size_t width = select ? static_cast<size_t>(bits_of(x.type()) / 8) : 0;
  const std::array<const Shape*, 3> ins = {&condition.shape(), &x.shape(), &y.shape()};
  for_each_broadcast_row<3>(
      shape, ins, [&](int64_t at, const std::array<int64_t, 3>& offset, const std::array<int64_t, 3>& step, int64_t n) {
        const uint8_t* c = cond + offset[0];
        if (step[0] == 0) {
          if (*c)
            take(x, offset[1], step[1], out, at, n);
          else
            take(y, offset[2], step[2], out, at, n);
          return;
        }
        if (select) {
          select(c, 1, x.data() + static_cast<size_t>(offset[1]) * width, step[1],
                 y.data() + static_cast<size_t>(offset[2]) * width, step[2],
                 out.mutable_data() + static_cast<size_t>(at) * width, n);
          return;
        }
        for (int64_t i = 0; i < n;) {
          const bool v = c[i] != 0;
          int64_t j = i + 1;
          while (j < n && (c[j] != 0) == v) ++j;
          if (v)
            take(x, offset[1] + i * step[1], step[1], out, at + i, j - i);
          else
            take(y, offset[2] + i * step[2], step[2], out, at + i, j - i);
          i = j;
        }
      });
  return out;
}

namespace {

std::vector<Value> where_kernel(const KernelContext& ctx) { return {where(ctx.input(0), ctx.input(1), ctx.input(2))}; }

OpVersion where_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Where";
  v.since_version = since_version;
  v.inputs = {{"condition", "B"}, {"X", "T"}, {"Y", "T"}};
  v.outputs = {{"output", "T"}};
  v.type_constraints = {{"B", type_sets::kBool}, {"T", types}};
  v.kernel = where_kernel;
  return v;
}

}  // namespace

void register_where(Registry& registry) {
  registry.add(where_version(9, type_sets::kClassic));
  registry.add(where_version(16, type_sets::kWithBFloat16));  // + bfloat16
  registry.declare_accuracy("Where", {AccuracyKind::Exact, "elements of X or Y, copied bit for bit"});
}

}  // namespace onnx_ref
