#pragma once
/// \file
/// .npy files of distributed arrays, written and read by every rank at once: an array split by
/// rows (axis 0) is, in a C-ordered file, one byte range per rank, so rank 0 writes the header
/// and each rank writes (reads) its own rows at their offset. Other layouts are resharded by rows
/// first. The file must be one every rank can open (a shared file system across nodes). Sync
/// points.

#include <cupp/core/context.hpp>
#include <cupp/core/transfer.hpp>
#include <cupp/dist/array.hpp>
#include <cupp/dist/collectives.hpp>
#include <cupp/dist/exchange.hpp>
#include <cupp/dist/npy_file.hpp>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace cupp::dist {

namespace impl {
// the bytes of one row (an element of axis 0) of an array of `shape`
inline std::uint64_t row_bytes(const shape_t& shape, std::size_t item) {
  std::uint64_t n = item;
  for (int d = 1; d < static_cast<int>(shape.size()); ++d)
    n *= static_cast<std::uint64_t>(shape[d]);
  return n;
}

// Runs one rank's part of a file step and lets every rank know whether each succeeded (an
// allgather: the step's barrier too): a rank that failed rethrows its own error, the others raise
// io_error naming it, so no rank waits for one that gave up.
template <class F> void on_every_rank(const communicator& c, const char* step, F&& part) {
  std::exception_ptr failed;
  try {
    part();
  } catch (...) {
    failed = std::current_exception();
  }
  const std::vector<int> status = allgather_values(c, std::vector<int>{failed ? 1 : 0});
  if (failed) std::rethrow_exception(failed);
  for (int r = 0; r < c.size(); ++r)
    if (status[r])
      throw io_error(std::string("cupp::dist: rank ") + std::to_string(r) + " failed to " + step +
                     " (its own error says why)");
}
} // namespace impl

/// `np.save(path, a)` of a distributed array: the file NumPy writes for the whole array.
template <class T> void save(const std::filesystem::path& path, const array<T>& a) {
  const communicator& c = a.comm();
  const bool whole = a.replicated() || a.ndim() == 0;
  const array<T> rows = whole ? a : reshard(a, sharding{0});
  // the header and the file's size in place before any rank writes its rows
  std::uint64_t begin = 0;
  impl::on_every_rank(c, "create the file", [&] {
    begin = impl::npy_begin(path, dtype_of<T>(), a.shape(), c.rank() == 0);
  });
  impl::on_every_rank(c, "write its rows", [&] {
    if (whole && c.rank() != 0) return;
    const ndarray<T> local = contiguous(rows.local());
    const std::uint64_t bytes = static_cast<std::uint64_t>(local.nbytes());
    std::unique_ptr<unsigned char[]> host(new unsigned char[bytes ? bytes : 1]);
    detail::copy_to_host(host.get(), local.data(), bytes, current_stream());
    const std::uint64_t first = whole ? 0 : static_cast<std::uint64_t>(rows.local_block().start);
    impl::npy_write_at(path, begin + first * impl::row_bytes(a.shape(), sizeof(T)), host.get(),
                       bytes);
  });
}

/// `np.load(path)` of a C-ordered .npy file of dtype T, split over the ranks as `s` (each rank
/// reads its own rows; a 0-d array is replicated).
template <class T>
[[nodiscard]] array<T> load(const communicator& c, const std::filesystem::path& path,
                            sharding s = {0}) {
  impl::npy_layout f;
  ndarray<T> local;
  impl::on_every_rank(c, "read the file", [&] {
    f = impl::npy_inspect(path, dtype_of<T>());
    const bool whole = f.shape.size() == 0;
    local =
        ndarray<T>(array<T>::local_shape(c, f.shape, whole ? replicated : sharding{0}, c.rank()));
    const std::uint64_t first =
        whole ? 0 : static_cast<std::uint64_t>(block_of(f.shape[0], c.size(), c.rank()).start);
    const std::uint64_t bytes = static_cast<std::uint64_t>(local.nbytes());
    std::unique_ptr<unsigned char[]> host(new unsigned char[bytes ? bytes : 1]);
    impl::npy_read_at(path, f.data_offset + first * impl::row_bytes(f.shape, sizeof(T)), host.get(),
                      bytes);
    detail::copy_from_host_async(local.data(), host.get(), bytes, current_stream());
    synchronize(); // the host buffer goes now
  });
  if (f.shape.size() == 0) return array<T>(c, f.shape, replicated, local);
  return reshard(array<T>(c, f.shape, sharding{0}, local), s);
}

} // namespace cupp::dist
