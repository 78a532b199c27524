// Attribute and shape rules shared by LSTM, GRU and RNN (the contract is in recurrent_rules.h).
#include "ops/recurrent/recurrent_rules.h"

#include <map>

#include "runtime/error.h"

namespace onnx_ref::recurrent {

namespace {

struct RecurrentActivationInfo {
  ActivationKind kind;
  bool takes_alpha, takes_beta;
  std::optional<float> default_alpha, default_beta;  // those of the ONNX operator of that name
};

const std::map<std::string, RecurrentActivationInfo>& recurrent_activation_table() {
  static const std::map<std::string, RecurrentActivationInfo> table{
      {"Relu", {ActivationKind::Relu, false, false, {}, {}}},
      {"Tanh", {ActivationKind::Tanh, false, false, {}, {}}},
      {"Sigmoid", {ActivationKind::Sigmoid, false, false, {}, {}}},
      {"Affine", {ActivationKind::Affine, true, true, 1.0f, 0.0f}},
      {"LeakyRelu", {ActivationKind::LeakyRelu, true, false, 0.01f, {}}},
      {"ThresholdedRelu", {ActivationKind::ThresholdedRelu, true, false, 1.0f, {}}},
      {"ScaledTanh", {ActivationKind::ScaledTanh, true, true, {}, {}}},
      {"HardSigmoid", {ActivationKind::HardSigmoid, true, true, 0.2f, 0.5f}},
      {"Elu", {ActivationKind::Elu, true, false, 1.0f, {}}},
      {"Softsign", {ActivationKind::Softsign, false, false, {}, {}}},
      {"Softplus", {ActivationKind::Softplus, false, false, {}, {}}},
  };
  return table;
}

std::string recurrent_names(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + quote_text(n);
  return "[" + s + "]";
}

}  // namespace

std::vector<AttributeSpec> recurrent_attribute_specs(const std::vector<std::string>& activations_default,
                                                     const std::string& direction_default) {
  AttributeSpec activations{"activations", AttrType::Strings};
  if (!activations_default.empty()) activations.default_value = activations_default;
  return {{"activation_alpha", AttrType::Floats},
          {"activation_beta", AttrType::Floats},
          activations,
          {"clip", AttrType::Float},
          {"direction", AttrType::String, false, direction_default},
          {"hidden_size", AttrType::Int}};
}

RecurrentAttrs parse_recurrent_attrs(const Attributes& attrs, const RecurrentOp& op) {
  RecurrentAttrs r;
  const std::string& direction = std::get<std::string>(attrs.get("direction"));
  if (direction == "forward" || direction == "foward") {
    // "foward" is GRU-1's schema default, the spec's typo for forward; no other version has it.
    r.direction = Direction::Forward;
  } else if (direction == "reverse") {
    r.direction = Direction::Reverse;
  } else if (direction == "bidirectional") {
    r.direction = Direction::Bidirectional;
    r.num_directions = 2;
  } else {
    throw Error("attribute 'direction' must be forward, reverse or bidirectional, got " + quote_text(direction));
  }
  if (attrs.has("hidden_size")) {
    const int64_t h = attrs.get_int("hidden_size");
    if (h < 1) throw Error("attribute 'hidden_size' must be at least 1, got " + std::to_string(h));
    r.hidden_size = h;
  }
  if (attrs.has("clip")) {
    const float c = std::get<float>(attrs.get("clip"));
    if (!(c >= 0)) throw Error("attribute 'clip' must be a threshold of 0 or more, got " + std::to_string(c));
    r.clip = c;
  }
  if (attrs.has("layout")) {
    const int64_t layout = attrs.get_int("layout");
    if (layout != 0 && layout != 1) throw Error("attribute 'layout' must be 0 or 1, got " + std::to_string(layout));
    r.batch_major = layout == 1;
  }

  const size_t per = static_cast<size_t>(op.activations_per_direction);
  const size_t want = per * static_cast<size_t>(r.num_directions);
  std::vector<std::string> names;
  if (attrs.has("activations")) {
    names = std::get<std::vector<std::string>>(attrs.get("activations"));
    // RNN's schema default lists Tanh twice whatever the direction: for one direction, both
    // entries name the same function, so either one is meant.
    if (names.size() == want * 2 && r.num_directions == 1 && op.activations_per_direction == 1 && names[0] == names[1])
      names.resize(1);
    if (names.size() != want)
      throw Error("attribute 'activations' must list " + std::to_string(per) + " function(s) per direction (" +
                  std::to_string(want) + " in all), got " + std::to_string(names.size()));
  } else {
    for (int64_t d = 0; d < r.num_directions; ++d)
      names.insert(names.end(), op.default_activations.begin(), op.default_activations.end());
  }
  const std::vector<float> alphas = attrs.has("activation_alpha")
                                        ? std::get<std::vector<float>>(attrs.get("activation_alpha"))
                                        : std::vector<float>{};
  const std::vector<float> betas =
      attrs.has("activation_beta") ? std::get<std::vector<float>>(attrs.get("activation_beta")) : std::vector<float>{};
  size_t next_alpha = 0, next_beta = 0;
  const auto& table = recurrent_activation_table();
  for (const auto& name : names) {
    const auto it = table.find(name);
    if (it == table.end())
      throw Error("activation " + quote_text(name) +
                  " is not one the spec lists (Relu, Tanh, Sigmoid, Affine, LeakyRelu, ThresholdedRelu, ScaledTanh, "
                  "HardSigmoid, Elu, Softsign, Softplus)");
    const RecurrentActivationInfo& info = it->second;
    Activation a;
    a.kind = info.kind;
    if (info.takes_alpha) {
      if (next_alpha < alphas.size())
        a.alpha = alphas[next_alpha++];
      else if (info.default_alpha)
        a.alpha = *info.default_alpha;
      else
        throw Error("activation " + quote_text(name) + " needs a value in 'activation_alpha' (it has no default)");
    }
    if (info.takes_beta) {
      if (next_beta < betas.size())
        a.beta = betas[next_beta++];
      else if (info.default_beta)
        a.beta = *info.default_beta;
      else
        throw Error("activation " + quote_text(name) + " needs a value in 'activation_beta' (it has no default)");
    }
    r.activations.push_back(a);
  }
  if (next_alpha != alphas.size())
    throw Error("attribute 'activation_alpha' has " + std::to_string(alphas.size()) +
                " value(s), but the activations " + recurrent_names(names) + " take " + std::to_string(next_alpha));
  if (next_beta != betas.size())
    throw Error("attribute 'activation_beta' has " + std::to_string(betas.size()) + " value(s), but the activations " +
                recurrent_names(names) + " take " + std::to_string(next_beta));
  return r;
}

RecurrentShape plan_recurrent(const KernelContext& ctx, const RecurrentOp& op, const RecurrentAttrs& attrs) {
  const Tensor& x = ctx.input(0);
  const Tensor& w = ctx.input(1);
  const Tensor& r = ctx.input(2);
  const std::string layout_text =
      attrs.batch_major ? "[batch_size, seq_length, input_size] (layout 1)" : "[seq_length, batch_size, input_size]";
  if (x.rank() != 3) throw Error(op.name + "'s X must have rank 3 " + layout_text + ", but it is " + x.describe());
  RecurrentShape s;
  s.batch_major = attrs.batch_major;
  s.seq = x.shape()[attrs.batch_major ? 1 : 0];
  s.batch = x.shape()[attrs.batch_major ? 0 : 1];
  s.input = x.shape()[2];
  s.dirs = attrs.num_directions;
  const int64_t g = op.gates;
  if (r.rank() != 3)
    throw Error(op.name + "'s R must have rank 3 [num_directions, " + std::to_string(g) +
                "*hidden_size, hidden_size], but it is " + r.describe());
  s.hidden = attrs.hidden_size ? *attrs.hidden_size : r.shape()[2];
  const int64_t h = s.hidden;
  if (h < 1) throw Error(op.name + "'s hidden_size must be at least 1, but R is " + r.describe());
  if (h > (int64_t{1} << 40) / g) throw Error(op.name + "'s hidden_size " + std::to_string(h) + " is too large");
  const std::string dirs = std::to_string(s.dirs);
  const std::string gh = std::to_string(g * h);
  if (w.shape() != Shape{s.dirs, g * h, s.input})
    throw Error(op.name + "'s W must have shape [num_directions, " + std::to_string(g) +
                "*hidden_size, input_size] = [" + dirs + ", " + gh + ", " + std::to_string(s.input) +
                "] for hidden_size " + std::to_string(h) + " and X " + x.describe() + ", but it is " + w.describe());
  if (r.shape() != Shape{s.dirs, g * h, h})
    throw Error(op.name + "'s R must have shape [num_directions, " + std::to_string(g) +
                "*hidden_size, hidden_size] = [" + dirs + ", " + gh + ", " + std::to_string(h) + "] for hidden_size " +
                std::to_string(h) + ", but it is " + r.describe());
  if (ctx.has_input(3) && ctx.input(3).shape() != Shape{s.dirs, 2 * g * h})
    throw Error(op.name + "'s B must have shape [num_directions, " + std::to_string(2 * g) + "*hidden_size] = [" +
                dirs + ", " + std::to_string(2 * g * h) + "], but it is " + ctx.input(3).describe());
  if (ctx.has_input(4)) {  // (without it no per-entry list is made: batch_size may be huge for an empty X)
    const Tensor& lens = ctx.input(4);
    if (lens.shape() != Shape{s.batch})
      throw Error(op.name + "'s sequence_lens must have shape [batch_size] = [" + std::to_string(s.batch) +
                  "], but it is " + lens.describe());
    const int32_t* p = lens.data_as<int32_t>();
    for (int64_t b = 0; b < s.batch; ++b) {
      if (p[b] < 0 || p[b] > s.seq)
        throw Error(op.name + "'s sequence_lens[" + std::to_string(b) + "] = " + std::to_string(p[b]) +
                    " is outside [0, seq_length = " + std::to_string(s.seq) + "]");
      s.lens.push_back(p[b]);
    }
  }
  check_state_input(ctx, 5, "initial_h", s);
  return s;
}

void check_state_input(const KernelContext& ctx, size_t index, const std::string& name, const RecurrentShape& s) {
  if (!ctx.has_input(index)) return;
  if (ctx.input(index).shape() != s.state_shape())
    throw Error(name + " must have shape " + shape_to_string(s.state_shape()) +
                (s.batch_major ? " [batch_size, num_directions, hidden_size] (layout 1)"
                               : " [num_directions, batch_size, hidden_size]") +
                ", but it is " + ctx.input(index).describe());
}

Tensor recurrent_scratch(ElementType type, int64_t rows, int64_t cols) { return Tensor::zeros(type, {rows, cols}); }

std::vector<ActiveRow> active_rows(const RecurrentShape& s, int64_t step, bool reverse) {
  std::vector<ActiveRow> rows;
  for (int64_t b = 0; b < s.batch; ++b) {
    const int64_t len = s.length(b);
    if (step < len) rows.push_back({b, reverse ? len - 1 - step : step});
  }
  return rows;
}

}  // namespace onnx_ref::recurrent

