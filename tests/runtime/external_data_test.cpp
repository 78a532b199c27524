// Unit tests: runtime external data.
#include "helpers/tensor_proto.h"

TEST_CASE("external data: a good file at an offset and length is read") {
  TempDir dir;
  const std::vector<float> values = {1.f, 2.f, 3.f, 4.f, 5.f, 6.f};
  std::string file = std::string(16, 'x') + le_bytes(values) + std::string(8, 'y');
  write_file(dir / "weights.bin", file);

  Tensor t = tensor_from_proto(external_proto(ElementType::Float, {2, 3}, "weights.bin", "16", "24"), options_for(dir));
  CHECK(t.describe() == "float[2, 3]");
  CHECK(bytes_of(t) == le_bytes(values));

  SUBCASE("length absent: the rest of the file") {
    write_file(dir / "tail.bin", std::string(5, 'z') + le_bytes(values));
    Tensor tail = tensor_from_proto(external_proto(ElementType::Float, {6}, "tail.bin", "5"), options_for(dir));
    // spec: onnx.proto: "Offset values SHOULD be multiples 4096 (page size) to enable mmap support."
    // spec: onnx.proto: "length (optional) - number of bytes containing data."
    CHECK(bytes_of(tail) == le_bytes(values));  // an unaligned offset is copied, and still right
  }
  SUBCASE("an offset beyond the first page, in a subfolder, through ./") {
    fs::create_directory(dir / "sub");
    write_file(dir / "sub/big.bin", std::string(4096 * 3 + 8, 'q') + le_bytes(values));
    Tensor far = tensor_from_proto(
        external_proto(ElementType::Float, {6}, "./sub/big.bin", std::to_string(4096 * 3 + 8), "24"), options_for(dir));
    CHECK(bytes_of(far) == le_bytes(values));
  }
  SUBCASE("zero elements at the end of the file") {
    Tensor empty = tensor_from_proto(
        external_proto(ElementType::Float, {0}, "weights.bin", std::to_string(file.size()), "0"), options_for(dir));
    CHECK(empty.element_count() == 0);
  }
  SUBCASE("the mapping outlives the file's name") {
    fs::remove(dir / "weights.bin");
    CHECK(bytes_of(t) == le_bytes(values));
  }
}

