// ONNX Pad, every version (1, 2, 11, 13, 18, 19, 21, 23, 24, 25).
//   1: `paddings` and `value` attributes; float16/float/double.
//   2: the attribute is `pads`.
//  11: pads (int64) and the optional constant_value as inputs; every numeric type.
//  13: + bfloat16, bool, string, complex (every classic type).
//  18: the optional `axes` input names the padded axes (negative ones count from the back).
//  19: mode `wrap`.
//  21, 23, 24, 25: the types their IR versions added.
// pads holds the begin amounts of every padded axis, then the end amounts. Output dimension i is
// d + begin + end; output coordinate o reads input coordinate c = o - begin: inside [0, d) the input
// itself, outside it the mode's value: `constant` the constant (default 0, false or ""), `edge` the
// nearest edge element, `reflect` the mirror image without repeating the edge (as NumPy's pad, which
// the spec names: pads beyond d - 1 reflect again), `wrap` c modulo d. Negative pads remove elements
// (the same rule with begin < 0). Padding an empty dimension with edge, reflect or wrap is an error:
// there is nothing to repeat.
#include "ops/movement/pad.h"

#include <algorithm>
#include <set>

#include "ops/axis.h"
#include "ops/movement/register.h"
#include "ops/shape_input.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/run_limits.h"

