#pragma once
/// \file
/// The disk cache of runtime-compiled modules (src/detail/kernel_cache.cpp), so that a program
/// compiles a kernel once, not once per run (CuPy's ~/.cupy/kernel_cache). Host-only.
///
/// The key is everything the binary depends on (source, options, name expressions, architecture,
/// NVRTC's version); the file name is a hash of it and the file holds the key again, so a hash
/// collision or a damaged file reads as a miss. Files are written to a temporary name and renamed,
/// so processes sharing the cache never read a partial file.

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cupp::detail::kernel_cache {

/// A compiled module as the cache stores it.
struct entry {
  std::string image;                                        ///< CUBIN, or PTX
  std::vector<std::pair<std::string, std::string>> lowered; ///< name expression -> symbol
};

/// The cache directory: $CUPP_CACHE_DIR, else $HOME/.cupp/kernel_cache; empty (no disk cache)
/// when neither is set.
[[nodiscard]] std::string directory();

/// The path of `key`'s file (a hash of the key in directory()); empty without a directory.
[[nodiscard]] std::string path_for(const std::string& key);

/// The entry stored under `key`, if a complete one is.
[[nodiscard]] std::optional<entry> load(const std::string& key);

/// Stores `e` under `key`. A cache that cannot be written (read-only home, full disk) only costs
/// a compilation next time, so failures are not errors.
void store(const std::string& key, const entry& e);

} // namespace cupp::detail::kernel_cache