TEST_CASE("external data: locations refused before anything is opened") {
  TempDir root;
  fs::create_directory(root / "model");
  const fs::path model = root / "model";
  const std::string data = le_bytes(std::vector<float>{1.f, 2.f});
  write_file(model / "data.bin", data);
  write_file(root / "secret.bin", data);
  TensorReadOptions options;
  options.external_data_dir = model;

  auto refused = [&](const std::string& location, const fs::path& watched) {
    OpenWatcher watcher(watched);
    const std::string message =
        error_of([&] { tensor_from_proto(external_proto(ElementType::Float, {2}, location), options); });
    CHECK_MESSAGE(!watcher.saw_open(), location << " was opened");
    return message;
  };

  // The watcher does see a real read, so a refusal that opened the file would be caught.
  {
    OpenWatcher watcher(model / "data.bin");
    CHECK(bytes_of(tensor_from_proto(external_proto(ElementType::Float, {2}, "data.bin"), options)) == data);
    CHECK(watcher.saw_open());
  }

  CHECK(refused((model / "data.bin").string(), model / "data.bin") ==
        "tensor 'w': external data '" + (model / "data.bin").string() +
            "' is an absolute path; it must be relative to the folder '" + model.string() + "'");
  CHECK(refused("sub/../data.bin", model / "data.bin") ==
        "tensor 'w': external data 'sub/../data.bin' has a '..' component; it must stay inside the folder '" +
            model.string() + "'");
  CHECK(refused("../secret.bin", root / "secret.bin") ==
        "tensor 'w': external data '../secret.bin' has a '..' component; it must stay inside the folder '" +
            model.string() + "'");

  fs::create_symlink(root / "secret.bin", model / "link.bin");
  CHECK(refused("link.bin", root / "secret.bin") ==
        "tensor 'w': external data 'link.bin' is a symbolic link; symbolic links are refused");
  fs::create_symlink("data.bin", model / "inside_link.bin");  // even one that stays inside
  CHECK(refused("inside_link.bin", model / "data.bin") ==
        "tensor 'w': external data 'inside_link.bin' is a symbolic link; symbolic links are refused");

  fs::create_directory_symlink(root.path(), model / "up");  // a folder on the way leads outside
  CHECK(refused("up/secret.bin", root / "secret.bin") == "tensor 'w': external data 'up/secret.bin' resolves to '" +
                                                             (root / "secret.bin").string() +
                                                             "', outside the folder '" + model.string() + "'");

  CHECK(refused("missing.bin", model / "data.bin") ==
        "tensor 'w': external data 'missing.bin' does not exist in the folder '" + model.string() + "'");
  fs::create_directory(model / "folder");
  CHECK(refused("folder", model / "data.bin") == "tensor 'w': external data 'folder' is not a regular file");
  REQUIRE(mkfifo((model / "fifo").c_str(), 0600) == 0);  // opening a FIFO to read would block
  CHECK(refused("fifo", model / "data.bin") == "tensor 'w': external data 'fifo' is not a regular file");

  fs::create_hard_link(root / "secret.bin", model / "hard.bin");
  CHECK(refused("hard.bin", root / "secret.bin") ==
        "tensor 'w': external data 'hard.bin' has 2 hard links; files with more than one are refused");

  CHECK(refused("", model / "data.bin") == "tensor 'w': external data location is empty");
  CHECK(refused(std::string("data.bin\0../x", 13), model / "data.bin") ==
        "tensor 'w': external data 'data.bin\\x00../x' holds a NUL byte");

  TensorReadOptions no_folder;
  {
    OpenWatcher watcher(model / "data.bin");
    CHECK(error_of([&] { tensor_from_proto(external_proto(ElementType::Float, {2}, "data.bin"), no_folder); }) ==
          "tensor 'w': external data 'data.bin' is refused: external data is only read relative to a model or tensor "
          "file's folder");
    CHECK_FALSE(watcher.saw_open());
  }
}

TEST_CASE("external data: offset and length") {
  TempDir dir;
  write_file(dir / "data.bin", std::string(32, '\0'));  // room for float[2, 3] at offset 8
  auto error_for = [&](const std::string& offset, const std::string& length) {
    return error_of([&] {
      tensor_from_proto(external_proto(ElementType::Float, {2, 3}, "data.bin", offset, length), options_for(dir));
    });
  };
  CHECK(error_for("8", "24") == "(no error)");
  for (const std::string bad : {"abc", "-1", "+5", " 5", "5 ", "0x10", "1e3", "18446744073709551616"})
    CHECK(error_for(bad, "24") ==
          "tensor 'w': external data 'data.bin': offset '" + bad +
              "' is not a plain decimal number (digits only, no sign, no spaces, at most 2^64 - 1)");
  CHECK(error_for("8", "-24") ==
        "tensor 'w': external data 'data.bin': length '-24' is not a plain decimal number "
        "(digits only, no sign, no spaces, at most 2^64 - 1)");
  CHECK(error_for("33", "24") ==
        "tensor 'w': external data 'data.bin' at offset 33: the offset is past the end of the file (the file has 32 "
        "bytes)");
  CHECK(error_for("9", "24") ==
        "tensor 'w': external data 'data.bin' at offset 9: length 24 from the offset passes the end of the file (the "
        "file has 32 bytes)");
  CHECK(error_for("8", "20") ==
        "tensor 'w': external data 'data.bin' at offset 8: length 20 does not match the 24 bytes float[2, 3] needs");
  CHECK(error_for("0", "") ==
        "tensor 'w': external data 'data.bin' at offset 0: the 32 bytes from the offset to the end of the file do not "
        "match the 24 bytes float[2, 3] needs");
  CHECK(error_for("18446744073709551615", "24") ==
        "tensor 'w': external data 'data.bin' at offset 18446744073709551615: the offset is past the end of the file "
        "(the file has 32 bytes)");
}

