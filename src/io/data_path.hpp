#pragma once
// The data path between files and array memory (src/io/data_path.cpp): an array's bytes read
// from a source or a file into new array memory (on several threads where the source allows), and
// written from array memory to a sink or a new file, through pinned staging buffers on the CUDA
// backend and straight on the host backend.
#include <cstddef>
#include <cstdint>
#include <string>

#include "npy_format.hpp"

namespace cupp::detail::npy {

/// Reads exactly n bytes or says which part of the file ended early (NumPy's _read_bytes words).
void read_exact(byte_source& src, void* dst, std::size_t n, const char* what);

/// Reads the next `bytes` bytes of `src` into the array memory at `dst`, swapping the bytes of
/// each `unit`-byte value (1: none). A source that is a plain range of a file is read at offsets
/// by several threads (io_threads()), each chunk's copy to the device overlapping the next read;
/// any other source (a zip member checked or inflated on the way) in sequence.
void read_data(byte_source& src, char* dst, std::uint64_t bytes, std::size_t unit);

/// Writes `bytes` bytes of array memory at `src` to `sink`, in sequence.
void write_data(byte_sink& sink, const char* src, std::uint64_t bytes);

/// Writes a new file at `path`: `head`, then `bytes` bytes of array memory at `src`, in sequence
/// (one writer: the file system serialises buffered writes to one file anyway).
void write_file(const std::string& path, const std::string& head, const char* src,
                std::uint64_t bytes);

/// How many threads read a file's data: CUPP_IO_THREADS when set (1 to 64; 1: in sequence), else
/// the host's cores up to 8.
[[nodiscard]] int io_threads();

} // namespace cupp::detail::npy
