// libFuzzer entry point over .npy/.npz reading: the .npy header (magic, version, length, dict
// parser) and data, and the zip directory reader with each member's local header, inflation and
// CRC-32 check. Arrays are bounded by the input (a header's size is checked against the bytes
// left, a deflated member's against what deflate can give), so the fuzzer's inputs stay small.
// Built only by clang with -fsanitize=fuzzer (test/CMakeLists.txt): ./fuzz_npy [corpus dir], e.g.
// test/fixtures/npy.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>

#include <cstddef>
#include <cstdint>

#include "../../src/io/npy_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace npy = cupp::detail::npy;
  auto r = npy::memory_reader(data, size);
  try {
    npy::range_source src(*r, 0, r->size());
    (void)npy::read_array(src, nullptr);
  } catch (const cupp::error&) { // io_error, type_error: the expected outcomes of bad bytes
  }
  try {
    const auto members = npy::read_zip_directory(*r);
    for (std::size_t i = 0; i < members.size() && i < 16; ++i) {
      try {
        auto m = npy::open_member(*r, members[i]);
        (void)npy::read_array(*m, nullptr);
      } catch (const cupp::error&) {
      }
    }
  } catch (const cupp::error&) {
  }
  return 0;
}
