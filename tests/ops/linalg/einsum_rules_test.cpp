// Unit tests of ops/linalg/einsum_rules.cpp.
#include "helpers/einsum.h"

// spec: Einsum-12: "In other cases, output indices are (implicitly) set to the alphabetically sorted sequence of indices appearing exactly once in the equation."
TEST_CASE("Einsum rules: output shapes, implicit output order, ellipsis broadcasting") {
  using linalg::plan_einsum;
  CHECK(plan_einsum("ij->ji", {{3, 4}}).out_shape == Shape{4, 3});
  CHECK(plan_einsum("bij, bjk -> bik", {{5, 2, 3}, {5, 3, 4}}).out_shape == Shape{5, 2, 4});
  CHECK(plan_einsum("i,i", {{5}, {5}}).out_shape == Shape{});
  // Implicit: letters used once, in ASCII order (upper case first): "ba,Ab" gives A a... -> [A, a].
  const auto imp = plan_einsum("ba,Ab", {{2, 3}, {4, 2}});
  CHECK(imp.out_shape == Shape{4, 3});
  CHECK(plan_einsum("ii", {{3, 3}}).out_shape == Shape{});
  CHECK(plan_einsum("...ii ->...i", {{3, 5, 5}}).out_shape == Shape{3, 5});
  // The ellipsis broadcasts right-aligned: [2, 1, 3] and [4, 1] -> [2, 4, 3]; implicit puts it first.
  // Ellipses of different ranks are a departure (docs/DEPARTURES.md, Einsum-12): each stands for a
  // fixed number of dimensions of its operand, and the two broadcast as numpy.einsum does.
  // spec: Einsum-12: "Ellipsis must indicate a fixed number of dimensions."
  // spec: Einsum-12: "Specifically, every occurrence of ellipsis in the equation must represent the same number of dimensions."
  CHECK(plan_einsum("...i,...i->...", {{2, 1, 3, 6}, {4, 1, 6}}).out_shape == Shape{2, 4, 3});
  CHECK(plan_einsum("...j,j", {{2, 3}, {3}}).out_shape == Shape{2});
  CHECK(plan_einsum("->", {{}}).out_shape == Shape{});
  CHECK(plan_einsum("i...->...", {{4}}).out_shape == Shape{});
}

// spec: Einsum-12: "The right-hand side may contain exactly one ellipsis."
TEST_CASE("Einsum rules: malformed equations and mismatched shapes are one-line errors") {
  using linalg::plan_einsum;
  auto fails = [](const std::string& eq, const std::vector<Shape>& shapes, const std::string& text) {
    CAPTURE(eq);
    CHECK_THROWS_WITH_AS(plan_einsum(eq, shapes), doctest::Contains(text.c_str()), Error);
  };
  fails("ij,jk", {{2, 3}}, "2 input term(s) for 1 input(s)");
  fails("ij->j->i", {{2, 3}}, "\"->\" more than once");
  fails("ij-i", {{2, 3}}, "'-' or '>'");
  fails("i..j", {{2, 3}}, "not part of \"...\"");
  fails("...i...", {{2, 3}}, "\"...\" more than once");
  fails("i1", {{2, 3}}, "the character '1'");
  fails("ijk", {{2, 3}}, "names 3 axes but input 0 [2, 3] has rank 2");
  fails("ijk...", {{2, 3}}, "names 3 axes besides \"...\"");
  fails("ii", {{2, 3}}, "label 'i' has length 3");
  fails("ij,jk", {{2, 3}, {4, 5}}, "label 'j' has length 4");
  fails("ij->ii", {{2, 3}}, "names 'i' more than once");
  fails("ij->k", {{2, 3}}, "'k' is in no input term");
  fails("...i->i", {{2, 3}}, "must contain \"...\"");
  fails("...i,...i", {{2, 3}, {4, 3}}, "do not broadcast");
  fails("ij->i,j", {{2, 3}}, "more than one output term");
}
