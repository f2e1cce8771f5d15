// The file side of cupp::dist's .npy I/O (dist/io.hpp): NumPy's header through src/io's own
// format code, and each rank's bytes written or read at their offset.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/dist/npy_file.hpp>

#include <fstream>
#include <string>

#include "../io/npy_format.hpp"

namespace cupp::dist::impl {

namespace npy = cupp::detail::npy;

std::uint64_t npy_begin(const std::filesystem::path& path, dtype d, const shape_t& shape,
                        bool write) {
  const std::string header = npy::format_header(d, shape, false);
  if (write) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) throw io_error(npy::os_error(path.string()));
    f.write(header.data(), static_cast<std::streamsize>(header.size()));
    if (!f) throw io_error(npy::os_error(path.string()));
    f.close();
    std::error_code e;
    std::filesystem::resize_file(path, header.size() + shape_size(shape) * dtype_size(d), e);
    if (e) throw io_error("cannot size " + path.string() + ": " + e.message());
  }
  return header.size();
}

void npy_write_at(const std::filesystem::path& path, std::uint64_t offset, const void* host,
                  std::uint64_t bytes) {
  std::fstream f(path, std::ios::binary | std::ios::in | std::ios::out);
  if (!f) throw io_error(npy::os_error(path.string()));
  f.seekp(static_cast<std::streamoff>(offset));
  f.write(static_cast<const char*>(host), static_cast<std::streamsize>(bytes));
  if (!f) throw io_error(npy::os_error(path.string()));
}

npy_layout npy_inspect(const std::filesystem::path& path, dtype want) {
  const std::unique_ptr<npy::random_reader> r = npy::open_file(path.string());
  npy::range_source src(*r, 0, r->size());
  const npy::header h = npy::read_header(src, &want);
  if (h.fortran || h.swap)
    throw io_error("cupp::dist::load reads C-ordered little-endian .npy files; " + path.string() +
                   " is " + (h.fortran ? "Fortran-ordered" : "big-endian") +
                   " (cupp::load reads it whole)");
  if (src.remaining() < h.data_bytes)
    throw io_error("EOF: reading array data, expected " + std::to_string(h.data_bytes) +
                   " bytes got " + std::to_string(src.remaining()));
  return {h.shape, r->size() - src.remaining()};
}

void npy_read_at(const std::filesystem::path& path, std::uint64_t offset, void* host,
                 std::uint64_t bytes) {
  const std::unique_ptr<npy::random_reader> r = npy::open_file(path.string());
  std::uint64_t done = 0;
  while (done < bytes) {
    const std::size_t k = r->read_at(offset + done, static_cast<char*>(host) + done, bytes - done);
    if (!k) throw io_error("EOF: reading array data of " + path.string());
    done += k;
  }
}

} // namespace cupp::dist::impl
