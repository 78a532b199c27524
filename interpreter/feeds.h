#pragma once
// Where a model's inputs come from: a JSON file (runtime/tensor_json.h) or a test_data_set_N
// folder of input_K.pb files; and random inputs made from the declared types.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "interpreter/model.h"

namespace onnx_ref {

using Feeds = std::map<std::string, Value>;

// `prefix`K.pb files in `dir` (input_0.pb, input_1.pb, ...), ordered by K; a gap in the numbering
// is an Error.
std::vector<std::filesystem::path> numbered_pb_files(const std::filesystem::path& dir, const std::string& prefix);

// A JSON object from graph-input name to tensor.
Feeds feeds_from_json_file(const Model& model, const std::filesystem::path& path);
// input_K.pb files, matched by the tensor's name when it has one, otherwise in order of the
// graph inputs that must be fed.
Feeds feeds_from_pb_folder(const Model& model, const std::filesystem::path& dir);
// Either of the above, chosen by what `path` is; "-" reads JSON from standard input, and a pipe named
// on the command line (`<(...)`) is read as JSON.
Feeds load_feeds(const Model& model, const std::filesystem::path& path);

// Random values for every input that must be fed, from its declared element type and shape;
// symbolic dimensions come from `dims` (an unnamed or unknown dimension is an Error).
Feeds random_feeds(const Model& model, uint64_t seed, const std::map<std::string, int64_t>& dims);
// The --dim NAME=VALUE options of make-test and run as a map; a malformed one is an Error.
std::map<std::string, int64_t> parse_dim_options(const std::vector<std::string>& specs);

}  // namespace onnx_ref