// spec: IR.md: "In such a case, the tensor MUST provide the filename relative to the model file and MUST NOT use the value fields."
TEST_CASE("external data: entries and data_location") {
  TempDir dir;
  write_file(dir / "data.bin", std::string(8, '\0'));
  Proto unknown_key = external_proto(ElementType::Float, {2}, "data.bin");
  add_external(unknown_key, "__class__", "x");
  CHECK_THROWS_WITH_AS(
      tensor_from_proto(unknown_key, options_for(dir)),
      "tensor 'w': external data has an unknown key '__class__' (known keys: location, offset, length, checksum)",
      Error);
  // spec: onnx.proto: "We instead represent mappings as lists of key-value pairs, where order does not matter and duplicates are not allowed."
  Proto twice = external_proto(ElementType::Float, {2}, "data.bin", "0");
  add_external(twice, "offset", "0");
  CHECK_THROWS_WITH_AS(tensor_from_proto(twice, options_for(dir)),
                       "tensor 'w': external data key 'offset' is given twice", Error);
  Proto no_location = make_proto(ElementType::Float, {2}, "w");
  no_location.set_data_location(Proto::EXTERNAL);
  add_external(no_location, "offset", "0");
  // spec: onnx.proto: "Recognized keys are: - "location" (required)"
  CHECK_THROWS_WITH_AS(tensor_from_proto(no_location, options_for(dir)),
                       "tensor 'w': external data has no 'location' entry", Error);

  Proto with_checksum = external_proto(ElementType::Float, {2}, "data.bin");
  add_external(with_checksum, "checksum", "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  CHECK(tensor_from_proto(with_checksum, options_for(dir)).element_count() == 2);

  Proto not_external = make_proto(ElementType::Float, {2}, "w");
  add_external(not_external, "location", "data.bin");
  // spec: onnx.proto: "MUST be one of: - DEFAULT - data stored inside the protobuf message."
  CHECK_THROWS_WITH_AS(tensor_from_proto(not_external, options_for(dir)),
                       "tensor 'w': has external_data entries but data_location is not EXTERNAL", Error);
  Proto also_raw = external_proto(ElementType::Float, {2}, "data.bin");
  also_raw.set_raw_data(std::string(8, '\0'));
  CHECK_THROWS_WITH_AS(tensor_from_proto(also_raw, options_for(dir)),
                       "tensor 'w': has both raw_data and external data; exactly one data source may be used", Error);
  Proto strings = external_proto(ElementType::String, {2}, "data.bin");
  CHECK_THROWS_WITH_AS(tensor_from_proto(strings, options_for(dir)),
                       "tensor 'w': string tensors cannot use external data; strings are stored in string_data", Error);
  Proto bools = external_proto(ElementType::Bool, {8}, "data.bin");
  write_file(dir / "data.bin", std::string("\x01\x00\x00\x00\x00\x00\x07\x00", 8));
  CHECK_THROWS_WITH_AS(tensor_from_proto(bools, options_for(dir)),
                       "tensor 'w': the external data byte 6 is 7; a bool is 0 or 1", Error);
}

TEST_CASE("external data: parse_decimal_u64") {
  CHECK(parse_decimal_u64("0") == 0u);
  CHECK(parse_decimal_u64("007") == 7u);
  CHECK(parse_decimal_u64("18446744073709551615") == std::numeric_limits<uint64_t>::max());
  CHECK_FALSE(parse_decimal_u64("18446744073709551616"));
  CHECK_FALSE(parse_decimal_u64(""));
  CHECK_FALSE(parse_decimal_u64("1_000"));
  CHECK_FALSE(parse_decimal_u64("\xd9\xa1"));  // a non-ASCII digit
}
