// make_big_model DIR [MIB] [--inline]: writes DIR/model.onnx, a Reshape of a MIB MiB (default 256)
// float initializer, kept as external data in DIR/weights.bin unless --inline is given.
#include <cstdlib>
#include <iostream>
#include <string>

#include "bench/big_model.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: make_big_model DIR [MIB] [--inline]\n";
    return 2;
  }
  uint64_t mib = 256;
  bool external = true;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--inline")
      external = false;
    else
      mib = std::strtoull(arg.c_str(), nullptr, 10);
  }
  try {
    onnx_ref::bench::write_big_reshape_model(argv[1], mib << 20, external);
  } catch (const std::exception& e) {
    std::cerr << "make_big_model: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
