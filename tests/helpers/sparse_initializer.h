#pragma once
// A sparse initializer for the loader's tests: float values 5 and 7 in a tensor of `dims`, at the
// int64 `indices` shaped `index_dims` ([NNZ] linear indices or [NNZ, rank] coordinates).
#include <string>
#include <vector>

#include "tests/model_builder.h"

inline onnx::SparseTensorProto sparse_initializer(const std::string& name, const std::vector<int64_t>& dims,
                                                  const std::vector<int64_t>& indices,
                                                  const std::vector<int64_t>& index_dims) {
  onnx::SparseTensorProto s;
  for (int64_t d : dims) s.add_dims(d);
  auto* values = s.mutable_values();
  values->set_name(name);
  values->set_data_type(onnx_ref::code_of(onnx_ref::ElementType::Float));
  values->add_dims(2);
  values->add_float_data(5);
  values->add_float_data(7);
  auto* idx = s.mutable_indices();
  idx->set_data_type(onnx_ref::code_of(onnx_ref::ElementType::Int64));
  for (int64_t d : index_dims) idx->add_dims(d);
  for (int64_t i : indices) idx->add_int64_data(i);
  return s;
}
