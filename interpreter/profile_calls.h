#pragma once
// Every kernel call of a profiled run on its own, for a timeline (run --profile-json): RunProfile
// sums the calls of each node; a ProfileCalls registered for that RunProfile also keeps each call's
// start and duration. It lives beside the run's RunProfile (runtime/run_context.h stays as it is):
// the executor reports each call with record(), which finds the ProfileCalls of its RunProfile, if
// any.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "runtime/run_context.h"

namespace onnx_ref {

class ProfileCalls {
 public:
  struct Call {
    size_t row;        // in profile.rows()
    int64_t start_ns;  // on the steady clock
    int64_t nanoseconds;
  };
  // Keeps the calls of every run profiled into `profile` while this object lives.
  explicit ProfileCalls(const RunProfile& profile);
  ~ProfileCalls();
  ProfileCalls(const ProfileCalls&) = delete;
  ProfileCalls& operator=(const ProfileCalls&) = delete;

  const std::vector<Call>& calls() const { return calls_; }

  // The executor, right after profile.add(key, ...) for a call that started at start_ns.
  static void record(const RunProfile& profile, const void* key, int64_t start_ns, int64_t nanoseconds);

 private:
  const RunProfile& profile_;
  std::vector<Call> calls_;
  std::unordered_map<const void*, size_t> rows_;  // key -> row, as RunProfile numbers them
};

}  // namespace onnx_ref