namespace onnx_ref::recurrent {

OpVersion recurrent_version(const RecurrentOp& op, int since, const TypeSet& types, std::vector<FormalParam> inputs,
                            std::vector<FormalParam> outputs, std::vector<AttributeSpec> attributes, RecurrentRun run) {
  OpVersion v;
  v.op_type = op.name;
  v.since_version = since;
  v.inputs = std::move(inputs);
  v.outputs = std::move(outputs);
  v.attributes = std::move(attributes);
  v.type_constraints = {{"T", types}, {"T1", TypeSet{ElementType::Int32}}};
  std::vector<std::string> flags;
  for (const auto& a : v.attributes)
    if (a.name == "input_forget" || a.name == "linear_before_reset" || a.name == "output_sequence")
      flags.push_back(a.name);
  v.check_attributes = [op, flags](const Attributes& attrs) {
    parse_recurrent_attrs(attrs, op);
    for (const auto& f : flags) attrs.get_flag(f);
  };
  std::string flag;
  for (const auto& a : v.attributes)
    if (a.name == "input_forget" || a.name == "linear_before_reset") flag = a.name;
  v.set_kernel(
      [op, flag](const Attributes& attrs) {
        RecurrentParams p;
        p.attrs = parse_recurrent_attrs(attrs, op);
        p.flag = !flag.empty() && attrs.get_flag(flag);
        return p;
      },
      [run](const KernelContext& ctx, const RecurrentParams& p) { return run(ctx, p); });
  return v;
}

}  // namespace onnx_ref::recurrent
