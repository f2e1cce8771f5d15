// .npz files (io/npy.hpp): zip archives of .npy members, stored or deflated (zlib), with ZIP64
// records where a size, an offset or the member count needs them. The writer streams each member
// through a CRC-32 (and a deflate stream) into the file and patches its local header afterwards;
// the reader checks every offset and size of the directory against the file before using it.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/io/npy.hpp>

#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../core/capture.hpp"
#include "npy_format.hpp"

namespace cupp::detail::npy {

namespace {

constexpr std::uint32_t local_sig = 0x04034b50, central_sig = 0x02014b50, end_sig = 0x06054b50,
                        end64_sig = 0x06064b50, locator64_sig = 0x07064b50;
constexpr std::uint32_t u32_max = 0xffffffff;
constexpr std::uint16_t u16_max = 0xffff;
// Deflate cannot expand data by more than about 1032 times: a member claiming more is refused
// before anything is allocated for it.
constexpr std::uint64_t max_ratio = 1100;

std::uint16_t get16(const unsigned char* p) {
  return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}
std::uint32_t get32(const unsigned char* p) {
  return static_cast<std::uint32_t>(get16(p)) | (static_cast<std::uint32_t>(get16(p + 2)) << 16);
}
std::uint64_t get64(const unsigned char* p) {
  return get32(p) | (static_cast<std::uint64_t>(get32(p + 4)) << 32);
}
// v as `Bytes` little-endian bytes (zip's fields)
template <int Bytes> void put(std::string& s, std::uint64_t v) {
  for (int i = 0; i < Bytes; ++i)
    s += static_cast<char>((v >> (8 * i)) & 0xff);
}

[[noreturn]] void bad_zip(const std::string& why) {
  throw io_error("File is not a zip file (" + why + ")");
}

void read_exact_at(random_reader& r, std::uint64_t offset, void* dst, std::size_t n,
                   const char* what) {
  if (offset > r.size() || n > r.size() - offset || r.read_at(offset, dst, n) != n)
    bad_zip(std::string(what) + " lies beyond the end of the file");
}

// A member's bytes with their CRC-32 summed as they pass and checked at the end (the rest of the
// member is read first).
class member_source : public byte_source {
public:
  explicit member_source(const npz_file::member& m) : m_(m) {}
  void finish() override {
    std::vector<char> rest(1 << 16);
    while (read(rest.data(), rest.size())) {
    }
    if (crc_ != m_.crc32) throw io_error("Bad CRC-32 for file '" + m_.name + "'");
  }

protected:
  void sum(const void* p, std::size_t n) {
    crc_ = static_cast<std::uint32_t>(
        crc32_z(crc_, static_cast<const Bytef*>(p), static_cast<z_size_t>(n)));
  }
  const npz_file::member& m_;

private:
  std::uint32_t crc_ = 0;
};

// The bytes of a stored member.
class stored_source : public member_source {
public:
  stored_source(random_reader& r, std::uint64_t begin, const npz_file::member& m)
      : member_source(m), range_(r, begin, begin + m.size) {}
  std::size_t read(void* dst, std::size_t n) override {
    const std::size_t k = range_.read(dst, n);
    sum(dst, k);
    return k;
  }
  [[nodiscard]] std::uint64_t remaining() const override { return range_.remaining(); }

private:
  range_source range_;
};

// The inflated bytes of a deflated member (raw deflate, as zip stores it).
class inflate_source : public member_source {
public:
  inflate_source(random_reader& r, std::uint64_t begin, const npz_file::member& m)
      : member_source(m), range_(r, begin, begin + m.compressed_size), in_(std::size_t{1} << 20) {
    if (inflateInit2(&z_, -MAX_WBITS) != Z_OK) throw io_error("zlib: inflateInit2 failed");
  }
  ~inflate_source() override { inflateEnd(&z_); }
  inflate_source(const inflate_source&) = delete;
  inflate_source& operator=(const inflate_source&) = delete;

