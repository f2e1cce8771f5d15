// The disk cache of compiled modules (detail/kernel_cache.hpp), which is plain file handling and
// runs on both backends.
#include "common/testing.hpp"

#include <cupp/detail/kernel_cache.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace kc = cupp::detail::kernel_cache;
namespace fs = std::filesystem;

namespace {

/// Sets CUPP_CACHE_DIR (or unsets it, for an empty value) for its lifetime.
class cache_dir_guard {
public:
  explicit cache_dir_guard(const std::string& dir) {
    if (const char* p = std::getenv("CUPP_CACHE_DIR")) saved_ = p, had_ = true;
    if (dir.empty())
      ::unsetenv("CUPP_CACHE_DIR");
    else
      ::setenv("CUPP_CACHE_DIR", dir.c_str(), 1);
  }
  ~cache_dir_guard() {
    if (had_)
      ::setenv("CUPP_CACHE_DIR", saved_.c_str(), 1);
    else
      ::unsetenv("CUPP_CACHE_DIR");
  }

private:
  std::string saved_;
  bool had_ = false;
};

fs::path fresh_dir(const char* name) {
  const auto dir = fs::temp_directory_path() / name;
  fs::remove_all(dir);
  return dir;
}

} // namespace

TEST_CASE("the cache directory comes from CUPP_CACHE_DIR or HOME", "[kernel][cache]") {
  {
    const cache_dir_guard g("/some/where");
    CHECK(kc::directory() == "/some/where");
    CHECK(kc::path_for("key").rfind("/some/where/", 0) == 0);
  }
  const cache_dir_guard g("");
  if (const char* home = std::getenv("HOME"))
    CHECK(kc::directory() == std::string(home) + "/.cupp/kernel_cache");
}

TEST_CASE("entries round-trip and other keys miss", "[kernel][cache]") {
  const auto dir = fresh_dir("cupp_test_cache_roundtrip");
  const cache_dir_guard g(dir.string());
  const std::string image("\x7f"
                          "ELF\0binary\0",
                          12);
  kc::store("key one", {image, {{"scale<float>", "_Z5scaleIfEvPT_S0_i"}}});
  const auto e = kc::load("key one");
  REQUIRE(e.has_value());
  CHECK(e->image == image);
  REQUIRE(e->lowered.size() == 1);
  CHECK(e->lowered[0].first == "scale<float>");
  CHECK(e->lowered[0].second == "_Z5scaleIfEvPT_S0_i");
  CHECK_FALSE(kc::load("key two").has_value());
  CHECK(kc::path_for("key one") != kc::path_for("key two"));
  // one file, written through a temporary that was renamed
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    CHECK(entry.path().string() == kc::path_for("key one"));
    ++files;
  }
  CHECK(files == 1);
  fs::remove_all(dir);
}

TEST_CASE("damaged or foreign cache files read as misses", "[kernel][cache]") {
  const auto dir = fresh_dir("cupp_test_cache_damaged");
  const cache_dir_guard g(dir.string());
  kc::store("key", {"0123456789", {}});
  const std::string path = kc::path_for("key");
  REQUIRE(kc::load("key").has_value());
  SECTION("truncated") {
    fs::resize_file(path, fs::file_size(path) - 3);
    CHECK_FALSE(kc::load("key").has_value());
  }
  SECTION("not a cache file") {
    std::ofstream(path, std::ios::trunc) << "something else";
    CHECK_FALSE(kc::load("key").has_value());
  }
  SECTION("another key in the file (a hash collision)") {
    const std::string other = kc::path_for("other");
    kc::store("other", {"abc", {}});
    fs::rename(other, path);
    CHECK_FALSE(kc::load("key").has_value());
  }
  SECTION("rewritten after damage") {
    fs::resize_file(path, 4);
    kc::store("key", {"fresh", {}});
    REQUIRE(kc::load("key").has_value());
    CHECK(kc::load("key")->image == "fresh");
  }
  fs::remove_all(dir);
}

TEST_CASE("a cache that cannot be written is skipped quietly", "[kernel][cache]") {
  const auto file = fresh_dir("cupp_test_cache_blocker");
  std::ofstream(file) << "a file where the directory should be";
  const cache_dir_guard g((file / "sub").string());
  CHECK_NOTHROW(kc::store("key", {"image", {}}));
  CHECK_FALSE(kc::load("key").has_value());
  fs::remove(file);
}
