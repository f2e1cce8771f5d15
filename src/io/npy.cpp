// .npy files (io/npy.hpp): the header parser and formatter, files as byte sources and sinks, and
// load/save; the data itself moves through data_path.cpp.
#define CUPP_HOST_ONLY_TU
#include <cupp/array.hpp>
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/io/npy.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/capture.hpp"
#include "data_path.hpp"
#include "npy_format.hpp"

namespace cupp::detail::npy {

namespace {

constexpr std::string_view magic = "\x93NUMPY";

std::string tuple_repr(const shape_t& s) {
  std::string r = "(";
  for (int i = 0; i < s.size(); ++i) {
    if (i) r += ", ";
    r += std::to_string(s[i]);
  }
  return r + (s.size() == 1 ? ",)" : ")");
}

// ---- the header dict --------------------------------------------------------------------------
// A Python literal, as NumPy writes it with repr and reads it with ast.literal_eval: parsed here
// without evaluating anything. Values: strings, True/False/None, integers, tuples and lists.
struct value {
  enum kind_t { string, boolean, integer, sequence, none } kind = none;
  std::string text;      // the value as written (for messages)
  std::string str;       // string
  bool b = false;        // boolean
  bool overflow = false; // integer that does not fit an int64
  std::int64_t i = 0;    // integer
  std::vector<value> items;
  bool tuple = false;
};

class dict_parser {
public:
  explicit dict_parser(std::string_view s) : s_(s) {}

  std::vector<std::pair<std::string, value>> parse() {
    std::vector<std::pair<std::string, value>> d;
    skip();
    expect('{');
    skip();
    while (peek() != '}') {
      value k = parse_value(0);
      if (k.kind != value::string) fail();
      skip();
      expect(':');
      if (d.size() == max_items) fail(); // a header has three keys
      d.emplace_back(k.str, parse_value(0));
      skip();
      if (peek() == ',') {
        ++p_;
        skip();
      } else if (peek() != '}') {
        fail();
      }
    }
    ++p_;
    skip();
    if (p_ != s_.size()) fail();
    return d;
  }

private:
  [[noreturn]] void fail() const {
    throw io_error("Cannot parse header: '" + std::string(s_.substr(0, 200)) + "'");
  }
  char peek() const {
    if (p_ >= s_.size()) fail();
    return s_[p_];
  }
  void expect(char c) {
    if (peek() != c) fail();
    ++p_;
  }
  void skip() {
    while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\n' || s_[p_] == '\t' || s_[p_] == '\r'))
      ++p_;
  }
  value parse_value(int depth) {
    if (depth > 16) fail(); // nesting deeper than any header's
    skip();
    const std::size_t start = p_;
    value v;
    const char c = peek();
    if (c == '\'' || c == '"') {
      ++p_;
      v.kind = value::string;
      while (peek() != c) {
        if (s_[p_] == '\\') ++p_;
        v.str += peek();
        ++p_;
      }
      ++p_;
    } else if (c == '(' || c == '[') {
      const char close = c == '(' ? ')' : ']';
      ++p_;
      v.kind = value::sequence;
      v.tuple = c == '(';
      skip();
      bool comma = false;
      while (peek() != close) {
        if (v.items.size() == max_items) fail(); // no shape has that many dimensions
        v.items.push_back(parse_value(depth + 1));
        skip();
        comma = false;
        if (peek() == ',') {
          ++p_;
          comma = true;
          skip();
        } else if (peek() != close) {
          fail();
        }
      }
      ++p_;
      // (3) is the integer 3, not a tuple: a one-item tuple has its comma
      if (v.tuple && v.items.size() == 1 && !comma) {
        value inner = std::move(v.items[0]);
        v = std::move(inner);
      }
    } else if (c == '-' || c == '+' || (c >= '0' && c <= '9')) {
      v.kind = value::integer;
      bool neg = false;
      if (c == '-' || c == '+') {
        neg = c == '-';
        ++p_;
      }
      if (!(peek() >= '0' && peek() <= '9')) fail();
      std::uint64_t m = 0;
      while (p_ < s_.size() && s_[p_] >= '0' && s_[p_] <= '9') {
        const auto digit = static_cast<std::uint64_t>(s_[p_] - '0');
        if (m > (std::uint64_t{1} << 63) / 10 || m * 10 > (std::uint64_t{1} << 63) - digit)
          v.overflow = true;
        else
          m = m * 10 + digit;
        ++p_;
      }
      if (p_ < s_.size() && (s_[p_] == 'L' || s_[p_] == 'l')) ++p_; // Python 2's long
      if (!neg && m == (std::uint64_t{1} << 63)) v.overflow = true;
      v.i = neg ? static_cast<std::int64_t>(0 - m) : static_cast<std::int64_t>(m);
    } else if (s_.substr(p_, 4) == "True") {
      v.kind = value::boolean;
      v.b = true;
      p_ += 4;
    } else if (s_.substr(p_, 5) == "False") {
      v.kind = value::boolean;
      p_ += 5;
    } else if (s_.substr(p_, 4) == "None") {
      p_ += 4;
    } else {
      fail();
    }
    v.text = std::string(s_.substr(start, std::min<std::size_t>(p_ - start, 200)));
    return v;
  }

