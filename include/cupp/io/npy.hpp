#pragma once
/// \file
/// NumPy's file formats: `.npy` (one array: `save`, `load`) and `.npz` (a zip of `.npy` members:
/// `savez`, `savez_compressed`, `load_npz`). Files are read in chunks through pinned staging
/// buffers straight into the new array's device memory (no whole-file host copy) and written the
/// same way; every malformed file is an `io_error` saying what is wrong. See docs/io.md.

#include <cupp/array.hpp>
#include <cupp/core/dtype_table.hpp>
#include <cupp/core/ndarray.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace cupp {

/// `np.save(path, a)`: writes `a` as an .npy file (format 1.0, or 2.0 when the header needs it),
/// byte for byte as NumPy writes it: C order, or Fortran order for an F-contiguous array that is
/// not C-contiguous; any other layout is copied to C order first. ".npy" is appended to a path
/// that does not end with it, as NumPy does. bfloat16 is written as ml_dtypes does ('<V2').
/// A sync point (the data is copied to the host).
void save(const std::filesystem::path& path, const array& a);

/// `np.load(path)` of an .npy file: a new array (device memory), C-contiguous, or an F-ordered
/// array (F strides) when the file says fortran_order. Big-endian files are byte-swapped. Object
/// arrays (allow_pickle) are refused; a '<V2' file (ml_dtypes' bfloat16) needs `load<bfloat16>`.
[[nodiscard]] array load(const std::filesystem::path& path);

namespace detail {
/// load() that insists on dtype `want` (checked before the data is read). A '|V2'/'<V2' file is
/// read as bfloat16 when `want` is bfloat16.
[[nodiscard]] array load_checked(const std::filesystem::path& path, dtype want);
} // namespace detail

/// `np.load(path)` when the dtype is known: the file's dtype must be T's (type_error naming both
/// otherwise; convert with `load(path).astype<T>()`). `load<bfloat16>` reads ml_dtypes' bfloat16
/// files, whose descr ('<V2') does not name the type.
template <class T> [[nodiscard]] ndarray<T> load(const std::filesystem::path& path) {
  return detail::load_checked(path, dtype_of<T>()).template as<T>();
}

/// The arrays of an .npz file, by name, in the file's order.
using npz_entries = std::vector<std::pair<std::string, array>>;

/// `np.savez(path, name=a, ...)`: an uncompressed zip (ZIP_STORED) of one `<name>.npy` member per
/// array, ZIP64 where a size or offset needs it. ".npz" is appended to a path that does not end
/// with it. Names must be distinct (value_error).
void savez(const std::filesystem::path& path, const npz_entries& arrays);

/// `np.savez_compressed(path, name=a, ...)`: as savez with the members deflated (zlib).
void savez_compressed(const std::filesystem::path& path, const npz_entries& arrays);

namespace detail {
/// savez (`compress`: savez_compressed) writing ZIP64 records for the sizes and offsets from
/// `zip64_at` bytes on (the 32-bit limit by default; the tests lower it to write them small).
void savez_zip64_at(const std::filesystem::path& path, const npz_entries& arrays, bool compress,
                    std::uint64_t zip64_at);
} // namespace detail

/// NumPy's NpzFile: the members of an .npz file, read lazily. The directory is read when the file
/// is opened (`load_npz`); each member is read from the file (inflated if need be) every time it
/// is asked for, like NumPy's `npz[name]`, so holding an npz_file costs no device memory.
class npz_file {
public:
  struct member {
    std::string name;                      // the zip member's name ("x.npy")
    std::uint64_t local_header_offset = 0; // where its local header starts
    std::uint64_t compressed_size = 0;
    std::uint64_t size = 0; // uncompressed
    std::uint32_t crc32 = 0;
    std::uint16_t method = 0; // 0 stored, 8 deflated
  };

  npz_file(std::filesystem::path path, std::vector<member> members);

  /// The array names, `.npy` stripped (NumPy's `NpzFile.files`), in the file's order.
  [[nodiscard]] std::vector<std::string> names() const;
  [[nodiscard]] bool contains(const std::string& name) const;
  [[nodiscard]] std::size_t size() const noexcept { return members_.size(); }
  /// The array `name` (or the member `name` itself, ".npy" included), read now; io_error (NumPy's
  /// KeyError) when there is none.
  [[nodiscard]] array at(const std::string& name) const;
  [[nodiscard]] array operator[](const std::string& name) const { return at(name); }
  /// `at(name)` of a known dtype, checked as `load<T>`.
  template <class T> [[nodiscard]] ndarray<T> at(const std::string& name) const {
    return read(name, dtype_of<T>()).template as<T>();
  }
  [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }
  [[nodiscard]] const std::vector<member>& members() const noexcept { return members_; }

private:
  [[nodiscard]] array read(const std::string& name, const dtype* want) const;
  [[nodiscard]] array read(const std::string& name, dtype want) const { return read(name, &want); }
  std::filesystem::path path_;
  std::vector<member> members_;
};

/// `np.load(path)` of an .npz file: its directory (io_error when it is not a valid zip).
[[nodiscard]] npz_file load_npz(const std::filesystem::path& path);

} // namespace cupp
