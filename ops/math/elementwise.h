#pragma once
// The one element-wise engine behind Add, Sub, Mul, Div, Equal, Less, Greater, Not, Neg, Abs, Min
// and Max. A kernel is a small functor written once as a template over the storage type
// (runtime/numeric_dispatch.h); the engine dispatches on the element type once per node, walks the
// broadcast output row by row (ops/broadcast.h) and runs a tight loop over each row, with the
// stretched operand hoisted out of the loop, so there is no per-element dispatch or indirect call.
//
// Arithmetic rules shared by the operators:
//  - Integers wrap as two's complement: the operation is done in an unsigned type at least as wide
//    as `unsigned int` (so that uint16 * uint16 cannot overflow a promoted `int`) and converted back.
//  - float and double use the native IEEE operation, which is the exact result rounded once.
//    float16 and bfloat16 are widened to double (exact), combined, and narrowed once; for + - * /
//    this is the correctly rounded result (see numeric_dispatch.h).
#include <array>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "ops/broadcast.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"
#include "runtime/tensor.h"

namespace onnx_ref::math {

// ---------------------------------------------------------------------------------------------
// Shapes

// The output shape of multidirectional broadcasting, checked for overflow of the element count.
Shape broadcast_output_shape(std::span<const Shape> shapes);

// Legacy broadcasting of Add/Sub/Mul/Div-1 and -6 and Equal/Less/Greater-1: B is broadcast to A's
// shape, never the other way. Returns B's shape padded with 1s to A's rank so that the general
// engine can run it. Rules (the spec's text, made exact):
//  - broadcast = 0: the shapes must be equal.
//  - broadcast = 1: rank(B) <= rank(A). A B of one element (any such rank) is broadcast everywhere
//    and `axis` is not used. Otherwise B's dims line up with A's dims starting at `axis`, and each
//    must equal A's or be 1. The spec's text says "1-dim expansion doesn't work yet", but ONNX's
//    own tests (pytorch-operator test_operator_add_size1_broadcast: Add-6, A [2, 3], B [2, 1])
//    expect a 1 in B to stretch, so it does (B only: A never stretches). Without `axis`, suffix matching
//    (axis = rank(A) - rank(B)). A negative axis counts from the back of A (axis + rank(A)); the
//    normalized axis must lie in [0, rank(A) - rank(B)].
Shape legacy_broadcast_shape(const Shape& a, const Shape& b, bool broadcast, std::optional<int64_t> axis);

// Adjacent output dimensions that every operand walks the same way (all contiguous across both, or
// all stretched across both) merge into one, and output dimensions of size 1 drop out; the rows the
// engine visits are then as long as possible. `ins` are operand shapes that broadcast to `out`
// (any rank up to out's). On return `out` and every `ins[k]` have the same (collapsed) rank.
void collapse_broadcast_dims(Shape& out, std::vector<Shape>& ins);

// ---------------------------------------------------------------------------------------------
// Arithmetic on storage types

template <class S>
inline constexpr bool is_int_storage = std::is_integral_v<S>;

// The unsigned type integer arithmetic wraps in.
template <class S>
using WrapType = std::conditional_t<(sizeof(S) < sizeof(unsigned)), unsigned, std::make_unsigned_t<S>>;

// f applied to x and y under the rules above: f is generic ([](auto p, auto q) { return p + q; }).
template <class S, class F>
inline S arith(S x, S y, F f) {
  if constexpr (is_small_float_storage<S>) {
    return narrow<S>(f(widen(x), widen(y)));
  } else if constexpr (std::is_floating_point_v<S>) {
    return f(x, y);
  } else {
    using W = WrapType<S>;
    return static_cast<S>(f(static_cast<W>(x), static_cast<W>(y)));
  }
}

// The value an element compares as: floats exactly as doubles (float16/bfloat16 widened), integers
// as themselves, bool as 0/1.
template <class S>
inline auto comparable(S x) {
  if constexpr (is_small_float_storage<S>)
    return widen(x);
  else if constexpr (std::is_same_v<S, BoolByte>)
    return x.value != 0;
  else
    return x;
}

template <class S>
inline bool is_nan(S x) {
  if constexpr (is_float_storage<S>) {
    const auto v = comparable(x);
    return v != v;
  } else {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// The row loops

// out[i] = op(a[i], b[i]) over a broadcast. `In` and `Out` are storage types (std::string for
// string inputs). The operand shapes must broadcast to out_shape. op cannot fail (for an operation
// that can, binary_broadcast_checked below names the failing element).
// Calls row(o, pa, pb, step, n) for each row of a two-operand broadcast to out_shape (its
// dimensions collapsed first): n outputs from flat index o, the operands' rows starting at pa and
// pb and stepping by step[0] and step[1] (0: one element repeated).
template <class In, class Row>
void for_each_binary_row(const In* a, const Shape& a_shape, const In* b, const Shape& b_shape, const Shape& out_shape,
                         Row row) {
  Shape out_c = out_shape;
  std::vector<Shape> ins{a_shape, b_shape};
  collapse_broadcast_dims(out_c, ins);
  for_each_broadcast_row<2>(out_c, {&ins[0], &ins[1]},
                            [&](int64_t o, const std::array<int64_t, 2>& off, const std::array<int64_t, 2>& step,
                                int64_t n) { row(o, a + off[0], b + off[1], step, n); });
}

// The row loops of binary_broadcast over [b, e), each operand and the functor (Clip's bounds) a
// plain parameter: a value the loop reads through a closure could be changed by the stores (both
// float), so the compiler would reload it every element and not vectorize.
template <class In, class Out, class Op>
inline void map_rows(Out* po, const In* pa, const In* pb, int64_t b, int64_t e, Op op) {
  for (int64_t i = b; i < e; ++i) po[i] = op(pa[i], pb[i]);
}
template <class In, class Out, class Op>
inline void map_row_scalar_b(Out* po, const In* pa, const In y, int64_t b, int64_t e, Op op) {
  for (int64_t i = b; i < e; ++i) po[i] = op(pa[i], y);
}
template <class In, class Out, class Op>
inline void map_row_scalar_a(Out* po, const In x, const In* pb, int64_t b, int64_t e, Op op) {
  for (int64_t i = b; i < e; ++i) po[i] = op(x, pb[i]);
}

template <class In, class Out, class Op>
void binary_broadcast(const In* a, const Shape& a_shape, const In* b, const Shape& b_shape, Out* out,
                      const Shape& out_shape, Op op) {
  for_each_binary_row(a, a_shape, b, b_shape, out_shape,
                      [&](int64_t o, const In* pa, const In* pb, const std::array<int64_t, 2>& step, int64_t n) {
                        Out* po = out + o;
                        if (step[0] && step[1]) {
                          for_each_chunk(n, [&](int64_t b, int64_t e) { map_rows(po, pa, pb, b, e, op); });
                        } else if (step[0]) {
                          for_each_chunk(n, [&](int64_t b, int64_t e) { map_row_scalar_b(po, pa, *pb, b, e, op); });
                        } else if (step[1]) {
                          for_each_chunk(n, [&](int64_t b, int64_t e) { map_row_scalar_a(po, *pa, pb, b, e, op); });
                        } else {
                          const Out v = op(*pa, *pb);
                          for (int64_t i = 0; i < n; ++i) po[i] = v;
                        }
                      });
}

// Like binary_broadcast for operations that may fail on one element (integer division by zero):
// check(x, y) is called before op on each pair and returns false to refuse it; on_fail(x, y, index)
// then throws with the flat output index.
template <class In, class Out, class Op, class Check, class Fail>
void binary_broadcast_checked(const In* a, const Shape& a_shape, const In* b, const Shape& b_shape, Out* out,
                              const Shape& out_shape, Op op, Check check, Fail on_fail) {
  for_each_binary_row(a, a_shape, b, b_shape, out_shape,
                      [&](int64_t o, const In* pa, const In* pb, const std::array<int64_t, 2>& step, int64_t n) {
                        for (int64_t i = 0; i < n; ++i) {
                          const In x = pa[step[0] * i];
                          const In y = pb[step[1] * i];
                          if (!check(x, y)) on_fail(x, y, o + i);
                          out[o + i] = op(x, y);
                        }
                      });
}

// Elements per chunk when a long row is shared among threads: below two chunks a row stays on
// the calling thread, where handing it over would cost more than it saves.
inline constexpr int64_t kElementwiseGrain = 32768;

// body(begin, end) over [0, n), in chunks on the run's threads when n is long. Each element is
// computed alone, so the chunks never change a bit.
template <class Body>
void for_each_chunk(int64_t n, Body body) {
  if (n < 2 * kElementwiseGrain) return body(int64_t{0}, n);
  parallel_for(n, kElementwiseGrain, [&](int64_t b, int64_t e) { body(b, e); });
}

// out[i] = op(x[i]) over contiguous data.
template <class In, class Out, class Op>
inline void unary_map_range(const In* x, Out* out, int64_t b, int64_t e, Op op) {
  for (int64_t i = b; i < e; ++i) out[i] = op(x[i]);
}
template <class In, class Out, class Op>
void unary_map(const In* x, Out* out, int64_t n, Op op) {
  for_each_chunk(n, [&](int64_t b, int64_t e) { unary_map_range(x, out, b, e, op); });
}

// ---------------------------------------------------------------------------------------------
// Kernels built from a functor

// A binary functor: `template <class S> static Out apply(S x, S y)` with `template <class S>
// static constexpr bool supports` telling which storage types it is defined for, and
// `using Result = ...` (void: the output has the input's type; BoolByte: the output is bool).
// Optionally `can_fail<S>`, `check(x, y)` and `fail(x, y, index)` (Div on integers).

// The shape B takes in the engine, and the output shape, for a node's inputs and attributes.
struct BinaryShapes {
  Shape a, b, out;
};
BinaryShapes binary_shapes(const KernelContext& ctx, bool legacy);

template <class Fn>
Tensor run_binary(const Tensor& a, const Tensor& b, const BinaryShapes& shapes) {
  using Result = typename Fn::Result;
  constexpr bool to_bool = std::is_same_v<Result, BoolByte>;
  if (a.type() == ElementType::String) {
    if constexpr (Fn::template supports<std::string>) {
      Tensor out = Tensor::uninitialized(ElementType::Bool, shapes.out);
      binary_broadcast(a.strings().data(), shapes.a, b.strings().data(), shapes.b,
                       reinterpret_cast<uint8_t*>(out.mutable_data()), shapes.out,
                       [](const std::string& x, const std::string& y) -> uint8_t { return Fn::apply(x, y); });
      return out;
    } else {
      throw std::logic_error("element-wise kernel: no string kernel");
    }
  }
  return dispatch_real(a.type(), [&](auto tag) -> Tensor {
    using S = typename decltype(tag)::type;
    if constexpr (!Fn::template supports<S>) {
      throw std::logic_error("element-wise kernel: no kernel for " + std::string(name_of(a.type())));
    } else {
      Tensor out = Tensor::uninitialized(to_bool ? ElementType::Bool : a.type(), shapes.out);
      const S* pa = a.data_as<S>();
      const S* pb = b.data_as<S>();
      if constexpr (to_bool) {
        binary_broadcast(pa, shapes.a, pb, shapes.b, reinterpret_cast<uint8_t*>(out.mutable_data()), shapes.out,
                         [](S x, S y) -> uint8_t { return Fn::apply(x, y) ? 1 : 0; });
      } else if constexpr (requires { Fn::template can_fail<S>; }) {
        if constexpr (Fn::template can_fail<S>) {
          binary_broadcast_checked(
              pa, shapes.a, pb, shapes.b, reinterpret_cast<S*>(out.mutable_data()), shapes.out,
              [](S x, S y) { return Fn::apply(x, y); }, [](S x, S y) { return Fn::check(x, y); },
              [](S x, S y, int64_t i) { Fn::fail(x, y, i); });
        } else {
          binary_broadcast(pa, shapes.a, pb, shapes.b, reinterpret_cast<S*>(out.mutable_data()), shapes.out,
                           [](S x, S y) { return Fn::apply(x, y); });
        }
      } else {
        binary_broadcast(pa, shapes.a, pb, shapes.b, reinterpret_cast<S*>(out.mutable_data()), shapes.out,
                         [](S x, S y) { return Fn::apply(x, y); });
      }
      return out;
    }
  });
}

template <class Fn>
Kernel binary_kernel(bool legacy) {
  return [legacy](const KernelContext& ctx) -> std::vector<Value> {
    const BinaryShapes shapes = binary_shapes(ctx, legacy);
    return {run_binary<Fn>(ctx.input(0), ctx.input(1), shapes)};
  };
}

// A unary functor: `template <class S> static S apply(S x)` and `supports<S>`; the output has the
// input's type.
template <class Fn>
Kernel unary_kernel() {
  return [](const KernelContext& ctx) -> std::vector<Value> {
    const Tensor& x = ctx.input(0);
    return {dispatch_real(x.type(), [&](auto tag) -> Tensor {
      using S = typename decltype(tag)::type;
      if constexpr (!Fn::template supports<S>) {
        throw std::logic_error("element-wise kernel: no kernel for " + std::string(name_of(x.type())));
      } else {
        Tensor out = Tensor::uninitialized(x.type(), x.shape());
        unary_map(x.data_as<S>(), reinterpret_cast<S*>(out.mutable_data()), x.element_count(),
                  [](S v) { return Fn::apply(v); });
        return out;
      }
    })};
  };
}

// A unary functor whose behaviour depends on the node's attributes (LeakyRelu's alpha, IsInf's
// flags): `static Fn make(const Attributes&)` reads them once per node, at load; `supports<S>` and
// `template <class S> auto apply(S x) const` as above, with `using Result` (void: the output has
// the input's type; BoolByte: the output is bool). unary_attr_run applies the parsed functor.
template <class Fn>
std::vector<Value> unary_attr_run(const KernelContext& ctx, const Fn& fn) {
  const Tensor& x = ctx.input(0);
  constexpr bool to_bool = std::is_same_v<typename Fn::Result, BoolByte>;
  return {dispatch_real(x.type(), [&](auto tag) -> Tensor {
    using S = typename decltype(tag)::type;
    if constexpr (!Fn::template supports<S>) {
      throw std::logic_error("element-wise kernel: no kernel for " + std::string(name_of(x.type())));
    } else if constexpr (to_bool) {
      Tensor out = Tensor::uninitialized(ElementType::Bool, x.shape());
      unary_map(x.data_as<S>(), reinterpret_cast<uint8_t*>(out.mutable_data()), x.element_count(),
                [&](S v) -> uint8_t { return fn.apply(v) ? 1 : 0; });
      return out;
    } else {
      Tensor out = Tensor::uninitialized(x.type(), x.shape());
      unary_map(x.data_as<S>(), reinterpret_cast<S*>(out.mutable_data()), x.element_count(),
                [&](S v) { return fn.apply(v); });
      return out;
    }
  })};
}

// Gives `v` the kernel of Fn, its attributes parsed by Fn::make at load.
template <class Fn>
void set_unary_attr_kernel(OpVersion& v) {
  v.set_kernel(&Fn::make, &unary_attr_run<Fn>);
}

// A float attribute of the node (alpha, beta, lambd...), as the float32 value the model holds.
inline double float_attr(const Attributes& attrs, const std::string& name) { return std::get<float>(attrs.get(name)); }

// A variadic fold (Min, Max): the output is fn(...fn(fn(x0, x1), x2)..., xn), each step a binary
// broadcast; one input is returned as it is (a tensor is immutable, so no copy is needed). Without
// `broadcasting` (versions 1 and 6) every input must have the first input's shape.
// The shapes of a variadic node's inputs (Min, Max, Sum, Mean); without `broadcasting` (versions 1
// and 6) each must be the first input's.
inline std::vector<Shape> variadic_input_shapes(const KernelContext& ctx, bool broadcasting) {
  std::vector<Shape> shapes;
  for (size_t i = 0; i < ctx.input_count(); ++i) shapes.push_back(ctx.input(i).shape());
  if (!broadcasting) {
    for (size_t i = 1; i < shapes.size(); ++i)
      if (shapes[i] != shapes[0])
        throw Error("input " + std::to_string(i) + " has shape " + shape_to_string(shapes[i]) + " but input 0 has " +
                    shape_to_string(shapes[0]) + "; this version does not broadcast, the shapes must be equal");
  }
  return shapes;
}

template <class Fn>
Kernel variadic_kernel(bool broadcasting) {
  return [broadcasting](const KernelContext& ctx) -> std::vector<Value> {
    const size_t n = ctx.input_count();
    const std::vector<Shape> shapes = variadic_input_shapes(ctx, broadcasting);
    broadcast_output_shape(shapes);  // every shape checked (and the size) before any work
    Tensor acc = ctx.input(0);
    for (size_t i = 1; i < n; ++i) {
      const Tensor& next = ctx.input(i);
      const Shape pair[] = {acc.shape(), next.shape()};
      const Shape out = broadcast_output_shape(pair);
      acc = run_binary<Fn>(acc, next, {acc.shape(), next.shape(), out});
    }
    return {acc};
  };
}

// ---------------------------------------------------------------------------------------------
// Version tables

// A binary version: inputs A, B of T; output C of T, or of T1 = bool when `to_bool`. Versions 1 and
// 6 of the arithmetic operators, and 1 of the comparisons, have the legacy attributes (`legacy`);
// `consumed_inputs` is accepted and ignored where the spec lists it.
OpVersion binary_version(const std::string& op_type, int since, const TypeSet& types, bool to_bool, bool legacy,
                         bool consumed_inputs, Kernel kernel);
// A unary version: X of T to Y of T.
OpVersion unary_version(const std::string& op_type, int since, const TypeSet& types, bool consumed_inputs,
                        Kernel kernel);
// A variadic version: data_0 (variadic, min_arity 1, homogeneous) of T to `output` of T.
OpVersion variadic_version(const std::string& op_type, const std::string& output, int since, const TypeSet& types,
                           bool consumed_inputs, Kernel kernel);

// The type sets these operators use that ops/type_sets.h does not name.
using ET = ElementType;
// float16, float, double and the 32- and 64-bit integers: Add/Sub/Mul/Div-6 and -7.
inline const TypeSet kArith6{ET::Float16, ET::Float, ET::Double, ET::Int32, ET::Int64, ET::UInt32, ET::UInt64};
inline const TypeSet kArith13 = kArith6.with({ET::BFloat16});
inline const TypeSet kSignedNumeric{ET::Float16, ET::Float, ET::Double, ET::Int8, ET::Int16, ET::Int32, ET::Int64};

// Registers Add/Sub/Mul/Div at every version (1, 6, 7, 13, 14) with the functor Fn:
//   1: float16, float, double; legacy broadcast/axis; consumed_inputs (ignored)
//   6: + int32, int64, uint32, uint64; legacy broadcast/axis
//   7: multidirectional broadcasting; 13: + bfloat16; 14: + int8, int16, uint8, uint16
void register_arithmetic_versions(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                                  Kernel legacy, Kernel modern);

template <class Fn>
void register_arithmetic(Registry& registry, const std::string& op_type, const Accuracy& accuracy) {
  register_arithmetic_versions(registry, op_type, accuracy, binary_kernel<Fn>(true), binary_kernel<Fn>(false));
}

// Less and Greater (1, 7, 9, 13): bool output.
//   1: float16, float, double; legacy broadcast/axis.  7: multidirectional broadcasting.
//   9: + the eight integer types.  13: + bfloat16.
template <class Fn>
void register_ordering(Registry& registry, const std::string& op_type, const Accuracy& accuracy) {
  const TypeSet floats{ET::Float16, ET::Float, ET::Double};
  const TypeSet numeric =
      floats.with({ET::Int8, ET::Int16, ET::Int32, ET::Int64, ET::UInt8, ET::UInt16, ET::UInt32, ET::UInt64});
  registry.add(binary_version(op_type, 1, floats, true, true, false, binary_kernel<Fn>(true)));
  registry.add(binary_version(op_type, 7, floats, true, false, false, binary_kernel<Fn>(false)));
  registry.add(binary_version(op_type, 9, numeric, true, false, false, binary_kernel<Fn>(false)));
  registry.add(binary_version(op_type, 13, numeric.with({ET::BFloat16}), true, false, false, binary_kernel<Fn>(false)));
  registry.declare_accuracy(op_type, accuracy);
}

// GreaterOrEqual and LessOrEqual (12, 16): bool output, multidirectional broadcasting.
//   12: float16, float, double and the eight integer types.  16: + bfloat16.
template <class Fn>
void register_or_equal(Registry& registry, const std::string& op_type, const Accuracy& accuracy) {
  const TypeSet numeric{ET::Float16, ET::Float, ET::Double, ET::Int8,   ET::Int16, ET::Int32,
                        ET::Int64,   ET::UInt8, ET::UInt16, ET::UInt32, ET::UInt64};
  registry.add(binary_version(op_type, 12, numeric, true, false, false, binary_kernel<Fn>(false)));
  registry.add(binary_version(op_type, 16, numeric.with({ET::BFloat16}), true, false, false, binary_kernel<Fn>(false)));
  registry.declare_accuracy(op_type, accuracy);
}

// Min and Max (1, 6, 8, 12, 13).
//   1: float16, float, double; consumed_inputs (ignored); equal shapes.  6: equal shapes.
//   8: multidirectional broadcasting.  12: + the eight integer types.  13: + bfloat16.
template <class Fn>
void register_min_max(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                      const std::string& output) {
  const TypeSet floats{ET::Float16, ET::Float, ET::Double};
  const TypeSet numeric =
      floats.with({ET::Int8, ET::Int16, ET::Int32, ET::Int64, ET::UInt8, ET::UInt16, ET::UInt32, ET::UInt64});
  registry.add(variadic_version(op_type, output, 1, floats, true, variadic_kernel<Fn>(false)));
  registry.add(variadic_version(op_type, output, 6, floats, false, variadic_kernel<Fn>(false)));
  registry.add(variadic_version(op_type, output, 8, floats, false, variadic_kernel<Fn>(true)));
  registry.add(variadic_version(op_type, output, 12, numeric, false, variadic_kernel<Fn>(true)));
  registry.add(variadic_version(op_type, output, 13, numeric.with({ET::BFloat16}), false, variadic_kernel<Fn>(true)));
  registry.declare_accuracy(op_type, accuracy);
}

}  // namespace onnx_ref::math
