// Loads the bundled example through the installed library, runs it and checks the result, seeing
// only the public headers (tests/consumer/run.sh checks that nothing else is installed).
#include <onnx_ref/onnx_ref.h>

#include <iostream>

// The public API shows no protobuf type: onnx_ref.h must not pull in protobuf's headers (all of
// which define GOOGLE_PROTOBUF_VERSION) nor ONNX's generated ones.
#if defined(GOOGLE_PROTOBUF_VERSION) || defined(GOOGLE_PROTOBUF_INCLUDED_onnx_2fonnx_2dml_2eproto)
#error "onnx_ref.h exposes protobuf types"
#endif

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const auto session = onnx_ref::Session::from_file(argv[1]);
  std::vector<float> values(24);
  for (int i = 0; i < 24; ++i) values[i] = static_cast<float>(i);
  const auto x = onnx_ref::Tensor::from_values(onnx_ref::ElementType::Float, {2, 3, 4}, values);
  const auto outputs = session.run({{"x", x}});
  const auto& y = outputs.at("y");
  std::cout << onnx_ref::tensor_to_json(y).dump() << "\n";
  const bool ok = y.shape() == onnx_ref::Shape{12, 2} && y.shares_storage_with(x) && y.data_as<float>()[23] == 23.0f;
  std::cout << (ok ? "consumer: ok" : "consumer: WRONG RESULT") << "\n";
  return ok ? 0 : 1;
}