  std::size_t read(void* dst, std::size_t n) override {
    n = static_cast<std::size_t>(std::min<std::uint64_t>(n, remaining()));
    std::size_t got = 0;
    while (got < n && !ended_) {
      if (z_.avail_in == 0) {
        const std::size_t k = range_.read(in_.data(), in_.size());
        z_.next_in = reinterpret_cast<Bytef*>(in_.data());
        z_.avail_in = static_cast<uInt>(k);
        if (!k && input_done_)
          throw io_error("Error -5 while decompressing data: incomplete or truncated stream "
                         "(member '" +
                         m_.name + "')");
        input_done_ = !k;
      }
      const std::size_t want = std::min<std::size_t>(n - got, 1u << 30);
      z_.next_out = static_cast<Bytef*>(dst) + got;
      z_.avail_out = static_cast<uInt>(want);
      const int rc = inflate(&z_, Z_NO_FLUSH);
      const std::size_t produced = want - z_.avail_out;
      sum(static_cast<const Bytef*>(dst) + got, produced);
      got += produced;
      if (rc == Z_STREAM_END) {
        ended_ = true;
      } else if (rc == Z_BUF_ERROR && !produced && z_.avail_in == 0) {
        continue; // needs input
      } else if (rc != Z_OK) {
        throw io_error("Error " + std::to_string(rc) + " while decompressing data: " +
                       (z_.msg ? z_.msg : "invalid data") + " (member '" + m_.name + "')");
      }
    }
    produced_ += got;
    return got;
  }
  [[nodiscard]] std::uint64_t remaining() const override { return m_.size - produced_; }

private:
  range_source range_;
  z_stream z_{};
  std::vector<char> in_;
  std::uint64_t produced_ = 0;
  bool ended_ = false, input_done_ = false;
};

// A sink that passes bytes on, counting them and their CRC-32 (a stored member).
class crc_sink : public byte_sink {
public:
  explicit crc_sink(byte_sink& out) : out_(out) {}
  void write(const void* src, std::size_t n) override {
    crc = static_cast<std::uint32_t>(
        crc32_z(crc, static_cast<const Bytef*>(src), static_cast<z_size_t>(n)));
    size += n;
    out_.write(src, n);
    written += n;
  }
  std::uint32_t crc = 0;
  std::uint64_t size = 0, written = 0;

protected:
  byte_sink& out_;
};

// Deflates what it is given into `out` (a deflated member), counting both sizes and the CRC-32.
class deflate_sink : public byte_sink {
public:
  explicit deflate_sink(byte_sink& out) : out_(out), buf_(std::size_t{1} << 20) {
    // zipfile's default level (zlib's 6) and raw deflate, as zip stores it
    if (deflateInit2(&z_, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) !=
        Z_OK)
      throw io_error("zlib: deflateInit2 failed");
  }
  ~deflate_sink() override { deflateEnd(&z_); }
  deflate_sink(const deflate_sink&) = delete;
  deflate_sink& operator=(const deflate_sink&) = delete;
  void write(const void* src, std::size_t n) override {
    crc = static_cast<std::uint32_t>(
        crc32_z(crc, static_cast<const Bytef*>(src), static_cast<z_size_t>(n)));
    size += n;
    const auto* p = static_cast<const Bytef*>(src);
    while (n) {
      const std::size_t k = std::min<std::size_t>(n, 1u << 30);
      z_.next_in = const_cast<Bytef*>(p);
      z_.avail_in = static_cast<uInt>(k);
      pump(Z_NO_FLUSH);
      p += k;
      n -= k;
    }
  }
  void finish() { pump(Z_FINISH); }
  std::uint32_t crc = 0;
  std::uint64_t size = 0, written = 0;

private:
  void pump(int flush) {
    for (;;) {
      z_.next_out = reinterpret_cast<Bytef*>(buf_.data());
      z_.avail_out = static_cast<uInt>(buf_.size());
      const int rc = deflate(&z_, flush);
      if (rc == Z_STREAM_ERROR) throw io_error("zlib: deflate failed");
      const std::size_t k = buf_.size() - z_.avail_out;
      out_.write(buf_.data(), k);
      written += k;
      if (flush == Z_FINISH ? rc == Z_STREAM_END : (z_.avail_in == 0 && z_.avail_out != 0)) break;
    }
  }
  byte_sink& out_;
  z_stream z_{};
  std::vector<char> buf_;
};

struct written_member {
  std::string name;
  std::uint64_t offset = 0, compressed_size = 0, size = 0;
  std::uint32_t crc = 0;
  std::uint16_t method = 0;
  bool zip64_local = false;
};

// The local header of a member; sizes and CRC are patched once the data is written.
std::string local_header(const written_member& m) {
  std::string h;
  put<4>(h, local_sig);
  put<2>(h, m.zip64_local ? 45 : 20); // version needed: 4.5 for ZIP64
  put<2>(h, 0);                       // flags
  put<2>(h, m.method);
  put<2>(h, 0);    // time 00:00:00
  put<2>(h, 0x21); // date 1980-01-01, as zipfile's default ZipInfo
  put<4>(h, m.crc);
  put<4>(h, m.zip64_local ? u32_max : m.compressed_size);
  put<4>(h, m.zip64_local ? u32_max : m.size);
  put<2>(h, m.name.size());
  put<2>(h, m.zip64_local ? 20 : 0);
  h += m.name;
  if (m.zip64_local) {
    put<2>(h, 1); // the ZIP64 extra field: both sizes
    put<2>(h, 16);
    put<8>(h, m.size);
    put<8>(h, m.compressed_size);
  }
  return h;
}

std::string central_header(const written_member& m, std::uint64_t zip64_at) {
  const bool big_size = m.size >= zip64_at || m.compressed_size >= zip64_at;
  const bool big_offset = m.offset >= zip64_at;
  std::string extra;
  if (big_size || big_offset) {
    // the ZIP64 extra field holds the fields whose 32-bit slot reads 0xffffffff, in this order
    std::string fields;
    if (big_size) {
      put<8>(fields, m.size);
      put<8>(fields, m.compressed_size);
    }
    if (big_offset) put<8>(fields, m.offset);
    put<2>(extra, 1);
    put<2>(extra, fields.size());
    extra += fields;
  }
  const bool zip64 = !extra.empty() || m.zip64_local;
  std::string h;
  put<4>(h, central_sig);
  put<2>(h, (3 << 8) | (zip64 ? 45 : 20)); // made by: Unix
  put<2>(h, zip64 ? 45 : 20);
  put<2>(h, 0);
  put<2>(h, m.method);
  put<2>(h, 0);
  put<2>(h, 0x21);
  put<4>(h, m.crc);
  put<4>(h, big_size ? u32_max : m.compressed_size);
  put<4>(h, big_size ? u32_max : m.size);
  put<2>(h, m.name.size());
  put<2>(h, extra.size());
  put<2>(h, 0);           // comment
  put<2>(h, 0);           // disk
  put<2>(h, 0);           // internal attributes
  put<4>(h, 0600u << 16); // external: a regular file, rw-------, as zipfile writes it
  put<4>(h, big_offset ? u32_max : m.offset);
  h += m.name;
  h += extra;
  return h;
}

} // namespace

void write_npz(const std::filesystem::path& path, const npz_entries& arrays, bool compress,
               std::uint64_t zip64_at) {
  zip64_at = std::min<std::uint64_t>(zip64_at, u32_max);
  require_not_capturing(current_stream(), "saving an .npz file");
  std::set<std::string> seen;
  for (const auto& [name, a] : arrays)
    if (!seen.insert(name).second)
      throw value_error("savez: the name '" + name + "' is given twice");
  file_sink file(with_suffix(path, ".npz"));
  std::vector<written_member> members;
  for (const auto& [name, a] : arrays) {
    written_member m;
    m.name = name + ".npy";
    m.method = compress ? 8 : 0;
    m.offset = file.tell();
    // the npy size is known before writing: it decides whether the local header needs ZIP64
    // (deflate can make data a little larger, hence the margin)
    const std::uint64_t npy_size =
        format_header(a.dtype(), a.shape(), false).size() + static_cast<std::uint64_t>(a.nbytes());
    m.zip64_local = npy_size >= (compress ? zip64_at - zip64_at / 64 : zip64_at);
    m.size = m.compressed_size = npy_size;
    const std::string placeholder = local_header(m);
    file.write(placeholder.data(), placeholder.size());
    if (compress) {
      deflate_sink z(file);
      write_array(z, a);
      z.finish();
      m.crc = z.crc;
      m.size = z.size;
      m.compressed_size = z.written;
    } else {
      crc_sink c(file);
      write_array(c, a);
      m.crc = c.crc;
      m.size = c.size;
      m.compressed_size = c.written;
    }
    if (!m.zip64_local && (m.size >= zip64_at || m.compressed_size >= zip64_at))
      throw io_error("savez: member '" + m.name + "' grew past 4 GiB after its header was written");
    const std::string h = local_header(m);
    file.write_at(m.offset, h.data(), h.size());
    members.push_back(std::move(m));
  }
  const std::uint64_t cd_offset = file.tell();
  for (const auto& m : members) {
    const std::string h = central_header(m, zip64_at);
    file.write(h.data(), h.size());
  }
  const std::uint64_t cd_size = file.tell() - cd_offset;
  std::string tail;
  const bool zip64 = members.size() >= std::min<std::uint64_t>(zip64_at, u16_max) ||
                     cd_offset >= zip64_at || cd_size >= zip64_at;
  if (zip64) {
    const std::uint64_t end64_offset = file.tell();
    put<4>(tail, end64_sig);
    put<8>(tail, 44); // the record's size after this field
    put<2>(tail, (3 << 8) | 45);
    put<2>(tail, 45);
    put<4>(tail, 0);
    put<4>(tail, 0);
    put<8>(tail, members.size());
    put<8>(tail, members.size());
    put<8>(tail, cd_size);
    put<8>(tail, cd_offset);
    put<4>(tail, locator64_sig);
    put<4>(tail, 0);
    put<8>(tail, end64_offset);
    put<4>(tail, 1);
  }
  put<4>(tail, end_sig);
  put<2>(tail, 0);
  put<2>(tail, 0);
  put<2>(tail, zip64 ? u16_max : members.size());
  put<2>(tail, zip64 ? u16_max : members.size());
  put<4>(tail, zip64 ? u32_max : cd_size);
  put<4>(tail, zip64 ? u32_max : cd_offset);
  put<2>(tail, 0);
  file.write(tail.data(), tail.size());
  file.close();
}

std::vector<npz_file::member> read_zip_directory(random_reader& r) {
  const std::uint64_t size = r.size();
  if (size < 22) bad_zip("shorter than an end of central directory record");
  // the end record is the last 22 bytes but for a comment of up to 65535 bytes
  const std::uint64_t window = std::min<std::uint64_t>(size, 22 + 65535);
  std::vector<unsigned char> tail(static_cast<std::size_t>(window));
  read_exact_at(r, size - window, tail.data(), tail.size(), "the end record");
  std::int64_t at = -1;
  for (std::int64_t i = static_cast<std::int64_t>(window) - 22; i >= 0; --i)
    if (get32(&tail[static_cast<std::size_t>(i)]) == end_sig) {
      at = i;
      break;
    }
  if (at < 0) bad_zip("no end of central directory record");
  const unsigned char* e = &tail[static_cast<std::size_t>(at)];
  const std::uint64_t end_offset = size - window + static_cast<std::uint64_t>(at);
  std::uint64_t count = get16(e + 10), cd_size = get32(e + 12), cd_offset = get32(e + 16);
  if (get16(e + 4) != 0 || get16(e + 6) != 0 || get16(e + 8) != get16(e + 10))
    bad_zip("a zip spanning several disks");
  // a ZIP64 end record, found through its locator right before the end record
  if (end_offset >= 20) {
    unsigned char loc[20];
    read_exact_at(r, end_offset - 20, loc, sizeof loc, "the ZIP64 locator");
    if (get32(loc) == locator64_sig) {
      const std::uint64_t e64_offset = get64(loc + 8);
      unsigned char e64[56];
      read_exact_at(r, e64_offset, e64, sizeof e64, "the ZIP64 end record");
      if (get32(e64) != end64_sig) bad_zip("the ZIP64 locator points to no ZIP64 end record");
      count = get64(e64 + 32);
      cd_size = get64(e64 + 40);
      cd_offset = get64(e64 + 48);
    }
  }
  if (cd_offset > size || cd_size > size - cd_offset)
    bad_zip("the central directory lies beyond the end of the file");
  if (count > cd_size / 46) bad_zip("the central directory is too small for its entry count");
  std::vector<unsigned char> cd(static_cast<std::size_t>(cd_size));
  read_exact_at(r, cd_offset, cd.data(), cd.size(), "the central directory");
  std::vector<npz_file::member> members;
  std::size_t p = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    if (cd.size() - p < 46 || get32(&cd[p]) != central_sig)
      bad_zip("a bad central directory entry");
    const unsigned char* c = &cd[p];
    npz_file::member m;
    const std::uint16_t flags = get16(c + 8);
    m.method = get16(c + 10);
    m.crc32 = get32(c + 16);
    m.compressed_size = get32(c + 20);
    m.size = get32(c + 24);
    const std::size_t name_len = get16(c + 28), extra_len = get16(c + 30),
                      comment_len = get16(c + 32);
    m.local_header_offset = get32(c + 42);
    if (cd.size() - p - 46 < name_len + extra_len + comment_len)
      bad_zip("a central directory entry runs past the directory's end");
    m.name.assign(reinterpret_cast<const char*>(c + 46), name_len);
    // the ZIP64 extra field: the 64-bit values of the fields that read 0xffffffff
    const unsigned char* x = c + 46 + name_len;
    for (std::size_t q = 0; q + 4 <= extra_len;) {
      const std::uint16_t id = get16(x + q), len = get16(x + q + 2);
      if (q + 4 + len > extra_len) break;
      if (id == 1) {
        std::size_t f = q + 4;
        auto next = [&](std::uint64_t& v) {
          if (f + 8 > q + 4 + len) bad_zip("a short ZIP64 extra field");
          v = get64(x + f);
          f += 8;
        };
        if (m.size == u32_max) next(m.size);
        if (m.compressed_size == u32_max) next(m.compressed_size);
        if (m.local_header_offset == u32_max) next(m.local_header_offset);
      }
      q += 4 + len;
    }
    if (flags & 1) throw io_error("member '" + m.name + "' is encrypted, which cupp cannot read");
    members.push_back(std::move(m));
    p += 46 + name_len + extra_len + comment_len;
  }
  return members;
}

