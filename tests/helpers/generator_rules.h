// Unit tests of ops/generators/generator_rules.cpp.
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include "helpers/generators.h"
