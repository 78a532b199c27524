// ONNX Scan, every version (8, 9, 11, 16, 19, 21, 23, 24, 25).
// Inputs: N state values then M = num_scan_inputs scan inputs. The body takes (N states, one slice
// of each scan input) and gives (N new states, K scan output slices); the node gives the N final
// states and the K scan outputs, the iterations' slices stacked.
//
// Scan-9 and later: each scan input is sliced along scan_input_axes[i] (default 0; negative from
// 11), forward or in reverse (scan_input_directions); every scan input has the same length along
// its axis. Scan output j is stacked along scan_output_axes[j] (default 0) of the output, in
// reverse when scan_output_directions[j] is 1.
//
// Scan-8: every input has a batch axis 0 and is scanned along axis 1; sequence_lens (optional,
// int64 [batch]) gives each batch entry's length, at most the axis length (default: all of it).
// Each batch entry runs on its own; its scan outputs past its length are zero, as in onnxruntime's
// Scan-8. `directions` reverses scan inputs (the outputs of Scan-8 are always forward).
#include "ops/axis.h"
#include "ops/control/control_flow.h"
#include "ops/control/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

#include <algorithm>
#include <optional>

namespace onnx_ref {

namespace {

// One attribute list of per-input flags or axes (nullopt: absent, all 0), which must be as long as
// `count`.
std::vector<int64_t> per_input(const std::optional<std::vector<int64_t>>& given, const std::string& name,
                               size_t count) {
  if (!given) return std::vector<int64_t>(count, 0);
  const auto& values = *given;
  if (values.size() != count)
    throw Error("attribute '" + name + "' has " + std::to_string(values.size()) + " value(s) for " +
                std::to_string(count) + " scan input(s) or output(s)");
  return values;
}

void check_directions(const std::vector<int64_t>& directions, const std::string& name) {
  for (size_t i = 0; i < directions.size(); ++i)
    if (directions[i] != 0 && directions[i] != 1)
      throw Error("attribute '" + name + "' value " + std::to_string(i) + " is " + std::to_string(directions[i]) +
                  "; a direction is 0 (forward) or 1 (reverse)");
}

struct ScanShape {
  size_t n = 0, m = 0, k = 0;  // states, scan inputs, scan outputs
};

// The attributes, read at load; checked against the node's inputs and outputs (infer_outputs at
// load, and per call).
struct ScanParams {
  int64_t num_scan_inputs = 0;
  std::optional<std::vector<int64_t>> directions;  // Scan-8
  std::optional<std::vector<int64_t>> input_axes, input_directions, output_axes, output_directions;
};

std::optional<std::vector<int64_t>> optional_ints(const Attributes& attrs, const std::string& name) {
  if (!attrs.has(name)) return std::nullopt;
  return attrs.get_ints(name);
}

ScanParams parse_scan_params(const Attributes& attrs) {
  ScanParams p;
  p.num_scan_inputs = attrs.get_int("num_scan_inputs");
  p.directions = optional_ints(attrs, "directions");
  p.input_axes = optional_ints(attrs, "scan_input_axes");
  p.input_directions = optional_ints(attrs, "scan_input_directions");
  p.output_axes = optional_ints(attrs, "scan_output_axes");
  p.output_directions = optional_ints(attrs, "scan_output_directions");
  return p;
}

ScanShape scan_shape(int64_t m, size_t node_inputs, size_t node_outputs, bool batch) {
  const size_t inputs = node_inputs - (batch ? 1 : 0);
  if (m < 1 || static_cast<size_t>(m) > inputs)
    throw Error("num_scan_inputs is " + std::to_string(m) + " but the node has " + std::to_string(inputs) +
                " state and scan input(s)");
  ScanShape s;
  s.m = static_cast<size_t>(m);
  s.n = inputs - s.m;
  if (node_outputs < s.n)
    throw Error("the node has " + std::to_string(s.n) + " state input(s) but " + std::to_string(node_outputs) +
                " output(s)");
  s.k = node_outputs - s.n;
  return s;
}

// Runs the body over `len` iterations on one set of inputs (no batch axis): states, then scan
// inputs sliced along `in_axes`. Returns the final states and each scan output's slices in
// iteration order.
std::pair<std::vector<Value>, std::vector<std::vector<Tensor>>> scan_once(
    const KernelContext& ctx, std::vector<Value> states, const std::vector<Tensor>& scan_inputs,
    const std::vector<int64_t>& in_axes, const std::vector<int64_t>& in_dirs, int64_t len, size_t k) {
  std::vector<std::vector<Tensor>> scans(k);
  // Each slice's elements are charged by its own storage; the Tensor objects the lists hold (an
  // empty slice is nothing else) are charged here as they accumulate.
  MemoryCharge slices_charge;
  // Scan-9 on: "All the output tensors (state_variables as well as scan_output_element tensors) are
  // required to have the same shape in each iteration of the loop." The states' shapes from
  // iteration 0 bind the later ones (the scan outputs are checked when they are stacked).
  std::vector<std::optional<Shape>> state_shapes;
  for (int64_t t = 0; t < len; ++t) {
    std::vector<Value> inputs = std::move(states);
    for (size_t i = 0; i < scan_inputs.size(); ++i)
      inputs.emplace_back(slice_along(scan_inputs[i], in_axes[i], in_dirs[i] ? len - 1 - t : t));
    std::vector<Value> out = ctx.run_graph("body", std::move(inputs));
    const size_t n = out.size() - k;
    states.assign(std::make_move_iterator(out.begin()),
                  std::make_move_iterator(out.begin() + static_cast<std::ptrdiff_t>(n)));
    for (size_t i = 0; i < n; ++i) {
      const std::optional<Shape> shape =
          states[i].is_tensor() ? std::optional<Shape>(states[i].tensor().shape()) : std::nullopt;
      if (t == 0)
        state_shapes.push_back(shape);
      else if (shape != state_shapes[i])
        throw Error("state variable " + std::to_string(i) + " of iteration " + std::to_string(t) + " is " +
                    (shape ? shape_to_string(*shape) : std::string("not a tensor")) + " but iteration 0 gave " +
                    (state_shapes[i] ? shape_to_string(*state_shapes[i]) : std::string("no tensor")) +
                    " (every iteration must give the same shape)");
    }
    for (size_t j = 0; j < k; ++j) {
      if (!out[n + j].is_tensor()) throw Error("scan output " + std::to_string(j) + " of the body is not a tensor");
      slices_charge.absorb(charge_memory(sizeof(Tensor), "the scan outputs' slices"));
      scans[j].push_back(out[n + j].tensor());
    }
  }
  return {std::move(states), std::move(scans)};
}

Tensor empty_scan_output(const Subgraph& body, size_t index, int64_t axis) {
  const auto& type = body.output_types()[index];
  const auto shape = body.declared_output_shape(index);
  if (!type || !shape)
    throw Error("the scan has length 0 and the body does not declare the type and shape of its output " +
                std::to_string(index));
  return stack_along({}, axis, type->elem, *shape);
}

std::vector<Value> run_scan9(const KernelContext& ctx, const ScanParams& params, AxisRange range) {
  const ScanShape s = scan_shape(params.num_scan_inputs, ctx.input_count(), ctx.output_count(), false);
  const auto in_axes_attr = per_input(params.input_axes, "scan_input_axes", s.m);
  const auto in_dirs = per_input(params.input_directions, "scan_input_directions", s.m);
  const auto out_axes_attr = per_input(params.output_axes, "scan_output_axes", s.k);
  const auto out_dirs = per_input(params.output_directions, "scan_output_directions", s.k);
  std::vector<Value> states;
  for (size_t i = 0; i < s.n; ++i) states.push_back(ctx.value(i));
  std::vector<Tensor> scan_inputs;
  std::vector<int64_t> in_axes;
  int64_t len = -1;
  for (size_t i = 0; i < s.m; ++i) {
    const Tensor& t = ctx.input(s.n + i);
    const std::string what = "scan_input_axes[" + std::to_string(i) + "]";
    const int64_t axis = normalize_axis(in_axes_attr[i], t.rank(), range, what.c_str());
    const int64_t this_len = t.shape()[static_cast<size_t>(axis)];
    if (len >= 0 && this_len != len)
      throw Error("scan input " + std::to_string(i) + " is " + t.describe() + ", of length " +
                  std::to_string(this_len) + " along axis " + std::to_string(axis) + ", but scan input 0 has length " +
                  std::to_string(len));
    len = this_len;
    scan_inputs.push_back(t);
    in_axes.push_back(axis);
  }
  auto [final_states, scans] = scan_once(ctx, std::move(states), scan_inputs, in_axes, in_dirs, len, s.k);
  const Subgraph& body = ctx.attrs.get_graph("body");
  std::vector<Value> result = std::move(final_states);
  for (size_t j = 0; j < s.k; ++j) {
    auto& slices = scans[j];
    if (out_dirs[j]) std::reverse(slices.begin(), slices.end());
    const int64_t slice_rank = slices.empty()
                                   ? static_cast<int64_t>(body.declared_output_shape(s.n + j).value_or(Shape{}).size())
                                   : slices.front().rank();
    const std::string what = "scan_output_axes[" + std::to_string(j) + "]";
    const int64_t axis = normalize_axis(out_axes_attr[j], slice_rank + 1, range, what.c_str());
    result.emplace_back(slices.empty() ? empty_scan_output(body, s.n + j, axis)
                                       : stack_along(slices, axis, slices.front().type(), {}));
  }
  return result;
}

// Scan-8: a batch axis 0 on every input and output; each batch entry scans along axis 1.
std::vector<Value> run_scan8(const KernelContext& ctx, const ScanParams& params) {
  const ScanShape s = scan_shape(params.num_scan_inputs, ctx.input_count(), ctx.output_count(), true);
  const auto dirs = per_input(params.directions, "directions", s.m);
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < s.n + s.m; ++i) {
    const Tensor& t = ctx.input(1 + i);
    if (t.rank() < (i < s.n ? 1 : 2))
      throw Error("input " + std::to_string(1 + i) + " is " + t.describe() + "; Scan-8 inputs have a batch axis" +
                  (i < s.n ? "" : " and a sequence axis"));
    if (t.shape()[0] != ctx.input(1).shape()[0])
      throw Error("input " + std::to_string(1 + i) + " is " + t.describe() + " but the batch size is " +
                  std::to_string(ctx.input(1).shape()[0]));
    inputs.push_back(t);
  }
  const int64_t batch = inputs.front().shape()[0];
  const int64_t max_len = inputs[s.n].shape()[1];
  for (size_t i = s.n; i < inputs.size(); ++i)
    if (inputs[i].shape()[1] != max_len)
      throw Error("scan input " + std::to_string(i - s.n) + " is " + inputs[i].describe() +
                  " but scan input 0 has length " + std::to_string(max_len));
  std::vector<int64_t> lens(static_cast<size_t>(batch), max_len);
  if (ctx.has_input(0)) {
    const Tensor& sl = ctx.input(0);
    if (sl.shape() != Shape{batch})
      throw Error("sequence_lens is " + sl.describe() + "; it must be [batch] = [" + std::to_string(batch) + "]");
    for (int64_t b = 0; b < batch; ++b) {
      const int64_t l = sl.data_as<int64_t>()[b];
      if (l < 0 || l > max_len)
        throw Error("sequence_lens[" + std::to_string(b) + "] is " + std::to_string(l) + ", outside [0, " +
                    std::to_string(max_len) + "]");
      lens[static_cast<size_t>(b)] = l;
    }
  }
  const Subgraph& body = ctx.attrs.get_graph("body");
  std::vector<std::vector<Tensor>> state_slices(s.n), output_slices(s.k);
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<Value> states;
    for (size_t i = 0; i < s.n; ++i) states.emplace_back(slice_along(inputs[i], 0, b));
    std::vector<Tensor> scan_inputs;
    for (size_t i = 0; i < s.m; ++i) {
      // Only the first lens[b] steps are this entry's sequence; a reverse scan starts at its end.
      Tensor entry = slice_along(inputs[s.n + i], 0, b);
      if (lens[static_cast<size_t>(b)] != max_len) {
        std::vector<Tensor> steps;
        for (int64_t t = 0; t < lens[static_cast<size_t>(b)]; ++t) steps.push_back(slice_along(entry, 0, t));
        Shape step_shape = entry.shape();
        step_shape.erase(step_shape.begin());
        entry = stack_along(steps, 0, entry.type(), step_shape);
      }
      scan_inputs.push_back(entry);
    }
    auto [final_states, scans] = scan_once(ctx, std::move(states), scan_inputs, std::vector<int64_t>(s.m, 0), dirs,
                                           lens[static_cast<size_t>(b)], s.k);
    for (size_t i = 0; i < s.n; ++i) state_slices[i].push_back(final_states[i].tensor());
    for (size_t j = 0; j < s.k; ++j) {
      Tensor stacked = scans[j].empty() ? empty_scan_output(body, s.n + j, 0)
                                        : stack_along(scans[j], 0, scans[j].front().type(), {});
      if (stacked.shape()[0] < max_len) {  // zero past this entry's length
        Shape full = stacked.shape();
        full[0] = max_len;
        Tensor padded = Tensor::zeros(stacked.type(), full);
        if (stacked.element_count() > 0) copy_elements(stacked, 0, padded, 0, stacked.element_count());
        stacked = padded;
      }
      output_slices[j].push_back(stacked);
    }
  }
  std::vector<Value> result;
  for (size_t i = 0; i < s.n; ++i) {
    Shape shape = inputs[i].shape();
    shape.erase(shape.begin());
    result.emplace_back(stack_along(state_slices[i], 0, inputs[i].type(), shape));
  }
  for (size_t j = 0; j < s.k; ++j) {
    if (output_slices[j].empty()) {
      result.emplace_back(empty_scan_output(body, s.n + j, 0).reshaped({0, max_len}));
      continue;
    }
    result.emplace_back(stack_along(output_slices[j], 0, output_slices[j].front().type(), {}));
  }
  return result;
}