std::unique_ptr<byte_source> open_member(random_reader& r, const npz_file::member& m) {
  if (m.method != 0 && m.method != 8)
    throw io_error("member '" + m.name + "' uses compression method " + std::to_string(m.method) +
                   " (cupp reads stored (0) and deflated (8) members)");
  unsigned char h[30];
  read_exact_at(r, m.local_header_offset, h, sizeof h, "a member's local header");
  if (get32(h) != local_sig) bad_zip("member '" + m.name + "' has a bad local header");
  const std::uint64_t begin = m.local_header_offset + 30 + get16(h + 26) + get16(h + 28);
  if (begin > r.size() || m.compressed_size > r.size() - begin)
    bad_zip("member '" + m.name + "' lies beyond the end of the file");
  if (m.method == 0) {
    if (m.size != m.compressed_size)
      bad_zip("stored member '" + m.name + "' has different compressed and uncompressed sizes");
    return std::make_unique<stored_source>(r, begin, m);
  }
  if (m.size / max_ratio > m.compressed_size + 1)
    bad_zip("member '" + m.name + "' claims " + std::to_string(m.size) + " bytes from " +
            std::to_string(m.compressed_size) + " compressed ones, more than deflate can give");
  return std::make_unique<inflate_source>(r, begin, m);
}

} // namespace cupp::detail::npy

