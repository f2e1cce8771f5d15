// .npy/.npz I/O (io/npy.hpp) against files NumPy wrote (test/fixtures/npy/, from
// scripts/gen_npy_fixtures.py): every dtype in C and Fortran order, big-endian, 0-d and empty
// arrays, format versions 2.0 and 3.0, npz stored, deflated and ZIP64, malformed files; and
// cupp's own files, compared byte for byte with NumPy's where NumPy wrote the same array.
#include "testing.hpp"

#include <cupp/array.hpp>
#include <cupp/array/reductions.hpp>
#include <cupp/array/ufuncs.hpp>
#include <cupp/io/npy.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace cupp_test;
namespace fs = std::filesystem;

namespace {

const fs::path fixtures = fs::path(CUPP_TEST_FIXTURES) / "npy";

// A directory of this process for the files the tests write; removed at exit unless
// CUPP_NPY_KEEP is set (then scripts/gen_npy_fixtures.py --check DIR reads them with NumPy).
struct scratch_dir {
  fs::path path;
  scratch_dir() {
    const char* keep = std::getenv("CUPP_NPY_KEEP");
    path = keep ? fs::path(keep)
                : fs::temp_directory_path() / ("cupp_test_npy_" + std::to_string(::getpid()));
    fs::create_directories(path);
  }
  ~scratch_dir() {
    std::error_code ec;
    if (!std::getenv("CUPP_NPY_KEEP")) fs::remove_all(path, ec);
  }
};
fs::path scratch(const std::string& name) {
  static scratch_dir dir;
  return dir.path / name;
}

std::vector<std::byte> file_bytes(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::vector<char> c((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::vector<std::byte> b(c.size());
  if (!c.empty()) std::memcpy(b.data(), c.data(), c.size());
  return b;
}

// The bytes of value_at<T>(first + i * step) for i < n (C order of the arrays the generator
// wrote with the same formula).
template <class T>
std::vector<std::byte> expected_bytes(std::int64_t n, std::int64_t first = 0,
                                      std::int64_t step = 1) {
  std::vector<std::byte> b(static_cast<std::size_t>(n) * sizeof(T));
  for (std::int64_t i = 0; i < n; ++i) {
    const T v = value_at<T>(first + i * step);
    std::memcpy(b.data() + static_cast<std::size_t>(i) * sizeof(T), &v, sizeof(T));
  }
  return b;
}

// load of a file of dtype T (bfloat16's files need the typed load: their descr is '<V2').
template <class T> cupp::array load_any(const fs::path& p) {
  if constexpr (std::is_same_v<T, cupp::bfloat16>)
    return cupp::load<T>(p);
  else
    return cupp::load(p);
}

} // namespace

TEMPLATE_LIST_TEST_CASE("load reads NumPy's files of every dtype", "[npy]", all_dtypes) {
  using T = TestType;
  const std::string name = cupp::dtype_name<T>();
  const cupp::shape_t shape{3, 4};

  const cupp::array c = load_any<T>(fixtures / (name + ".npy"));
  CHECK(c.dtype() == cupp::dtype_of<T>());
  CHECK(c.shape() == shape);
  CHECK(c.is_c_contiguous());
  CHECK(c.get_bytes() == expected_bytes<T>(12));
  CHECK(cupp::load<T>(fixtures / (name + ".npy")).shape() == shape);

  // Fortran order: a view with F strides over the file's bytes, no transposing copy
  const cupp::array f = load_any<T>(fixtures / (name + "_f.npy"));
  CHECK(f.shape() == shape);
  CHECK(f.strides() == cupp::shape_t{1, 3});
  CHECK(f.is_f_contiguous());
  CHECK_FALSE(f.is_c_contiguous());
  CHECK(f.get_bytes() == expected_bytes<T>(12));

  if (sizeof(T) > 1 && !std::is_same_v<T, cupp::bfloat16>) { // big-endian, swapped on the way in
    const cupp::array be = cupp::load(fixtures / (name + "_be.npy"));
    CHECK(be.dtype() == cupp::dtype_of<T>());
    CHECK(be.get_bytes() == expected_bytes<T>(12));
  }

  const cupp::array s = load_any<T>(fixtures / ("scalar_" + name + ".npy"));
  CHECK(s.ndim() == 0);
  CHECK(s.get_bytes() == expected_bytes<T>(1));

  const cupp::array e = load_any<T>(fixtures / ("empty_" + name + ".npy"));
  CHECK(e.shape() == cupp::shape_t{0});
  CHECK(e.dtype() == cupp::dtype_of<T>());
}

TEMPLATE_LIST_TEST_CASE("save writes NumPy's bytes", "[npy]", all_dtypes) {
  using T = TestType;
  const std::string name = cupp::dtype_name<T>();

  // C order: the file np.save wrote for the same values
  const auto a = device_values<T>({3, 4});
  cupp::save(scratch(name + ".npy"), a);
  CHECK(file_bytes(scratch(name + ".npy")) == file_bytes(fixtures / (name + ".npy")));

  // an F-contiguous array is written in Fortran order, as NumPy does
  const cupp::array f = load_any<T>(fixtures / (name + "_f.npy"));
  cupp::save(scratch(name + "_f.npy"), f);
  CHECK(file_bytes(scratch(name + "_f.npy")) == file_bytes(fixtures / (name + "_f.npy")));

  // 0-d and empty
  cupp::save(scratch("scalar_" + name + ".npy"), device_values<T>({}));
  CHECK(file_bytes(scratch("scalar_" + name + ".npy")) ==
        file_bytes(fixtures / ("scalar_" + name + ".npy")));
  cupp::save(scratch("empty_" + name + ".npy"), device_values<T>({0}));
  CHECK(file_bytes(scratch("empty_" + name + ".npy")) ==
        file_bytes(fixtures / ("empty_" + name + ".npy")));
}

TEMPLATE_LIST_TEST_CASE("save and load round trip every layout", "[npy]", all_dtypes) {
  using T = TestType;
  const std::string name = cupp::dtype_name<T>();
  const auto base = device_values<T>({4, 6});

  // a[::-1, ::2]: negative and non-unit strides, copied to C order on the way out
  const cupp::ndarray<T> view(base.data() + 18, {4, 3}, {-6, 2}, base.owner(), base.device());
  cupp::save(scratch(name + "_view.npy"), view);
  const cupp::array v = load_any<T>(scratch(name + "_view.npy"));
  CHECK(v.shape() == cupp::shape_t{4, 3});
  CHECK(v.is_c_contiguous());
  std::vector<std::byte> want;
  for (int i = 0; i < 4; ++i) {
    const auto row = expected_bytes<T>(3, (3 - i) * 6, 2);
    want.insert(want.end(), row.begin(), row.end());
  }
  CHECK(v.get_bytes() == want);

  // the transpose (F-contiguous): saved in Fortran order, loaded back as the same F view
  const cupp::array t = cupp::array(base).transpose();
  cupp::save(scratch(name + "_t.npy"), t);
  const cupp::array tl = load_any<T>(scratch(name + "_t.npy"));
  CHECK(tl.shape() == cupp::shape_t{6, 4});
  CHECK(tl.strides() == t.strides());
  CHECK(tl.get_bytes() == t.get_bytes());

  // 3-d, several rows of 1-D strided views
  const auto big = device_values<T>({2, 3, 5});
  cupp::save(scratch(name + "_3d.npy"), big);
  CHECK(load_any<T>(scratch(name + "_3d.npy")).get_bytes() == expected_bytes<T>(30));
  const auto r = reversed(device_values<T>({7}));
  cupp::save(scratch(name + "_rev.npy"), r);
  CHECK(load_any<T>(scratch(name + "_rev.npy")).get_bytes() == expected_bytes<T>(7, 6, -1));
}

TEST_CASE("load reads format versions 2.0 and 3.0 and 3-d Fortran order", "[npy]") {
  for (const char* v : {"v2.npy", "v3.npy", "v2_big_header.npy"}) {
    const auto a = cupp::load<float>(fixtures / v);
    CHECK(a.shape() == cupp::shape_t{3, 4});
    CHECK(cupp::array(a).get_bytes() == expected_bytes<float>(12));
  }
  const cupp::array f = cupp::load(fixtures / "f3d.npy");
  CHECK(f.shape() == cupp::shape_t{2, 3, 4});
  CHECK(f.strides() == cupp::shape_t{1, 2, 6});
  CHECK(f.get_bytes() == expected_bytes<double>(24));
  const cupp::array e = cupp::load(fixtures / "empty3d.npy");
  CHECK(e.shape() == cupp::shape_t{2, 0, 3});
  CHECK(e.dtype() == cupp::dtype::float32);
}

TEST_CASE("arrays of several staging chunks round trip", "[npy]") {
  // 36 MB: three of the data path's 16 MiB chunks, the last one short, and many of zlib's buffers;
  // on one thread (its staging buffers reused), on two (one thread takes two chunks, the other
  // one) and on the default count (the host's cores)
  const std::int64_t n = 9'000'001;
  const auto a = device_values<float>({n});
  const auto want = expected_bytes<float>(n);
  const std::size_t head = 128; // NumPy's header of a 1-d float32 array, padded to 64 bytes
  for (const char* threads : std::vector<const char*>{"1", "2", nullptr}) {
    INFO("CUPP_IO_THREADS=" << (threads ? threads : "(unset)"));
    if (threads)
      ::setenv("CUPP_IO_THREADS", threads, 1);
    else
      ::unsetenv("CUPP_IO_THREADS");
    cupp::save(scratch("large.npy"), a);
    const auto saved = file_bytes(scratch("large.npy"));
    REQUIRE(saved.size() == head + want.size());
    CHECK(std::equal(want.begin(), want.end(), saved.begin() + head));
    CHECK(cupp::array(cupp::load<float>(scratch("large.npy"))).get_bytes() == want);

    // the same file made big-endian: every chunk swapped
    auto bytes = saved;
    const std::string descr = "'<f4'";
    auto at = std::search(bytes.begin(), bytes.end(), descr.begin(), descr.end(),
                          [](std::byte b, char c) { return b == static_cast<std::byte>(c); });
    REQUIRE(at != bytes.end());
    at[1] = static_cast<std::byte>('>');
    for (std::size_t i = head; i < bytes.size(); i += 4)
      std::reverse(bytes.begin() + static_cast<std::ptrdiff_t>(i),
                   bytes.begin() + static_cast<std::ptrdiff_t>(i + 4));
    {
      std::ofstream f(scratch("large_be.npy"), std::ios::binary);
      f.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    }
    CHECK(cupp::load(scratch("large_be.npy")).get_bytes() == want);
    // a directory that is not there: the system's words, whichever way the data would go
    CHECK_THROWS_WITH_WORDS(cupp::save(scratch("missing_dir") / "large.npy", a), cupp::io_error,
                            "[Errno 2] No such file or directory", "missing_dir");
  }
  ::unsetenv("CUPP_IO_THREADS");
  cupp::savez_compressed(scratch("large.npz"), {{"a", a}});
  CHECK(cupp::array(cupp::load_npz(scratch("large.npz")).at<float>("a")).get_bytes() == want);
  for (const char* f : {"large.npy", "large.npz", "large_be.npy"})
    fs::remove(scratch(f));
}

TEST_CASE("a file over 4 GiB round trips", "[npy][.huge]") {
  // hidden (4 GiB of memory and disk, tens of seconds): run on the GPU machine with "[huge]"
  const std::int64_t n = (std::int64_t{1} << 32) + (1 << 20) + 3;
  const auto a = device_values<std::uint8_t>({n});
  cupp::save(scratch("huge.npy"), a);
  const std::int64_t head = 128;
  REQUIRE(static_cast<std::int64_t>(fs::file_size(scratch("huge.npy"))) == head + n);
  { // bytes around the 32-bit boundary and the last one, read from the file itself
    std::ifstream f(scratch("huge.npy"), std::ios::binary);
    for (const std::int64_t i :
         {std::int64_t{0}, (std::int64_t{1} << 32) - 2, (std::int64_t{1} << 32) - 1,
          std::int64_t{1} << 32, (std::int64_t{1} << 32) + 1, n - 1}) {
      f.seekg(head + i);
      char c = 0;
      f.read(&c, 1);
      CHECK(static_cast<std::uint8_t>(c) == value_at<std::uint8_t>(i));
    }
  }
  const cupp::array b = cupp::load(scratch("huge.npy"));
  REQUIRE(b.shape() == cupp::shape_t{n});
  CHECK(cupp::all(b == cupp::array(a)).as<bool>().item());
  fs::remove(scratch("huge.npy"));
}

TEST_CASE("save appends .npy, as NumPy does", "[npy]") {
  cupp::save(scratch("noext"), device_values<int>({3}));
  CHECK(fs::exists(scratch("noext.npy")));
  CHECK(cupp::load<int>(scratch("noext.npy")).shape() == cupp::shape_t{3});
}

TEST_CASE("load_npz reads NumPy's stored, deflated and ZIP64 archives", "[npy]") {
  for (const char* file : {"stored.npz", "compressed.npz", "zip64.npz"}) {
    INFO(file);
    const cupp::npz_file z = cupp::load_npz(fixtures / file);
    CHECK(z.names() == std::vector<std::string>{"a", "b", "c", "e"});
    CHECK(z.size() == 4);
    CHECK(z.contains("a"));
    CHECK(z.contains("a.npy"));
    CHECK_FALSE(z.contains("x"));
    const auto a = z.at<std::int32_t>("a");
    CHECK(cupp::array(a).get_bytes() == expected_bytes<std::int32_t>(12));
    const cupp::array b = z["b"];
    CHECK(b.dtype() == cupp::dtype::float64);
    CHECK(b.is_f_contiguous());
    CHECK(b.get_bytes() == expected_bytes<double>(12));
    const cupp::array c = z["c.npy"];
    CHECK(c.ndim() == 0);
    CHECK(c.get_bytes() == expected_bytes<cupp::complex64>(1));
    CHECK(z["e"].shape() == cupp::shape_t{0});
    CHECK_THROWS_WITH_WORDS(z["x"], cupp::io_error, "x is not a file in the archive");
    CHECK_THROWS_WITH_WORDS(z.at<float>("a"), cupp::type_error, "int32", "float32");
  }
}

TEST_CASE("savez and savez_compressed round trip every dtype", "[npy]") {
  cupp::npz_entries entries;
  std::vector<std::vector<std::byte>> want;
  for (int d = 0; d < cupp::dtype_count; ++d) {
    cupp::visit(static_cast<cupp::dtype>(d), [&](auto x) {
      using T = decltype(x);
      const auto base = device_values<T>({4, 6}, d);
      entries.emplace_back(cupp::dtype_name<T>(), base);
      want.push_back(expected_bytes<T>(24, d));
      // a strided view (copied to C order) and its transpose (written in Fortran order)
      entries.emplace_back(
          std::string(cupp::dtype_name<T>()) + "_view",
          cupp::ndarray<T>(base.data() + 18, {4, 3}, {-6, 2}, base.owner(), base.device()));
      std::vector<std::byte> v;
      for (int i = 0; i < 4; ++i) {
        const auto row = expected_bytes<T>(3, (3 - i) * 6 + d, 2);
        v.insert(v.end(), row.begin(), row.end());
      }
      want.push_back(v);
      entries.emplace_back(std::string(cupp::dtype_name<T>()) + "_t",
                           cupp::array(base).transpose());
      want.push_back(cupp::array(base).transpose().get_bytes());
    });
  }
  entries.emplace_back("scalar", device_values<double>({}));
  want.push_back(expected_bytes<double>(1));
  entries.emplace_back("empty", device_values<float>({2, 0}));
  want.push_back({});
  for (const bool compressed : {false, true}) {
    INFO(compressed);
    const fs::path p = scratch(compressed ? "all_compressed" : "all_stored");
    if (compressed)
      cupp::savez_compressed(p, entries);
    else
      cupp::savez(p, entries);
    const cupp::npz_file z = cupp::load_npz(p.string() + ".npz");
    REQUIRE(z.size() == entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
      INFO(entries[i].first);
      CHECK(z.names()[i] == entries[i].first);
      CHECK(z.members()[i].method == (compressed ? 8 : 0));
      const bool bf16 = entries[i].second.dtype() == cupp::dtype::bfloat16;
      const cupp::array a =
          bf16 ? cupp::array(z.at<cupp::bfloat16>(entries[i].first)) : z[entries[i].first];
      CHECK(a.dtype() == entries[i].second.dtype());
      CHECK(a.shape() == entries[i].second.shape());
      CHECK(a.get_bytes() == want[i]);
    }
  }
  // a stored member is the .npy file save writes
  cupp::savez(scratch("one.npz"), {{"x", device_values<float>({3, 4})}});
  const auto z = cupp::load_npz(scratch("one.npz"));
  cupp::save(scratch("one_x.npy"), device_values<float>({3, 4}));
  CHECK(z.members()[0].size == fs::file_size(scratch("one_x.npy")));
  CHECK_THROWS_WITH_WORDS(
      cupp::savez(scratch("dup"), {{"x", device_values<float>({3})}, {"x", cupp::array()}}),
      cupp::value_error, "'x'", "twice");
}

TEST_CASE("savez writes ZIP64 records where they are needed", "[npy]") {
  // every size and offset past the (lowered) limit: the local and central ZIP64 extra fields and
  // the ZIP64 end record, as a member over 4 GiB or an archive of 65535 members would have them
  const cupp::npz_entries entries{{"a", device_values<std::int16_t>({5, 7})},
                                  {"b", cupp::array(device_values<double>({3, 4})).transpose()},
                                  {"c", device_values<cupp::complex64>({})}};
  for (const bool compressed : {false, true}) {
    INFO(compressed);
    const fs::path p = scratch(compressed ? "zip64_compressed.npz" : "zip64_stored.npz");
    cupp::detail::savez_zip64_at(p, entries, compressed, 0);
    const auto bytes = file_bytes(p);
    const std::vector<std::byte> end64{std::byte{0x50}, std::byte{0x4b}, std::byte{6},
                                       std::byte{6}};
    CHECK(std::search(bytes.begin(), bytes.end(), end64.begin(), end64.end()) != bytes.end());
    const auto z = cupp::load_npz(p);
    REQUIRE(z.size() == 3);
    CHECK(z.members()[1].local_header_offset > 0);
    CHECK(z.at<std::int16_t>("a").shape() == cupp::shape_t{5, 7});
    CHECK(cupp::array(z.at<std::int16_t>("a")).get_bytes() == expected_bytes<std::int16_t>(35));
    CHECK(z["b"].get_bytes() == entries[1].second.get_bytes());
    CHECK(z["c"].get_bytes() == expected_bytes<cupp::complex64>(1));
  }
}

TEST_CASE("load's typed form checks the dtype; bfloat16's files need it", "[npy]") {
  CHECK_THROWS_WITH_WORDS(cupp::load<float>(fixtures / "float64.npy"), cupp::type_error, "float64",
                          "float32", "astype");
  CHECK_THROWS_WITH_WORDS(cupp::load(fixtures / "bfloat16.npy"), cupp::io_error, "'<V2'",
                          "ml_dtypes", "load<cupp::bfloat16>");
  CHECK_THROWS_WITH_WORDS(cupp::load<cupp::bfloat16>(fixtures / "float16.npy"), cupp::type_error,
                          "float16", "bfloat16");
}

TEST_CASE("malformed files are io_errors saying what is wrong", "[npy]") {
  auto bad = [](const char* f) { return fixtures / f; };
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_magic.npy")), cupp::io_error,
                          "magic string is not correct");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_short.npy")), cupp::io_error,
                          "magic string is not correct");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_version.npy")), cupp::io_error, "format version",
                          "(4, 0)");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_truncated_header.npy")), cupp::io_error,
                          "EOF: reading array header", "expected 118 bytes");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_header_len.npy")), cupp::io_error,
                          "EOF: reading array header", "60000");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_truncated_data.npy")), cupp::io_error,
                          "EOF: reading array data", "expected 96 bytes got 88", "(3, 4)");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_huge_shape.npy")), cupp::io_error,
                          "shape is not valid", "too large");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_big_shape.npy")), cupp::io_error,
                          "EOF: reading array data", "expected 8000000000000 bytes got 64");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_ndim.npy")), cupp::io_error, "shape is not valid",
                          "33 dimensions", "more than cupp's 32");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_negative_shape.npy")), cupp::io_error,
                          "shape is not valid", "negative dimensions");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_descr.npy")), cupp::io_error, "descr", "'<U5'");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_keys.npy")), cupp::io_error,
                          "Header does not contain the correct keys", "'descr', 'shape'");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_fortran.npy")), cupp::io_error,
                          "fortran_order is not a valid bool", "'no'");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_syntax.npy")), cupp::io_error, "Cannot parse header");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_structured.npy")), cupp::io_error,
                          "structured dtype");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_object.npy")), cupp::io_error,
                          "Object arrays cannot be loaded when allow_pickle=False");
  // the path is in the message; a missing file is the system's words
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("bad_magic.npy")), cupp::io_error, "bad_magic.npy");
  CHECK_THROWS_WITH_WORDS(cupp::load(bad("missing.npy")), cupp::io_error,
                          "No such file or directory", "missing.npy");
  CHECK_THROWS_WITH_WORDS(cupp::load(fixtures), cupp::io_error, "Is a directory");
  CHECK_THROWS_WITH_WORDS(cupp::save(fixtures / "no" / "such" / "dir.npy", cupp::array()),
                          cupp::io_error, "No such file or directory");

  CHECK_THROWS_WITH_WORDS(cupp::load_npz(bad("bad_zip_notzip.npz")), cupp::io_error,
                          "File is not a zip file", "no end of central directory");
  CHECK_THROWS_WITH_WORDS(cupp::load_npz(bad("bad_zip_truncated.npz")), cupp::io_error,
                          "File is not a zip file");
  const auto crc = cupp::load_npz(bad("bad_zip_crc.npz"));
  CHECK_THROWS_WITH_WORDS(crc["a"], cupp::io_error, "Bad CRC-32", "a.npy");
  CHECK(crc["b"].get_bytes() == expected_bytes<double>(12)); // the other members are fine
  const auto inflate = cupp::load_npz(bad("bad_zip_inflate.npz"));
  CHECK_THROWS_AS(inflate["a"], cupp::io_error);
  CHECK_THROWS_WITH_WORDS(cupp::load_npz(bad("missing.npz")), cupp::io_error,
                          "No such file or directory");
}
