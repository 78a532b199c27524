// Unit tests: runtime numeric dispatch.
#include "helpers/framework.h"

TEST_CASE("numeric dispatch: storage types, exact widening, one rounding") {
  CHECK(dispatch_real(T::Int16, [](auto tag) { return sizeof(typename decltype(tag)::type); }) == 2);
  CHECK(dispatch_real(T::BFloat16, [](auto tag) { return is_small_float_storage<typename decltype(tag)::type>; }));
  CHECK_THROWS_AS(dispatch_real(T::String, [](auto) { return 0; }), std::logic_error);
  // float16: 1 + 2^-11 is a tie between 1 and 1 + 2^-10: ties to even gives 1.
  CHECK(narrow<Float16Bits>(1.0 + std::ldexp(1.0, -11)).bits == 0x3C00);
  CHECK(narrow<Float16Bits>(1.0 + 3 * std::ldexp(1.0, -11)).bits == 0x3C02);
  CHECK(narrow<Float16Bits>(70000.0).bits == 0x7C00);  // beyond the largest float16: infinity
  CHECK(widen(Float16Bits{0x3555}) == 0.333251953125);
  CHECK(narrow<BFloat16Bits>(1.0 + std::ldexp(1.0, -8)).bits == 0x3F80);
}
