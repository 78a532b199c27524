#pragma once
// onnx-ref as a library: the public API in one include.
//
//   #include <onnx_ref/onnx_ref.h>   (no protobuf type shows through it)
//   onnx_ref::Session session = onnx_ref::Session::from_file("model.onnx");
//   auto outputs = session.run({{"x", onnx_ref::read_tensor_file("input_0.pb")}});
//
// Link with find_package(onnx_ref) and target_link_libraries(app onnx_ref::onnx_ref).
#include "interpreter/session.h"
#include "runtime/element_type.h"
#include "runtime/error.h"
#include "runtime/npy.h"
#include "runtime/tensor.h"
#include "runtime/tensor_file.h"
#include "runtime/tensor_json.h"