std::vector<std::optional<ValueType>> scan_outputs(const Attributes& attrs,
                                                   const std::vector<std::optional<ValueType>>& in, size_t output_count,
                                                   bool batch) {
  const Subgraph& body = attrs.get_graph("body");
  const ScanParams p = parse_scan_params(attrs);
  const ScanShape s = scan_shape(p.num_scan_inputs, in.size(), output_count, batch);
  check_signature(body, "body", s.n + s.m, s.n + s.k,
                  std::to_string(s.n) + " state(s) and " + std::to_string(s.m) + " scan input slice(s) in; " +
                      std::to_string(s.n) + " state(s) and " + std::to_string(s.k) + " scan output slice(s) out");
  if (batch) {
    check_directions(per_input(p.directions, "directions", s.m), "directions");
  } else {
    check_directions(per_input(p.input_directions, "scan_input_directions", s.m), "scan_input_directions");
    check_directions(per_input(p.output_directions, "scan_output_directions", s.k), "scan_output_directions");
    per_input(p.input_axes, "scan_input_axes", s.m);
    per_input(p.output_axes, "scan_output_axes", s.k);
  }
  const size_t first = batch ? 1 : 0;
  std::vector<std::optional<ValueType>> types;
  for (size_t i = 0; i < s.n; ++i) {
    check_input_type(body.input_types()[i], in[first + i], "body", i);
    types.push_back(in[first + i] ? in[first + i] : body.output_types()[i]);
  }
  for (size_t j = 0; j < s.k; ++j) types.push_back(body.output_types()[s.n + j]);
  return types;
}