namespace onnx_ref {

PadMode parse_pad_mode(const std::string& mode, int since) {
  if (mode == "constant") return PadMode::Constant;
  if (mode == "reflect") return PadMode::Reflect;
  if (mode == "edge") return PadMode::Edge;
  if (mode == "wrap" && since >= 19) return PadMode::Wrap;
  throw Error("mode " + quote_text(mode) + " is not one of constant, reflect, edge" + (since >= 19 ? ", wrap" : ""));
}

// The input coordinate output coordinate `o` reads along a dimension of size d padded by `begin`, or
// -1 for the constant.
int64_t pad_source(int64_t o, int64_t begin, int64_t d, PadMode mode) {
  const __int128 c = static_cast<__int128>(o) - begin;
  if (c >= 0 && c < d) return static_cast<int64_t>(c);
  switch (mode) {
    case PadMode::Constant:
      return -1;
    case PadMode::Edge:
      return c < 0 ? 0 : d - 1;
    case PadMode::Wrap: {
      __int128 m = c % d;
      return static_cast<int64_t>(m < 0 ? m + d : m);
    }
    case PadMode::Reflect: {
      if (d == 1) return 0;
      const __int128 period = 2 * static_cast<__int128>(d - 1);
      __int128 m = c % period;
      if (m < 0) m += period;
      return static_cast<int64_t>(m < d ? m : period - m);
    }
  }
  return -1;
}

namespace {

struct PadSpec {
  std::vector<int64_t> begin, end;  // per input dimension
};

PadSpec pad_spec(const Shape& shape, const std::vector<int64_t>& pads,
                 const std::optional<std::vector<int64_t>>& axes_given) {
  const auto rank = static_cast<int64_t>(shape.size());
  std::vector<int64_t> axes;
  if (axes_given) {
    std::set<int64_t> seen;
    for (size_t i = 0; i < axes_given->size(); ++i) {
      const int64_t a =
          normalize_axis((*axes_given)[i], rank, AxisRange::Signed, ("axes[" + std::to_string(i) + "]").c_str());
      if (!seen.insert(a).second) throw Error("axes[" + std::to_string(i) + "] repeats axis " + std::to_string(a));
      axes.push_back(a);
    }
  } else {
    for (int64_t a = 0; a < rank; ++a) axes.push_back(a);
  }
  if (pads.size() != 2 * axes.size())
    throw Error("pads has " + std::to_string(pads.size()) + " entries; " + std::to_string(axes.size()) +
                " padded axes need " + std::to_string(2 * axes.size()));
  PadSpec spec{std::vector<int64_t>(shape.size(), 0), std::vector<int64_t>(shape.size(), 0)};
  for (size_t i = 0; i < axes.size(); ++i) {
    spec.begin[static_cast<size_t>(axes[i])] = pads[i];
    spec.end[static_cast<size_t>(axes[i])] = pads[i + axes.size()];
  }
  return spec;
}

Tensor pad(const Tensor& in, const PadSpec& spec, PadMode mode, const Tensor& constant) {
  const Shape& shape = in.shape();
  const size_t rank = shape.size();
  Shape out_shape(rank);
  for (size_t d = 0; d < rank; ++d) {
    const __int128 size = static_cast<__int128>(shape[d]) + spec.begin[d] + spec.end[d];
    if (size < 0)
      throw Error("dimension " + std::to_string(d) + " of " + std::to_string(shape[d]) + " padded by " +
                  std::to_string(spec.begin[d]) + " and " + std::to_string(spec.end[d]) + " would be negative");
    if (size > INT64_MAX) throw Error("dimension " + std::to_string(d) + " padded overflows int64");
    out_shape[d] = static_cast<int64_t>(size);
    if (mode != PadMode::Constant && shape[d] == 0 && size > 0)
      throw Error("dimension " + std::to_string(d) + " is empty, so there is nothing to pad it with in this mode");
  }
  if (!checked_element_count(out_shape))
    throw Error("the padded shape " + shape_to_string(out_shape) + " overflows int64");
  Tensor out = Tensor::uninitialized(in.type(), out_shape);
  if (out.element_count() == 0) return out;
  if (rank == 0) {
    copy_elements(in, 0, out, 0, 1);
    return out;
  }
  // Where each output coordinate reads from, per dimension, and the last dimension's runs: charged
  // to the run's budget (the dimensions are bounded only by the output's element count).
  unsigned __int128 table_entries = static_cast<unsigned __int128>(out_shape[rank - 1]) * 3;
  for (size_t d = 0; d < rank; ++d) table_entries += static_cast<uint64_t>(out_shape[d]);
  const MemoryCharge table_charge =
      charge_memory(checked_bytes(static_cast<uint64_t>(std::min<unsigned __int128>(table_entries, UINT64_MAX)),
                                  sizeof(int64_t), "Pad's index table"),
                    "Pad's index table");
  std::vector<std::vector<int64_t>> source(rank);
  for (size_t d = 0; d < rank; ++d) {
    source[d].resize(static_cast<size_t>(out_shape[d]));
    for (int64_t o = 0; o < out_shape[d]; ++o)
      source[d][static_cast<size_t>(o)] = pad_source(o, spec.begin[d], shape[d], mode);
  }
  // The last dimension as runs: consecutive input elements, or the constant.
  struct Run {
    int64_t dst, src, length;  // src -1: the constant
  };
  std::vector<Run> runs;
  const auto& last = source[rank - 1];
  for (int64_t o = 0; o < out_shape[rank - 1]; ++o) {
    const int64_t s = last[static_cast<size_t>(o)];
    if (!runs.empty()) {
      Run& r = runs.back();
      if ((s == -1 && r.src == -1) || (s != -1 && r.src != -1 && s == r.src + r.length)) {
        ++r.length;
        continue;
      }
    }
    runs.push_back({o, s, 1});
  }
  const auto strides = [&] {
    std::vector<int64_t> st(rank, 1);
    for (size_t d = rank - 1; d-- > 0;) st[d] = st[d + 1] * shape[d + 1];
    return st;
  }();
  const int64_t row = out_shape[rank - 1];
  std::vector<int64_t> counter(rank - 1, 0);
  for (int64_t dst = 0; dst < out.element_count(); dst += row) {
    int64_t base = 0;
    bool constant_row = false;
    for (size_t d = 0; d + 1 < rank; ++d) {
      const int64_t s = source[d][static_cast<size_t>(counter[d])];
      if (s < 0) constant_row = true;
      base += s * strides[d];
    }
    if (constant_row) {
      fill_elements(constant, 0, out, dst, row);
    } else {
      for (const Run& r : runs) {
        if (r.src < 0)
          fill_elements(constant, 0, out, dst + r.dst, r.length);
        else
          copy_elements(in, base + r.src, out, dst + r.dst, r.length);
      }
    }
    for (size_t d = rank - 1; d-- > 0;) {
      if (++counter[d] < out_shape[d]) break;
      counter[d] = 0;
    }
  }
  return out;
}

// Pad-1 and 2: the constant is the float attribute `value`, rounded to the data's type as Cast does.
Tensor constant_from_float(ElementType type, float value) {
  Tensor c = Tensor::zeros(type, {1});
  write_real(type, c.mutable_data(), 0, value);
  return c;
}

// Pad-1's and Pad-2's attributes, parsed at load.
struct PadAttributeParams {
  PadMode mode;
  std::vector<int64_t> pads;  // paddings (1) or pads (2)
  float value = 0;
};

PadAttributeParams parse_pad_attribute_params(const Attributes& a, const char* pads_name) {
  return {parse_pad_mode(std::get<std::string>(a.get("mode")), 2), a.get_ints(pads_name),
          std::get<float>(a.get("value"))};
}

std::vector<Value> pad_from_attributes(const KernelContext& ctx, const PadAttributeParams& params) {
  const Tensor& in = ctx.input(0);
  return {pad(in, pad_spec(in.shape(), params.pads, std::nullopt), params.mode,
              constant_from_float(in.type(), params.value))};
}

std::vector<Value> pad_from_inputs(const KernelContext& ctx, PadMode mode) {
  const Tensor& in = ctx.input(0);
  const Tensor& pads_t = ctx.input(1);
  if (pads_t.rank() != 1) throw Error("pads must be 1-D, but it is " + pads_t.describe());
  std::optional<std::vector<int64_t>> axes;
  if (ctx.has_input(3)) {
    const Tensor& a = ctx.input(3);
    if (a.rank() != 1) throw Error("axes must be 1-D, but it is " + a.describe());
    axes.emplace();
    for (int64_t i = 0; i < a.element_count(); ++i) axes->push_back(read_int64(a.type(), a.data(), i));
  }
  Tensor constant = Tensor::zeros(in.type(), {1});  // 0, false or ""
  if (ctx.has_input(2)) {
    const Tensor& c = ctx.input(2);
    if (c.element_count() != 1) throw Error("constant_value must hold one element, but it is " + c.describe());
    constant = c;
  }
  return {pad(in, pad_spec(in.shape(), read_shape_input(pads_t), axes), mode, constant)};
}

OpVersion pad_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Pad";
  v.since_version = since;
  v.outputs = {{"output", "T"}};
  v.type_constraints = {{"T", types}};
  if (since <= 2) {
    const char* pads = since == 1 ? "paddings" : "pads";
    v.inputs = {{"data", "T"}};
    v.attributes = {{"mode", AttrType::String, false, std::string("constant")},
                    {pads, AttrType::Ints, true},
                    {"value", AttrType::Float, false, 0.0f}};
    v.set_kernel([pads](const Attributes& a) { return parse_pad_attribute_params(a, pads); }, pad_from_attributes);
    return v;
  }
  v.inputs = {{"data", "T"}, {"pads", "tensor(int64)"}, {"constant_value", "T", ParamOption::Optional}};
  if (since >= 18) v.inputs.push_back({"axes", "Tind", ParamOption::Optional});
  v.attributes = {{"mode", AttrType::String, false, std::string("constant")}};
  v.type_constraints.push_back({"tensor(int64)", type_sets::kInt64, "tensor(int64)"});
  if (since >= 18) v.type_constraints.push_back({"Tind", type_sets::kInt32Int64});
  v.set_kernel([since](const Attributes& a) { return parse_pad_mode(std::get<std::string>(a.get("mode")), since); },
               pad_from_inputs);
  return v;
}

}  // namespace

void register_pad(Registry& registry) {
  using namespace type_sets;
  const std::pair<int, TypeSet> versions[] = {
      {1, kFloats},            // `paddings`, `value` attributes
      {2, kFloats},            // `pads`
      {11, kAllNumericTypes},  // pads and constant_value as inputs
      {13, kWithBFloat16},     // + bfloat16, bool, string, complex
      {18, kWithBFloat16},     // + the axes input
      {19, kWithBFloat16},     // + mode wrap
      {21, kWithInt4},         // + the float8 types, uint4, int4
      {23, kWithFloat4},       // + float4e2m1
      {24, kWithFloat8E8M0},   // + float8e8m0
      {25, kWithInt2},         // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(pad_version(since, types));
  registry.declare_accuracy("Pad", {AccuracyKind::Exact, "input elements or the pad value, copied bit for bit"});
}

}  // namespace onnx_ref
