#pragma once
// What Div and Mod share (ops/math/div.cpp, mod.cpp): both take floating and integer operands, and
// an integer operation by a zero divisor has no result: an Error naming the flat output index.
#include <string>

#include "ops/math/elementwise.h"

namespace onnx_ref::math {

// A base for a binary functor that divides: `Fn::fail` calls refuse_zero_divisor with its
// operation's name ("division", "modulo").
struct ZeroDivisorRule {
  using Result = void;
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  static constexpr bool can_fail = is_int_storage<S>;
  template <class S>
  static bool check(S, S y) {
    return y != 0;
  }
  template <class S>
  [[noreturn]] static void refuse_zero_divisor(const char* operation, S x, int64_t index) {
    throw Error(std::string("integer ") + operation + " by zero at output index " + std::to_string(index) + " (A is " +
                std::to_string(x) + ", B is 0)");
  }
};

}  // namespace onnx_ref::math