  // bounds what a hostile header can make the parser allocate
  static constexpr std::size_t max_items = 256;
  std::string_view s_;
  std::size_t p_ = 0;
};

} // namespace

std::string descr_of(dtype d) {
  if (d == dtype::bfloat16) return "<V2"; // ml_dtypes' bfloat16 (its dtype.str)
  const std::size_t size = dtype_size(d);
  return std::string(size == 1 ? "|" : "<") + dtype_kind(d) + std::to_string(size);
}

std::pair<dtype, bool> dtype_of_descr(const std::string& descr, const dtype* want) {
  std::string_view s = descr;
  char order = '=';
  if (!s.empty() && (s[0] == '<' || s[0] == '>' || s[0] == '|' || s[0] == '=')) {
    order = s[0];
    s.remove_prefix(1);
  }
  if (s == "O")
    throw io_error("Object arrays cannot be loaded when allow_pickle=False (descr '" + descr +
                   "')");
  const bool is_void2 = s == "V2";
  if (is_void2 && want && *want == dtype::bfloat16) return {dtype::bfloat16, false};
  if (is_void2)
    throw io_error("descr '" + descr +
                   "' is a 2-byte void type that does not name its dtype: ml_dtypes saves "
                   "bfloat16 so; read such a file with cupp::load<cupp::bfloat16>");
  if (s.size() >= 2) {
    const char kind = s[0];
    std::size_t size = 0;
    for (char c : s.substr(1)) {
      if (c < '0' || c > '9' || size > 64) {
        size = 0;
        break;
      }
      size = size * 10 + static_cast<std::size_t>(c - '0');
    }
    for (int i = 0; i < dtype_count; ++i) {
      const auto d = static_cast<dtype>(i);
      if (d != dtype::bfloat16 && dtype_kind(d) == kind && dtype_size(d) == size)
        return {d, order == '>' && size > 1};
    }
  }
  throw io_error("descr is not a valid dtype descriptor cupp supports: '" + descr +
                 "' (cupp reads bool, int8..int64, uint8..uint64, float16, float32, float64, "
                 "complex64, complex128 and bfloat16)");
}

header parse_header_text(std::string_view text, const dtype* want) {
  const auto dict = dict_parser(text).parse();
  const value* descr = nullptr;
  const value* fortran = nullptr;
  const value* shape = nullptr;
  bool keys_ok = dict.size() == 3;
  for (const auto& [k, v] : dict) {
    if (k == "descr" && !descr)
      descr = &v;
    else if (k == "fortran_order" && !fortran)
      fortran = &v;
    else if (k == "shape" && !shape)
      shape = &v;
    else
      keys_ok = false;
  }
  if (!keys_ok || !descr || !fortran || !shape) {
    std::string keys;
    for (const auto& kv : dict)
      keys += (keys.empty() ? "'" : ", '") + kv.first + "'";
    throw io_error("Header does not contain the correct keys: [" + keys +
                   "] (expected 'descr', 'fortran_order', 'shape')");
  }
  header h;
  if (shape->kind != value::sequence || !shape->tuple)
    throw io_error("shape is not valid: " + shape->text);
  for (const value& x : shape->items)
    if (x.kind != value::integer || x.overflow)
      throw io_error("shape is not valid: " + shape->text);
  if (fortran->kind != value::boolean)
    throw io_error("fortran_order is not a valid bool: " + fortran->text);
  if (descr->kind != value::string) {
    if (descr->kind == value::sequence)
      throw io_error("descr is a structured dtype, which cupp does not read: " + descr->text);
    throw io_error("descr is not a valid dtype descriptor: " + descr->text);
  }
  h.descr = descr->str;
  std::tie(h.type, h.swap) = dtype_of_descr(h.descr, want);
  h.fortran = fortran->b;
  if (shape->items.size() > static_cast<std::size_t>(max_dims))
    throw io_error("shape is not valid: " + shape->text + ": " +
                   std::to_string(shape->items.size()) + " dimensions, more than cupp's " +
                   std::to_string(max_dims));
  std::uint64_t bytes = dtype_size(h.type);
  bool overflow = false;
  for (const value& x : shape->items) {
    if (x.i < 0)
      throw io_error("shape is not valid: " + shape->text +
                     ": negative dimensions are not allowed");
    h.shape.push_back(x.i);
    overflow = overflow || __builtin_mul_overflow(bytes, static_cast<std::uint64_t>(x.i), &bytes);
  }
  if (overflow || bytes > (std::uint64_t{1} << 62))
    throw io_error("shape is not valid: " + shape->text + ": the array would be too large");
  h.data_bytes = bytes;
  return h;
}

std::string format_header(dtype d, const shape_t& shape, bool fortran) {
  // NumPy's _write_array_header: the keys sorted, repr of each value, then room for the growth
  // axis to reach 21 digits, then _wrap_header's padding to a multiple of 64 and '\n'
  std::string dict = "{'descr': '" + descr_of(d) +
                     "', 'fortran_order': " + (fortran ? "True" : "False") +
                     ", 'shape': " + tuple_repr(shape) + ", }";
  if (shape.size() > 0) {
    const auto growth = std::to_string(shape[fortran ? shape.size() - 1 : 0]).size();
    dict.append(growth < 21 ? 21 - growth : 0, ' ');
  }
  const std::size_t hlen = dict.size() + 1;
  int major = 1;
  std::size_t prefix = magic.size() + 2 + 2;
  std::size_t pad = 64 - (prefix + hlen) % 64;
  if (hlen + pad > 65535) {
    major = 2;
    prefix = magic.size() + 2 + 4;
    pad = 64 - (prefix + hlen) % 64;
  }
  std::string out(magic);
  out += static_cast<char>(major);
  out += '\0';
  const std::uint64_t len = hlen + pad;
  for (int i = 0; i < (major == 1 ? 2 : 4); ++i)
    out += static_cast<char>((len >> (8 * i)) & 0xff);
  out += dict;
  out.append(pad, ' ');
  out += '\n';
  return out;
}

std::string os_error(const std::string& path) {
  const int e = errno;
  return "[Errno " + std::to_string(e) + "] " + std::strerror(e) + ": '" + path + "'";
}

std::optional<byte_source::plain_range> range_source::take_plain(std::uint64_t n) {
  const plain_range r{&r_, pos_};
  pos_ += std::min(n, end_ - pos_);
  return r;
}

std::size_t range_source::read(void* dst, std::size_t n) {
  const auto len = static_cast<std::size_t>(std::min<std::uint64_t>(n, end_ - pos_));
  const std::size_t got = len ? r_.read_at(pos_, dst, len) : 0;
  pos_ += got;
  return got;
}

namespace {

std::string bytes_repr(const unsigned char* p, std::size_t n) {
  static const char* hex = "0123456789abcdef";
  std::string r = "b'";
  for (std::size_t i = 0; i < n; ++i) {
    if (p[i] >= 0x20 && p[i] < 0x7f && p[i] != '\\' && p[i] != '\'') {
      r += static_cast<char>(p[i]);
    } else {
      r += "\\x";
      r += hex[p[i] >> 4];
      r += hex[p[i] & 15];
    }
  }
  return r + "'";
}

// The unit whose bytes a big-endian file's data swaps: a complex number's two parts separately.
std::size_t swap_unit(dtype d) { return dtype_kind(d) == 'c' ? dtype_size(d) / 2 : dtype_size(d); }

} // namespace

header read_header(byte_source& src, const dtype* want) {
  unsigned char pre[8];
  std::size_t got = 0;
  while (got < sizeof pre) {
    const std::size_t k = src.read(pre + got, sizeof pre - got);
    if (!k) break;
    got += k;
  }
  if (got < magic.size() || std::memcmp(pre, magic.data(), magic.size()) != 0)
    throw io_error("the magic string is not correct; expected b'\\x93NUMPY', got " +
                   bytes_repr(pre, std::min<std::size_t>(got, magic.size())) +
                   " (not an .npy file)");
  if (got < sizeof pre) read_exact(src, pre + got, sizeof pre - got, "magic string");
  const int major = pre[6], minor = pre[7];
  if (!((major == 1 || major == 2 || major == 3) && minor == 0))
    throw io_error("we only support format version (1,0), (2,0), and (3,0), not (" +
                   std::to_string(major) + ", " + std::to_string(minor) + ")");
  unsigned char len_bytes[4] = {};
  const std::size_t len_size = major == 1 ? 2 : 4;
  read_exact(src, len_bytes, len_size, "array header length");
  std::uint64_t hlen = 0;
  for (std::size_t i = 0; i < len_size; ++i)
    hlen |= std::uint64_t{len_bytes[i]} << (8 * i);
  if (hlen > src.remaining())
    throw io_error("EOF: reading array header, expected " + std::to_string(hlen) + " bytes got " +
                   std::to_string(src.remaining()));
  if (hlen > max_header_bytes)
    throw io_error("Header info length (" + std::to_string(hlen) +
                   ") is larger than cupp reads (64 MiB)");
  std::string text(static_cast<std::size_t>(hlen), '\0');
  read_exact(src, text.data(), text.size(), "array header");
  // version 1.0 and 2.0 headers are latin1, 3.0's utf8: the keys and values cupp reads are ASCII
  // either way (a non-ASCII byte can only be in a structured dtype's field name, refused anyway)
  header h = parse_header_text(text, want);
  if (want && *want != h.type)
    throw type_error(std::string("the file holds ") + dtype_name(h.type) + " (descr '" + h.descr +
                     "'), not " + dtype_name(*want) +
                     "; load it as a cupp::array and convert it with astype");
  return h;
}

array read_array(byte_source& src, const dtype* want) {
  require_not_capturing(current_stream(), "loading an .npy file");
  const header h = read_header(src, want);
  if (h.data_bytes > src.remaining())
    throw io_error("EOF: reading array data, expected " + std::to_string(h.data_bytes) +
                   " bytes got " + std::to_string(src.remaining()) + " (the header says shape " +
                   tuple_repr(h.shape) + " of descr '" + h.descr + "': the file is truncated)");
  array a;
  if (h.fortran) {
    // the file holds the transpose's C order: read that, and view it with the axes reversed
    shape_t reversed;
    for (int i = h.shape.size() - 1; i >= 0; --i)
      reversed.push_back(h.shape[i]);
    a = array(h.type, reversed).transpose();
  } else {
    a = array(h.type, h.shape);
  }
  read_data(src, static_cast<char*>(a.data()), h.data_bytes,
            h.swap ? swap_unit(h.type) : std::size_t{1});
  src.finish();
  return a;
}

npy_image npy_image_of(const array& in) {
  array a = in;
  bool fortran = false;
  if (!a.is_c_contiguous()) {
    if (a.is_f_contiguous())
      fortran = true;
    else
      a = a.copy();
  }
  // NumPy would have raised a device-side error at the operation (found by scripts/diff_fuzz.py)
  synchronize();
  std::string head = format_header(a.dtype(), a.shape(), fortran);
  return {std::move(a), std::move(head)};
}

void write_array(byte_sink& sink, const array& a) {
  const npy_image im = npy_image_of(a);
  sink.write(im.head.data(), im.head.size());
  // a contiguous view's elements start at data() either way (F-contiguous: the first too)
  write_data(sink, static_cast<const char*>(im.data.data()), im.data.nbytes());
}

namespace {

class posix_reader : public random_reader {
public:
  explicit posix_reader(const std::string& path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw io_error(os_error(path));
    struct stat st {};
    if (::fstat(fd_, &st) != 0) {
      const std::string msg = os_error(path);
      ::close(fd_);
      throw io_error(msg);
    }
    if (S_ISDIR(st.st_mode)) {
      ::close(fd_);
      errno = EISDIR;
      throw io_error(os_error(path));
    }
    size_ = static_cast<std::uint64_t>(st.st_size);
    path_ = path;
  }
  ~posix_reader() override { ::close(fd_); }
  posix_reader(const posix_reader&) = delete;
  posix_reader& operator=(const posix_reader&) = delete;
  [[nodiscard]] std::uint64_t size() const override { return size_; }
  std::size_t read_at(std::uint64_t offset, void* dst, std::size_t n) override {
    std::size_t got = 0;
    while (got < n) {
      const ::ssize_t k =
          ::pread(fd_, static_cast<char*>(dst) + got, n - got, static_cast<::off_t>(offset + got));
      if (k < 0 && errno == EINTR) continue;
      if (k < 0) throw io_error(os_error(path_));
      if (k == 0) break;
      got += static_cast<std::size_t>(k);
    }
    return got;
  }

private:
  int fd_ = -1;
  std::uint64_t size_ = 0;
  std::string path_;
};

class buffer_reader : public random_reader {
public:
  buffer_reader(const void* p, std::size_t n) : p_(static_cast<const char*>(p)), n_(n) {}
  [[nodiscard]] std::uint64_t size() const override { return n_; }
  std::size_t read_at(std::uint64_t offset, void* dst, std::size_t n) override {
    if (offset >= n_) return 0;
    const auto k = static_cast<std::size_t>(std::min<std::uint64_t>(n, n_ - offset));
    std::memcpy(dst, p_ + offset, k);
    return k;
  }

private:
  const char* p_;
  std::size_t n_;
};

array load_file(const std::filesystem::path& path, const dtype* want) {
  const std::string p = path.string();
  auto r = open_file(p);
  range_source src(*r, 0, r->size());
  try {
    return read_array(src, want);
  } catch (const io_error& e) {
    throw io_error(p + ": " + e.what());
  }
}

} // namespace

file_sink::file_sink(const std::string& path) : path_(path) {
  f_ = std::fopen(path.c_str(), "wb");
  if (!f_) throw io_error(os_error(path));
}

file_sink::~file_sink() {
  if (f_) std::fclose(f_);
}

void file_sink::write(const void* src, std::size_t n) {
  if (n && std::fwrite(src, 1, n, f_) != n) throw io_error(os_error(path_));
  pos_ += n;
}

void file_sink::write_at(std::uint64_t offset, const void* src, std::size_t n) {
  if (::fseeko(f_, static_cast<::off_t>(offset), SEEK_SET) != 0 ||
      std::fwrite(src, 1, n, f_) != n || ::fseeko(f_, static_cast<::off_t>(pos_), SEEK_SET) != 0)
    throw io_error(os_error(path_));
}

void file_sink::close() {
  std::FILE* f = std::exchange(f_, nullptr);
  if (std::fclose(f) != 0) throw io_error(os_error(path_));
}

std::string with_suffix(const std::filesystem::path& path, const char* suffix) {
  std::string p = path.string();
  const std::string_view s = suffix;
  if (p.size() < s.size() || p.compare(p.size() - s.size(), s.size(), s) != 0) p += s;
  return p;
}

std::unique_ptr<random_reader> open_file(const std::string& path) {
  return std::make_unique<posix_reader>(path);
}

std::unique_ptr<random_reader> memory_reader(const void* data, std::size_t n) {
  return std::make_unique<buffer_reader>(data, n);
}

} // namespace cupp::detail::npy

namespace cupp {

void save(const std::filesystem::path& path, const array& a) {
  detail::require_not_capturing(current_stream(), "saving an .npy file");
  const detail::npy::npy_image im = detail::npy::npy_image_of(a);
  detail::npy::write_file(detail::npy::with_suffix(path, ".npy"), im.head,
                          static_cast<const char*>(im.data.data()), im.data.nbytes());
}

array load(const std::filesystem::path& path) { return detail::npy::load_file(path, nullptr); }

array detail::load_checked(const std::filesystem::path& path, dtype want) {
  return detail::npy::load_file(path, &want);
}

} // namespace cupp