namespace cupp {

npz_file::npz_file(std::filesystem::path path, std::vector<member> members)
    : path_(std::move(path)), members_(std::move(members)) {}

namespace {
std::string strip_npy(const std::string& s) {
  return s.size() >= 4 && s.compare(s.size() - 4, 4, ".npy") == 0 ? s.substr(0, s.size() - 4) : s;
}
} // namespace

std::vector<std::string> npz_file::names() const {
  std::vector<std::string> n;
  for (const auto& m : members_)
    n.push_back(strip_npy(m.name));
  return n;
}

bool npz_file::contains(const std::string& name) const {
  return std::any_of(members_.begin(), members_.end(),
                     [&](const member& m) { return m.name == name || m.name == name + ".npy"; });
}

array npz_file::read(const std::string& name, const dtype* want) const {
  // NumPy's NpzFile: `name` is the member with ".npy" added, or the member itself
  const member* m = nullptr;
  for (const auto& x : members_)
    if (x.name == name + ".npy") m = &x;
  if (!m)
    for (const auto& x : members_)
      if (x.name == name) m = &x;
  if (!m) throw io_error(name + " is not a file in the archive " + path_.string());
  auto r = detail::npy::open_file(path_.string());
  try {
    auto src = detail::npy::open_member(*r, *m);
    return detail::npy::read_array(*src, want);
  } catch (const io_error& e) {
    throw io_error(path_.string() + ": " + m->name + ": " + e.what());
  }
}

array npz_file::at(const std::string& name) const { return read(name, nullptr); }

npz_file load_npz(const std::filesystem::path& path) {
  auto r = detail::npy::open_file(path.string());
  try {
    return npz_file(path, detail::npy::read_zip_directory(*r));
  } catch (const io_error& e) {
    throw io_error(path.string() + ": " + e.what());
  }
}

void detail::savez_zip64_at(const std::filesystem::path& path, const npz_entries& arrays,
                            bool compress, std::uint64_t zip64_at) {
  detail::npy::write_npz(path, arrays, compress, zip64_at);
}

void savez(const std::filesystem::path& path, const npz_entries& arrays) {
  detail::npy::write_npz(path, arrays, false);
}

void savez_compressed(const std::filesystem::path& path, const npz_entries& arrays) {
  detail::npy::write_npz(path, arrays, true);
}

} // namespace cupp
