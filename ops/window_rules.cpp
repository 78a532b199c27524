// The sliding-window arithmetic (see window_rules.h).
#include "ops/window_rules.h"

#include "runtime/error.h"

namespace onnx_ref {

namespace {

constexpr int64_t kLimit = int64_t{1} << 62;

std::string ints_to_string(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

std::vector<int64_t> ints_or(const std::optional<std::vector<int64_t>>& given, const std::string& name, size_t count,
                             int64_t fallback) {
  if (!given) return std::vector<int64_t>(count, fallback);
  if (given->size() != count)
    throw Error("attribute '" + name + "' " + ints_to_string(*given) + " must have " + std::to_string(count) +
                " values, one per spatial axis" + (name == "pads" ? " at each end" : ""));
  return *given;
}

}  // namespace

AutoPad parse_auto_pad(const std::string& text) {
  if (text == "NOTSET") return AutoPad::NotSet;
  if (text == "SAME_UPPER") return AutoPad::SameUpper;
  if (text == "SAME_LOWER") return AutoPad::SameLower;
  if (text == "VALID") return AutoPad::Valid;
  throw Error("attribute 'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, got " + quote_text(text));
}

AxisWindow window_axis(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t pad_begin, int64_t pad_end,
                       AutoPad auto_pad, bool ceil_mode, size_t axis) {
  const std::string where = " (spatial axis " + std::to_string(axis) + ")";
  if (kernel < 1 || kernel >= kLimit)
    throw Error("kernel size " + std::to_string(kernel) + " must be in [1, 2^62)" + where);
  if (stride < 1 || stride >= kLimit) throw Error("stride " + std::to_string(stride) + " must be in [1, 2^62)" + where);
  if (dilation < 1 || dilation >= kLimit)
    throw Error("dilation " + std::to_string(dilation) + " must be in [1, 2^62)" + where);
  if (pad_begin < 0 || pad_end < 0)
    throw Error("pads must not be negative, got " + std::to_string(pad_begin) + " and " + std::to_string(pad_end) +
                where);
  if (pad_begin >= kLimit || pad_end >= kLimit || in < 0 || in >= kLimit)
    throw Error("window sizes beyond 2^62" + where);
  const __int128 ek128 = static_cast<__int128>(kernel - 1) * dilation + 1;
  if (ek128 >= kLimit) throw Error("dilated kernel beyond 2^62" + where);
  const int64_t ek = static_cast<int64_t>(ek128);
  AxisWindow w;
  switch (auto_pad) {
    case AutoPad::NotSet: {
      const int64_t padded = in + pad_begin + pad_end;
      if (padded < ek)
        throw Error("kernel (" + std::to_string(ek) + " with dilation) is larger than the padded input (" +
                    std::to_string(padded) + ")" + where);
      const int64_t span = padded - ek;
      w.out = span / stride + 1;
      // ceil_mode adds the partial window that floor leaves out, unless it would start in the end
      // padding; windows that fit whole are never dropped.
      if (ceil_mode && span % stride != 0 && w.out * static_cast<__int128>(stride) < in + pad_begin) ++w.out;
      w.pad_begin = pad_begin;
      w.pad_end = pad_end;
      return w;
    }
    case AutoPad::Valid:
      if (in < ek)
        throw Error("kernel (" + std::to_string(ek) + " with dilation) is larger than the input (" +
                    std::to_string(in) + ") with auto_pad VALID" + where);
      w.out = (in - ek) / stride + 1;
      return w;
    case AutoPad::SameUpper:
    case AutoPad::SameLower: {
      w.out = (in + stride - 1) / stride;
      const __int128 total =
          w.out == 0 ? 0 : std::max<__int128>(0, static_cast<__int128>(w.out - 1) * stride + ek - in);
      if (total >= kLimit) throw Error("SAME padding beyond 2^62" + where);
      const int64_t t = static_cast<int64_t>(total);
      w.pad_begin = auto_pad == AutoPad::SameUpper ? t / 2 : t - t / 2;
      w.pad_end = t - w.pad_begin;
      return w;
    }
  }
  return w;
}

WindowSpec parse_window_spec(const Attributes& attrs, bool has_dilations, bool has_ceil_mode) {
  WindowSpec spec;
  const auto ints = [&](const char* name) -> std::optional<std::vector<int64_t>> {
    if (!attrs.has(name)) return std::nullopt;
    return attrs.get_ints(name);
  };
  spec.kernel_shape = ints("kernel_shape");
  spec.strides = ints("strides");
  spec.has_dilations = has_dilations;
  if (has_dilations) spec.dilations = ints("dilations");
  spec.pads = ints("pads");
  // DeformConv has no auto_pad: its windows are always placed by explicit pads.
  const std::string auto_pad = attrs.has("auto_pad") ? std::get<std::string>(attrs.get("auto_pad")) : "NOTSET";
  spec.auto_pad = parse_auto_pad(auto_pad);
  if (spec.auto_pad != AutoPad::NotSet && spec.pads)
    for (int64_t p : *spec.pads)
      if (p != 0)
        throw Error("explicit pads " + ints_to_string(*spec.pads) + " cannot be used with auto_pad " +
                    quote_text(auto_pad));
  if (has_ceil_mode) {
    const int64_t c = attrs.get_int("ceil_mode");
    if (c != 0 && c != 1) throw Error("attribute 'ceil_mode' must be 0 or 1, got " + std::to_string(c));
    spec.ceil_mode = c == 1;
  }
  return spec;
}

WindowAttrs window_attrs(const WindowSpec& spec, size_t spatial_rank, const std::vector<int64_t>* kernel) {
  WindowAttrs w;
  if (kernel) {
    w.kernel = *kernel;
    if (spec.kernel_shape && *spec.kernel_shape != *kernel)
      throw Error("attribute 'kernel_shape' " + ints_to_string(*spec.kernel_shape) +
                  " differs from the weights' spatial shape " + ints_to_string(*kernel));
  } else {
    if (!spec.kernel_shape) throw Error("required attribute 'kernel_shape' is not set");
    w.kernel = *spec.kernel_shape;
    if (w.kernel.size() != spatial_rank)
      throw Error("attribute 'kernel_shape' " + ints_to_string(w.kernel) + " must have " +
                  std::to_string(spatial_rank) + " values, one per spatial axis");
  }
  w.strides = ints_or(spec.strides, "strides", spatial_rank, 1);
  w.dilations = spec.has_dilations ? ints_or(spec.dilations, "dilations", spatial_rank, 1)
                                   : std::vector<int64_t>(spatial_rank, 1);
  w.pads = ints_or(spec.pads, "pads", 2 * spatial_rank, 0);
  w.auto_pad = spec.auto_pad;
  w.ceil_mode = spec.ceil_mode;
  return w;
}

WindowAttrs read_window_attrs(const Attributes& attrs, size_t spatial_rank, const std::vector<int64_t>* kernel,
                              bool has_dilations, bool has_ceil_mode) {
  return window_attrs(parse_window_spec(attrs, has_dilations, has_ceil_mode), spatial_rank, kernel);
}

std::vector<AxisWindow> window_geometry(const std::vector<int64_t>& spatial_in, const WindowAttrs& w) {
  const size_t r = spatial_in.size();
  std::vector<AxisWindow> out;
  for (size_t i = 0; i < r; ++i)
    out.push_back(window_axis(spatial_in[i], w.kernel[i], w.strides[i], w.dilations[i], w.pads[i], w.pads[r + i],
                              w.auto_pad, w.ceil_mode, i));
  return out;
}

}  // namespace onnx_ref
