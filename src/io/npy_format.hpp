#pragma once
// The parts of the .npy/.npz readers and writers that src/io/npy.cpp and npz.cpp share, and that
// the fuzz target (test/fuzz/fuzz_npy.cpp) drives: the header parser and formatter, byte sources
// and sinks (a file, a range of it, an inflated zip member), the zip directory reader.
#include <cupp/array.hpp>
#include <cupp/core/dtype_table.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/io/npy.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cupp::detail::npy {

/// Most bytes of header text cupp reads (NumPy's own limit is 10000 bytes unless told otherwise;
/// cupp parses the dict without evaluating it, so a larger one is safe, but not an unbounded one).
inline constexpr std::uint64_t max_header_bytes = std::uint64_t{64} << 20;

/// What an .npy header says.
struct header {
  std::string descr;  // as written ('<f4')
  cupp::dtype type{}; // the dtype it names
  bool swap = false;  // big-endian data: bytes are swapped on the way in
  bool fortran = false;
  shape_t shape;
  std::uint64_t data_bytes = 0; // size * itemsize, checked for overflow
};

/// The system's words for errno, as Python's OSError prints them ("[Errno 2] No such file or
/// directory: 'x.npy'").
[[nodiscard]] std::string os_error(const std::string& path);

/// Parses the header dict text (what follows the length field, padding and '\n' included).
/// `want`: the dtype the caller insists on (null: any); a '<V2' descr is bfloat16 only then.
[[nodiscard]] header parse_header_text(std::string_view text, const dtype* want);

/// The whole header NumPy writes for an array of dtype d and this shape: magic, version (1.0, or
/// 2.0 when the text does not fit 1.0's 16-bit length), length, dict, padding to 64 bytes, '\n'.
[[nodiscard]] std::string format_header(dtype d, const shape_t& shape, bool fortran);

/// NumPy's descr of a cupp dtype ('<f4', '|b1'; bfloat16: '<V2', as ml_dtypes writes it).
[[nodiscard]] std::string descr_of(dtype d);

/// The dtype a descr (a typestr: '<f4', '|b1', '>i8') names, and whether its bytes need swapping
/// (big-endian); io_error for one cupp has not. `want`: as parse_header_text's.
[[nodiscard]] std::pair<dtype, bool> dtype_of_descr(const std::string& descr, const dtype* want);

class random_reader;

/// Bytes read in sequence.
class byte_source {
public:
  virtual ~byte_source() = default;
  /// Where the next n bytes lie when they are a plain range of a reader (a file), so that they
  /// can be read at offsets by several threads.
  struct plain_range {
    random_reader* reader;
    std::uint64_t offset;
  };
  /// Hands the next n bytes over as a plain range and moves past them; nullopt (the default) when
  /// they must be read in sequence (a zip member checked or inflated on the way).
  virtual std::optional<plain_range> take_plain(std::uint64_t /*n*/) { return std::nullopt; }
  /// Reads up to n bytes into dst; fewer only at the end of the data.
  virtual std::size_t read(void* dst, std::size_t n) = 0;
  /// How many bytes are left at most (checked before anything is allocated from a header).
  [[nodiscard]] virtual std::uint64_t remaining() const = 0;
  /// Called once the array has been read: a zip member checks its CRC-32 here.
  virtual void finish() {}
};

/// Bytes written in sequence.
class byte_sink {
public:
  virtual ~byte_sink() = default;
  virtual void write(const void* src, std::size_t n) = 0;
};

/// A file (or a buffer) read at offsets.
class random_reader {
public:
  virtual ~random_reader() = default;
  [[nodiscard]] virtual std::uint64_t size() const = 0;
  /// Reads up to n bytes at `offset`; fewer only at the end of the file.
  virtual std::size_t read_at(std::uint64_t offset, void* dst, std::size_t n) = 0;
};

/// A regular file, opened for reading (io_error with the system's words when it cannot be).
[[nodiscard]] std::unique_ptr<random_reader> open_file(const std::string& path);
/// A buffer the caller keeps alive (the fuzz target's input).
[[nodiscard]] std::unique_ptr<random_reader> memory_reader(const void* data, std::size_t n);

/// The bytes [begin, end) of a reader, in sequence.
class range_source : public byte_source {
public:
  range_source(random_reader& r, std::uint64_t begin, std::uint64_t end)
      : r_(r), pos_(begin), end_(end) {}
  std::size_t read(void* dst, std::size_t n) override;
  [[nodiscard]] std::uint64_t remaining() const override { return end_ - pos_; }
  std::optional<plain_range> take_plain(std::uint64_t n) override;

private:
  random_reader& r_;
  std::uint64_t pos_, end_;
};

/// A file written in sequence, whose earlier bytes can be rewritten (a zip's local headers).
class file_sink : public byte_sink {
public:
  explicit file_sink(const std::string& path);
  ~file_sink() override;
  file_sink(const file_sink&) = delete;
  file_sink& operator=(const file_sink&) = delete;
  void write(const void* src, std::size_t n) override;
  /// Overwrites n bytes at `offset` (before tell()).
  void write_at(std::uint64_t offset, const void* src, std::size_t n);
  [[nodiscard]] std::uint64_t tell() const noexcept { return pos_; }
  /// Closes the file (io_error when the last writes fail).
  void close();

private:
  std::FILE* f_ = nullptr;
  std::string path_;
  std::uint64_t pos_ = 0;
};

/// NumPy's file names: `path` with `suffix` (".npy") appended unless it ends with it.
[[nodiscard]] std::string with_suffix(const std::filesystem::path& path, const char* suffix);

/// Reads an .npy header from `src`: magic, version, length, dict (io_error on any fault).
[[nodiscard]] header read_header(byte_source& src, const dtype* want);
/// Reads a whole .npy array from `src` into a new array.
[[nodiscard]] array read_array(byte_source& src, const dtype* want);
/// An array as NumPy saves it: C order when C-contiguous, else Fortran order when F-contiguous,
/// else a C-order copy; and its header.
struct npy_image {
  array data;
  std::string head;
};
/// The image of `a`, after a sync point: the work that made the data done and its device-side
/// errors raised before a byte is written.
[[nodiscard]] npy_image npy_image_of(const array& a);
/// Writes `a` as .npy bytes to `sink`.
void write_array(byte_sink& sink, const array& a);

/// savez (`compress`: savez_compressed). ZIP64 records are written for the sizes and offsets from
/// `zip64_at` on (the 32-bit limit, or lower to test them) and member counts from min(zip64_at,
/// 0xffff) on.
void write_npz(const std::filesystem::path& path, const npz_entries& arrays, bool compress,
               std::uint64_t zip64_at = 0xffffffff);

/// The members of the zip file `r` (io_error when it is not a valid zip).
[[nodiscard]] std::vector<npz_file::member> read_zip_directory(random_reader& r);
/// The uncompressed bytes of member `m` of zip `r` (its CRC-32 checked by finish()).
[[nodiscard]] std::unique_ptr<byte_source> open_member(random_reader& r, const npz_file::member& m);

} // namespace cupp::detail::npy
