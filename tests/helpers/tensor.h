// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <cstdint>

#include "runtime/error.h"
#include "runtime/tensor.h"

using namespace onnx_ref;
using T = ElementType;
