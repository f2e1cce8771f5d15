#pragma once
/// \file
/// The file side of dist/io.hpp, compiled in src/dist/npy.cpp (host code, no kernels): NumPy's
/// header through src/io's own format code, and a rank's bytes written or read at an offset.

#include <cupp/core/dtype_table.hpp>
#include <cupp/core/shape.hpp>

#include <cstdint>
#include <filesystem>

namespace cupp::dist::impl {
/// Rank 0 (`write`): writes NumPy's header of a C-ordered array of dtype d and `shape` to `path`,
/// sized for its data. Every rank: returns where the data begins.
std::uint64_t npy_begin(const std::filesystem::path& path, dtype d, const shape_t& shape,
                        bool write);
/// Writes `bytes` bytes at `offset` of the file `npy_begin` made.
void npy_write_at(const std::filesystem::path& path, std::uint64_t offset, const void* host,
                  std::uint64_t bytes);
/// What a C-ordered little-endian .npy file of dtype `want` holds (io_error for another kind of
/// file, type_error for another dtype, as cupp::load).
struct npy_layout {
  shape_t shape;
  std::uint64_t data_offset = 0;
};
[[nodiscard]] npy_layout npy_inspect(const std::filesystem::path& path, dtype want);
/// Reads `bytes` bytes at `offset` of a file.
void npy_read_at(const std::filesystem::path& path, std::uint64_t offset, void* host,
                 std::uint64_t bytes);

} // namespace cupp::dist::impl