OpVersion scan_version(int since_version) {
  OpVersion v;
  v.op_type = "Scan";
  v.since_version = since_version;
  const bool batch = since_version == 8;
  if (batch) {
    v.inputs = {{"sequence_lens", "I", ParamOption::Optional},
                {"initial_state_and_scan_inputs", "V", ParamOption::Variadic, 1, false}};
    v.attributes = {
        {"body", AttrType::Graph, true}, {"directions", AttrType::Ints}, {"num_scan_inputs", AttrType::Int, true}};
    v.type_constraints = {{"I", type_sets::kInt64}, control::scan_values(since_version)};
    v.set_kernel(parse_scan_params, run_scan8);
  } else {
    v.inputs = {{"initial_state_and_scan_inputs", "V", ParamOption::Variadic, 1, false}};
    v.attributes = {{"body", AttrType::Graph, true},      {"num_scan_inputs", AttrType::Int, true},
                    {"scan_input_axes", AttrType::Ints},  {"scan_input_directions", AttrType::Ints},
                    {"scan_output_axes", AttrType::Ints}, {"scan_output_directions", AttrType::Ints}};
    v.type_constraints = {control::scan_values(since_version)};
    // Negative axes count from the back from Scan-11.
    const AxisRange range = since_version >= 11 ? AxisRange::Signed : AxisRange::NonNegative;
    v.set_kernel(parse_scan_params,
                 [range](const KernelContext& ctx, const ScanParams& params) { return run_scan9(ctx, params, range); });
  }
  v.outputs = {{"final_state_and_scan_outputs", "V", ParamOption::Variadic, 1, false}};
  v.infer_outputs = [batch](const Attributes& attrs, const std::vector<std::optional<ValueType>>& in, size_t outputs) {
    return scan_outputs(attrs, in, outputs, batch);
  };
  return v;
}

}  // namespace

void register_scan(Registry& registry) {
  for (int since : {8, 9, 11, 16, 19, 21, 23, 24, 25}) registry.add(scan_version(since));
  registry.declare_accuracy(
      "Scan", {AccuracyKind::Exact, "the body's values passed on unchanged; inner nodes keep their own contracts"});
}

}  // namespace onnx_ref
